package dev.dsoap.jaxws;

import dev.dsoap.binding.SoapVersion;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.host.Carrier;
import dev.dsoap.host.ClientId;
import dev.dsoap.host.CursorPool;
import dev.dsoap.host.OperationStats;
import dev.dsoap.host.QualitySetting;
import dev.dsoap.host.Settings;
import dev.dsoap.parse.XmlScanner;
import dev.dsoap.quality.QualityAttributes;
import dev.dsoap.quality.QualityHandler;
import org.apache.cxf.Bus;
import org.apache.cxf.binding.soap.model.SoapBindingInfo;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.helpers.CastUtils;
import org.apache.cxf.message.Message;
import org.apache.cxf.service.Service;
import org.apache.cxf.service.invoker.MethodDispatcher;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.service.model.EndpointInfo;

import javax.xml.namespace.QName;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * dsoap's state for one carried port on one side: a server endpoint, or every client proxy of a port on a
 * bus. Holds the settings, the operations (built on their first message), the statistics of messages that
 * fall back before their operation is known, and the per-thread parsers for message heads. Thread-safe.
 */
final class EndpointState {
    /** Property under which a CXF endpoint holds its state. */
    static final String KEY = EndpointState.class.getName();
    /** Class names of interceptors the configuration declares harmless, comma-separated. */
    static final String TRUSTED = "dsoap.trustedInterceptors";
    /** Property under which a client endpoint (one per proxy) keeps the id it sends. */
    static final String CLIENT_ID = "dev.dsoap.clientId";

    final boolean client;
    final String service;
    final Settings settings;
    final Set<String> trusted;
    final SoapVersion version;
    /** The service's local name, as quality files name it. */
    final String serviceName;
    /** Quality management ({@code dsoap.quality}). */
    final QualitySetting quality;
    /** The application's quality handlers by name ({@link QualitySetting#HANDLERS}), or {@code null}. */
    final Function<String, QualityHandler> qualityHandlers;
    /** An endpoint's own quality attributes; a client's shared by its proxies (each proxy adds its own). */
    final QualityAttributes qualityAttributes;
    /** Messages that fall back before their operation is known (attachments, charset, unknown operation). */
    final OperationStats unknown;
    private final BusState bus;
    private final Map<QName, Operation> operations = new ConcurrentHashMap<>();
    /** Operations by the format id of their binary requests, found so far. */
    private final Map<Long, BindingOperationInfo> formats = new ConcurrentHashMap<>();
    /** Plans of this port's messages. */
    private final PlanCache plans = new PlanCache();
    /** Counts and checks messages that fall back before their operation is known. */
    final Carrier unplanned;
    private final CursorPool<XmlScanner> scanners;

    /** The bus's memory budget, on which messages are reserved while they are read. */
    dev.dsoap.template.MemoryBudget budget() {
        return bus.budget;
    }

    private EndpointState(BusState bus, Bus cxf, Endpoint endpoint, boolean client, Function<String, String> values) {
        EndpointInfo info = endpoint.getEndpointInfo();
        this.bus = bus;
        this.client = client;
        this.service = info.getService().getName().getLocalPart() + "." + info.getName().getLocalPart();
        this.settings = Settings.read(values, (client ? "client of " : "endpoint ") + info.getName(), CxfLimits.of(values));
        String t = values.apply(TRUSTED);
        this.trusted = t == null ? Set.of()
                : Arrays.stream(t.split(",")).map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet());
        this.version = info.getBinding() instanceof SoapBindingInfo sb && sb.getSoapVersion() != null
                && sb.getSoapVersion().getVersion() == 1.2 ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
        this.serviceName = info.getService().getName().getLocalPart();
        this.quality = QualitySetting.of(settings.quality(), Thread.currentThread().getContextClassLoader());
        Object handlers = endpoint.get(QualitySetting.HANDLERS);
        if (handlers == null) {
            handlers = cxf.getProperty(QualitySetting.HANDLERS);
        }
        this.qualityHandlers = QualitySetting.handlers(handlers);
        this.qualityAttributes = client ? new QualityAttributes() : Quality.attributes(endpoint);
        this.unknown = stats("*");
        this.unplanned = Carrier.builder(settings, unknown, null, plans).noReads("operation not known yet")
                .noWrites("operation not known yet").build();
        bus.jmx.operation(unknown, side(), false);
        this.scanners = new CursorPool<>(() -> new XmlScanner(settings.deserializer().limits()));
    }

    /**
     * The state of {@code endpoint}, made on first use and kept in its properties; client endpoints of one
     * port on one bus share one state.
     *
     * @param annotation the {@code @DifferentialSoap} found on the classes, or {@code null} (defaults)
     */
    static EndpointState of(Bus bus, Endpoint endpoint, boolean client, DifferentialSoap annotation) {
        Object kept = endpoint.get(KEY);
        if (kept instanceof EndpointState s) {
            return s;
        }
        Function<String, String> values = name -> {
            Object v = endpoint.get(name);
            if (v == null) {
                v = bus.getProperty(name);
            }
            return v != null ? v.toString() : annotation == null ? null : Annotations.value(annotation, name);
        };
        BusState b = BusState.of(bus, values);
        EndpointInfo info = endpoint.getEndpointInfo();
        String key = (client ? "client " : "server " + info.getAddress() + " ") + info.getService().getName()
                + " " + info.getName();
        EndpointState s = b.endpoint(key, k -> new EndpointState(b, bus, endpoint, client, values));
        endpoint.put(KEY, s);
        s.started(); // a new endpoint at a stopped one's address
        return s;
    }

    /**
     * Names this client in {@code m}'s HTTP headers ({@code dsoap.clientIdHeader}, unless set to none or already
     * set by the caller): a random id kept by the proxy's endpoint for its life, so that a server reads this
     * proxy's requests against its own kept message and a load balancer can keep it on one server.
     */
    void nameClient(Message m) {
        String header = settings.clientIdHeader();
        Endpoint endpoint = m.getExchange() == null ? null : m.getExchange().getEndpoint();
        if (!client || header == null || endpoint == null) {
            return;
        }
        Object id = endpoint.computeIfAbsent(CLIENT_ID, k -> ClientId.random());
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (m.get(Message.PROTOCOL_HEADERS) instanceof Map<?, ?> given) {
            for (Map.Entry<?, ?> e : given.entrySet()) {
                if (e.getKey() instanceof String k && e.getValue() instanceof List<?> v) {
                    headers.put(k, CastUtils.cast(v));
                }
            }
        }
        if (!headers.containsKey(header)) {
            headers.put(header, List.of(id.toString()));
            m.put(Message.PROTOCOL_HEADERS, headers);
        }
    }

    /** The state kept in {@code endpoint}, or {@code null}. */
    static EndpointState in(Endpoint endpoint) {
        return endpoint != null && endpoint.get(KEY) instanceof EndpointState s ? s : null;
    }

    /** Whether the server endpoint is stopped, its statistics withdrawn from the metrics; guarded by this. */
    private boolean stopped;

    /** The server endpoint stopped: its operations' statistics are withdrawn from the metrics (the MBeans stay). */
    synchronized void stopped() {
        if (client || stopped) {
            return;
        }
        stopped = true;
        bus.jmx.withdraw(unknown);
        for (Operation op : operations.values()) {
            bus.jmx.withdraw(op.stats);
        }
    }

    /** The server endpoint started (again): statistics withdrawn when it stopped are published again. */
    synchronized void started() {
        if (!stopped) {
            return;
        }
        stopped = false;
        bus.jmx.resume(unknown);
        for (Operation op : operations.values()) {
            bus.jmx.resume(op.stats);
        }
    }

    String side() {
        return client ? "client" : "server";
    }

    /** The operation of {@code bop}, built on first use. */
    Operation operation(BindingOperationInfo bop, Service service) {
        BindingOperationInfo wrapped = bop.isUnwrapped() ? bop.getWrappedOperation() : bop;
        return operations.computeIfAbsent(wrapped.getName(), n -> {
            MethodDispatcher dispatcher = service == null ? null
                    : (MethodDispatcher) service.get(MethodDispatcher.class.getName());
            OperationStats stats = stats(n.getLocalPart());
            Operation op = new Operation(wrapped, dispatcher, version, client, settings, stats, bus.budget, plans, this);
            bus.jmx.operation(stats, side(), false);
            return op;
        });
    }

    /**
     * The operation whose binary requests have format {@code id}, or {@code null}: the endpoint's operations are
     * built (as on their first message) and their request formats remembered.
     */
    BindingOperationInfo operationOfFormat(long id, org.apache.cxf.message.Exchange ex) {
        BindingOperationInfo known = formats.get(id);
        if (known != null || ex.getEndpoint() == null) {
            return known;
        }
        for (BindingOperationInfo bop : ex.getEndpoint().getEndpointInfo().getBinding().getOperations()) {
            Operation op = operation(bop, ex.getService());
            if (op.binary) {
                for (dev.dsoap.binary.BinaryFormat f : op.carrier.binaryIns()) {
                    formats.putIfAbsent(f.id(), bop);
                }
            }
        }
        return formats.get(id);
    }

    /** The binary formats the operations of {@code ex}'s endpoint read. */
    java.util.List<dev.dsoap.binary.BinaryFormat> binaryFormats(org.apache.cxf.message.Exchange ex) {
        java.util.List<dev.dsoap.binary.BinaryFormat> all = new java.util.ArrayList<>();
        if (ex.getEndpoint() != null) {
            for (BindingOperationInfo bop : ex.getEndpoint().getEndpointInfo().getBinding().getOperations()) {
                Operation op = operation(bop, ex.getService());
                if (op.binary) {
                    all.addAll(op.carrier.binaryIns());
                }
            }
        }
        return all;
    }

    /**
     * The parsers for message heads: pooled, not thread-local, so that CXF's and the container's threads hold
     * nothing of dsoap after the endpoint's application stops. Take one, give it back when done.
     */
    CursorPool<XmlScanner> scanners() {
        return scanners;
    }

    private OperationStats stats(String operation) {
        return new OperationStats("CXF", BusState.LOG::info, service, operation);
    }
}
