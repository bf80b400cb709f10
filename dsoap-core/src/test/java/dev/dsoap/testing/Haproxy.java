package dev.dsoap.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A real HAProxy in front of upstream servers on loopback, for tests: the configuration the deployment guide gives
 * ({@code balance hdr(X-Dsoap-Client)} with {@code hash-type consistent}), generated in a directory of its own,
 * listening on a free 127.0.0.1 port, run in the foreground ({@code -db}) as a child. Callers skip, printing
 * {@link #MISSING}, when {@link #find()} finds no HAProxy. Every wait is bounded.
 */
public final class Haproxy implements AutoCloseable {
    private static final List<Path> KNOWN = List.of(Path.of("/usr/sbin/haproxy"), Path.of("/usr/local/sbin/haproxy"));
    /** What a caller prints when there is no HAProxy: where it was looked for and how to install it. */
    public static final String MISSING = "haproxy not found on PATH nor in " + KNOWN
            + "; install it with: sudo apt-get install haproxy";
    private static final long START_MILLIS = 10_000;
    private static final long STOP_MILLIS = 5_000;

    /** The configuration file, its log and the temp directory. */
    public final Path dir;
    /** The port HAProxy listens on, on 127.0.0.1. */
    public final int port;
    private final Process process;

    private Haproxy(Path dir, int port, Process process) {
        this.dir = dir;
        this.port = port;
        this.process = process;
    }

    /** The HAProxy binary on the {@code PATH} or in a usual place, or {@code null}. */
    public static Path find() {
        return Loopback.find("haproxy", KNOWN);
    }

    /**
     * Starts HAProxy in front of the servers on {@code upstreamPorts} (127.0.0.1), balancing by the value of
     * {@code header}, consistently hashed.
     *
     * @throws IOException if there is no HAProxy ({@link #MISSING}) or it did not start
     */
    public static Haproxy start(String header, List<Integer> upstreamPorts) throws IOException {
        Path binary = find();
        if (binary == null) {
            throw new IOException(MISSING);
        }
        Path dir = Files.createTempDirectory("dsoap-haproxy");
        IOException last = null;
        for (int attempt = 0; attempt < 3; attempt++) { // the free port can be taken between our probe and the bind
            int port = Loopback.freePort();
            Path cfg = dir.resolve("haproxy.cfg");
            Files.writeString(cfg, config(port, header, upstreamPorts));
            Process p = new ProcessBuilder(binary.toString(), "-db", "-f", cfg.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("haproxy.log").toFile()).start();
            Haproxy h = new Haproxy(dir, port, p);
            try {
                Loopback.awaitAccepting("haproxy", p, port, START_MILLIS, h::log);
                return h;
            } catch (IOException e) {
                last = e;
                Loopback.stop(p, STOP_MILLIS);
            }
        }
        Loopback.deleteQuietly(dir);
        throw last;
    }

    /** The deployment guide's backend, on loopback, with HTTP keep-alive to clients and servers. */
    public static String config(int port, String header, List<Integer> upstreamPorts) {
        StringBuilder servers = new StringBuilder();
        for (int i = 0; i < upstreamPorts.size(); i++) {
            servers.append("    server s").append(i).append(" 127.0.0.1:").append(upstreamPorts.get(i)).append('\n');
        }
        return "global\n"
                + "    maxconn 512\n"
                + "defaults\n"
                + "    mode http\n"
                + "    timeout connect 5s\n"
                + "    timeout client 60s\n"
                + "    timeout server 60s\n"
                + "frontend dsoap\n"
                + "    bind 127.0.0.1:" + port + "\n"
                + "    default_backend dsoap_servers\n"
                + "backend dsoap_servers\n"
                + "    balance hdr(" + header + ")\n"
                + "    hash-type consistent\n"
                + servers;
    }

    /** {@code http://127.0.0.1:port/path}. */
    public String url(String path) {
        return "http://127.0.0.1:" + port + "/" + path;
    }

    /** What HAProxy printed so far. */
    public String log() {
        return Loopback.read(dir.resolve("haproxy.log"));
    }

    @Override
    public void close() {
        Loopback.stop(process, STOP_MILLIS);
        Loopback.deleteQuietly(dir);
    }
}
