package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.CpuWindow;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The end of a batch of concurrent HTTP calls: every answer awaited, checked and counted. */
final class Batch {
    private Batch() {
    }

    /**
     * Waits for every call (at most {@code seconds} each), fails on any status but 200, counts each in {@code window}.
     *
     * @return the answers' bytes in all
     */
    static long await(CompletableFuture<HttpResponse<byte[]>>[] calls, long seconds, CpuWindow window) throws Exception {
        long bytes = 0;
        for (CompletableFuture<HttpResponse<byte[]>> c : calls) {
            HttpResponse<byte[]> r = c.get(seconds, TimeUnit.SECONDS);
            if (r.statusCode() != 200) {
                throw new IOException("HTTP " + r.statusCode() + ": " + new String(r.body(), StandardCharsets.UTF_8));
            }
            bytes += r.body().length;
            window.completed();
        }
        return bytes;
    }
}
