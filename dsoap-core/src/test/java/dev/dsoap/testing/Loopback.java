package dev.dsoap.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

/** What the load balancer launchers share: finding a binary, free ports, bounded waits, cleaning up. */
final class Loopback {
    private Loopback() {
    }

    /** {@code name} on the {@code PATH} or in one of {@code known}, or {@code null}. */
    static Path find(String name, List<Path> known) {
        String path = System.getenv("PATH");
        Stream<Path> onPath = path == null ? Stream.empty()
                : Stream.of(path.split(java.io.File.pathSeparator)).filter(s -> !s.isEmpty()).map(s -> Path.of(s, name));
        return Stream.concat(onPath, known.stream()).filter(Files::isExecutable).findFirst().orElse(null);
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Waits at most {@code millis} until {@code process} accepts on 127.0.0.1:{@code port}; {@code log} says why not. */
    static void awaitAccepting(String name, Process process, int port, long millis, Supplier<String> log) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException(name + " exited with " + process.exitValue() + " before accepting on " + port + ": "
                        + log.get());
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException e) {
                sleep(20);
            }
        }
        throw new IOException(name + " did not accept on 127.0.0.1:" + port + " within " + millis + " ms: " + log.get());
    }

    /** SIGTERM, then SIGKILL to it and its children, each wait bounded by {@code millis}. */
    static void stop(Process process, long millis) {
        try {
            if (!process.waitFor(0, TimeUnit.MILLISECONDS)) {
                process.destroy();
                if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly); // no child left holding the port
                    process.destroyForcibly().waitFor(millis, TimeUnit.MILLISECONDS);
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    static String read(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for a load balancer", e);
        }
    }

    static void deleteQuietly(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temp dir left behind is harmless
        }
    }
}
