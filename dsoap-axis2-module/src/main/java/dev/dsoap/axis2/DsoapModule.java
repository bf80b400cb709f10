package dev.dsoap.axis2;

import dev.dsoap.host.BudgetStats;
import dev.dsoap.host.Settings;
import dev.dsoap.host.Jmx;
import dev.dsoap.host.OperationStats;
import dev.dsoap.template.MemoryBudget;
import org.apache.axis2.AxisFault;
import org.apache.axis2.builder.Builder;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.AxisDescription;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.engine.MessageReceiver;
import org.apache.axis2.kernel.MessageFormatter;
import org.apache.axis2.modules.Module;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.neethi.Assertion;
import org.apache.neethi.Policy;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The dsoap Axis2 module ({@code dsoap-VERSION.mar}, {@code <module ref="dsoap"/>}). At deployment it wraps
 * the builders and formatters of {@code text/xml} and {@code application/soap+xml} (they delegate every
 * message that is not dsoap's); when engaged on an operation served by Axis2's POJO receivers it replaces
 * the receiver with dsoap's, which reads requests differentially and writes responses differentially and
 * falls back to the original receiver for anything it does not carry. Engaged on a client (a
 * ConfigurationContext whose axis2.xml engages it, or {@code ServiceClient.engageModule("dsoap")}), it writes
 * wsdl2java stubs' requests differentially and hands their responses on without an AXIOM tree
 * ({@link ClientOperation}). A service with a carried operation names dsoap's binary encoding in the WSDL Axis2
 * generates for it ({@link Advertisement}).
 *
 * <p>Settings are {@code dsoap.*} parameters (module.xml, axis2.xml, services.xml, operations); statistics are
 * MBeans under {@code dev.dsoap}. See docs/axis2.md.
 *
 * <p>Axis2 creates one instance per configuration and calls it from its deployment threads.
 */
public final class DsoapModule implements Module {
    private static final Log LOG = LogFactory.getLog(DsoapModule.class);

    /** Counters for one operation, logging their fallbacks through commons-logging as Axis2 does. */
    static OperationStats stats(String service, String operation) {
        return new OperationStats("Axis2", LOG::info, service, operation);
    }
    /** The content types whose builders and formatters are wrapped. */
    static final String[] CONTENT_TYPES = {"text/xml", "application/soap+xml"};
    private static final String RPC_IN_OUT = "org.apache.axis2.rpc.receivers.RPCMessageReceiver";
    private static final String RPC_IN_ONLY = "org.apache.axis2.rpc.receivers.RPCInOnlyMessageReceiver";

    private AxisModule module;
    private MemoryBudget budget;
    private Engagement engagement;
    private Jmx jmx;
    /** Withdraws a removed or stopped service's statistics from the metrics. */
    private ServiceObserver observer;
    private final AtomicInteger operations = new AtomicInteger();
    /** Client operations by service base name and operation name; guarded by this. */
    private final java.util.Map<String, ClientOperation> clients = new java.util.HashMap<>();

    @Override
    public synchronized void init(ConfigurationContext context, AxisModule module) throws AxisFault {
        this.module = module;
        try {
            long limit = Parameters.budget(module);
            long idle = Parameters.idleNanos(module);
            long inFlight = Parameters.maxInFlight(module);
            AxisConfiguration config = context.getAxisConfiguration();
            Settings defaults = Parameters.of(null, module);
            boolean withJmx = Parameters.jmx(module);
            this.jmx = new Jmx(withJmx, "Axis2", context, LOG::warn);
            if (this.budget != null) {
                this.budget.close();
            }
            this.budget = MemoryBudget.open(limit, idle, "Axis2 configuration " + jmx.context()); // last: nothing fails after the timer starts
            budget.inFlightLimit(inFlight);
            this.engagement = new Engagement(config, defaults.deserializer().limits(), budget);
        } catch (IllegalArgumentException e) {
            throw new AxisFault("dsoap: " + e.getMessage(), e);
        }
        install(context.getAxisConfiguration());
        jmx.module(new ModuleStats());
        jmx.memory(budget);
        observer = new ServiceObserver(jmx);
        context.getAxisConfiguration().addObservers(observer);
        jmx.operation(engagement.unknownStats(), "server", true); // binary requests refused before dispatch
        LOG.info("dsoap " + module.getVersion() + ": builders and formatters of text/xml and application/soap+xml wrapped; "
                + "memory budget " + budget.limitBytes() + " bytes (" + (Parameters.set(module, Settings.MEMORY_BUDGET)
                ? Settings.MEMORY_BUDGET : "a tenth of the maximum heap, at most 256 MiB") + "); kept state unused for "
                + (budget.idleNanos() == 0 ? "any time is kept (dsoap.idleTimeout 0)" : budget.idleNanos() / 1_000_000 + " ms is dropped")
                + "; messages in flight at most " + budget.inFlightLimitBytes() + " bytes (" + Settings.MAX_IN_FLIGHT + ")"
                + "; statistics under dev.dsoap:context=" + jmx.context());
    }

    private void install(AxisConfiguration config) {
        String binary = dev.dsoap.negotiation.BinaryMediaType.NAME;
        if (!(config.getMessageBuilder(binary) instanceof BinaryBuilder)) {
            config.addMessageBuilder(binary, new BinaryBuilder(engagement));
        }
        if (!(config.getMessageFormatter(binary) instanceof BinaryFormatter)) {
            config.addMessageFormatter(binary, new BinaryFormatter());
        }
        for (String type : CONTENT_TYPES) {
            Builder b = config.getMessageBuilder(type);
            if (b != null && !(b instanceof Capture)) {
                config.addMessageBuilder(type, new Capture(b, engagement));
            }
            MessageFormatter f = config.getMessageFormatter(type);
            if (f != null && !(f instanceof TemplateFormatter)) {
                config.addMessageFormatter(type, new TemplateFormatter(f));
            }
        }
    }

    @Override
    public synchronized void engageNotify(AxisDescription description) throws AxisFault {
        if (!(description instanceof AxisOperation op) || engagement == null) {
            return;
        }
        MessageReceiver receiver = op.getMessageReceiver();
        AxisService service = op.getAxisService();
        if (service != null && service.isClientSide()) {
            engageClient(service, op);
            return;
        }
        if (receiver == null || receiver instanceof DsoapReceiver || service == null) {
            return;
        }
        String name = receiver.getClass().getName();
        boolean rpc = name.equals(RPC_IN_OUT) || name.equals(RPC_IN_ONLY);
        if (!rpc && !AdbOperation.generated(receiver)) {
            LOG.info("dsoap: " + service.getName() + "/" + op.getName().getLocalPart() + " is served by " + name
                    + ", which dsoap does not take over (it carries Axis2's POJO receivers and wsdl2java's ADB ones);"
                    + " Axis2's path stays in place");
            return;
        }
        Settings settings;
        boolean policy;
        try {
            settings = Parameters.of(op, module);
            policy = Parameters.binaryPolicy(op, module);
        } catch (IllegalArgumentException e) {
            throw new AxisFault("dsoap: " + e.getMessage(), e);
        }
        CarriedOperation carried;
        try {
            carried = rpc ? new RpcOperation(service, op, settings, budget) : new AdbOperation(service, op, settings, budget);
        } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
            throw new AxisFault("dsoap: " + service.getName() + "/" + op.getName().getLocalPart() + ": " + e.getMessage(), e);
        }
        carried.engagement = engagement;
        op.setMessageReceiver(new DsoapReceiver(receiver, carried, module));
        engagement.add(service.getName());
        if (policy) {
            Advertisement.publish(service, settings.binary());
        }
        jmx.operation(carried.stats, "server", true);
        observer.carried(service.getName(), carried.stats);
        operations.incrementAndGet();
    }

    /**
     * Engages dsoap on a client-side operation (of a stub or ServiceClient): the operation is given the
     * {@link ClientOperation} of its service's base name and its own name, made on first sight.
     */
    private void engageClient(AxisService service, AxisOperation op) throws AxisFault {
        if (ClientOperation.of(op) != null) {
            return;
        }
        String name = ClientOperation.baseName(service.getName()) + "/" + op.getName().getLocalPart();
        ClientOperation client = clients.get(name);
        if (client == null) {
            try {
                client = new ClientOperation(ClientOperation.baseName(service.getName()), op.getName().getLocalPart(),
                        Parameters.of(op, module), budget);
            } catch (IllegalArgumentException e) {
                throw new AxisFault("dsoap: " + e.getMessage(), e);
            }
            clients.put(name, client);
            jmx.operation(client.stats, "client", true);
        }
        op.addParameter(new Parameter(ClientOperation.PARAMETER, client));
    }

    @Override
    public boolean canSupportAssertion(Assertion assertion) {
        return false;
    }

    @Override
    public void applyPolicy(Policy policy, AxisDescription description) {
    }

    @Override
    public synchronized void shutdown(ConfigurationContext context) {
        if (budget != null) {
            budget.close(); // ends the idle sweeps of this configuration (and the dsoap-idle thread with the last one)
        }
        if (jmx != null) {
            jmx.close();
        }
    }

    /** The module-wide gauges. */
    private final class ModuleStats extends BudgetStats implements ModuleStatsMXBean {
        ModuleStats() {
            super(budget);
        }

        @Override
        public int getOperations() {
            return operations.get();
        }
    }
}
