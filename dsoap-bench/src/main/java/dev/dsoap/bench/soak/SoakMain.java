package dev.dsoap.bench.soak;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The soak command: {@code java -jar benchmarks.jar --soak [--host axis2|cxf|both] [--clients 64] [--requests 10000]
 * [--shapes 100000] [--minutes 120] [--interval 5] [--out dsoap-bench/target/bench]}. Each host in turn: its
 * embedded server started, the soak run ({@link Soak}), a CSV time series {@code soak-HOST.csv} written to
 * {@code --out}, and a summary table printed. Exits 1 if any response was wrong, crossed to another client, or failed.
 */
public final class SoakMain {
    private SoakMain() {
    }

    public static void main(String[] args) throws Exception {
        String host = "both";
        int clients = 64;
        int requests = 10_000;
        int shapes = 100_000;
        double minutes = 120;
        long interval = 5;
        Path out = Path.of("dsoap-bench", "target", "bench");
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--soak")) {
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + ": expected a value after it");
            }
            String v = args[++i];
            switch (a) {
                case "--host" -> host = v;
                case "--clients" -> clients = Integer.parseInt(v);
                case "--requests" -> requests = Integer.parseInt(v);
                case "--shapes" -> shapes = Integer.parseInt(v);
                case "--minutes" -> minutes = Double.parseDouble(v);
                case "--interval" -> interval = Long.parseLong(v);
                case "--out" -> out = Path.of(v);
                default -> throw new IllegalArgumentException("unknown soak option " + a);
            }
        }
        if (clients < 1 || requests < 0 || shapes < 0 || !(minutes > 0) || interval < 1
                || !List.of("axis2", "cxf", "both").contains(host)) {
            throw new IllegalArgumentException("--host axis2|cxf|both, --clients >= 1, --requests and --shapes >= 0, "
                    + "--minutes > 0, --interval >= 1 (seconds)");
        }
        System.out.printf(Locale.ROOT, "soak: %d clients x %d requests of %d doubles, then %d one-shot shapes, at most %.0f min a host%n",
                clients, requests, Soak.ITEMS, shapes, minutes);
        List<Soak> runs = new java.util.ArrayList<>();
        for (String h : host.equals("both") ? List.of("axis2", "cxf") : List.of(host)) {
            try (Target t = h.equals("axis2") ? dev.dsoap.bench.axis2.SoakTarget.start() : dev.dsoap.bench.cxf.SoakTarget.start()) {
                Soak s = new Soak(t, clients, requests, shapes, minutes);
                s.run(interval * 1000);
                s.writeCsv(out.resolve("soak-" + h + ".csv"));
                runs.add(s);
            }
        }
        System.out.println();
        System.out.println("| host  |   time    |  requests | errors | cross-talk | wrong | peak heap   | end heap    | peak reported |");
        System.out.println("| ----- | --------- | --------- | ------ | ---------- | ----- | ----------- | ----------- | ------------- |");
        boolean bad = false;
        for (Soak s : runs) {
            s.summary(System.out);
            bad |= s.errors.get() + s.crossTalk.get() + s.wrong.get() > 0;
        }
        System.out.println("(heap: used after a full collection, sampled every " + interval + " s; reported: dsoap's RetainedBytes "
                + "for the echo operation; time series in " + out.toAbsolutePath() + ")");
        System.exit(bad ? 1 : 0);
    }
}
