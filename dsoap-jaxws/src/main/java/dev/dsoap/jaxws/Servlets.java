package dev.dsoap.jaxws;

import dev.dsoap.coalesce.Callers;

import java.security.Principal;

/**
 * The servlet API's part of the CXF host: what dsoap reads of a servlet request and does to a servlet response. Loaded
 * only where the servlet API is there: callers check {@link Sender#SERVLET} first. Stateless, thread-safe.
 */
final class Servlets {
    /** CXF's message key of the servlet response. */
    static final String HTTP_RESPONSE = "HTTP.RESPONSE";
    /** Response headers a servlet container sets on every response, lower case. */
    private static final java.util.Set<String> CONTAINER_HEADERS = java.util.Set.of("server", "date");

    private Servlets() {
    }

    /** Adds what tells {@code request}'s caller apart (address, principal, session) to {@code id}. */
    static void describe(Object request, Callers.Identity id) {
        if (!(request instanceof jakarta.servlet.http.HttpServletRequest r)) {
            return;
        }
        id.remote(r.getRemoteAddr());
        Principal p = r.getUserPrincipal();
        if (p != null) {
            id.header(":servlet-principal", p.getName());
        }
        try {
            jakarta.servlet.http.HttpSession s = r.getSession(false);
            id.session(s == null ? null : s.getId());
        } catch (RuntimeException e) {
            id.session(null); // no session support here
        }
    }

    /**
     * Whether the servlet response carries headers already, set by the application or a filter (the container's
     * own {@code Server} and {@code Date}, which Jetty sets on every response, aside).
     */
    static boolean headersSet(Object response) {
        if (!(response instanceof jakarta.servlet.http.HttpServletResponse r)) {
            return false;
        }
        for (String name : r.getHeaderNames()) {
            if (!CONTAINER_HEADERS.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Declares the length, in bytes, of an answer longer than the response's buffer, which its writing commits anyway.
     * A shorter one stays in the buffer until the chain ends, where a fault later in the chain can still take its place
     * (and the container gives it its length itself).
     */
    static void contentLength(Object response, long length) {
        if (response instanceof jakarta.servlet.http.HttpServletResponse r && !r.isCommitted()
                && length > r.getBufferSize()) {
            r.setContentLengthLong(length);
        }
    }
}
