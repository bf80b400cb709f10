package dev.dsoap.bench.echo;

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
 * dsoap's statistics MBean for one operation of one host (Axis2 or CXF) on one side, read by attribute name
 * over JMX (the Axis2 module's classes live in the archive's class loader). Names and meanings: dsoap-core's
 * {@code dev.dsoap.host.OperationStatsMXBean}. Counts are since the bean was registered. Thread-safe.
 */
public final class OperationStats {
    private final MBeanServer server;
    private final ObjectName name;

    private OperationStats(MBeanServer server, ObjectName name) {
        this.server = server;
        this.name = name;
    }

    /**
     * The MBean {@code dev.dsoap:type=TYPE,side=SIDE,service="SERVICE",operation="OPERATION",*}.
     *
     * @param type {@code Axis2Operation} or {@code CxfOperation}
     * @param side {@code server} or {@code client}
     * @throws IllegalStateException unless exactly one such bean is registered in this JVM (one engaged
     *                               server, or one bus carrying the client)
     */
    public static OperationStats of(String type, String side, String service, String operation) throws JMException {
        return of(type, null, side, service, operation);
    }

    /**
     * The MBean {@code dev.dsoap:type=TYPE,context=CONTEXT,side=SIDE,service="SERVICE",operation="OPERATION"}.
     *
     * @param context the host configuration's {@code context} key (dsoap's {@code Jmx}: the hexadecimal
     *                identity hash code of the Axis2 configuration or CXF bus), or null for any
     * @throws IllegalStateException unless exactly one such bean is registered
     */
    public static OperationStats of(String type, String context, String side, String service, String operation)
            throws JMException {
        OperationStats s = find(type, context, side, service, operation);
        if (s == null) {
            throw new IllegalStateException("expected one dsoap MBean for the " + side + " side of " + service + "."
                    + operation + (context == null ? "" : " in context " + context) + " (is dsoap engaged?), found none");
        }
        return s;
    }

    /**
     * As {@link #of(String, String, String, String, String)}, but null when no such bean is registered (yet).
     *
     * @throws IllegalStateException if several are
     */
    public static OperationStats find(String type, String context, String side, String service, String operation)
            throws JMException {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = mbs.queryNames(new ObjectName("dev.dsoap:type=" + type
                + (context == null ? "" : ",context=" + context) + ",side=" + side + ",service="
                + ObjectName.quote(service) + ",operation=" + ObjectName.quote(operation) + ",*"), null);
        if (names.size() > 1) {
            throw new IllegalStateException("expected one dsoap MBean for the " + side + " side of " + service + "."
                    + operation + ", found " + names);
        }
        return names.isEmpty() ? null : new OperationStats(mbs, names.iterator().next());
    }

    /**
     * Every operation's MBean on {@code side} of the host configuration {@code context} (see {@link #of}; {@code *}
     * for any).
     */
    public static java.util.List<OperationStats> all(String type, String context, String side) throws JMException {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        java.util.List<OperationStats> l = new java.util.ArrayList<>();
        for (ObjectName n : mbs.queryNames(new ObjectName("dev.dsoap:type=" + type + ",context=" + context + ",side="
                + side + ",*"), null)) {
            l.add(new OperationStats(mbs, n));
        }
        return l;
    }

    /** The MBean's name. */
    public ObjectName name() {
        return name;
    }

    /** What {@link MeasuredServer#watchReads} records: bytes skipped, bytes parsed, bytes retained, in that order. */
    public long[] reads() throws JMException {
        return new long[] {get("BytesSkipped"), get("BytesParsed"), get("RetainedBytes")};
    }

    public long get(String attribute) throws JMException {
        return ((Number) server.getAttribute(name, attribute)).longValue();
    }

    /** A map attribute (the MXBean's rows of key and value), sorted by key. */
    public Map<String, Long> map(String attribute) throws JMException {
        Map<String, Long> m = new TreeMap<>();
        for (Object row : ((TabularData) server.getAttribute(name, attribute)).values()) {
            CompositeData c = (CompositeData) row;
            m.put((String) c.get("key"), (Long) c.get("value"));
        }
        return m;
    }

    /** Messages that went through the host's own path instead of dsoap's, in either direction. */
    public long fallbacks() throws JMException {
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
                    + get("ReadsResumed") + ", by item " + get("ReadsByItem") + ", bytes skipped " + get("BytesSkipped") + ", parsed " + get("BytesParsed")
                    + "), written " + get("MessagesWritten") + " " + map("WriteMatches") + " (bytes " + get("BytesWritten")
                    + "), rejected "
                    + get("MessagesRejected") + ", read fallbacks " + map("ReadFallbacks") + ", write fallbacks "
                    + map("WriteFallbacks") + ", retained " + get("RetainedBytes") + " bytes";
        } catch (JMException e) {
            return name + ": " + e;
        }
    }
}
