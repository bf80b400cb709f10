package dev.dsoap.jaxws;

import dev.dsoap.host.BudgetStats;
import dev.dsoap.host.Jmx;
import dev.dsoap.host.Settings;
import dev.dsoap.template.MemoryBudget;
import org.apache.cxf.Bus;
import org.apache.cxf.buslifecycle.BusLifeCycleListener;
import org.apache.cxf.buslifecycle.BusLifeCycleManager;
import org.apache.cxf.common.logging.LogUtils;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.endpoint.ServerLifeCycleListener;
import org.apache.cxf.endpoint.ServerLifeCycleManager;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * What dsoap keeps for one CXF bus: the memory budget all its carried endpoints and clients share (its idle sweeps
 * stop at bus shutdown), their JMX registrations (removed at bus shutdown; a stopped server endpoint's operations
 * are withdrawn from the metrics at once), and the endpoint states by key, so that every client proxy of
 * one port shares templates and statistics. Created by the first carried endpoint or client of the bus.
 * Thread-safe.
 */
final class BusState implements BusLifeCycleListener {
    static final Logger LOG = LogUtils.getL7dLogger(BusState.class);

    final MemoryBudget budget;
    final Jmx jmx;
    private final Map<String, EndpointState> endpoints = new ConcurrentHashMap<>();
    /** Whether dsoap said it installs a bus feature CXF did not initialize ({@link AnnotationListener}). */
    private final java.util.concurrent.atomic.AtomicBoolean lateFeature = new java.util.concurrent.atomic.AtomicBoolean();
    /** Withdraws a stopped server endpoint's statistics from the metrics, and publishes them again when it starts. */
    private final ServerLifeCycleListener servers = new ServerLifeCycleListener() {
        @Override
        public void startServer(Server server) {
            EndpointState s = EndpointState.in(server.getEndpoint());
            if (s != null) {
                s.started();
            }
        }

        @Override
        public void stopServer(Server server) {
            EndpointState s = EndpointState.in(server.getEndpoint());
            if (s != null) {
                s.stopped();
            }
        }
    };

    private BusState(Bus bus, Function<String, String> values) {
        String where = "bus " + bus.getId();
        long limit = Settings.budget(values, where);
        long idle = Settings.idleNanos(values, where);
        long inFlight = Settings.maxInFlight(values, where);
        this.jmx = new Jmx(Settings.jmx(values, where), "Cxf", bus, LOG::warning);
        this.budget = MemoryBudget.open(limit, idle, where);
        budget.inFlightLimit(inFlight);
        jmx.module(new BusStats(budget));
        jmx.memory(budget);
        LOG.info("dsoap: carrying JAX-WS endpoints and clients (@DifferentialSoap or DifferentialSoapFeature) on bus " + bus.getId() + "; memory budget "
                + budget.limitBytes() + " bytes (" + (values.apply(Settings.MEMORY_BUDGET) == null ? "a tenth of the maximum heap, at most 256 MiB"
                : Settings.MEMORY_BUDGET) + "); kept state unused for " + (idle == 0 ? "any time is kept (dsoap.idleTimeout 0)" : idle / 1_000_000 + " ms is dropped")
                + "; messages in flight at most " + budget.inFlightLimitBytes() + " bytes (" + Settings.MAX_IN_FLIGHT + ")"
                + "; statistics under dev.dsoap:type=CxfOperation,context=" + jmx.context() + " and dev.dsoap:type=CxfModule,context=" + jmx.context());
    }

    /** The bus's state, created from {@code values} on first use. */
    static BusState of(Bus bus, Function<String, String> values) {
        BusState s = bus.getExtension(BusState.class);
        if (s == null) {
            synchronized (bus) {
                s = bus.getExtension(BusState.class);
                if (s == null) {
                    s = new BusState(bus, values);
                    bus.setExtension(s, BusState.class);
                    BusLifeCycleManager lifeCycle = bus.getExtension(BusLifeCycleManager.class);
                    if (lifeCycle != null) {
                        lifeCycle.registerLifeCycleListener(s);
                    }
                    ServerLifeCycleManager servers = bus.getExtension(ServerLifeCycleManager.class);
                    if (servers != null) {
                        servers.registerListener(s.servers);
                    }
                }
            }
        }
        return s;
    }

    /** The endpoint state for {@code key}, made by {@code make} once. */
    EndpointState endpoint(String key, Function<String, EndpointState> make) {
        return endpoints.computeIfAbsent(key, make);
    }

    /** {@code true} the first time only: the one call that says a late bus feature is installed. */
    boolean firstLateFeature() {
        return lateFeature.compareAndSet(false, true);
    }

    @Override
    public void initComplete() {
    }

    @Override
    public void preShutdown() {
    }

    @Override
    public void postShutdown() {
        budget.close();
        jmx.close();
        endpoints.clear();
    }

    /** The bus-wide gauges of the budget. */
    private static final class BusStats extends BudgetStats implements BusStatsMXBean {
        BusStats(MemoryBudget budget) {
            super(budget);
        }
    }
}
