package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.SOAPVersion;
import com.sun.xml.ws.api.WSBinding;
import com.sun.xml.ws.api.model.JavaMethod;
import com.sun.xml.ws.api.model.SEIModel;
import com.sun.xml.ws.api.model.wsdl.WSDLPort;
import com.sun.xml.ws.api.server.WSEndpoint;
import com.sun.xml.ws.assembler.dev.ServerTubelineAssemblyContext;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.host.Carrier;
import dev.dsoap.host.CursorPool;
import dev.dsoap.host.Jmx;
import dev.dsoap.host.OperationStats;
import dev.dsoap.host.Settings;
import dev.dsoap.jaxws.Annotations;
import dev.dsoap.jaxws.DifferentialSoap;
import dev.dsoap.parse.XmlScanner;
import dev.dsoap.template.MemoryBudget;

import javax.xml.namespace.QName;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * dsoap's state for one carried Metro server endpoint: its settings (from {@code @DifferentialSoap}), the memory budget
 * all carried Metro endpoints share,
 * MXBeans ({@code type=MetroOperation}), and operations by their request element, each built on its first request.
 * Thread-safe.
 */
final class MetroEndpoint {
    static final Logger LOG = Logger.getLogger(MetroEndpoint.class.getName());

    final Settings settings;
    final SoapVersion version;
    final SOAPVersion metroVersion;
    final MemoryBudget budget;
    final SEIModel model;
    final WSDLPort port;
    final WSBinding binding;
    /** Quality management ({@code dsoap.quality}: a quality file), or {@code null} when off. */
    final MetroOperation.Quality quality;
    /** Whether the endpoint has JAX-WS handlers (Metro reads its chain when it assembles the endpoint). */
    final boolean handlers;
    /** Messages that fall back before their operation is known. */
    final OperationStats unknown;
    final Carrier unplanned;
    private final String service;
    private final Jmx jmx;
    private final PlanCache plans = new PlanCache();
    private final Map<QName, MetroOperation> operations = new ConcurrentHashMap<>();
    private final CursorPool<XmlScanner> scanners;
    /** Metro's own codec of the endpoint, which decodes what dsoap leaves to Metro. */
    private final com.sun.xml.ws.api.pipe.Codec metroCodec;

    private MetroEndpoint(ServerTubelineAssemblyContext context, Function<String, String> values) {
        WSEndpoint<?> endpoint = context.getEndpoint();
        this.metroCodec = context.getWrappedContext().getCodec();
        this.model = context.getSEIModel();
        this.port = context.getWsdlPort();
        this.binding = endpoint.getBinding();
        this.service = endpoint.getServiceName().getLocalPart() + "." + endpoint.getPortName().getLocalPart();
        String where = "Metro endpoint " + endpoint.getPortName();
        this.settings = Settings.read(values, where, MetroLimits.of(System::getProperty));
        this.metroVersion = binding.getSOAPVersion();
        this.version = metroVersion == SOAPVersion.SOAP_12 ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
        this.budget = acquireBudget(values, where);
        this.jmx = new Jmx(Settings.jmx(values, where), "Metro", endpoint, LOG::warning);
        jmx.memory(budget);
        dev.dsoap.host.QualitySetting q = dev.dsoap.host.QualitySetting.of(settings.quality(),
                Thread.currentThread().getContextClassLoader());
        this.quality = q.files() != null ? new MetroOperation.Quality(q, endpoint.getServiceName().getLocalPart(),
                new dev.dsoap.quality.QualityAttributes()) : null;
        this.handlers = !binding.getHandlerChain().isEmpty();
        this.xmlNeeded = xmlNeeded(binding, handlers);
        this.secured = SecurityPolicies.of(context.getPolicyMap(), port);
        // JAX-WS handlers run on dsoap's messages: one that asks for the body gets Metro's message of the same bytes,
        // and that message goes Metro's way (HANDLER_BODY)
        this.unknown = stats("*");
        this.unplanned = Carrier.builder(settings, unknown, null, plans).noReads("operation not known yet")
                .noWrites("operation not known yet").build();
        jmx.operation(unknown, "server", false);
        this.scanners = new CursorPool<>(() -> new XmlScanner(settings.deserializer().limits()));
        LOG.info("dsoap: carrying Metro endpoint " + endpoint.getServiceName() + " " + endpoint.getPortName()
                + " (@DifferentialSoap); memory budget " + budget.limitBytes() + " bytes; statistics under dev.dsoap:type=MetroOperation,context="
                + jmx.context());
    }

    static MetroEndpoint of(ServerTubelineAssemblyContext context, DifferentialSoap annotation) {
        return new MetroEndpoint(context, name -> Annotations.value(annotation, name));
    }

    /** The operation whose requests' body element is {@code element}, built on first use, or {@code null} if none. */
    MetroOperation operation(QName element) {
        MetroOperation op = operations.get(element);
        if (op != null) {
            return op;
        }
        JavaMethod m = model.getJavaMethod(element);
        if (m == null) {
            return null;
        }
        return operations.computeIfAbsent(element, e -> {
            OperationStats stats = stats(m.getOperationName());
            MetroOperation made = new MetroOperation(m, version, settings, stats, budget, plans, quality, false);
            jmx.operation(stats, "server", false);
            return made;
        });
    }

    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    /** The endpoint was disposed (stopped): its MXBeans are unregistered and its budget's sweeping stops. Idempotent. */
    void close() {
        if (closed.compareAndSet(false, true)) {
            jmx.close();
            releaseBudget();
        }
    }

    /** The budget the carried Metro endpoints of this class loader share, and how many live endpoints hold it. */
    private static MemoryBudget shared;
    private static int holders;

    /**
     * The memory budget every carried Metro endpoint shares (as CXF's endpoints share their bus's): made from the
     * settings of the first endpoint that needs it, so that endpoints together keep at most that share of the heap.
     */
    static synchronized MemoryBudget acquireBudget(Function<String, String> values, String where) {
        if (shared == null) {
            shared = MemoryBudget.open(Settings.budget(values, where), Settings.idleNanos(values, where),
                    "Metro endpoints (settings of " + where + ")");
            shared.inFlightLimit(Settings.maxInFlight(values, where));
        }
        holders++;
        return shared;
    }

    /** The last live endpoint stopped: the shared budget stops sweeping, and the next endpoint makes a new one. */
    private static synchronized void releaseBudget() {
        if (--holders == 0) {
            shared.close();
            shared = null;
        }
    }

    /** Operations by the binary formats of their requests, filled on the first binary request. */
    private final Map<Long, MetroOperation> formats = new ConcurrentHashMap<>();

    /** Every operation of the endpoint, built now if not yet. */
    private List<MetroOperation> all() {
        List<MetroOperation> ops = new java.util.ArrayList<>();
        for (JavaMethod m : model.getJavaMethods()) {
            MetroOperation op = m instanceof com.sun.xml.ws.model.JavaMethodImpl jm && jm.getRequestPayloadName() != null
                    ? operation(jm.getRequestPayloadName()) : null;
            if (op != null) {
                ops.add(op);
            }
        }
        return ops;
    }

    /** The operation whose requests' binary format is {@code id}, or {@code null}. */
    MetroOperation operationOfFormat(long id) {
        MetroOperation known = formats.get(id);
        if (known != null) {
            return known;
        }
        for (MetroOperation op : all()) {
            if (op.binary) {
                for (dev.dsoap.binary.BinaryFormat f : op.carrier.binaryIns()) {
                    formats.putIfAbsent(f.id(), op);
                }
            }
        }
        return formats.get(id);
    }

    /** The binary formats the endpoint's operations read. */
    List<dev.dsoap.binary.BinaryFormat> binaryFormats() {
        List<dev.dsoap.binary.BinaryFormat> formats = new java.util.ArrayList<>();
        for (MetroOperation op : all()) {
            if (op.binary) {
                formats.addAll(op.carrier.binaryIns());
            }
        }
        return formats;
    }

    /**
     * What on this endpoint needs its messages in XML (JAX-WS handlers, schema validation, message dumping,
     * WS-Addressing required, whose header blocks a binary frame does not carry), or {@code null}: binary requests are
     * then refused (415) and answers stay XML.
     */
    String binaryObstacle() {
        if (secured != null) {
            return secured;
        }
        if (xmlNeeded != null) {
            return xmlNeeded;
        }
        return com.sun.xml.ws.transport.http.HttpAdapter.dump ? "Metro's message dump (HttpAdapter.dump)" : null;
    }

    /**
     * Why WSIT reads and writes every message of the endpoint (its policy asks for WS-Security: {@link SecurityPolicies}),
     * or {@code null}. Such requests go Metro's way as they arrive, counted as {@code INTERCEPTORS}, and Metro answers them.
     */
    final String secured;

    /** {@link #binaryObstacle()}'s part fixed when the endpoint is assembled, or {@code null}. */
    private final String xmlNeeded;

    /** What of {@code binding}'s configuration needs the messages in XML, or {@code null}. */
    private static String xmlNeeded(WSBinding binding, boolean handlers) {
        if (handlers) {
            return "JAX-WS handlers";
        }
        if (binding.isFeatureEnabled(com.sun.xml.ws.developer.SchemaValidationFeature.class)) {
            return "schema validation";
        }
        if (binding.isFeatureEnabled(com.sun.xml.ws.dump.MessageDumpingFeature.class)) {
            return "message dumping";
        }
        jakarta.xml.ws.soap.AddressingFeature a = binding.getFeature(jakarta.xml.ws.soap.AddressingFeature.class);
        return a != null && a.isEnabled() && a.isRequired() ? "WS-Addressing required" : null;
    }

    /** The content type of the answers dsoap writes. */
    String answerType() {
        return version == SoapVersion.SOAP_12 ? "application/soap+xml; charset=utf-8" : "text/xml; charset=utf-8";
    }

    /** Metro's own codec (copy it before use: one thread at a time). */
    com.sun.xml.ws.api.pipe.Codec codec() {
        return metroCodec;
    }

    CursorPool<XmlScanner> scanners() {
        return scanners;
    }

    private OperationStats stats(String operation) {
        return new OperationStats("Metro", LOG::info, service, operation);
    }
}
