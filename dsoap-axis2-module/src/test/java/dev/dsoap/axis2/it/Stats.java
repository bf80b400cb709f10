package dev.dsoap.axis2.it;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import java.util.Map;
import java.util.TreeMap;

/**
 * One operation's dsoap MBean, read by attribute name as an operator's JMX console would (the module's
 * classes live in the .mar's class loader, not on the test class path).
 */
final class Stats {
    private final MBeanServer server;
    private final ObjectName name;

    Stats(MBeanServer server, ObjectName name) {
        this.server = server;
        this.name = name;
    }

    /**
     * The MBean of one operation of a configuration ({@code side} {@code server} or {@code client}; the
     * module names configurations by their identity).
     */
    static Stats find(org.apache.axis2.context.ConfigurationContext context, String side, String service, String operation)
            throws Exception {
        ObjectName name = new ObjectName("dev.dsoap:type=Axis2Operation,context="
                + Integer.toHexString(System.identityHashCode(context)) + ",side=" + side + ",service="
                + ObjectName.quote(service) + ",operation=" + ObjectName.quote(operation));
        MBeanServer mbs = java.lang.management.ManagementFactory.getPlatformMBeanServer();
        if (!mbs.isRegistered(name)) {
            throw new AssertionError("no dsoap MBean " + name + " among " + mbs.queryNames(new ObjectName("dev.dsoap:*"), null));
        }
        return new Stats(mbs, name);
    }

    /** The module-wide MBean of a configuration ({@code MemoryBudgetBytes}, {@code MemoryUsedBytes}, ...). */
    static Stats module(org.apache.axis2.context.ConfigurationContext context) throws Exception {
        ObjectName name = new ObjectName("dev.dsoap:type=Axis2Module,context=" + Integer.toHexString(System.identityHashCode(context)));
        MBeanServer mbs = java.lang.management.ManagementFactory.getPlatformMBeanServer();
        if (!mbs.isRegistered(name)) {
            throw new AssertionError("no dsoap MBean " + name + " among " + mbs.queryNames(new ObjectName("dev.dsoap:*"), null));
        }
        return new Stats(mbs, name);
    }

    long get(String attribute) throws Exception {
        return ((Number) server.getAttribute(name, attribute)).longValue();
    }

    /** A map attribute (an MXBean's TabularData of key/value rows). */
    Map<String, Long> map(String attribute) throws Exception {
        Map<String, Long> m = new TreeMap<>();
        for (Object row : ((TabularData) server.getAttribute(name, attribute)).values()) {
            CompositeData c = (CompositeData) row;
            m.put((String) c.get("key"), (Long) c.get("value"));
        }
        return m;
    }

    long readFallbacks(String reason) throws Exception {
        return map("ReadFallbacks").getOrDefault(reason, 0L);
    }

    long writeFallbacks(String reason) throws Exception {
        return map("WriteFallbacks").getOrDefault(reason, 0L);
    }

    @Override
    public String toString() {
        try {
            return name + " read " + get("MessagesRead") + " written " + get("MessagesWritten") + " rejected "
                    + get("MessagesRejected") + " read fallbacks " + map("ReadFallbacks") + " write fallbacks "
                    + map("WriteFallbacks") + " matches " + map("WriteMatches") + " identical " + get("ReadsIdentical")
                    + " resumed " + get("ReadsResumed");
        } catch (Exception e) {
            return name + ": " + e;
        }
    }
}
