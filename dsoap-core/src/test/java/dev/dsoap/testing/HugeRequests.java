package dev.dsoap.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test tools for huge requests sent at once: {@link #send} streams SOAP requests whose body is generated as it is
 * written (never held by the client), chunked over raw loopback sockets; {@link Peak} measures the test JVM's heap
 * while they run; {@link #fork} runs a probe's {@code main} in a JVM of a fixed heap and returns its output.
 */
public final class HugeRequests {
    private static final long MB = 1L << 20;

    private HugeRequests() {
    }

    /** What one request got. */
    public record Outcome(int status, long sent, String error) {
    }

    /**
     * Sends {@code n} requests at once to {@code address}, each {@code head}, then {@code item} repeated until the
     * body holds about {@code bytes} bytes, then {@code tail}, chunked; a request stops sending when the server
     * answers or closes. Returns the outcomes (status -1 when no status line came).
     */
    public static List<Outcome> send(String address, int n, long bytes, byte[] head, byte[] item, byte[] tail,
            String soapAction) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        Outcome[] out = new Outcome[n];
        for (int i = 0; i < n; i++) {
            int k = i;
            Thread t = new Thread(() -> out[k] = one(address, bytes, head, item, tail, soapAction), "huge-" + i);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join(120_000);
            if (t.isAlive()) {
                throw new AssertionError(t.getName() + " did not finish in 120 s");
            }
        }
        return Arrays.asList(out);
    }

    private static Outcome one(String address, long bytes, byte[] head, byte[] item, byte[] tail, String soapAction) {
        URI u = URI.create(address);
        AtomicLong sent = new AtomicLong();
        int[] status = {-1};
        try (Socket s = new Socket("127.0.0.1", u.getPort())) {
            s.setSoTimeout(60_000);
            Thread reader = new Thread(() -> status[0] = readStatus(s), "huge-reader");
            reader.start();
            OutputStream o = s.getOutputStream();
            o.write(("POST " + u.getPath() + " HTTP/1.1\r\nHost: 127.0.0.1:" + u.getPort()
                    + "\r\nContent-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"" + soapAction + "\"\r\n"
                    + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            // one chunk of items, written again and again: the body is never held whole
            int per = Math.max(1, (64 << 10) / item.length);
            byte[] chunk = new byte[per * item.length];
            for (int i = 0; i < per; i++) {
                System.arraycopy(item, 0, chunk, i * item.length, item.length);
            }
            String error = null;
            try {
                chunk(o, head, 0, head.length);
                sent.addAndGet(head.length);
                long rounds = Math.max(0, (bytes - head.length - tail.length) / chunk.length);
                for (long r = 0; r < rounds && status[0] < 0 && reader.isAlive(); r++) {
                    chunk(o, chunk, 0, chunk.length);
                    sent.addAndGet(chunk.length);
                }
                if (status[0] < 0 && reader.isAlive()) {
                    chunk(o, tail, 0, tail.length);
                    sent.addAndGet(tail.length);
                    o.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    o.flush();
                }
            } catch (IOException e) {
                error = e.toString(); // the server closed while we sent: its answer, if any, is read below
            }
            reader.join(60_000);
            return new Outcome(status[0], sent.get(), error);
        } catch (IOException | InterruptedException e) {
            return new Outcome(status[0], sent.get(), e.toString());
        }
    }

    private static void chunk(OutputStream o, byte[] b, int off, int len) throws IOException {
        o.write((Integer.toHexString(len) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        o.write(b, off, len);
        o.write("\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    /** The status of the response on {@code s}, reading the response to its end (bounded by the socket's timeout). */
    private static int readStatus(Socket s) {
        try {
            InputStream in = s.getInputStream();
            byte[] line = new byte[64];
            int n = 0;
            for (int c; n < line.length && (c = in.read()) >= 0 && c != '\n'; ) {
                line[n++] = (byte) c;
            }
            String l = new String(line, 0, n, StandardCharsets.US_ASCII);
            int status = l.startsWith("HTTP/1.") && l.length() >= 12 ? Integer.parseInt(l.substring(9, 12)) : -1;
            byte[] buf = new byte[8192];
            for (long got = 0; got < 64 * MB && in.read(buf) > 0; ) { // the response's end, bounded
                got += buf.length;
            }
            return status;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The test JVM's heap: peak usage of its pools since {@link #reset}, and a sampled maximum of its use. */
    public static final class Peak implements AutoCloseable {
        private final List<MemoryPoolMXBean> pools = new ArrayList<>();
        private final Thread sampler;
        private volatile boolean running = true;
        private volatile long sampled;
        /** Heap used after collection when measuring began. */
        public final long baseline;

        private Peak() throws InterruptedException {
            for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
                if (p.getType() == MemoryType.HEAP) {
                    pools.add(p);
                }
            }
            long min = Long.MAX_VALUE;
            for (int i = 0; i < 3; i++) {
                System.gc();
                Thread.sleep(50);
                min = Math.min(min, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
            }
            baseline = min;
            for (MemoryPoolMXBean p : pools) {
                p.resetPeakUsage();
            }
            sampler = new Thread(() -> {
                while (running) {
                    sampled = Math.max(sampled, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
                    try {
                        Thread.sleep(2);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "heap-sampler");
            sampler.setDaemon(true);
            sampler.start();
        }

        /** Collects, then starts measuring. */
        public static Peak reset() throws InterruptedException {
            return new Peak();
        }

        /** The sum of the heap pools' peak usage since {@link #reset}, in bytes. */
        public long poolPeaks() {
            long sum = 0;
            for (MemoryPoolMXBean p : pools) {
                sum += p.getPeakUsage().getUsed();
            }
            return sum;
        }

        /** The most heap in use seen by sampling every 2 ms, in bytes. */
        public long sampledMax() {
            return sampled;
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            sampler.join(1000);
        }
    }

    /**
     * Runs {@code mainClass} with {@code args} in a new JVM with this JVM's class path and {@code jvmOptions};
     * returns its output lines (stdout, then stderr's lines prefixed {@code "stderr: "}), failing when it runs
     * longer than {@code seconds}.
     */
    public static List<String> fork(Class<?> mainClass, List<String> jvmOptions, int seconds, String... args)
            throws IOException, InterruptedException {
        return fork(mainClass, System.getProperty("java.class.path"), jvmOptions, seconds, args);
    }

    /** As {@link #fork(Class, List, int, String...)}, with the class path {@code classPath}. */
    public static List<String> fork(Class<?> mainClass, String classPath, List<String> jvmOptions, int seconds, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + "/bin/java");
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass.getName());
        cmd.addAll(Arrays.asList(args));
        // its standard error apart: a stack trace written there must not cut into a line of results
        java.nio.file.Path err = java.nio.file.Files.createTempFile(mainClass.getSimpleName(), ".err");
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        List<String> lines = new ArrayList<>();
        Thread pump = new Thread(() -> {
            try (var r = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    synchronized (lines) {
                        lines.add(l);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        });
        pump.start();
        if (!p.waitFor(seconds, java.util.concurrent.TimeUnit.SECONDS)) {
            p.destroyForcibly();
            pump.join(5000);
            throw new AssertionError(mainClass.getSimpleName() + " " + String.join(" ", args) + " ran longer than " + seconds
                    + " s; its output: " + tail(lines) + "\n" + String.join("\n", java.nio.file.Files.readAllLines(err)));
        }
        pump.join(5000);
        List<String> errors = java.nio.file.Files.readAllLines(err);
        java.nio.file.Files.deleteIfExists(err);
        synchronized (lines) {
            List<String> all = new ArrayList<>(lines);
            for (String e : errors) {
                all.add("stderr: " + e);
            }
            return all;
        }
    }

    private static String tail(List<String> lines) {
        synchronized (lines) {
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        }
    }

    /** The value after {@code key=} on the output line starting with {@code prefix}. */
    public static String value(List<String> lines, String prefix, String key) {
        for (String l : lines) {
            if (l.startsWith(prefix)) {
                for (String part : l.split(" ")) {
                    if (part.startsWith(key + "=")) {
                        return part.substring(key.length() + 1);
                    }
                }
            }
        }
        throw new AssertionError("no " + key + " on a line " + prefix + " in:\n" + tail(lines));
    }
}
