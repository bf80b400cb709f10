package dev.dsoap.coalesce;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A response as a host wrote it to its leader's client, handed to the identical requests that waited for it: every
 * one of them gets the same bytes, status, content type and headers. Immutable: the body is the host's captured copy
 * and is never changed after; callers must not change it either.
 *
 * @param body        the HTTP entity's bytes, as written
 * @param status      the HTTP status code
 * @param contentType the {@code Content-Type} header's value, or {@code null} when the host set none
 * @param headers     other HTTP headers the host set on the response (dsoap's own), by name; copied, unmodifiable
 */
public record SharedResponse(byte[] body, int status, String contentType, Map<String, List<String>> headers) {
    public SharedResponse {
        Objects.requireNonNull(body, "body");
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("HTTP status " + status);
        }
        Map<String, List<String>> copy = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        headers = java.util.Collections.unmodifiableMap(copy);
    }

    /** The body's length in bytes, for {@link Coalescer}'s bytes fanned out. */
    public long bytes() {
        return body.length;
    }
}
