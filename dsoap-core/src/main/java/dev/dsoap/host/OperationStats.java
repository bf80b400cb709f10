package dev.dsoap.host;

import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerStats;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Counters of one operation of a host (a server operation, or one operation of an engaged client), for
 * dsoap's host modules. The first fallback of each reason and direction is logged through the host's
 * logging, later ones only counted. Thread-safe.
 */
public final class OperationStats implements OperationStatsMXBean {
    /** Names the host in log lines, e.g. {@code Axis2}. */
    private final String host;
    /** Receives the one log line per fallback reason and direction. */
    private final Consumer<String> log;
    private final String service;
    private final String operation;
    private final DeserializerStats reads = new DeserializerStats();
    private final SerializerStats writes = new SerializerStats();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder streamed = new LongAdder();
    private final AtomicLongArray readFallbacks = new AtomicLongArray(Fallback.values().length);
    private final AtomicLongArray writeFallbacks = new AtomicLongArray(Fallback.values().length);
    private final LongAdder binaryReads = new LongAdder();
    private final LongAdder binaryWrites = new LongAdder();
    private final LongAdder binaryBytesRead = new LongAdder();
    private final LongAdder binaryBytesWritten = new LongAdder();
    private volatile dev.dsoap.quality.QualityServer qualityServer;
    private final java.util.concurrent.atomic.AtomicLong qualityRefusals = new java.util.concurrent.atomic.AtomicLong();
    private volatile dev.dsoap.quality.QualityClient qualityClient;
    private final LongAdder binaryBytesReusedRead = new LongAdder();
    private final LongAdder binaryBytesReusedWritten = new LongAdder();
    private final AtomicLongArray binaryRefusals = new AtomicLongArray(BinaryRefusal.values().length);
    /** Template bytes now held (the serializer pools report theirs here). */
    private volatile LongSupplier templateBytes = () -> 0;

    /**
     * @param host      names the host in log lines, e.g. {@code Axis2} ("falls back to Axis2's path")
     * @param log       receives one line per fallback reason and direction (an info-level logger)
     * @param service   the service's name
     * @param operation the operation's local name
     */
    public OperationStats(String host, Consumer<String> log, String service, String operation) {
        this.host = host;
        this.log = log;
        this.service = service;
        this.operation = operation;
    }

    /** The counters the operation's {@code DifferentialDeserializer}s report to. */
    public DeserializerStats reads() {
        return reads;
    }

    /** The counters the operation's {@code SerializerPool}s report to. */
    public SerializerStats writes() {
        return writes;
    }

    /** Where the template bytes now held come from (the serializer pools); replaces any earlier source. */
    public void templates(LongSupplier bytes) {
        this.templateBytes = bytes;
    }

    /** Counts an incoming message left to the host's path, logging the first of each reason. */
    public void readFallback(Fallback why, String detail) {
        if (readFallbacks.getAndIncrement(why.ordinal()) == 0) {
            log("reading", why, detail);
        }
    }

    /** Counts an outgoing message left to the host's path, logging the first of each reason. */
    public void writeFallback(Fallback why, String detail) {
        if (writeFallbacks.getAndIncrement(why.ordinal()) == 0) {
            log("writing", why, detail);
        }
    }

    /** Incoming messages left to the host's path for {@code why} so far. */
    public long readFallbacks(Fallback why) {
        return readFallbacks.get(why.ordinal());
    }

    /** Outgoing messages left to the host's path for {@code why} so far. */
    public long writeFallbacks(Fallback why) {
        return writeFallbacks.get(why.ordinal());
    }

    /** Binary exchanges refused or given up for {@code why} so far. */
    public long binaryRefusals(BinaryRefusal why) {
        return binaryRefusals.get(why.ordinal());
    }

    /** Counts an incoming message refused by dsoap's parser with a fault. */
    public void rejected() {
        rejected.increment();
    }

    /** Counts a client's response handed on in its bytes, without the host's tree. */
    public void streamed() {
        streamed.increment();
    }

    /** Counts a binary message read, of {@code bytes} bytes. */
    public void binaryRead(long bytes) {
        binaryReads.increment();
        binaryBytesRead.add(bytes);
    }

    /** Counts a binary message written, of {@code bytes} bytes. */
    public void binaryWritten(long bytes) {
        binaryWritten(1, bytes);
    }

    /** Adds {@code messages} binary messages of {@code bytes} bytes in all to those written (negative: taken back). */
    void binaryWritten(long messages, long bytes) {
        binaryWrites.add(messages);
        binaryBytesWritten.add(bytes);
    }

    /**
     * Counts bytes of binary messages taken from the last message of the same reader or writer instead of being
     * decoded ({@code read}) or encoded ({@code written}) again.
     */
    public void binaryReused(long read, long written) {
        if (read > 0) {
            binaryBytesReusedRead.add(read);
        }
        if (written > 0) {
            binaryBytesReusedWritten.add(written);
        }
    }

    /** Counts a quality header refused (malformed), logging the first. */
    public void qualityRefused(String detail) {
        if (qualityRefusals.getAndIncrement() == 0) {
            log.accept("dsoap: " + service + "/" + operation + ": quality header refused: " + detail
                    + " (logged once; QualityHeadersRefused counts them)");
        }
    }

    @Override
    public long getQualityHeadersRefused() {
        return qualityRefusals.get();
    }

    /** How {@link #reloadQualityFile()} reads the operation's quality file again, or {@code null}. */
    private volatile java.util.function.Supplier<String> qualityReload;

    /** Sets how {@link #reloadQualityFile()} reads the operation's quality file again. */
    public void qualityReload(java.util.function.Supplier<String> reload) {
        qualityReload = reload;
    }

    @Override
    public String reloadQualityFile() {
        java.util.function.Supplier<String> r = qualityReload;
        if (r == null) {
            return "no quality file for this operation";
        }
        try {
            String done = r.get();
            log.accept("dsoap: " + service + "/" + operation + ": " + done);
            return done;
        } catch (RuntimeException e) {
            return "refused, the old rules stay: " + e.getMessage();
        }
    }

    /** Reports the quality management of an endpoint's operation over JMX. */
    public void quality(dev.dsoap.quality.QualityServer q) {
        qualityServer = q;
    }

    /** Reports the quality management of a client's operation over JMX. */
    public void quality(dev.dsoap.quality.QualityClient q) {
        qualityClient = q;
    }

    @Override
    public long getQualitySwitches() {
        dev.dsoap.quality.QualityServer s = qualityServer;
        dev.dsoap.quality.QualityClient c = qualityClient;
        return (s == null ? 0 : s.switches()) + (c == null ? 0 : c.switches());
    }

    @Override
    public Map<String, Long> getQualityVariantsSent() {
        dev.dsoap.quality.QualityServer s = qualityServer;
        return s == null ? Map.of() : s.variantsSent();
    }

    @Override
    public Map<String, String> getQualityPeers() {
        dev.dsoap.quality.QualityServer s = qualityServer;
        if (s != null) {
            return s.peers(32);
        }
        dev.dsoap.quality.QualityClient c = qualityClient;
        if (c == null) {
            return Map.of();
        }
        Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("attributes", c.attributes().toString());
        String last = c.lastAnswered();
        m.put("answered", last == null ? "full" : last);
        return m;
    }

    private volatile dev.dsoap.coalesce.Coalescer<?> coalescer;

    /** Logs one line about this operation ("dsoap: service/operation: " and {@code what}). */
    void info(String what) {
        log.accept("dsoap: " + service + "/" + operation + ": " + what);
    }

    private volatile SharedWindow sharing;

    /** Reports an operation's response sharing over JMX. */
    void sharing(SharedWindow w) {
        sharing = w;
    }

    @Override
    public Map<String, Long> getSharing() {
        SharedWindow w = sharing;
        return w == null ? Map.of() : w.counters();
    }

    /** Reports the coalescing of an endpoint's operation over JMX. */
    public void coalescing(dev.dsoap.coalesce.Coalescer<?> c) {
        coalescer = c;
    }

    @Override
    public Map<String, Long> getCoalescing() {
        dev.dsoap.coalesce.Coalescer<?> c = coalescer;
        if (c == null) {
            return Map.of();
        }
        Map<String, Long> m = new java.util.LinkedHashMap<>();
        m.put("leaders", c.leaders());
        m.put("joined", c.joined());
        m.put("timeouts", c.timeouts());
        m.put("overflow", c.overflow());
        m.put("uncoalesced", c.uncoalesced());
        m.put("abandoned", c.abandoned());
        m.put("notShared", c.notShared());
        m.put("errorsShared", c.errorsShared());
        m.put("leaderCancellations", c.leaderCancellations());
        m.put("bytesFannedOut", c.bytesFannedOut());
        m.put("inFlight", (long) c.inFlight());
        m.put("waiting", c.waiting());
        return m;
    }

    /** Counts a binary exchange refused or given up, logging the first of each reason. */
    public void binaryRefused(BinaryRefusal why, String detail) {
        if (binaryRefusals.getAndIncrement(why.ordinal()) == 0) {
            log.accept("dsoap: " + service + "/" + operation + ": binary " + why.description()
                    + (detail == null ? "" : " (" + detail + ")") + "; counted as " + why + ", logged once");
        }
    }

    private void log(String direction, Fallback why, String detail) {
        log.accept("dsoap: " + service + "/" + operation + ": " + direction + " falls back to " + host + "'s path: "
                + why.description() + (detail == null ? "" : " (" + detail + ")") + "; counted as " + why
                + ", logged once");
    }

    @Override
    public long getBinaryMessagesRead() {
        return binaryReads.sum();
    }

    @Override
    public long getBinaryMessagesWritten() {
        return binaryWrites.sum();
    }

    @Override
    public long getBinaryBytesRead() {
        return binaryBytesRead.sum();
    }

    @Override
    public long getBinaryBytesWritten() {
        return binaryBytesWritten.sum();
    }

    @Override
    public long getBinaryBytesReusedRead() {
        return binaryBytesReusedRead.sum();
    }

    @Override
    public long getBinaryBytesReusedWritten() {
        return binaryBytesReusedWritten.sum();
    }

    @Override
    public Map<String, Long> getBinaryRefusals() {
        return map(binaryRefusals, BinaryRefusal.values());
    }

    @Override
    public String getService() {
        return service;
    }

    @Override
    public String getOperation() {
        return operation;
    }

    @Override
    public long getMessagesRead() {
        return reads.messages();
    }

    @Override
    public long getMessagesWritten() {
        return writes.messages();
    }

    @Override
    public long getMessagesRejected() {
        return rejected.sum();
    }

    @Override
    public long getResponsesStreamed() {
        return streamed.sum();
    }

    @Override
    public Map<String, Long> getReadFallbacks() {
        return map(readFallbacks);
    }

    @Override
    public Map<String, Long> getWriteFallbacks() {
        return map(writeFallbacks);
    }

    private static Map<String, Long> map(AtomicLongArray a) {
        return map(a, Fallback.values());
    }

    /** The non-zero counts of {@code a}, indexed by the ordinals of {@code keys}, by name. */
    private static Map<String, Long> map(AtomicLongArray a, Enum<?>[] keys) {
        Map<String, Long> m = new TreeMap<>();
        for (Enum<?> k : keys) {
            long n = a.get(k.ordinal());
            if (n != 0) {
                m.put(k.name(), n);
            }
        }
        return m;
    }

    @Override
    public Map<String, Long> getWriteMatches() {
        Map<String, Long> m = new TreeMap<>();
        for (MatchClass c : MatchClass.values()) {
            m.put(c.name(), writes.matches(c));
        }
        return m;
    }

    @Override
    public long getBytesRewritten() {
        return writes.bytesRewritten();
    }

    @Override
    public long getValuesRewritten() {
        return writes.valuesRewritten();
    }

    @Override
    public long getBytesWritten() {
        return writes.messageBytes();
    }

    @Override
    public long getTemplateCompactions() {
        return writes.fieldsTrimmed() + writes.compactions();
    }

    @Override
    public long getTemplatesDropped() {
        return writes.oversizedDrops();
    }

    @Override
    public long getReadStatesDropped() {
        return reads.oversized();
    }

    @Override
    public long getReadsIdentical() {
        return reads.identical();
    }

    @Override
    public long getReadsResumed() {
        return reads.resumed();
    }

    @Override
    public long getReadsByItem() {
        return reads.laneReads();
    }

    @Override
    public long getReadsByPeer() {
        return reads.hinted();
    }

    @Override
    public long getReadsAtCapacity() {
        return reads.full();
    }

    private final java.util.concurrent.atomic.AtomicBoolean capacityLogged = new java.util.concurrent.atomic.AtomicBoolean();

    /** Logs once that the operation's kept states are all taken, when a read found them so. */
    void checkCapacity(int states) {
        if (!capacityLogged.get() && reads.full() > 0 && capacityLogged.compareAndSet(false, true)) {
            info("more senders than kept states (" + Settings.STATES + " = " + states + "): the excess senders' messages are"
                    + " read without kept state, the others keep theirs; logged once, ReadsAtCapacity counts them");
        }
    }

    @Override
    public long getBytesSkipped() {
        return reads.bytesSkipped();
    }

    @Override
    public long getBytesParsed() {
        return reads.bytesParsed();
    }

    @Override
    public long getCheckpointBytes() {
        return reads.checkpointBytes();
    }

    @Override
    public long getRetainedBytes() {
        return reads.retainedBytes() + templateBytes.getAsLong();
    }

    @Override
    public String toString() {
        return service + "/" + operation + " read " + reads + " written " + writes + " read fallbacks "
                + getReadFallbacks() + " write fallbacks " + getWriteFallbacks() + " rejected " + rejected.sum()
                + " streamed " + streamed.sum();
    }
}
