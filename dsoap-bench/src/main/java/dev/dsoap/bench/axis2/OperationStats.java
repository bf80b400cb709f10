package dev.dsoap.bench.axis2;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * dsoap's statistics MBean for one server-side operation, read by attribute name over JMX (the module's
 * classes live in the archive's class loader). Names and meanings: dsoap-axis2-module's
 * {@code OperationStatsMXBean}. Counts are since deployment. Thread-safe.
 */
final class OperationStats {
    private final MBeanServer server;
    private final ObjectName name;

    private OperationStats(MBeanServer server, ObjectName name) {
        this.server = server;
        this.name = name;
    }

    /**
     * The MBean of {@code operation} of {@code service}.
     *
     * @throws IllegalStateException unless exactly one engaged server in this JVM has registered it
     */
    static OperationStats of(String service, String operation) throws JMException {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = mbs.queryNames(new ObjectName("dev.dsoap:type=Axis2Operation,side=server,service="
                + ObjectName.quote(service) + ",operation=" + ObjectName.quote(operation) + ",*"), null);
        if (names.size() != 1) {
            throw new IllegalStateException("expected one dsoap MBean for " + service + "." + operation
                    + " (is dsoap engaged?), found " + names);
        }
        return new OperationStats(mbs, names.iterator().next());
    }

    long get(String attribute) throws JMException {
        return ((Number) server.getAttribute(name, attribute)).longValue();
    }

    /** A map attribute (the MXBean's rows of key and value), sorted by key. */
    Map<String, Long> map(String attribute) throws JMException {
        Map<String, Long> m = new TreeMap<>();
        for (Object row : ((TabularData) server.getAttribute(name, attribute)).values()) {
            CompositeData c = (CompositeData) row;
            m.put((String) c.get("key"), (Long) c.get("value"));
        }
        return m;
    }

    /** Messages that went through Axis2's own path instead of dsoap's, in either direction. */
    long fallbacks() throws JMException {
        long n = 0;
        for (long v : map("ReadFallbacks").values()) {
            n += v;
        }
        for (long v : map("WriteFallbacks").values()) {
            n += v;
        }
        return n;
    }

    @Override
    public String toString() {
        try {
            return "read " + get("MessagesRead") + " (identical " + get("ReadsIdentical") + ", resumed "
                    + get("ReadsResumed") + ", bytes skipped " + get("BytesSkipped") + ", parsed " + get("BytesParsed")
                    + "), written " + get("MessagesWritten") + " " + map("WriteMatches") + ", rejected "
                    + get("MessagesRejected") + ", read fallbacks " + map("ReadFallbacks") + ", write fallbacks "
                    + map("WriteFallbacks") + ", retained " + get("RetainedBytes") + " bytes";
        } catch (JMException e) {
            return name + ": " + e;
        }
    }
}
