package dev.dsoap.jaxws.metro;

import com.oracle.webservices.api.databinding.JavaCallInfo;
import com.sun.xml.ws.api.SOAPVersion;
import com.sun.xml.ws.api.databinding.Databinding;
import com.sun.xml.ws.api.message.Message;
import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.model.JavaMethod;
import com.sun.xml.ws.client.sei.SEIStub;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.host.CursorPool;
import dev.dsoap.host.Jmx;
import dev.dsoap.host.MessageBytes;
import dev.dsoap.host.OperationStats;
import dev.dsoap.host.Reply;
import dev.dsoap.host.Settings;
import dev.dsoap.jaxws.Annotations;
import dev.dsoap.jaxws.DifferentialSoap;
import dev.dsoap.parse.XmlScanner;
import dev.dsoap.template.MemoryBudget;
import jakarta.xml.ws.WebServiceException;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * dsoap's side of a Metro client proxy ({@link DsoapMetro#differential}): a call of an operation dsoap carries is made
 * by Metro's stub as always (its request packet, request context, tubes and transport), with the request's body
 * written by the operation's differential writer from the call's arguments ({@link CarriedReply}, Metro's own message
 * of the same values behind it for anything that asks for the body), and the answer read by the operation's
 * differential reader ({@link ClientCodec}) into the values returned to the caller. Faults, answers dsoap cannot read
 * and every other method go through Metro's stub and databinding, as without dsoap. Thread-safe, as Metro's proxies are.
 */
final class MetroClient implements InvocationHandler {
    static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(MetroClient.class.getName());
    /** Invocation property of a call's packets: the call dsoap makes ({@link Call}). */
    static final String CALL = MetroClient.class.getName() + ".call";

    /**
     * A call of a carried operation, for the client's codec; {@code handlers}: whether the proxy's binding had JAX-WS
     * handlers when it was made (they get dsoap's lazy SAAJ messages).
     */
    record Call(MetroClient client, MetroOperation op, boolean handlers) {
    }

    final Settings settings;
    final MemoryBudget budget;
    final SOAPVersion metroVersion;
    private final SoapVersion version;
    private final Object port;
    private final SEIStub stub;
    /** What the proxies of one interface and port share. */
    private final Shared shared;
    private final CursorPool<XmlScanner> scanners;

    /**
     * What dsoap keeps for the proxies of one service endpoint interface and port (applications often make a proxy per
     * call): the settings, the operations with their kept messages and counters, one set of MXBeans. Thread-safe.
     */
    private static final class Shared {
        final Settings settings;
        final MemoryBudget budget;
        final String service;
        final Jmx jmx;
        final PlanCache plans = new PlanCache();
        final Map<Method, MetroOperation> operations = new ConcurrentHashMap<>();
        final CursorPool<XmlScanner> scanners;

        Shared(SEIStub stub, DifferentialSoap annotation) {
            String where = "Metro client of " + stub.seiModel.getPortName();
            java.util.function.Function<String, String> values = name -> Annotations.value(annotation, name);
            this.settings = Settings.read(values, where, MetroLimits.of(System::getProperty));
            // the budget the carried Metro endpoints share, held for as long as the class loader lives
            this.budget = MetroEndpoint.acquireBudget(values, where);
            this.service = stub.seiModel.getServiceQName().getLocalPart() + "." + stub.seiModel.getPortName().getLocalPart();
            this.jmx = new Jmx(Settings.jmx(values, where), "Metro", this, LOG::warning);
            this.scanners = new CursorPool<>(() -> new XmlScanner(settings.deserializer().limits()));
        }
    }

    /** The shared state by interface (weakly: a redeployed application's classes go) and port. */
    private static final Map<Class<?>, Map<javax.xml.namespace.QName, Shared>> SHARED =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    MetroClient(Object port, SEIStub stub, Class<?> sei, DifferentialSoap annotation) {
        this.port = port;
        this.stub = stub;
        this.shared = SHARED.computeIfAbsent(sei, k -> new ConcurrentHashMap<>())
                .computeIfAbsent(stub.seiModel.getPortName(), k -> new Shared(stub, annotation));
        this.settings = shared.settings;
        this.budget = shared.budget;
        this.scanners = shared.scanners;
        this.metroVersion = stub.getBinding().getSOAPVersion();
        this.version = metroVersion == SOAPVersion.SOAP_12 ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
    }

    /** The operation {@code method} calls, built on first use; {@code null} for a method that is no operation of the SEI. */
    private MetroOperation operation(Method method) {
        MetroOperation op = shared.operations.get(method);
        if (op != null) {
            return op;
        }
        JavaMethod m = stub.seiModel.getJavaMethod(method);
        if (m == null) {
            return null; // BindingProvider's methods, asynchronous variants: Metro's stub
        }
        return shared.operations.computeIfAbsent(method, k -> {
            OperationStats stats = new OperationStats("Metro", LOG::info, shared.service, m.getOperationName());
            MetroOperation made = new MetroOperation(m, version, settings, stats, budget, shared.plans, null, true);
            shared.jmx.operation(stats, "client", false);
            return made;
        });
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                case "toString" -> "dsoap on " + port;
                default -> metros(method, args);
            };
        }
        MetroOperation op = operation(method);
        if (op == null || op.problem != null) {
            return metros(method, args);
        }
        Databinding db = stub.seiModel.getDatabinding();
        JavaCallInfo call = db.createJavaCallInfo(method, args);
        Packet request = (Packet) db.serializeRequest(call);
        boolean handlers = !stub.getBinding().getHandlerChain().isEmpty();
        Object[] parts = op.request(args);
        String unwritable = op.unwritable(parts);
        Reply written = op.carrier.write(parts, unwritable == null ? null : dev.dsoap.host.Fallback.UNSUPPORTED_VALUE, unwritable);
        CarriedReply sent = null;
        if (written != null) {
            // dsoap's bytes of the request's body; Metro's message of the same values behind them, with its header list
            sent = new CarriedReply(metroVersion, op.requestElement, written, null, null, op.stats, handlers,
                    request.getMessage());
            request.setMessage(sent);
            if (handlers) {
                request.setSAAJFactory(HandlerSaaj.INSTANCE); // handlers get the lazy SAAJ message of dsoap's bytes
            }
        }
        request.invocationProperties.put(CALL, new Call(this, op, handlers));
        Packet reply;
        try {
            reply = stub.doProcess(request, stub.requestContext, stub);
        } finally {
            if (sent != null) {
                if (handlers && request.getInternalMessage() != sent && sent.inBytes()) {
                    // a handler asked for the request's body (its SAAJ message went out in dsoap's place), or replaced it
                    written.replaced(dev.dsoap.host.Fallback.HANDLER_BODY,
                            "a JAX-WS handler of the proxy asked for the request's body or replaced it");
                }
                sent.close(); // sent, or replaced by a handler's message: the template is given back either way
            }
        }
        Message msg = reply.getInternalMessage();
        try {
            if (msg == null) {
                if (!op.oneWay || method.getReturnType() != void.class) {
                    throw new WebServiceException("no answer to " + method.getName() + " (dsoap on a Metro client)");
                }
                return null;
            }
            if (msg instanceof ReadAnswer a && a.inBytes() && a.operation == op) {
                return op.returned(a.values, args);
            }
            if (reply.invocationProperties.get(ReadAnswer.KEY) instanceof ReadAnswer a && a.inBytes() && a.handlers()) {
                // a handler asked for the answer's body (its SAAJ message went on in dsoap's place): Metro reads it
                op.stats.readFallback(dev.dsoap.host.Fallback.HANDLER_BODY, "a JAX-WS handler of the proxy asked for the answer's body");
            }
            call = db.deserializeResponse(reply, call); // a fault, or an answer dsoap did not read: Metro's reading
            if (call.getException() != null) {
                throw call.getException();
            }
            return call.getReturnValue();
        } finally {
            if (reply.transportBackChannel != null) {
                reply.transportBackChannel.close();
            }
        }
    }

    /** {@code method} called on Metro's own proxy. */
    private Object metros(Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(port, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Whether an answer of {@code contentType} is dsoap's to read: SOAP XML of the proxy's version, in UTF-8. */
    boolean readable(String contentType) {
        if (contentType == null) {
            return false;
        }
        String t = contentType.trim().toLowerCase(Locale.ROOT);
        return t.startsWith(version == SoapVersion.SOAP_12 ? "application/soap+xml" : "text/xml")
                && MessageBytes.utf8(contentType);
    }

    /** The parsers for answers' heads: take one, give it back when done. */
    CursorPool<XmlScanner> scanners() {
        return scanners;
    }
}
