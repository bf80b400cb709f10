package dev.dsoap.jaxws.handler;

import dev.dsoap.quality.RttEstimator;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Logger;

/**
 * The counters behind {@link HandlerStatsMXBean}, one instance per side, endpoint and operation in the JVM,
 * shared by every handler instance (client proxies come and go; their beans would pile up otherwise). Beans
 * are registered on first use and stay for the JVM's life; their number is bounded by the operations the
 * handlers see. Thread-safe.
 */
final class HandlerStats implements HandlerStatsMXBean {
    private static final Logger LOG = Logger.getLogger(HandlerStats.class.getName());
    /** Every instance, by {@code side|endpoint|operation}. */
    private static final ConcurrentHashMap<String, HandlerStats> ALL = new ConcurrentHashMap<>();
    /** Most message types counted separately; further ones are counted under {@link #OTHER}. */
    private static final int MAX_TYPES = 64;
    private static final String OTHER = "(other)";

    private final String side;
    private final String endpoint;
    private final String operation;
    private final LongAdder messagesIn = new LongAdder();
    private final LongAdder messagesOut = new LongAdder();
    private final LongAdder faultsIn = new LongAdder();
    private final LongAdder faultsOut = new LongAdder();
    private final LongAdder bytesIn = new LongAdder();
    private final LongAdder bytesInMessages = new LongAdder();
    private final LongAdder qualityIn = new LongAdder();
    private final LongAdder qualityOut = new LongAdder();
    private final LongAdder qualityRejected = new LongAdder();
    private final LongAdder roundTrips = new LongAdder();
    private final LongAdder roundTripMicros = new LongAdder();
    private final LongAdder responses = new LongAdder();
    private final LongAdder processingMicros = new LongAdder();
    private final LongAdder typeSwitches = new LongAdder();
    /** Smoothed round-trip time in microseconds. */
    private final RttEstimator estimate = new RttEstimator();
    private final ConcurrentHashMap<String, LongAdder> types = new ConcurrentHashMap<>();
    private volatile long lastRoundTripMicros = -1;
    private volatile boolean registered;

    private HandlerStats(String side, String endpoint, String operation) {
        this.side = side;
        this.endpoint = endpoint;
        this.operation = operation;
    }

    /** The counters of {@code side}, {@code endpoint} and {@code operation}, registered as an MBean if {@code jmx}. */
    static HandlerStats of(String side, String endpoint, String operation, boolean jmx) {
        HandlerStats s = ALL.computeIfAbsent(side + '|' + endpoint + '|' + operation,
                k -> new HandlerStats(side, endpoint, operation));
        if (jmx && !s.registered) {
            s.register();
        }
        return s;
    }

    /** The MBean name of {@code side}, {@code endpoint} and {@code operation}. */
    static ObjectName objectName(String side, String endpoint, String operation) throws JMException {
        return new ObjectName("dev.dsoap:type=JaxwsHandler,side=" + value(side) + ",endpoint=" + value(endpoint)
                + ",operation=" + value(operation));
    }

    /** {@code s} as an ObjectName value: as it is when it can be, quoted otherwise. */
    private static String value(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '=' || c == ':' || c == '"' || c == '*' || c == '?' || c == '\n' || c == '\\') {
                return ObjectName.quote(s);
            }
        }
        return s.isEmpty() ? ObjectName.quote(s) : s;
    }

    private synchronized void register() {
        if (registered) {
            return;
        }
        registered = true;
        try {
            ObjectName name = objectName(side, endpoint, operation);
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            if (!server.isRegistered(name)) {
                server.registerMBean(this, name);
            }
        } catch (JMException | RuntimeException e) {
            LOG.warning("dsoap: could not register the handler statistics of " + side + " " + endpoint + "/"
                    + operation + " as an MBean: " + e);
        }
    }

    /** Counts an incoming message of {@code bytes} bytes ({@code -1}: size unknown). */
    void messageIn(boolean fault, long bytes) {
        messagesIn.increment();
        if (fault) {
            faultsIn.increment();
        }
        if (bytes >= 0) {
            bytesIn.add(bytes);
            bytesInMessages.increment();
        }
    }

    void messageOut(boolean fault) {
        messagesOut.increment();
        if (fault) {
            faultsOut.increment();
        }
    }

    void qualityIn() {
        qualityIn.increment();
    }

    void qualityRejected() {
        qualityRejected.increment();
    }

    /** Counts a quality header sent, announcing {@code type} ({@code null}: none). */
    void qualityOut(String type) {
        qualityOut.increment();
        if (type != null) {
            LongAdder n = types.get(type);
            if (n == null) {
                n = types.size() < MAX_TYPES ? types.computeIfAbsent(type, t -> new LongAdder())
                        : types.computeIfAbsent(OTHER, t -> new LongAdder());
            }
            n.increment();
        }
    }

    void roundTrip(long micros) {
        roundTrips.increment();
        roundTripMicros.add(micros);
        lastRoundTripMicros = micros;
        estimate.update(micros);
    }

    void response(long micros) {
        responses.increment();
        processingMicros.add(micros);
    }

    void typeSwitch() {
        typeSwitches.increment();
    }

    @Override
    public String getSide() {
        return side;
    }

    @Override
    public String getEndpoint() {
        return endpoint;
    }

    @Override
    public String getOperation() {
        return operation;
    }

    @Override
    public long getMessagesIn() {
        return messagesIn.sum();
    }

    @Override
    public long getMessagesOut() {
        return messagesOut.sum();
    }

    @Override
    public long getFaultsIn() {
        return faultsIn.sum();
    }

    @Override
    public long getFaultsOut() {
        return faultsOut.sum();
    }

    @Override
    public long getBytesIn() {
        return bytesIn.sum();
    }

    @Override
    public long getBytesInMessages() {
        return bytesInMessages.sum();
    }

    @Override
    public long getQualityHeadersIn() {
        return qualityIn.sum();
    }

    @Override
    public long getQualityHeadersOut() {
        return qualityOut.sum();
    }

    @Override
    public long getQualityHeadersRejected() {
        return qualityRejected.sum();
    }

    @Override
    public long getRoundTrips() {
        return roundTrips.sum();
    }

    @Override
    public long getRoundTripMicrosTotal() {
        return roundTripMicros.sum();
    }

    @Override
    public long getLastRoundTripMicros() {
        return lastRoundTripMicros;
    }

    @Override
    public long getRoundTripEstimateMicros() {
        double r = estimate.estimate();
        return Double.isNaN(r) ? -1 : Math.round(r);
    }

    @Override
    public long getResponses() {
        return responses.sum();
    }

    @Override
    public long getProcessingMicrosTotal() {
        return processingMicros.sum();
    }

    @Override
    public Map<String, Long> getMessageTypes() {
        Map<String, Long> m = new TreeMap<>();
        types.forEach((t, n) -> m.put(t, n.sum()));
        return m;
    }

    @Override
    public long getTypeSwitches() {
        return typeSwitches.sum();
    }

    @Override
    public String toString() {
        return side + " " + endpoint + "/" + operation + ": in " + getMessagesIn() + " (faults " + getFaultsIn()
                + "), out " + getMessagesOut() + " (faults " + getFaultsOut() + "), quality headers in "
                + getQualityHeadersIn() + " out " + getQualityHeadersOut() + " rejected " + getQualityHeadersRejected()
                + ", round trips " + getRoundTrips() + ", responses " + getResponses();
    }
}
