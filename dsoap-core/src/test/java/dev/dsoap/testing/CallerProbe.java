package dev.dsoap.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;

/**
 * Tells whether any caller got another caller's answer: two callers, each sending many byte-identical requests at once
 * (the same body for both), told apart only by what the host knows besides the body (a header, the query, the local
 * address they connect from, ...). Every answer is checked against its own caller. HTTP/1.1 over raw sockets, one
 * request per connection, so that any header (even {@code Host}) and any loopback source address can be sent. Loopback
 * only; every wait is bounded.
 */
public final class CallerProbe {
    /** One caller: where it connects from, the request target and the headers it adds. */
    public record Caller(String name, String localAddress, String target, Map<String, String> headers) {
        /** A caller from 127.0.0.1 sending {@code headers} (name, value, name, value, ...) to {@code target}. */
        public static Caller of(String name, String target, String... headers) {
            Map<String, String> h = new LinkedHashMap<>();
            for (int i = 0; i < headers.length; i += 2) {
                h.put(headers[i], headers[i + 1]);
            }
            return new Caller(name, "127.0.0.1", target, h);
        }

        /** This caller connecting from {@code address} instead. */
        public Caller from(String address) {
            return new Caller(name, address, target, headers);
        }
    }

    /** An answer as it arrived: status, headers by lower-case name (every value) and body. */
    public record Answer(int status, Map<String, List<String>> headers, byte[] body) {
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The header's values (lower-case name), none when absent. */
        public List<String> header(String name) {
            return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
        }
    }

    /** What a run found. */
    public record Outcome(int answers, int leaked, List<String> leaks) {
    }

    private final int port;
    private final byte[] body;
    private final String contentType;

    /**
     * @param port        the server's port on 127.0.0.1
     * @param body        the request body every caller sends
     * @param contentType its content type (with {@code SOAPAction} given as a header by the callers where needed)
     */
    public CallerProbe(int port, byte[] body, String contentType) {
        this.port = port;
        this.body = body;
        this.contentType = contentType;
    }

    /** Whether 127.0.0.2 can be bound here (Linux routes all of 127.0.0.0/8 to loopback). */
    public static boolean secondLoopbackAddress() {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.2"), 0));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Runs {@code rounds} rounds; in each, both callers send {@code each} identical requests at once. Every answer is
     * checked with {@code belongs}: whether it is right for its own caller.
     */
    public Outcome run(Caller a, Caller b, int rounds, int each, BiPredicate<Caller, Answer> belongs) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2 * each);
        int answers = 0;
        List<String> leaks = new ArrayList<>();
        try {
            for (int r = 0; r < rounds; r++) {
                List<Future<Answer>> calls = new ArrayList<>();
                List<Caller> who = new ArrayList<>();
                for (int i = 0; i < each; i++) {
                    for (Caller c : List.of(a, b)) {
                        who.add(c);
                        calls.add(pool.submit(() -> post(c)));
                    }
                }
                for (int i = 0; i < calls.size(); i++) {
                    Answer x = calls.get(i).get(60, TimeUnit.SECONDS);
                    answers++;
                    if (!belongs.test(who.get(i), x)) {
                        leaks.add("round " + r + ", caller " + who.get(i).name() + ": HTTP " + x.status() + " "
                                + x.headers() + " " + abbreviate(x.text()));
                    }
                }
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
        return new Outcome(answers, leaks.size(), leaks);
    }

    private static String abbreviate(String s) {
        return s.length() > 400 ? s.substring(0, 400) + "..." : s;
    }

    /** One POST from {@code c}, on a connection of its own. */
    public Answer post(Caller c) throws IOException {
        try (Socket s = new Socket()) {
            s.setSoTimeout(60_000);
            s.bind(new InetSocketAddress(InetAddress.getByName(c.localAddress()), 0));
            s.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port), 10_000);
            StringBuilder head = new StringBuilder("POST ").append(c.target()).append(" HTTP/1.1\r\n");
            if (c.headers().keySet().stream().noneMatch(k -> k.equalsIgnoreCase("Host"))) {
                head.append("Host: 127.0.0.1:").append(port).append("\r\n");
            }
            head.append("Content-Type: ").append(contentType).append("\r\n");
            c.headers().forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            head.append("Content-Length: ").append(body.length).append("\r\nConnection: close\r\n\r\n");
            OutputStream out = s.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return read(s.getInputStream());
        }
    }

    private static Answer read(InputStream in) throws IOException {
        String status = line(in);
        if (!status.startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP response: " + status);
        }
        int code = Integer.parseInt(status.substring(9, 12));
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String l = line(in); !l.isEmpty(); l = line(in)) {
            int colon = l.indexOf(':');
            headers.computeIfAbsent(l.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(l.substring(colon + 1).trim());
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        List<String> length = headers.get("content-length");
        if (headers.getOrDefault("transfer-encoding", List.of()).stream().anyMatch(v -> v.equalsIgnoreCase("chunked"))) {
            for (int n = Integer.parseInt(line(in).split(";")[0].trim(), 16); n > 0;
                 n = Integer.parseInt(line(in).split(";")[0].trim(), 16)) {
                body.write(in.readNBytes(n));
                line(in);
            }
        } else if (length != null) {
            body.write(in.readNBytes(Integer.parseInt(length.get(0))));
        } else {
            body.write(in.readAllBytes());
        }
        return new Answer(code, headers, body.toByteArray());
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("connection closed in the middle of a line: " + b);
            }
            if (c != '\r') {
                b.append((char) c);
            }
        }
        return b.toString();
    }
}
