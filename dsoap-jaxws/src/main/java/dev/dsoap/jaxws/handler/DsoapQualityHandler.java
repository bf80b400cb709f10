package dev.dsoap.jaxws.handler;

import dev.dsoap.quality.QualityAttributes;
import dev.dsoap.quality.QualityClient;
import dev.dsoap.quality.QualityFile;
import dev.dsoap.quality.QualityServer;
import dev.dsoap.quality.QualityWire;
import dev.dsoap.quality.Variant;

import dev.dsoap.host.Settings;
import jakarta.xml.soap.Node;
import jakarta.xml.soap.SOAPBody;
import jakarta.xml.soap.SOAPElement;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;

import javax.xml.namespace.QName;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * A portable JAX-WS protocol handler that does what a handler honestly can for dsoap: it counts messages per
 * operation and direction, measures round trips on the client, and carries SOAP-binQ's quality-management
 * headers. It uses only the {@code jakarta.xml.ws} and {@code jakarta.xml.soap} APIs, so any JAX-WS runtime
 * can run it, client side ({@code BindingProvider.getBinding().setHandlerChain}) and server side
 * ({@code @HandlerChain(file = "/dev/dsoap/jaxws/handler/handler-chain.xml")}); one class serves both.
 *
 * <p><b>What it is not:</b> dsoap's fast path. A handler sees the message after the runtime decoded it into
 * a SAAJ tree (on Apache CXF, installing any {@code SOAPHandler} makes CXF build that tree for every message,
 * which costs), and dsoap's own CXF path falls back to CXF's normal one when handlers are configured. It never
 * changes the SOAP body; it only adds a header block of namespace {@code urn:dsoap:quality}, without
 * {@code mustUnderstand}, so peers without the handler ignore it.
 *
 * <p><b>Quality management</b> (SOAP-binQ, format in docs/jaxws.md), on the same core code as dsoap's fast paths
 * ({@link QualityClient}, {@link QualityServer}): the client announces, in a {@code dq:Quality} block, its id, a
 * timestamp, its round-trip estimate {@code rtt} and its deviation {@code rttvar} (milliseconds, RFC 6298 per
 * operation, or the paper's average when its quality file says {@code estimator = ewma}), the attributes set on
 * {@link #attributes()}, and the message type it requests (the {@link #REQUESTED_TYPE} request-context property,
 * or its own choice from a quality file). The server chooses the type of its response from its quality file by
 * the client's attribute value, per client, on the estimate's band with the file's {@code k-rise}, {@code k-fall}
 * and {@code dwell} against oscillation (without a file it grants the requested type), hands the choice and the
 * client's attributes to the service in its message context, and answers in a
 * {@code dq:QualityAnswer} block with the echoed timestamp, the chosen type ({@link #MESSAGE_TYPE} as the
 * service left it) and its own attributes, among them {@code processing} (milliseconds from the request to
 * the response at the handler). The handler carries the decision; shaping the data to the type (fewer
 * values, a smaller image) is the application's work.
 *
 * <p><b>Configuration</b>: {@value #QUALITY_FILE} names a quality file on the class path and
 * {@value #JMX} ({@code true} by default) switches MBean registration; read from the handler chain's
 * {@code init-param}s (runtimes that pass them call {@link #init(Map)}, as CXF does), else from system
 * properties of the same names. A quality file that cannot be read fails the handler's construction, or, as
 * an init-param, every message it handles afterwards (CXF only logs exceptions from {@code init}).
 *
 * <p><b>Statistics</b>: {@link HandlerStatsMXBean}, registered as
 * {@code dev.dsoap:type=JaxwsHandler,side=client|server,endpoint=PORT,operation=OP}.
 *
 * <p>Side and pairing rely on the runtime keeping handler-scope properties of a request visible while its
 * response is handled, as JAX-WS runtimes do (checked on CXF). Thread-safe: one instance may serve
 * concurrent messages, as runtimes share an endpoint's handlers.
 */
public final class DsoapQualityHandler implements SOAPHandler<SOAPMessageContext> {
    /** Namespace of the quality headers. */
    public static final String NAMESPACE = QualityHeaders.NS;
    /** The header block a client adds to its requests. */
    public static final QName QUALITY_HEADER = QualityHeaders.QUALITY;
    /** The header block a server adds to responses to requests that carried a {@link #QUALITY_HEADER}. */
    public static final QName ANSWER_HEADER = QualityHeaders.ANSWER;

    /** Init-param or system property: class-path resource of the quality file (none by default). */
    public static final String QUALITY_FILE = "dsoap.quality.file";
    /** Init-param or system property: whether statistics are registered as MBeans (default true). */
    public static final String JMX = Settings.JMX;

    /**
     * Message-context property ({@code String}): on the server, set on the request to the type chosen for the
     * response, which the answer announces (a service may replace it in its {@code WebServiceContext}'s message
     * context); on the client, set on the response (so in the response context) to the type the server chose.
     */
    public static final String MESSAGE_TYPE = "dev.dsoap.quality.messageType";
    /**
     * Message-context property ({@code String}): on the client, put it in the request context to request a
     * type (overrides the handler's own choice); on the server, set on the request to the type the client
     * requested.
     */
    public static final String REQUESTED_TYPE = "dev.dsoap.quality.requestedType";
    /**
     * Message-context property ({@code Map<String, Double>}, immutable): the attributes the peer announced; on
     * the server set on the request, on the client on the response (so in the response context).
     */
    public static final String PEER_ATTRIBUTES = "dev.dsoap.quality.peerAttributes";
    /**
     * Message-context property ({@code Double}): on the client, set on the response to the operation's smoothed
     * round-trip time after this round trip, milliseconds.
     */
    public static final String RTT_ESTIMATE = "dev.dsoap.quality.rttEstimate";

    /** Handler scope: System.nanoTime() when the client handler saw its request. */
    private static final String CLIENT_SENT = "dev.dsoap.quality.clientSentNanos";
    /** Handler scope: System.nanoTime() when the server handler saw the request. */
    private static final String SERVER_RECEIVED = "dev.dsoap.quality.serverReceivedNanos";
    /** Handler scope: the request's timestamp to echo ("" for none); present when an answer is due. */
    private static final String ANSWER_TO = "dev.dsoap.quality.answerTo";
    /** Handler scope: the operation's QName, as seen on the exchange's first message. */
    private static final String OPERATION = "dev.dsoap.quality.operation";

    private static final String PROCESSING = "processing";
    private static final QName UNKNOWN = new QName("unknown");
    private static final Logger LOG = Logger.getLogger(DsoapQualityHandler.class.getName());

    private final QualityAttributes attributes = new QualityAttributes();
    /** Names this handler (as a client) to servers, so that they keep its selection apart from others'. */
    private final String clientId = String.format("%016x", ThreadLocalRandom.current().nextLong());
    /** Client side: the estimate and the type this handler requests, per operation. */
    private final ConcurrentHashMap<QName, QualityClient> clients = new ConcurrentHashMap<>();
    /** Server side, with a quality file: the type chosen per client ({@value QualityServer#MAX_PEERS} at most), per operation. */
    private final ConcurrentHashMap<QName, QualityServer> servers = new ConcurrentHashMap<>();
    /** Whether a refused quality header was logged already. */
    private final AtomicBoolean rejectionLogged = new AtomicBoolean();
    private volatile Config config;

    /**
     * A handler configured from system properties ({@value #QUALITY_FILE}, {@value #JMX}).
     *
     * @throws IllegalArgumentException when the quality file named is missing or malformed
     */
    public DsoapQualityHandler() {
        config = Config.read(System::getProperty, "system properties");
    }

    /**
     * Configures the handler from {@code params} ({@value #QUALITY_FILE}, {@value #JMX}); names not in it are
     * read from system properties. Runtimes call it with the handler chain's init-params (CXF does); code may
     * call it before the handler handles messages.
     *
     * @throws IllegalArgumentException when the quality file is missing or malformed; the handler then fails
     *                                  every message with a {@link WebServiceException} naming the cause
     */
    public void init(Map<String, String> params) {
        Function<String, String> values = name -> params.containsKey(name) ? params.get(name) : System.getProperty(name);
        try {
            config = Config.read(values, "handler init-params");
        } catch (RuntimeException e) {
            config = new Config(null, false, e);
            throw e;
        }
        clients.clear();
        servers.clear();
    }

    /** The attributes this handler announces to its peers (SOAP-binQ's {@code update_attribute()}). */
    public QualityAttributes attributes() {
        return attributes;
    }

    /** The quality header blocks this handler understands: {@link #QUALITY_HEADER} and {@link #ANSWER_HEADER}. */
    @Override
    public Set<QName> getHeaders() {
        return Set.of(QUALITY_HEADER, ANSWER_HEADER);
    }

    @Override
    public boolean handleMessage(SOAPMessageContext ctx) {
        handle(ctx, false);
        return true;
    }

    @Override
    public boolean handleFault(SOAPMessageContext ctx) {
        handle(ctx, true);
        return true;
    }

    @Override
    public void close(MessageContext ctx) {
    }

    private void handle(SOAPMessageContext ctx, boolean fault) {
        long now = System.nanoTime();
        Config c = config;
        if (c.error != null) {
            throw new WebServiceException("dsoap quality handler: misconfigured: " + c.error.getMessage(), c.error);
        }
        try {
            if (Boolean.TRUE.equals(ctx.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
                if (ctx.get(SERVER_RECEIVED) instanceof Long received) {
                    serverOut(ctx, c, fault, now, received);
                } else {
                    clientOut(ctx, c, fault, now);
                }
            } else {
                Object sent = ctx.get(CLIENT_SENT);
                if (sent instanceof Long || ctx.get(MessageContext.HTTP_RESPONSE_CODE) != null) {
                    clientIn(ctx, c, fault, now, sent instanceof Long l ? l : null);
                } else {
                    serverIn(ctx, c, fault, now);
                }
            }
        } catch (SOAPException e) {
            throw new WebServiceException("dsoap quality handler: cannot read or write the SOAP header: " + e, e);
        }
    }

    private void clientOut(SOAPMessageContext ctx, Config c, boolean fault, long now) throws SOAPException {
        ctx.put(CLIENT_SENT, now);
        SOAPMessage msg = ctx.getMessage();
        QName op = operation(ctx);
        ctx.put(OPERATION, op);
        HandlerStats s = stats(ctx, "client", op, c);
        s.messageOut(fault);
        if (fault) {
            return;
        }
        QualityClient.Call call = client(op, c, s).call();
        String type = ctx.get(REQUESTED_TYPE) instanceof String t && !t.isEmpty() ? checkType(t, REQUESTED_TYPE) : null;
        if (type == null) {
            type = call.variant();
        }
        QualityHeaders.writeQuality(msg, clientId, Long.toString(now), type, call.attributes());
        s.qualityOut(type);
    }

    private void serverIn(SOAPMessageContext ctx, Config c, boolean fault, long now) throws SOAPException {
        ctx.put(SERVER_RECEIVED, now);
        SOAPMessage msg = ctx.getMessage();
        QName op = operation(ctx);
        ctx.put(OPERATION, op);
        HandlerStats s = stats(ctx, "server", op, c);
        s.messageIn(fault, contentLength(ctx.get(MessageContext.HTTP_REQUEST_HEADERS)));
        QualityHeaders.Block q = read(msg, QualityHeaders.QUALITY, s);
        if (q == null) {
            return;
        }
        s.qualityIn();
        ctx.put(ANSWER_TO, q.sent() == null ? "" : q.sent());
        application(ctx, PEER_ATTRIBUTES, q.attributes());
        if (q.type() != null) {
            application(ctx, REQUESTED_TYPE, q.type());
        }
        String chosen = choose(c, q, op, s, now);
        if (chosen != null) {
            application(ctx, MESSAGE_TYPE, chosen);
        }
    }

    /** The client side of {@code op}: its estimate and its own choice by the handler's quality file, if any. */
    private QualityClient client(QName op, Config c, HandlerStats s) {
        return clients.computeIfAbsent(op, k -> {
            QualityClient q = new QualityClient(c.file, Map.of(), System::nanoTime, attributes);
            q.onSwitch(s::typeSwitch);
            return q;
        });
    }

    /**
     * The server's type for the response to {@code q}: from the quality file by the value the request carries (or
     * the handler's own, which chooses for every client), else the one requested if the file knows it, else the
     * client's type so far ({@code full} for a client never seen); without a file, the one requested.
     */
    private String choose(Config c, QualityHeaders.Block q, QName op, HandlerStats s, long now) {
        if (c.file == null) {
            return q.type();
        }
        QualityServer server = servers.computeIfAbsent(op, k -> {
            QualityServer n = new QualityServer(k.getLocalPart(), c.file, Map.of(), System::nanoTime, null, attributes);
            n.onSwitch(s::typeSwitch);
            return n;
        });
        QualityWire.Fields f = new QualityWire.Fields(q.sent(), q.type(), q.attributes());
        String chosen = server.request(f, peer(q.client()), now).variant();
        boolean valued = !Double.isNaN(f.attribute(c.file.attribute)) || !Double.isNaN(attributes.get(c.file.attribute));
        return !valued && q.type() != null && c.file.knows(q.type()) ? q.type() : chosen;
    }

    /** A client id's key among a server's peers (64-bit FNV-1a of its UTF-8 bytes; 0 for none). */
    private static long peer(String client) {
        if (client == null) {
            return 0;
        }
        long h = 0xcbf29ce484222325L;
        for (byte b : client.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return h;
    }

    private void serverOut(SOAPMessageContext ctx, Config c, boolean fault, long now, long received)
            throws SOAPException {
        HandlerStats s = stats(ctx, "server", operation(ctx), c);
        s.messageOut(fault);
        s.response((now - received) / 1000);
        if (fault || !(ctx.get(ANSWER_TO) instanceof String echo)) {
            return;
        }
        Map<String, Double> announce = attributes.asMap();
        if (!announce.containsKey(PROCESSING)) {
            announce = new TreeMap<>(announce);
            announce.put(PROCESSING, (now - received) / 1e6);
        }
        String type = ctx.get(MESSAGE_TYPE) instanceof String t && !t.isEmpty() ? checkType(t, MESSAGE_TYPE) : null;
        QualityHeaders.writeAnswer(ctx.getMessage(), echo.isEmpty() ? null : echo, type, announce);
        s.qualityOut(type);
    }

    private void clientIn(SOAPMessageContext ctx, Config c, boolean fault, long now, Long sent) throws SOAPException {
        SOAPMessage msg = ctx.getMessage();
        QName op = operation(ctx);
        HandlerStats s = stats(ctx, "client", op, c);
        s.messageIn(fault, contentLength(ctx.get(MessageContext.HTTP_RESPONSE_HEADERS)));
        QualityHeaders.Block a = fault ? null : read(msg, QualityHeaders.ANSWER, s);
        // the request's own stamp, else (when it did not survive in the context) the server's echo of it
        String stamp = sent != null ? Long.toString(sent) : a == null ? null : a.sent();
        if (!fault && stamp != null) {
            String variant = a == null || Variant.FULL.equals(a.type()) ? null : a.type();
            QualityClient q = client(op, c, s);
            double sample = q.answered(new QualityWire.Fields(stamp, variant, a == null ? Map.of() : a.attributes()),
                    false, contentLength(ctx.get(MessageContext.HTTP_RESPONSE_HEADERS)));
            if (!Double.isNaN(sample)) {
                s.roundTrip(sent != null ? (now - sent) / 1000 : (long) (sample * 1000));
                application(ctx, RTT_ESTIMATE, q.estimate());
            }
        }
        if (a != null) {
            s.qualityIn();
            application(ctx, PEER_ATTRIBUTES, a.attributes());
            if (a.type() != null) {
                application(ctx, MESSAGE_TYPE, a.type());
            }
        }
    }

    /** The quality header {@code block} of {@code msg}, or {@code null} when absent or refused (counted, logged once). */
    private QualityHeaders.Block read(SOAPMessage msg, QName block, HandlerStats s) throws SOAPException {
        try {
            return QualityHeaders.read(msg, block);
        } catch (QualityHeaders.Malformed e) {
            s.qualityRejected();
            if (rejectionLogged.compareAndSet(false, true)) {
                LOG.warning("dsoap quality handler: " + s.getSide() + " " + s.getEndpoint() + "/" + s.getOperation()
                        + ": ignored a malformed " + block.getLocalPart() + " header: " + e.getMessage()
                        + "; further ones are only counted (QualityHeadersRejected)");
            }
            return null;
        }
    }

    private static HandlerStats stats(SOAPMessageContext ctx, String side, QName op, Config c) {
        String endpoint = ctx.get(MessageContext.WSDL_PORT) instanceof QName p ? p.getLocalPart() : UNKNOWN.getLocalPart();
        return HandlerStats.of(side, endpoint, op.getLocalPart(), c.jmx);
    }

    /**
     * The exchange's operation: as stored by the handler on the exchange's first message, else the WSDL
     * operation the runtime names, else the body's first element (the operation for document/literal wrapped;
     * only then is the SAAJ message asked for).
     */
    private static QName operation(SOAPMessageContext ctx) throws SOAPException {
        if (ctx.get(OPERATION) instanceof QName q) {
            return q;
        }
        if (ctx.get(MessageContext.WSDL_OPERATION) instanceof QName q) {
            return q;
        }
        SOAPBody body = ctx.getMessage().getSOAPBody();
        if (body != null) {
            for (Iterator<Node> it = body.getChildElements(); it.hasNext(); ) {
                if (it.next() instanceof SOAPElement e) {
                    return e.getElementQName();
                }
            }
        }
        return UNKNOWN;
    }

    /** A message size from HTTP headers' {@code Content-Length}, or -1. */
    private static long contentLength(Object headers) {
        if (!(headers instanceof Map<?, ?> m)) {
            return -1;
        }
        Object v = m.get("Content-Length");
        if (v == null) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getKey() instanceof String k && k.equalsIgnoreCase("Content-Length")) {
                    v = e.getValue();
                    break;
                }
            }
        }
        if (v instanceof List<?> l) {
            v = l.isEmpty() ? null : l.get(0);
        }
        if (v instanceof String str) {
            try {
                long n = Long.parseLong(str.strip());
                return n >= 0 ? n : -1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return -1;
    }

    private static void application(SOAPMessageContext ctx, String key, Object value) {
        ctx.put(key, value);
        ctx.setScope(key, MessageContext.Scope.APPLICATION);
    }

    private static String checkType(String type, String property) {
        if (type.length() > QualityFile.MAX_TYPE) {
            throw new WebServiceException("dsoap quality handler: " + property + " '" + type.substring(0, 20)
                    + "...' has " + type.length() + " characters, at most " + QualityFile.MAX_TYPE);
        }
        return type;
    }

    @Override
    public String toString() {
        Config c = config;
        return "DsoapQualityHandler[client " + clientId + ", " + (c.file == null ? "no quality file" : c.file)
                + ", attributes " + attributes + "]";
    }

    /** What the handler was configured with; {@code error} set when configuration failed. */
    private record Config(QualityFile file, boolean jmx, RuntimeException error) {
        static Config read(Function<String, String> values, String where) {
            String f = values.apply(QUALITY_FILE);
            QualityFile file = null;
            if (f != null && !f.isBlank()) {
                file = QualityFile.load(f.strip(), Thread.currentThread().getContextClassLoader());
            }
            return new Config(file, Settings.jmx(values, where), null);
        }
    }
}
