package dev.dsoap.bench.metro.world;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The transport floor's one answer: the plain endpoint's answer to the first request the floor received, relayed there
 * once (with its Content-Type and SOAPAction). Every later request is read to its end and gets the same answer, so a
 * client calling the floor moves the same bytes as with the real endpoint while the server does no SOAP work.
 * Thread-safe.
 */
final class FloorAnswer {
    private final URI real;
    private volatile byte[] answer;
    private volatile String contentType;
    private final AtomicInteger requests = new AtomicInteger();

    FloorAnswer(String real) {
        this.real = URI.create(real);
    }

    /** Whether the answer is known, so that a request need only be read to its end. */
    boolean known() {
        return answer != null;
    }

    /** Learns the answer from the first request's {@code body}, once; later callers get the answer learnt. */
    synchronized void learn(byte[] body, String type, String action) throws IOException {
        if (answer != null) {
            return;
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(real).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (type != null) {
            b.header("Content-Type", type);
        }
        if (action != null) {
            b.header("SOAPAction", action);
        }
        HttpResponse<byte[]> r;
        try {
            r = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                    .send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        if (r.statusCode() != 200) {
            throw new IOException("the plain endpoint answered the floor's relayed request with " + r.statusCode());
        }
        contentType = r.headers().firstValue("Content-Type").orElse("text/xml; charset=utf-8");
        answer = r.body();
    }

    byte[] answer() {
        requests.incrementAndGet();
        return answer;
    }

    String contentType() {
        return contentType;
    }

    int requests() {
        return requests.get();
    }

    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[64 * 1024]);

    /** Reads {@code in} to its end into a reused buffer: the bytes are moved, not kept. */
    static void drain(java.io.InputStream in) throws IOException {
        byte[] b = SCRATCH.get();
        while (in.read(b) >= 0) {
            // moved, not kept
        }
    }
}
