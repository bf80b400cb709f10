package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.message.Message;
import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.pipe.Codec;
import com.sun.xml.ws.api.pipe.ContentType;
import com.sun.xml.ws.encoding.ContentTypeImpl;
import com.sun.xml.ws.transport.http.WSHTTPConnection;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.host.Carrier;
import dev.dsoap.host.EnvelopeHead;
import dev.dsoap.host.Fallback;
import dev.dsoap.host.MessageBytes;
import dev.dsoap.host.RejectedMessageException;
import dev.dsoap.parse.XmlParseException;
import dev.dsoap.parse.XmlScanner;

import javax.xml.namespace.QName;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Locale;

/**
 * The codec of a carried Metro endpoint, around Metro's own: a request of an operation dsoap reads becomes a
 * {@link CarriedRequest} holding its values, read from its bytes by the operation's {@link Carrier}; an answer written
 * by dsoap ({@link CarriedReply}) is copied to the transport as it is. Every other message is decoded and encoded by
 * Metro's codec, from the same bytes (a message over dsoap's limits is read from the rest of its stream), and counted
 * with the reason. Metro copies the codec per transport thread ({@link #copy()}); an instance is used by one thread
 * at a time.
 */
final class DsoapCodec implements Codec {
    private final Codec metro;
    private final MetroEndpoint endpoint;

    DsoapCodec(Codec metro, MetroEndpoint endpoint) {
        this.metro = metro;
        this.endpoint = endpoint;
    }

    @Override
    public String getMimeType() {
        return metro.getMimeType();
    }

    @Override
    public ContentType getStaticContentType(Packet packet) {
        if (packet.getInternalMessage() instanceof SharedReply shared) {
            WSHTTPConnection con = packet.getSatellite(WSHTTPConnection.class);
            if (con != null && shared.inBytes()) {
                shared.headersTo(con);
                con.setContentLengthResponseHeader(shared.length());
            }
            return new ContentTypeImpl(shared.contentType());
        }
        CarriedReply r = handled(packet);
        if (r == null) {
            return metro.getStaticContentType(packet);
        }
        if (packet.getInternalMessage() == r) {
            // the answer's length is known before it is written: it goes out with a Content-Length, not in chunks
            com.sun.xml.ws.transport.http.WSHTTPConnection con = packet.getSatellite(
                    com.sun.xml.ws.transport.http.WSHTTPConnection.class);
            try {
                long n = con == null ? -1 : r.wireLength();
                if (n >= 0 && n <= Integer.MAX_VALUE) {
                    con.setContentLengthResponseHeader((int) n);
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return new ContentTypeImpl(r.contentType());
    }

    /**
     * The answer dsoap wrote that {@code packet} carries: its message, or the one the JAX-WS handlers' SAAJ message of it
     * stands for (its body untouched); else {@code null}.
     */
    private static CarriedReply handled(Packet packet) {
        Message m = packet.getInternalMessage();
        if (m instanceof CarriedReply r) {
            return r;
        }
        return packet.invocationProperties.get(CarriedReply.KEY) instanceof CarriedReply r && r.standsFor(m) ? r : null;
    }

    @Override
    public ContentType encode(Packet packet, OutputStream out) throws IOException {
        Message m = packet.getInternalMessage();
        if (m instanceof CarriedReply r) {
            try {
                Coalescing.write(packet, r, out, r.contentType());
            } finally {
                r.close();
            }
            return new ContentTypeImpl(r.contentType());
        }
        Coalescing.settle(packet); // a leader whose answer is not dsoap's (a fault, Metro's): the waiting go on alone
        if (m instanceof SharedReply shared) {
            shared.writeTo(out);
            return new ContentTypeImpl(shared.contentType());
        }
        CarriedReply handled = handled(packet);
        if (handled != null) {
            try {
                handled.writeHandled(out);
            } finally {
                handled.close();
            }
            return new ContentTypeImpl(handled.contentType());
        }
        try {
            return metro.encode(packet, out);
        } finally {
            if (packet.invocationProperties.get(CarriedReply.KEY) instanceof CarriedReply r) {
                r.close(); // a handler's message went out in its place
            }
        }
    }

    @Override
    public ContentType encode(Packet packet, WritableByteChannel buffer) {
        Coalescing.settle(packet);
        return metro.encode(packet, buffer);
    }

    @Override
    public Codec copy() {
        return new DsoapCodec(metro.copy(), endpoint);
    }

    @Override
    public void decode(ReadableByteChannel in, String contentType, Packet packet) {
        metro.decode(in, contentType, packet);
    }

    /**
     * Invocation property: why Metro reads a request that it also answers itself (a {@link Fallback}, counted both ways):
     * one in a form dsoap does not read (Fast Infoset, MTOM, a charset other than UTF-8), whose answer Metro gives in
     * that form, or one of no operation dsoap knows.
     */
    static final String METROS = DsoapCodec.class.getName() + ".metros";

    /**
     * Invocation property: why Metro reads a request before its operation's carrier saw it (a {@link Fallback}: too
     * long, no room among the messages in flight). Its answer may still be dsoap's, on a template of one message.
     */
    static final String UNSEEN = DsoapCodec.class.getName() + ".unseen";

    /** Invocation property: the request's quality ({@link Arrival}), when the endpoint has a quality file. */
    static final String QUALITY = DsoapCodec.class.getName() + ".quality";

    /**
     * A request's quality, when the endpoint manages it: the fields of its {@code X-Dsoap-Quality} header ({@code null}:
     * none sent), when it arrived ({@code System.nanoTime()}), and its sender's key.
     */
    record Arrival(dev.dsoap.quality.QualityWire.Fields fields, long arrived, long peer) {
    }

    /** Notes a request's quality on its packet; a malformed quality header is refused with a sender fault. */
    private void arrived(Packet packet) {
        long now = System.nanoTime();
        WSHTTPConnection con = packet.getSatellite(WSHTTPConnection.class);
        String header = con == null ? null : con.getRequestHeader(dev.dsoap.quality.QualityWire.REQUEST);
        dev.dsoap.quality.QualityWire.Fields fields = null;
        if (header != null) {
            try {
                fields = dev.dsoap.quality.QualityWire.read(header);
            } catch (dev.dsoap.quality.QualityWire.Malformed e) {
                endpoint.unknown.qualityRefused(dev.dsoap.quality.QualityWire.REQUEST + ": " + e.getMessage());
                endpoint.unknown.rejected();
                throw refused(packet, 0, "dsoap: " + dev.dsoap.quality.QualityWire.REQUEST + ": " + e.getMessage());
            }
        }
        packet.invocationProperties.put(QUALITY, new Arrival(fields, now, header == null ? 0 : sender(packet)));
    }

    @Override
    public void decode(InputStream in, String contentType, Packet packet) throws IOException {
        if (endpoint.secured != null) {
            // WSIT verifies (and decrypts) the request in its own message form, and secures the answer Metro writes
            endpoint.unplanned.bypass(Fallback.INTERCEPTORS, endpoint.secured + " is WSIT's to verify and answer", null, 0, true);
            packet.invocationProperties.put(METROS, Fallback.INTERCEPTORS);
            metro.decode(in, contentType, packet);
            return;
        }
        if (endpoint.quality != null) {
            arrived(packet);
        }
        if (dev.dsoap.negotiation.BinaryMediaType.is(contentType)) {
            readBinary(in, contentType, packet);
            return;
        }
        String why = unreadType(contentType);
        if (why != null) {
            Fallback reason = why.startsWith("charset") ? Fallback.CHARSET : Fallback.ATTACHMENTS;
            endpoint.unplanned.bypass(reason, why, null, 0, true);
            packet.invocationProperties.put(METROS, reason);
            metro.decode(in, contentType, packet);
            return;
        }
        int limit = endpoint.settings.deserializer().limits().maxMessageBytes();
        InputStream[] overflow = new InputStream[1];
        MessageBytes b = MessageBytes.readAtMost(in, limit, -1, overflow, endpoint.budget);
        if (b == null) {
            Fallback reason = MessageBytes.overflowReason(overflow[0]);
            endpoint.unplanned.bypass(reason, reason == Fallback.IN_FLIGHT ? endpoint.budget.inFlightDetail()
                    : "longer than " + limit + " bytes (dsoap.maxMessageBytes)", null, 0, false);
            packet.invocationProperties.put(UNSEEN, reason); // its answer may still be dsoap's (InvokeTube)
            metro.decode(overflow[0], contentType, packet); // Metro reads it on from what was read, under its own limits
            return;
        }
        byte[] raw = b.bytes();
        int len = b.length();
        CarriedRequest carried = len == 0 ? null : read(raw, len, contentType, packet);
        if (carried != null) {
            packet.setMessage(carried);
            packet.invocationProperties.put(CarriedRequest.KEY, carried);
            if (endpoint.handlers) {
                packet.setSAAJFactory(HandlerSaaj.INSTANCE); // the handlers get the lazy SAAJ message of these bytes
            }
        } else if (packet.getInternalMessage() == null) {
            metro.decode(new ByteArrayInputStream(raw, 0, len), contentType, packet);
        }
    }

    /** The request read by dsoap, or {@code null} (counted) when Metro is to read these bytes. */
    private CarriedRequest read(byte[] raw, int len, String contentType, Packet packet) {
        EnvelopeHead head;
        XmlScanner sc = endpoint.scanners().take();
        try {
            head = EnvelopeHead.read(sc, raw, len);
        } catch (XmlParseException e) {
            if (e.kind() == XmlParseException.Kind.UNSUPPORTED) {
                endpoint.unplanned.bypass(Fallback.CHARSET, e.getMessage(), null, 0, true);
                packet.invocationProperties.put(METROS, Fallback.CHARSET);
            } else {
                endpoint.unknown.rejected(); // Metro answers it as it would without dsoap
                packet.invocationProperties.put(UNSEEN, Boolean.TRUE);
            }
            return null;
        } finally {
            endpoint.scanners().give(sc);
        }
        if (head.version() != endpoint.version || head.fault() || head.localName() == null) {
            endpoint.unplanned.bypass(Fallback.REQUEST_SHAPE, head.version() != endpoint.version
                    ? head.version() + " message to a " + endpoint.version + " binding" : "no operation element", null, 0, true);
            packet.invocationProperties.put(METROS, Fallback.REQUEST_SHAPE);
            return null;
        }
        MetroOperation op = endpoint.operation(new QName(head.namespace(), head.localName()));
        if (op == null) {
            endpoint.unplanned.bypass(Fallback.REQUEST_SHAPE, "{" + head.namespace() + "}" + head.localName()
                    + " is no operation's request", null, 0, true);
            packet.invocationProperties.put(METROS, Fallback.REQUEST_SHAPE);
            return null; // Metro's dispatch fault
        }
        com.sun.xml.ws.api.message.Message host = null;
        if (head.headerBlocks()) {
            // Metro's codec reads the header blocks into its message (its body stays unread, a stream over these
            // bytes), for Metro's tubes to process as they would; dsoap reads the body past them. Should dsoap not
            // carry the request, that message is the one Metro goes on with
            try {
                metro.decode(new ByteArrayInputStream(raw, 0, len), contentType, packet);
            } catch (IOException | RuntimeException e) {
                packet.setMessage(null);
                endpoint.unknown.rejected(); // Metro answers it as it would without dsoap
                packet.invocationProperties.put(UNSEEN, Boolean.TRUE);
                return null;
            }
            host = packet.getInternalMessage();
        }
        if (op.coalescer != null && host == null && !endpoint.handlers) {
            dev.dsoap.coalesce.SharedResponse shared = Coalescing.arrived(op, raw, len, packet,
                    op.coalescer.settings().ignoredHeaders());
            if (shared != null) {
                // an identical request's answer: this one is neither read nor invoked
                return new CarriedRequest(endpoint.metroVersion, op, null, raw, len, contentType, metro, false, null, shared,
                        null);
            }
        }
        Object[] values;
        try {
            values = op.carrier.read(raw, len, sender(packet), true, null, null);
        } catch (RejectedMessageException e) {
            Coalescing.settle(packet);
            return null; // counted; Metro answers the bytes as it would without dsoap
        }
        if (values == null) {
            Coalescing.settle(packet); // Metro reads it: its answer is Metro's, not shared
            return null;
        }
        return new CarriedRequest(endpoint.metroVersion, op, values, raw, len, contentType, metro, endpoint.handlers, host,
                null, host == null ? binaryAnswer(packet, op) : null);
    }

    // ------------------------------------------------------------------------------------------ binary

    /**
     * Reads a binary request (dsoap's peers only): its operation found by its format, its values read by the operation's
     * carrier. One of a format no operation here reads, or one the endpoint cannot take in binary now, is refused with
     * HTTP 415 and a SOAP fault saying why (a dsoap client then sends it again as XML); a malformed one is a sender fault.
     * Metro has no way of its own to read these bytes.
     */
    private void readBinary(InputStream in, String contentType, Packet packet) throws IOException {
        int limit = endpoint.settings.deserializer().limits().maxMessageBytes();
        InputStream[] overflow = new InputStream[1];
        MessageBytes b = MessageBytes.readAtMost(in, limit, -1, overflow, endpoint.budget);
        if (b == null) {
            MessageBytes.discard(overflow[0]);
            endpoint.unknown.rejected();
            if (MessageBytes.overflowReason(overflow[0]) == Fallback.IN_FLIGHT) {
                throw refused(packet, 415, "dsoap: binary request refused: no room for it among the bytes of messages in "
                        + "flight (dsoap.maxInFlightBytes = " + endpoint.budget.inFlightLimitBytes() + "); send it as XML");
            }
            throw refused(packet, 0, "dsoap: binary message longer than " + limit + " bytes (dsoap.maxMessageBytes)");
        }
        byte[] raw = b.bytes();
        int len = b.length();
        MetroOperation op;
        dev.dsoap.host.FormatRefusal unknown = null;
        try {
            long id = dev.dsoap.binary.Frame.formatId(raw, 0, len);
            op = endpoint.operationOfFormat(id);
            if (op == null) {
                unknown = dev.dsoap.host.FormatRefusal.of(raw, len, id, endpoint.binaryFormats());
            }
        } catch (dev.dsoap.binary.BinaryFormatException e) {
            endpoint.unknown.binaryRefused(dev.dsoap.host.BinaryRefusal.MALFORMED, e.getMessage());
            endpoint.unknown.rejected();
            throw refused(packet, 0, "dsoap: " + e.getMessage());
        }
        String obstacle = unknown != null ? unknown.detail() : endpoint.binaryObstacle();
        if (obstacle != null) {
            endpoint.unknown.binaryRefused(unknown != null ? unknown.reason() : dev.dsoap.host.BinaryRefusal.NOT_OFFERED,
                    obstacle);
            endpoint.unknown.rejected();
            throw refused(packet, 415, "dsoap: binary request refused: " + obstacle);
        }
        Object[] values;
        try {
            values = op.carrier.readBinary(raw, len);
        } catch (RejectedMessageException e) {
            throw refused(packet, e.unsupportedMediaType() ? 415 : 0, e.getMessage());
        }
        CarriedRequest carried = new CarriedRequest(endpoint.metroVersion, op, values, raw, len, contentType, metro, false,
                null, null, binaryAnswer(packet, op));
        packet.setMessage(carried);
        packet.invocationProperties.put(CarriedRequest.KEY, carried);
    }

    /**
     * Whether the answer to a request of {@code op} goes binary: {@code null} for XML, else whether it carries its format
     * descriptor (the request's {@code Accept} named no format). Binary when the {@code Accept} header asks for it
     * before XML and nothing on the endpoint needs the messages in XML.
     */
    private Boolean binaryAnswer(Packet packet, MetroOperation op) {
        WSHTTPConnection con = packet.getSatellite(WSHTTPConnection.class);
        String accept = con == null ? null : con.getRequestHeader("Accept");
        if (accept == null || !op.binary || !op.carrier.answersBinary(accept, xmlType())
                || endpoint.binaryObstacle() != null) {
            return null;
        }
        return !accept.toLowerCase(Locale.ROOT).contains("format=");
    }

    /** The XML media type of the endpoint's SOAP version. */
    private String xmlType() {
        return endpoint.version == SoapVersion.SOAP_12 ? "application/soap+xml" : "text/xml";
    }

    /**
     * A request dsoap refuses before Metro sees it: a SOAP fault (Client, or Sender in SOAP 1.2) saying why, with HTTP
     * {@code status} (0: Metro's status for a fault, 500). Metro's adapter logs it and sends the fault.
     */
    private com.sun.xml.ws.api.message.ExceptionHasMessage refused(Packet packet, int status, String why) {
        WSHTTPConnection con = packet.getSatellite(WSHTTPConnection.class);
        if (con != null && status != 0) {
            con.setStatus(status);
        }
        return new Refused(endpoint.metroVersion, why);
    }

    /** A request dsoap refused, as Metro's adapter answers a codec's refusal: with its fault message. */
    static final class Refused extends com.sun.xml.ws.api.message.ExceptionHasMessage {
        private static final long serialVersionUID = 1L;
        private final transient com.sun.xml.ws.api.SOAPVersion version;
        private final String why;

        Refused(com.sun.xml.ws.api.SOAPVersion version, String why) {
            super(why);
            this.version = version;
            this.why = why;
        }

        @Override
        public String getMessage() {
            return why;
        }

        @Override
        public String getDefaultResourceBundleName() {
            return "com.sun.xml.ws.resources.soap"; // not read: the message is given
        }

        @Override
        public com.sun.xml.ws.api.message.Message getFaultMessage() {
            return com.sun.xml.ws.fault.SOAPFaultBuilder.createSOAPFaultMessage(version, why, version.faultCodeClient);
        }
    }

    /**
     * The sender's key ({@link Carrier#peerKey(String, String, String, String)}): the client id header dsoap clients
     * send (bound to the caller and the address it comes from), else the authenticated caller or the credentials,
     * else the connection the request came on (a keep-alive connection carries one client's calls in turn); 0 when
     * the transport tells none of them.
     */
    private long sender(Packet packet) {
        WSHTTPConnection con = packet.getSatellite(WSHTTPConnection.class);
        if (con == null) {
            return 0;
        }
        String header = endpoint.settings.clientIdHeader();
        String id = header == null ? null : con.getRequestHeader(header);
        String caller = con.getUserPrincipal() != null ? con.getUserPrincipal().getName() : con.getRequestHeader("Authorization");
        java.net.InetSocketAddress remote = Remote.of(con);
        String origin = id == null ? null : Carrier.origin(remote == null ? null : remote.getHostString(),
                con.getRequestHeader("X-Forwarded-For"), con.getRequestHeader("Forwarded"));
        String connection = id == null && caller == null && remote != null
                ? remote.getHostString() + " " + remote.getPort() : null;
        return Carrier.peerKey(id, caller, origin, connection);
    }

    /** The remote end of a request's connection, as Metro's transports expose it. */
    static final class Remote {
        /** Whether the servlet API is there to ask ({@code WSServlet}'s transport). */
        private static final boolean SERVLET = present("jakarta.servlet.ServletRequest");

        private Remote() {
        }

        static java.net.InetSocketAddress of(WSHTTPConnection con) {
            // the JDK HTTP server's transport gives its exchange, the servlet transport its request
            // (a property set refuses a name it does not have: each is asked whether it has it first)
            String exchange = com.sun.xml.ws.developer.JAXWSProperties.HTTP_EXCHANGE;
            if (con.supports(exchange) && con.get(exchange) instanceof com.sun.net.httpserver.HttpExchange ex) {
                return ex.getRemoteAddress();
            }
            return SERVLET ? Servlet.of(con) : null;
        }

        private static boolean present(String type) {
            try {
                Class.forName(type, false, Remote.class.getClassLoader());
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }

        /**
         * What else the transport tells of the caller, for coalescing's identity: the TLS client certificate (the JDK
         * server's HTTPS exchange, or the servlet request's), and a servlet session.
         */
        static void describe(WSHTTPConnection con, dev.dsoap.coalesce.Callers.Identity id) {
            String exchange = com.sun.xml.ws.developer.JAXWSProperties.HTTP_EXCHANGE;
            if (con.supports(exchange) && con.get(exchange) instanceof com.sun.net.httpserver.HttpExchange ex) {
                java.security.cert.Certificate[] certs = null;
                if (ex instanceof com.sun.net.httpserver.HttpsExchange tls) {
                    try {
                        certs = tls.getSSLSession().getPeerCertificates();
                    } catch (javax.net.ssl.SSLPeerUnverifiedException e) {
                        certs = null; // no client certificate
                    }
                }
                id.certificate(certs == null || certs.length == 0 ? null : certs[0]);
                return;
            }
            if (SERVLET) {
                Servlet.describe(con, id);
            }
        }

        /** The servlet API's part, loaded only when it is there. */
        private static final class Servlet {
            static java.net.InetSocketAddress of(WSHTTPConnection con) {
                String request = jakarta.xml.ws.handler.MessageContext.SERVLET_REQUEST;
                return con.supports(request) && con.get(request) instanceof jakarta.servlet.ServletRequest r
                        ? java.net.InetSocketAddress.createUnresolved(r.getRemoteAddr(), r.getRemotePort()) : null;
            }

            static void describe(WSHTTPConnection con, dev.dsoap.coalesce.Callers.Identity id) {
                String request = jakarta.xml.ws.handler.MessageContext.SERVLET_REQUEST;
                if (!con.supports(request) || !(con.get(request) instanceof jakarta.servlet.http.HttpServletRequest r)) {
                    return;
                }
                if (r.getAttribute("jakarta.servlet.request.X509Certificate") instanceof java.security.cert.Certificate[] c
                        && c.length > 0) {
                    id.certificate(c[0]);
                }
                try {
                    jakarta.servlet.http.HttpSession s = r.getSession(false);
                    id.session(s == null ? null : s.getId());
                } catch (RuntimeException e) {
                    id.session(null); // no session support here
                }
            }
        }
    }

    /** Why a request of this content type is Metro's to read, or {@code null} when it is SOAP XML in UTF-8. */
    private String unreadType(String contentType) {
        if (contentType == null) {
            return null;
        }
        String t = contentType.trim().toLowerCase(Locale.ROOT);
        String want = endpoint.version == SoapVersion.SOAP_12 ? "application/soap+xml" : "text/xml";
        if (!t.startsWith(want)) {
            return "content type " + contentType + " (MTOM, Fast Infoset or another binding's)";
        }
        return MessageBytes.utf8(contentType) ? null : "charset of " + contentType;
    }

}
