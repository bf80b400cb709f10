package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.transport.http.WSHTTPConnection;
import dev.dsoap.coalesce.Callers;
import dev.dsoap.coalesce.SharedResponse;
import dev.dsoap.coalesce.Ticket;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.security.Principal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Coalescing on Metro endpoints ({@code dsoap.coalesce}), by the rules it follows on CXF: a request of a declared
 * operation that dsoap reads joins an identical one in flight (the same bytes, and the same caller as far as the
 * transport tells: every header but the framing ones, the path and query, the address, the principal, a servlet
 * session, a TLS client certificate) and gets the answer dsoap wrote for that one, byte for byte, instead of being read,
 * invoked and written again.
 *
 * <ul>
 *   <li>{@link #arrived} (the codec, before the request is read): the request enters its operation's coalescer. A
 *   joined request's answer is taken then; a leader's ticket goes into the packet's invocation properties, which
 *   Metro carries over to the answer's packet.</li>
 *   <li>{@link #write} (the codec, writing a leader's answer): when requests wait for it and the answer is dsoap's own
 *   (written by dsoap, no header block, status 200, no response header but those Metro and dsoap set), its bytes are
 *   kept while written and handed to them; any other answer, a fault included, is declined: each waiting request is
 *   then processed on its own. {@link #settle} declines a leader whose answer is not dsoap's.</li>
 * </ul>
 * Endpoints with JAX-WS handlers, and requests with header blocks (whose answers may carry blocks of their own, as
 * WS-Addressing's do), are not coalesced. The caller is taken when the request arrives: Metro's tubes between the codec
 * and the service do not change who it is (WS-Security, which may, is not carried).
 */
final class Coalescing {
    /** Invocation property: a leader's ticket. */
    private static final String TICKET = Coalescing.class.getName() + ".ticket";
    /** Response headers the transport, Metro or dsoap set on every answer, lower case. */
    private static final Set<String> OWN_HEADERS = Set.of("content-type", "content-length", "date", "server",
            "transfer-encoding", "vary", "x-dsoap-request-format");
    /** Of those, the ones dsoap set that a shared answer carries as the first did ({@code Vary}, the binary formats). */
    private static final Set<String> SHARED_HEADERS = Set.of("vary", "x-dsoap-request-format");

    private Coalescing() {
    }

    /**
     * Enters a request of an operation with coalescing on, before it is read: the answer of the identical request it
     * joined, or {@code null} (it leads, its ticket in {@code packet}, or goes on alone).
     */
    static SharedResponse arrived(MetroOperation op, byte[] raw, int len, Packet packet, Set<String> ignored) {
        WSHTTPConnection con = packet.getSatellite(WSHTTPConnection.class);
        String who = con == null ? null : identity(con, ignored);
        if (who == null) {
            return null; // no transport to tell the caller by, or an answer of its own (a quality header)
        }
        Ticket<SharedResponse> t;
        try {
            t = op.coalescer.enter(raw, 0, len, who);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        if (t.leads()) {
            packet.invocationProperties.put(TICKET, t);
            return null;
        }
        if (!t.joined()) {
            return null;
        }
        try {
            return t.response(); // null: the leader's answer was not shared, this one goes on alone
        } catch (Exception e) {
            return null; // the leader's capture failed: this one goes on alone
        }
    }

    /**
     * Who sent the request on {@code con}, as far as the transport tells ({@link Callers}): the request target, every
     * header, the remote address, the principal, a TLS client certificate and a servlet session; or {@code null} when
     * its answer is never shared.
     */
    static String identity(WSHTTPConnection con, Set<String> ignored) {
        Callers.Identity id = Callers.of(ignored);
        id.headers(con.getRequestHeaders());
        String query = con.getQueryString();
        id.target(con.getRequestURI() + (query == null ? "" : "?" + query));
        java.net.InetSocketAddress remote = DsoapCodec.Remote.of(con);
        id.remote(remote == null ? null : remote.getAddress() == null ? remote.getHostString()
                : remote.getAddress().getHostAddress());
        Principal p = con.getUserPrincipal();
        id.principal(p == null ? null : p.getName());
        DsoapCodec.Remote.describe(con, id);
        return id.key();
    }

    /** The leader's ticket {@code packet} carries, taken out of it; or {@code null}. */
    @SuppressWarnings("unchecked")
    private static Ticket<SharedResponse> take(Packet packet) {
        Object t = packet.invocationProperties.remove(TICKET);
        return t instanceof Ticket<?> ticket ? (Ticket<SharedResponse>) ticket : null;
    }

    /** Declines the leader's ticket of an answer dsoap did not write ({@code packet}'s), if it carries one. */
    static void settle(Packet packet) {
        Ticket<SharedResponse> t = take(packet);
        if (t != null) {
            t.decline();
        }
    }

    /**
     * Writes dsoap's answer {@code r} to {@code out}; when {@code packet} is a leader's and requests wait for it, hands
     * them the bytes written if the answer is dsoap's own, else lets them go on alone.
     */
    static void write(Packet packet, CarriedReply r, OutputStream out, String contentType) throws IOException {
        Ticket<SharedResponse> t = take(packet);
        if (t == null) {
            r.writeTo(out);
            return;
        }
        try {
            if (t.sealed() == 0) {
                t.complete(null); // no one waits, and no one can join any more
                r.writeTo(out);
                return;
            }
            WSHTTPConnection con = packet.getSatellite(WSHTTPConnection.class);
            if (con == null || r.hasHeaders() || !r.inBytes() || !ownAnswer(con)) {
                t.decline(); // header blocks, a changed message, a status or header set by another: maybe this caller's alone
                r.writeTo(out);
                return;
            }
            ByteArrayOutputStream copy = new ByteArrayOutputStream(8192);
            r.writeTo(copy);
            copy.writeTo(out);
            t.complete(new SharedResponse(copy.toByteArray(), 200, contentType, shared(con)));
        } finally {
            t.cancel(); // ignored once finished: a write that broke off lets the waiting requests go on alone
        }
    }

    /** The headers of the answer on {@code con} that a shared copy of it carries too. */
    private static Map<String, List<String>> shared(WSHTTPConnection con) {
        Map<String, List<String>> headers = con.getResponseHeaders();
        Map<String, List<String>> kept = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (headers != null) {
            for (Map.Entry<String, List<String>> h : headers.entrySet()) {
                if (h.getKey() != null && SHARED_HEADERS.contains(h.getKey().toLowerCase(Locale.ROOT))) {
                    kept.put(h.getKey(), List.copyOf(h.getValue()));
                }
            }
        }
        return kept;
    }

    /** Whether the answer on {@code con} carries only dsoap's status (200) and headers Metro and dsoap set. */
    private static boolean ownAnswer(WSHTTPConnection con) {
        if (con.getStatus() != 200) {
            return false;
        }
        Map<String, List<String>> headers = con.getResponseHeaders();
        if (headers != null) {
            for (String name : headers.keySet()) {
                if (name != null && !OWN_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                    return false; // the application's (Set-Cookie, say), or another step's
                }
            }
        }
        return true;
    }
}
