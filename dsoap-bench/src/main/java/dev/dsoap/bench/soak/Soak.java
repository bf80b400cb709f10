package dev.dsoap.bench.soak;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A soak run against one embedded host with dsoap: {@code clients} concurrent clients, each sending {@code requests}
 * echo requests of {@value #ITEMS} doubles of its own (every value carries its client's number, so a value that
 * reaches another client is seen as cross-talk), about 10 % changed per call; then {@code shapes} one-shot requests
 * of distinct lengths and values from the same threads. Every response is checked value by value. A sampler records,
 * every {@code interval}: requests done, errors, cross-talk, the heap used after a full collection and what dsoap
 * reports it retains. Bounded by the counts and by {@code maxMinutes}. Not thread-safe (one run at a time).
 */
final class Soak {
    static final int ITEMS = 1000;
    private static final Pattern RETURN = Pattern.compile("<(?:\\w+:)?return>([^<]*)</");

    private final Target target;
    private final int clients;
    private final int requests;
    private final int shapes;
    private final long deadline;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    final AtomicLong done = new AtomicLong();
    final AtomicLong errors = new AtomicLong();
    final AtomicLong crossTalk = new AtomicLong();
    final AtomicLong wrong = new AtomicLong();
    final List<Sample> samples = new ArrayList<>();
    private volatile String firstError;

    /** One point of the time series. */
    record Sample(double seconds, long requests, long errors, long crossTalk, long wrong, long heapBytes, long reportedBytes) {
    }

    Soak(Target target, int clients, int requests, int shapes, double maxMinutes) {
        this.target = target;
        this.clients = clients;
        this.requests = requests;
        this.shapes = shapes;
        this.deadline = System.nanoTime() + (long) (maxMinutes * 60e9);
    }

    /** Runs the soak, sampling every {@code intervalMillis}; returns the samples. */
    List<Sample> run(long intervalMillis) throws Exception {
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) { // bounded: interrupted when the run ends
                sample(start);
                try {
                    Thread.sleep(intervalMillis);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "soak-sampler");
        sampler.setDaemon(true);
        sampler.start();
        List<Future<?>> work = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            work.add(pool.submit(() -> {
                client(client);
                return null;
            }));
        }
        for (Future<?> f : work) {
            f.get();
        }
        work.clear();
        AtomicLong nextShape = new AtomicLong();
        for (int c = 0; c < clients; c++) {
            int client = c;
            work.add(pool.submit(() -> {
                oneShots(client, nextShape);
                return null;
            }));
        }
        for (Future<?> f : work) {
            f.get();
        }
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
        sampler.interrupt();
        sampler.join(60_000);
        sample(start);
        return samples;
    }

    private synchronized void sample(long start) {
        for (int i = 0; i < 2; i++) {
            System.gc();
        }
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        samples.add(new Sample((System.nanoTime() - start) / 1e9, done.get(), errors.get(), crossTalk.get(), wrong.get(), heap,
                target.retainedBytes()));
    }

    /** A value of client {@code c}: its number in the millions, so that whose it is can be read back. */
    static double value(int c, SplittableRandom r) {
        return c * 1_000_000.0 + r.nextInt(1_000_000) / 1024.0;
    }

    /** The client a value belongs to. */
    static int owner(double v) {
        return (int) Math.floor(v / 1_000_000.0);
    }

    private void client(int c) {
        SplittableRandom r = new SplittableRandom(0x50A4L * 31 + c);
        double[] v = new double[ITEMS];
        for (int i = 0; i < v.length; i++) {
            v[i] = value(c, r);
        }
        for (int n = 0; n < requests && System.nanoTime() < deadline; n++) {
            for (int k = 0; k < ITEMS / 10; k++) {
                v[r.nextInt(ITEMS)] = value(c, r);
            }
            call(c, v);
        }
    }

    private void oneShots(int c, AtomicLong next) {
        SplittableRandom r = new SplittableRandom(0x5A4E5L * 31 + c);
        for (long s = next.getAndIncrement(); s < shapes && System.nanoTime() < deadline; s = next.getAndIncrement()) {
            double[] v = new double[1 + (int) (s % 257)];
            for (int i = 0; i < v.length; i++) {
                v[i] = value(c, r);
            }
            call(c, v);
        }
    }

    private void call(int c, double[] v) {
        try {
            HttpResponse<String> resp = http.send(HttpRequest.newBuilder(target.uri()).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"\"")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(target.request(v))).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (resp.statusCode() != 200) {
                fail("HTTP " + resp.statusCode() + ": " + resp.body().substring(0, Math.min(300, resp.body().length())));
                return;
            }
            check(c, v, resp.body());
        } catch (IOException | RuntimeException e) {
            fail(e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(e.toString());
        } finally {
            done.incrementAndGet();
        }
    }

    /** Counts the response as right, wrong, or carrying another client's values (cross-talk). */
    void check(int c, double[] sent, String body) {
        Matcher m = RETURN.matcher(body);
        int i = 0;
        boolean ok = true;
        boolean foreign = false;
        while (m.find()) {
            double got = Double.parseDouble(m.group(1).strip());
            if (i >= sent.length || Double.doubleToRawLongBits(got) != Double.doubleToRawLongBits(sent[i])) {
                ok = false;
                foreign |= owner(got) != c;
            }
            i++;
        }
        if (foreign) {
            crossTalk.incrementAndGet();
        } else if (!ok || i != sent.length) {
            wrong.incrementAndGet();
        }
    }

    private void fail(String what) {
        errors.incrementAndGet();
        if (firstError == null) {
            firstError = what;
        }
    }

    String firstError() {
        return firstError;
    }

    /** Writes the samples as CSV. */
    void writeCsv(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        StringBuilder b = new StringBuilder("host,seconds,requests,errors,cross_talk,wrong,heap_bytes,reported_bytes\n");
        for (Sample s : samples) {
            b.append(String.format(Locale.ROOT, "%s,%.1f,%d,%d,%d,%d,%d,%d%n", target.host(), s.seconds(), s.requests(), s.errors(),
                    s.crossTalk(), s.wrong(), s.heapBytes(), s.reportedBytes()));
        }
        Files.writeString(file, b);
    }

    /** Prints the summary. */
    void summary(PrintStream out) {
        Sample last = samples.get(samples.size() - 1);
        long peakHeap = samples.stream().mapToLong(Sample::heapBytes).max().orElse(0);
        long peakReported = samples.stream().mapToLong(Sample::reportedBytes).max().orElse(0);
        out.printf(Locale.ROOT, "| %-5s | %7.1f s | %9d | %6d | %10d | %5d | %8.1f MB | %8.1f MB | %8.1f MB |%n", target.host(),
                last.seconds(), last.requests(), last.errors(), last.crossTalk(), last.wrong(), peakHeap / 1048576.0,
                last.heapBytes() / 1048576.0, peakReported / 1048576.0);
        if (firstError != null) {
            out.println("  first error (" + target.host() + "): " + firstError);
        }
    }
}
