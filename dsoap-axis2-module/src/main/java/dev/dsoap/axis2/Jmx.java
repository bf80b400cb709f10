package dev.dsoap.axis2;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Registers one configuration's MBeans on the platform server under {@code dev.dsoap:context=N,...} and
 * removes them at shutdown. A registration failure is logged, never fatal. Thread-safe.
 */
final class Jmx {
    private static final Log LOG = LogFactory.getLog(Jmx.class);
    private final boolean enabled;
    /** Tells apart the configurations of one JVM (module classes may be loaded once per configuration). */
    private final String context;
    private final List<ObjectName> names = new ArrayList<>();

    Jmx(boolean enabled, Object configuration) {
        this.enabled = enabled;
        this.context = Integer.toHexString(System.identityHashCode(configuration));
    }

    String context() {
        return context;
    }

    void operation(OperationStats stats, String side) {
        register("type=Axis2Operation,context=" + context + ",side=" + side + ",service=" + ObjectName.quote(stats.getService())
                + ",operation=" + ObjectName.quote(stats.getOperation()), stats);
    }

    void module(Object bean) {
        register("type=Axis2Module,context=" + context, bean);
    }

    private synchronized void register(String keys, Object bean) {
        if (!enabled) {
            return;
        }
        try {
            ObjectName name = new ObjectName("dev.dsoap:" + keys);
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
            server.registerMBean(bean, name);
            names.add(name);
        } catch (JMException | RuntimeException e) {
            LOG.warn("dsoap: could not register MBean " + keys + ": " + e);
        }
    }

    synchronized void close() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        for (ObjectName name : names) {
            try {
                if (server.isRegistered(name)) {
                    server.unregisterMBean(name);
                }
            } catch (JMException e) {
                LOG.debug("dsoap: could not unregister " + name + ": " + e);
            }
        }
        names.clear();
    }
}
