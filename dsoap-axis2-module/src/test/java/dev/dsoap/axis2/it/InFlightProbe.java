package dev.dsoap.axis2.it;

import dev.dsoap.testing.HugeRequests;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Run by {@link InFlightHeapIT} in a JVM of a fixed heap: an Axis2 server (SimpleHTTPServer), plain or with
 * dsoap engaged, takes {@code n} requests of {@code mb} MB each at once, an {@code echoStrings} request whose
 * array of short strings never ends within what is sent ({@code open}) or ends and is answered ({@code closed});
 * prints the heap's peak and, with dsoap, its counters. Arguments: {@code plain|dsoap n mb open|closed}.
 */
public final class InFlightProbe {
    private InFlightProbe() {
    }

    public static void main(String[] args) throws Exception {
        boolean dsoap = args[0].equals("dsoap");
        int n = Integer.parseInt(args[1]);
        long bytes = Long.parseLong(args[2]) * 1_000_000L;
        Path dir = Files.createTempDirectory("inflight");
        try (Axis2Server server = Axis2Server.start(dir, dsoap, "")) {
            String ns = server.echo.getTargetNamespace();
            String address = "http://127.0.0.1:" + server.port + "/axis2/services/EchoService";
            boolean bad = args[3].equals("bad");
            String op = bad ? "echo" : "echoStrings";
            byte[] head = ("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>"
                    + "<ns:" + op + " xmlns:ns=\"" + ns + "\">").getBytes(StandardCharsets.UTF_8);
            byte[] item = (bad ? "<v>x</v>" : "<v>abcdefgh</v>").getBytes(StandardCharsets.UTF_8);
            byte[] good = (bad ? "<v>1.5</v>" : "<v>abcdefgh</v>").getBytes(StandardCharsets.UTF_8);
            byte[] tail = ("</ns:" + op + "></soapenv:Body></soapenv:Envelope>").getBytes(StandardCharsets.UTF_8);
            List<HugeRequests.Outcome> warm = HugeRequests.send(address, 1, 2000, head, good, tail, "urn:" + op);
            System.out.println("WARM status=" + warm.get(0).status() + " " + warm.get(0).error());
            List<HugeRequests.Outcome> out;
            long pools;
            long sampled;
            long baseline;
            try (HugeRequests.Peak peak = HugeRequests.Peak.reset()) {
                out = HugeRequests.send(address, n, bytes, head, item, args[3].equals("open") ? new byte[0] : tail, "urn:" + op);
                pools = peak.poolPeaks();
                sampled = peak.sampledMax();
                baseline = peak.baseline;
            }
            StringBuilder statuses = new StringBuilder();
            long sent = 0;
            for (HugeRequests.Outcome o : out) {
                statuses.append(statuses.length() == 0 ? "" : ",").append(o.status());
                sent += o.sent();
                if (o.error() != null) {
                    System.out.println("ERROR " + o.error());
                }
            }
            System.out.printf("PEAK mode=%s n=%d mb=%d baseline=%d pools=%d sampled=%d statuses=%s sentMB=%d%n",
                    args[0], n, bytes / 1_000_000, baseline, pools, sampled, statuses, sent / 1_000_000);
            MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
            if (dsoap) {
                // the module of this server's configuration (the class path may hold a second one, not engaged)
                ObjectName module = new ObjectName("dev.dsoap:type=Axis2Module,context="
                        + Integer.toHexString(System.identityHashCode(server.context)));
                for (int i = 0; i < 50 && ((Number) mbs.getAttribute(module, "InFlightBytes")).longValue() > 0; i++) {
                    System.gc();
                    Thread.sleep(100);
                }
                long tooLarge = 0;
                long busy = 0;
                for (ObjectName on : mbs.queryNames(new ObjectName("dev.dsoap:type=Axis2Operation,*"), null)) {
                    String f = String.valueOf(mbs.getAttribute(on, "ReadFallbacks"));
                    tooLarge += count(f, "TOO_LARGE");
                    busy += count(f, "IN_FLIGHT");
                }
                System.out.printf("DSOAP inFlight=%s inFlightPeak=%s inFlightLimit=%s refusals=%s used=%s tooLarge=%d busy=%d%n",
                        mbs.getAttribute(module, "InFlightBytes"), mbs.getAttribute(module, "InFlightPeakBytes"),
                        mbs.getAttribute(module, "InFlightLimitBytes"), mbs.getAttribute(module, "InFlightRefusals"),
                        mbs.getAttribute(module, "MemoryUsedBytes"), tooLarge, busy);
            }
        } catch (OutOfMemoryError e) {
            System.out.println("OOM " + e);
        }
        System.out.println("DONE");
        System.exit(0);
    }

    /** The count of {@code key} in the string form of a TabularData of (key, value) rows. */
    private static long count(String tabular, String key) {
        int at = tabular.indexOf("key=" + key);
        if (at < 0) {
            return 0;
        }
        int v = tabular.indexOf("value=", at);
        int end = v + 6;
        while (end < tabular.length() && Character.isDigit(tabular.charAt(end))) {
            end++;
        }
        return Long.parseLong(tabular.substring(v + 6, end));
    }
}
