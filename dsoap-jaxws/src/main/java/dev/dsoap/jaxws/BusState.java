package dev.dsoap.jaxws;

import dev.dsoap.host.Jmx;
import dev.dsoap.host.Settings;
import dev.dsoap.template.MemoryBudget;
import org.apache.cxf.Bus;
import org.apache.cxf.buslifecycle.BusLifeCycleListener;
import org.apache.cxf.buslifecycle.BusLifeCycleManager;
import org.apache.cxf.common.logging.LogUtils;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * What dsoap keeps for one CXF bus: the memory budget all its carried endpoints and clients share, their JMX
 * registrations (removed at bus shutdown), and the endpoint states by key, so that every client proxy of
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

    private BusState(Bus bus, Function<String, String> values) {
        this.budget = new MemoryBudget(Settings.budget(values, "bus " + bus.getId()));
        budget.inFlightLimit(Settings.maxInFlight(values, "bus " + bus.getId()));
        this.jmx = new Jmx(Settings.jmx(values, "bus " + bus.getId()), "Cxf", bus, LOG::warning);
        jmx.module(new Stats(budget));
        LOG.info("dsoap: carrying JAX-WS endpoints and clients (@DifferentialSoap or DifferentialSoapFeature) on bus " + bus.getId() + "; memory budget "
                + budget.limitBytes() + " bytes, of which messages in flight " + budget.inFlightLimitBytes() + " bytes; statistics under dev.dsoap:type=CxfOperation,context=" + jmx.context());
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

    /** The bus-wide gauges, registered as {@code dev.dsoap:type=CxfModule,context=N}. */
    private record Stats(MemoryBudget budget) implements BusStatsMXBean {
        @Override
        public long getMemoryBudgetBytes() {
            return budget.limitBytes();
        }

        @Override
        public long getMemoryUsedBytes() {
            return budget.usedBytes();
        }

        @Override
        public long getEvictions() {
            return budget.evictions();
        }

        @Override
        public long getInFlightBytes() {
            return budget.inFlightBytes();
        }

        @Override
        public long getInFlightPeakBytes() {
            return budget.inFlightPeakBytes();
        }

        @Override
        public long getInFlightLimitBytes() {
            return budget.inFlightLimitBytes();
        }

        @Override
        public long getInFlightRefusals() {
            return budget.inFlightRefusals();
        }
    }

    @Override
    public void initComplete() {
    }

    @Override
    public void preShutdown() {
    }

    @Override
    public void postShutdown() {
        jmx.close();
        endpoints.clear();
    }
}
