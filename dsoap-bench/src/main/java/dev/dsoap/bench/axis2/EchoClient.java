package dev.dsoap.bench.axis2;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Flow;

/**
 * Raw SOAP 1.1 over HTTP/1.1 with the JDK's {@link HttpClient}: {@code POST} with
 * {@code Content-Type: text/xml; charset=UTF-8} and an empty {@code SOAPAction} (Axis2 dispatches on the
 * body's wrapper element). The client keeps its connections alive, so a client used by one thread at a time
 * talks to the server over one connection, served by one server thread.
 *
 * <p>Thread-safe (as {@code HttpClient} is); the benchmark gives each of its threads a client of its own.
 */
final class EchoClient {
    /** Longest wait for a response, in seconds. */
    private static final int TIMEOUT_SECONDS = 120;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    /** The id this client names itself by ({@code X-Dsoap-Client}), or {@code null} for an anonymous client. */
    private final String id;

    /** An anonymous client. */
    EchoClient() {
        this(null);
    }

    /** A client naming itself {@code id} in an {@code X-Dsoap-Client} header, or anonymous when {@code null}. */
    EchoClient(String id) {
        this.id = id;
    }

    private HttpRequest request(URI uri, byte[] body, int length) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(TIMEOUT_SECONDS))
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"\"");
        if (id != null) {
            b.header("X-Dsoap-Client", id);
        }
        return b.POST(HttpRequest.BodyPublishers.ofByteArray(body, 0, length)).build();
    }

    /**
     * Posts {@code body[0..length)} and returns the length of the response body in bytes, counted as it
     * arrives and not kept (the client does as little work as it can). {@code body} is read until this
     * returns.
     *
     * @throws IOException if the status is not 200, or the exchange fails
     */
    long post(URI uri, byte[] body, int length) throws IOException, InterruptedException {
        return post(uri, body, length, 200);
    }

    /**
     * As {@link #post(URI, byte[], int)}, expecting HTTP {@code status}: 202 (Accepted) for a one-way
     * operation, which Axis2 acknowledges without a SOAP response.
     *
     * @throws IOException if the status is another, or the exchange fails
     */
    long post(URI uri, byte[] body, int length, int status) throws IOException, InterruptedException {
        HttpResponse<Long> r = http.send(request(uri, body, length),
                info -> HttpResponse.BodySubscribers.fromSubscriber(new Counter(), Counter::bytes));
        if (r.statusCode() != status) {
            throw new IOException("HTTP " + r.statusCode() + " from " + uri + " (" + r.body() + " bytes), expected "
                    + status);
        }
        return r.body();
    }

    /**
     * Posts {@code body} and returns the whole response body.
     *
     * @throws IOException if the status is not 200 (with the response in the message), or the exchange fails
     */
    byte[] exchange(URI uri, byte[] body) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(request(uri, body, body.length), HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            String text = new String(r.body(), StandardCharsets.UTF_8);
            throw new IOException("HTTP " + r.statusCode() + " from " + uri + ": "
                    + (text.length() > 2000 ? text.substring(0, 2000) + "..." : text));
        }
        return r.body();
    }

    /** Counts the bytes of a response body and drops them. Signals arrive one at a time (Flow's rules). */
    private static final class Counter implements Flow.Subscriber<List<ByteBuffer>> {
        private long bytes;

        @Override
        public void onSubscribe(Flow.Subscription s) {
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            for (ByteBuffer b : buffers) {
                bytes += b.remaining();
            }
        }

        @Override
        public void onError(Throwable t) {
            // the exchange fails with t: send() throws it
        }

        @Override
        public void onComplete() {
            // bytes is final now; the finisher reads it
        }

        long bytes() {
            return bytes;
        }
    }
}
