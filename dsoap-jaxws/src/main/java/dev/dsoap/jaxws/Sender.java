package dev.dsoap.jaxws;

import dev.dsoap.host.Carrier;
import org.apache.cxf.message.Message;
import org.apache.cxf.security.SecurityContext;

import java.security.Principal;
import java.util.List;
import java.util.Map;

/**
 * Who sent a request, as far as CXF tells: the client id header dsoap clients send (bound to the caller and the
 * address it comes with), else the caller CXF authenticated or the credentials sent, else the connection it came on
 * (a keep-alive connection carries one client's calls in turn); the key of the first known, for
 * {@link Carrier#read(byte[], int, long, dev.dsoap.host.Fallback, String)}. Stateless.
 */
final class Sender {
    /** CXF's key of the servlet request, whose address and port name the connection. */
    static final String HTTP_REQUEST = "HTTP.REQUEST";
    /** Whether the servlet API is there to ask (CXF's servlet and Jetty transports have it). */
    static final boolean SERVLET = present("jakarta.servlet.ServletRequest");

    private Sender() {
    }

    /** The sender's peer key, or 0 when CXF tells nothing of it. */
    static long of(Message m, String idHeader) {
        String id = null;
        if (idHeader != null && m.get(Message.PROTOCOL_HEADERS) instanceof Map<?, ?> headers
                && headers.get(idHeader) instanceof List<?> values && values.size() == 1 && values.get(0) instanceof String v) {
            id = v; // CXF's header map ignores case
        }
        String caller = null;
        SecurityContext sc = m.get(SecurityContext.class);
        if (sc != null) {
            Principal p = sc.getUserPrincipal();
            caller = p == null ? null : p.getName();
        }
        if (caller == null) {
            caller = Binary.header(m, "Authorization");
        }
        Object request = SERVLET ? m.get(HTTP_REQUEST) : null;
        String origin = id == null ? null : origin(m, request);
        String connection = id == null && caller == null && request != null ? Connection.of(request) : null;
        return Carrier.peerKey(id, caller, origin, connection);
    }

    /** Where {@code m} came from: the remote address and the forwarding headers, or {@code null}. */
    static String origin(Message m, Object request) {
        return Carrier.origin(request == null ? null : Connection.address(request), Binary.header(m, "X-Forwarded-For"),
                Binary.header(m, "Forwarded"));
    }

    private static boolean present(String type) {
        try {
            Class.forName(type, false, Sender.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The servlet API's part, loaded only when it is there. */
    static final class Connection {
        static String of(Object request) {
            return request instanceof jakarta.servlet.ServletRequest r ? r.getRemoteAddr() + " " + r.getRemotePort() : null;
        }

        static String address(Object request) {
            return request instanceof jakarta.servlet.ServletRequest r ? r.getRemoteAddr() : null;
        }
    }
}
