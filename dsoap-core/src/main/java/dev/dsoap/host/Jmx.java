package dev.dsoap.host;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Registers one host configuration's MBeans on the platform server under
 * {@code dev.dsoap:type=<Host>Operation,context=N,...} and removes them on {@link #close()}. Beans that
 * would share a name get an {@code instance} key. A registration failure is logged, never fatal. Whether or not
 * MBeans are enabled, the operations and the memory budget are also published to {@link LiveStats} (for metrics
 * binders) and withdrawn on {@link #close()}. Thread-safe.
 */
public final class Jmx {
    private final boolean enabled;
    /** Prefix of the {@code type} key, e.g. {@code Axis2}: {@code Axis2Operation}, {@code Axis2Module}. */
    private final String host;
    /** Tells apart the configurations of one JVM (Axis2 configurations, CXF buses). */
    private final String context;
    /** Receives a warning line when a bean cannot be registered. */
    private final Consumer<String> warn;
    private final List<ObjectName> names = new ArrayList<>();
    /** Every operation this instance published, withdrawn or not; guarded by this. */
    private final java.util.Map<OperationStats, LiveStats.Operation> operations = new java.util.LinkedHashMap<>();
    /** The budget this instance published, or {@code null}; guarded by this. */
    private LiveStats.Budget budget;

    /**
     * @param enabled       whether to register at all
     * @param host          prefix of the {@code type} key, e.g. {@code Axis2} or {@code Cxf}
     * @param configuration the host configuration the beans belong to; its identity names the context
     * @param warn          receives a line when registration fails
     */
    public Jmx(boolean enabled, String host, Object configuration, Consumer<String> warn) {
        this.enabled = enabled;
        this.host = host;
        this.context = Integer.toHexString(System.identityHashCode(configuration));
        this.warn = warn;
    }

    /** The {@code context} key's value. */
    public String context() {
        return context;
    }

    /**
     * Registers {@code stats} as {@code type=<Host>Operation,context=..,side=..,service=..,operation=..}.
     *
     * @param replace what to do when this instance has registered a bean of that name before: replace it
     *                (the operation of a redeployed service), or keep it and register this one with an added
     *                {@code instance=2}, {@code 3}, ... key (a second live endpoint of the same service and
     *                port). A name registered by someone else is never taken over: this bean gets an
     *                {@code instance} key.
     */
    public void operation(OperationStats stats, String side, boolean replace) {
        publish(stats, side, replace);
        register("type=" + host + "Operation,context=" + context + ",side=" + side
                + ",service=" + ObjectName.quote(stats.getService())
                + ",operation=" + ObjectName.quote(stats.getOperation()), stats, replace);
    }

    /** Publishes {@code stats} to {@link LiveStats}, withdrawing, when {@code replace}, this instance's earlier one of that name. */
    private synchronized void publish(OperationStats stats, String side, boolean replace) {
        if (replace) {
            for (java.util.Iterator<LiveStats.Operation> i = operations.values().iterator(); i.hasNext(); ) {
                LiveStats.Operation old = i.next();
                if (old.stats() != stats && old.side().equals(side) && old.stats().getService().equals(stats.getService())
                        && old.stats().getOperation().equals(stats.getOperation())) {
                    LiveStats.remove(old);
                    i.remove();
                }
            }
        }
        LiveStats.Operation op = new LiveStats.Operation(host, context, side, stats);
        operations.put(stats, op);
        LiveStats.add(op);
    }

    /**
     * Withdraws {@code stats} from {@link LiveStats} (its endpoint stopped): metrics binders remove its meters. Its MBean
     * stays until {@link #close()}; {@link #resume(OperationStats)} publishes it again.
     */
    public synchronized void withdraw(OperationStats stats) {
        LiveStats.Operation op = operations.get(stats);
        if (op != null) {
            LiveStats.remove(op);
        }
    }

    /** Publishes {@code stats} again after {@link #withdraw(OperationStats)} (its endpoint started again). */
    public synchronized void resume(OperationStats stats) {
        LiveStats.Operation op = operations.get(stats);
        if (op != null) {
            LiveStats.add(op);
        }
    }

    /** Publishes the configuration's memory budget to {@link LiveStats}, replacing this instance's earlier one. */
    public synchronized void memory(dev.dsoap.template.MemoryBudget b) {
        if (budget != null) {
            LiveStats.remove(budget);
        }
        budget = new LiveStats.Budget(host, context, b);
        LiveStats.add(budget);
    }

    /** Registers a configuration-wide bean as {@code type=<Host>Module,context=..}, replacing this instance's earlier one. */
    public void module(Object bean) {
        register("type=" + host + "Module,context=" + context, bean, true);
    }

    /**
     * Registers {@code bean} as {@code keys}; if that name is taken, replaces this instance's bean when
     * {@code replace}, else adds the first free {@code instance=2}, {@code 3}, ... key.
     */
    private synchronized void register(String keys, Object bean, boolean replace) {
        if (!enabled) {
            return;
        }
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName("dev.dsoap:" + keys);
            for (int instance = 2; server.isRegistered(name) && !(replace && names.contains(name)); instance++) {
                name = new ObjectName("dev.dsoap:" + keys + ",instance=" + instance);
            }
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
                names.remove(name);
            }
            server.registerMBean(bean, name);
            names.add(name);
        } catch (JMException | RuntimeException e) {
            warn.accept("dsoap: could not register MBean " + keys + ": " + e);
        }
    }

    /** Unregisters every bean this instance registered, and withdraws what it published from {@link LiveStats}. */
    public synchronized void close() {
        for (LiveStats.Operation op : operations.values()) {
            LiveStats.remove(op);
        }
        operations.clear();
        if (budget != null) {
            LiveStats.remove(budget);
            budget = null;
        }
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        for (ObjectName name : names) {
            try {
                if (server.isRegistered(name)) {
                    server.unregisterMBean(name);
                }
            } catch (JMException e) {
                // already gone, or the server refuses: nothing left to do
            }
        }
        names.clear();
    }
}
