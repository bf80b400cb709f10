package dev.dsoap.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real nginx in front of upstream servers on loopback, for tests: a generated configuration in a directory of its
 * own (prefix, error log, pid and every temp path inside it), a master and one worker in the foreground ({@code daemon
 * off}) started as a child, listening on a free 127.0.0.1 port. (Not {@code master_process off}: a process started
 * by the JVM inherits SIGQUIT blocked, and nginx's single process never unblocks it, so {@code -s quit} would not
 * reach it; the master waits for signals with them unblocked.) Callers skip, printing {@link #MISSING}, when
 * {@link #find()} finds no nginx. Every wait is bounded. Shared by the hosts' tests and the benchmarks (dsoap-core's
 * test jar).
 */
public final class Nginx implements AutoCloseable {
    /** How nginx picks an upstream server for a request. */
    public enum Policy {
        /** nginx's default: each request to the next server. */
        ROUND_ROBIN(""),
        /** Ketama hashing of dsoap's client id header: a client stays on one server, about 1/N move when one goes. */
        CONSISTENT_HASH("hash $http_x_dsoap_client consistent;"),
        /** The server with the fewest active connections. */
        LEAST_CONN("least_conn;");

        /** The upstream block's balancing directive ("" for round robin). */
        public final String directive;

        Policy(String directive) {
            this.directive = directive;
        }
    }

    /** Where nginx is looked for besides the {@code PATH}. */
    private static final List<Path> KNOWN = List.of(Path.of("/usr/sbin/nginx"), Path.of("/usr/local/sbin/nginx"),
            Path.of("/usr/local/nginx/sbin/nginx"));
    /** How long nginx may take to accept on its port, and to stop. */
    private static final long START_MILLIS = 10_000;
    private static final long STOP_MILLIS = 5_000;

    /** The nginx binary. */
    private final Path binary;
    /** The prefix: nginx.conf, logs, pid and temp paths. */
    public final Path dir;
    /** The port nginx listens on, on 127.0.0.1. */
    public final int port;
    /** The running nginx. */
    private final Process process;

    private Nginx(Path binary, Path dir, int port, Process process) {
        this.binary = binary;
        this.dir = dir;
        this.port = port;
        this.process = process;
    }

    /** The nginx binary on the {@code PATH} or in a usual place, or {@code null}. */
    public static Path find() {
        return Loopback.find("nginx", KNOWN);
    }

    /** What a caller prints when there is no nginx: where it was looked for and how to install it. */
    public static final String MISSING = "nginx not found on PATH nor in " + KNOWN
            + "; install it with: sudo apt-get install nginx";

    /**
     * Starts nginx in front of the servers on {@code upstreamPorts} (127.0.0.1), balancing by {@code policy};
     * {@code retryPosts}: {@code proxy_next_upstream error timeout non_idempotent} (a POST already sent to a server
     * that failed goes to the next one), else {@code error timeout}.
     *
     * @throws IOException if there is no nginx ({@link #MISSING}) or it did not start
     */
    public static Nginx start(Policy policy, boolean retryPosts, List<Integer> upstreamPorts) throws IOException {
        Path binary = find();
        if (binary == null) {
            throw new IOException(MISSING);
        }
        Path dir = Files.createTempDirectory("dsoap-nginx");
        IOException last = null;
        for (int attempt = 0; attempt < 3; attempt++) { // the free port can be taken between our probe and nginx's bind
            int port = Loopback.freePort();
            Files.writeString(dir.resolve("nginx.conf"), config(dir, port, policy, retryPosts, upstreamPorts));
            Process p = new ProcessBuilder(binary.toString(), "-p", dir + "/", "-c", dir.resolve("nginx.conf").toString(),
                    "-e", dir.resolve("error.log").toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("stdout.log").toFile()).start();
            Nginx n = new Nginx(binary, dir, port, p);
            try {
                n.awaitAccepting();
                return n;
            } catch (IOException e) {
                last = e;
                n.stopProcess();
            }
        }
        Loopback.deleteQuietly(dir);
        throw last;
    }

    /** The configuration: one process, everything under {@code dir}, keep-alive to the upstreams. */
    public static String config(Path dir, int port, Policy policy, boolean retryPosts, List<Integer> upstreamPorts) {
        StringBuilder servers = new StringBuilder();
        for (int p : upstreamPorts) {
            servers.append("        server 127.0.0.1:").append(p).append(" max_fails=1 fail_timeout=10s;\n");
        }
        String d = dir.toString();
        // run as root (a container), nginx would switch its worker to nobody, who cannot enter the temp dir
        boolean root = "root".equals(System.getProperty("user.name"));
        return "daemon off;\n"
                + "master_process on;\n"
                + "worker_processes 1;\n"
                + (root ? "user root;\n" : "")
                + "pid " + d + "/nginx.pid;\n"
                + "error_log " + d + "/error.log warn;\n"
                + "events {\n    worker_connections 512;\n}\n"
                + "http {\n"
                + "    access_log off;\n"
                + "    client_body_temp_path " + d + "/client_body_temp;\n"
                + "    proxy_temp_path " + d + "/proxy_temp;\n"
                + "    fastcgi_temp_path " + d + "/fastcgi_temp;\n"
                + "    uwsgi_temp_path " + d + "/uwsgi_temp;\n"
                + "    scgi_temp_path " + d + "/scgi_temp;\n"
                + "    client_max_body_size 64m;\n"
                + "    client_body_buffer_size 1m;\n" // SOAP bodies stay in memory, not in client_body_temp
                + "    proxy_buffers 32 16k;\n"
                + "    upstream dsoap_servers {\n"
                + (policy.directive.isEmpty() ? "" : "        " + policy.directive + "\n")
                + servers
                + "        keepalive 32;\n"
                + "    }\n"
                + "    server {\n"
                + "        listen 127.0.0.1:" + port + ";\n"
                + "        location / {\n"
                + "            proxy_pass http://dsoap_servers;\n"
                + "            proxy_http_version 1.1;\n"
                + "            proxy_set_header Connection \"\";\n"
                + "            proxy_set_header Host $http_host;\n"
                + "            proxy_next_upstream " + (retryPosts ? "error timeout non_idempotent" : "error timeout") + ";\n"
                + "            proxy_next_upstream_tries 3;\n"
                + "            proxy_connect_timeout 2s;\n"
                + "            proxy_send_timeout 30s;\n"
                + "            proxy_read_timeout 30s;\n"
                + "        }\n"
                + "    }\n"
                + "}\n";
    }

    /** {@code http://127.0.0.1:port/path}. */
    public String url(String path) {
        return "http://127.0.0.1:" + port + "/" + path;
    }

    /** nginx's error log so far ("" if none). */
    public String errorLog() {
        try {
            Path log = dir.resolve("error.log");
            return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(error log unreadable: " + e + ")";
        }
    }

    /**
     * Lines of nginx's error log about an upstream that failed (refused, cut, timed out): each is a request nginx
     * passed to the next server, or failed when there was none.
     */
    public long upstreamErrors() {
        return errorLog().lines().filter(l -> l.contains("[error]") && l.contains("upstream")).count();
    }

    private void awaitAccepting() throws IOException {
        Loopback.awaitAccepting("nginx", process, port, START_MILLIS, () -> errorLog() + Loopback.read(dir.resolve("stdout.log")));
    }

    /** Graceful {@code nginx -s quit}, then SIGTERM, then SIGKILL, each wait bounded. */
    private void stopProcess() {
        try {
            if (process.isAlive()) {
                Process quit = new ProcessBuilder(binary.toString(), "-p", dir + "/", "-c", dir.resolve("nginx.conf").toString(),
                        "-e", dir.resolve("error.log").toString(), "-s", "quit")
                        .redirectErrorStream(true).redirectOutput(dir.resolve("quit.log").toFile()).start();
                if (!quit.waitFor(STOP_MILLIS, TimeUnit.MILLISECONDS)) {
                    quit.destroyForcibly();
                }
            }
            if (!process.waitFor(STOP_MILLIS, TimeUnit.MILLISECONDS)) {
                Loopback.stop(process, STOP_MILLIS); // SIGTERM: the master stops its worker and exits
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stopProcess();
        Loopback.deleteQuietly(dir);
    }
}
