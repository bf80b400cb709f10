package dev.dsoap.axis2;

import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerStats;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Counters of one operation (or one client operation). Thread-safe; the first fallback of each reason and
 * direction is logged, later ones only counted.
 */
final class OperationStats implements OperationStatsMXBean {
    private static final Log LOG = LogFactory.getLog(OperationStats.class);

    private final String service;
    private final String operation;
    final DeserializerStats reads = new DeserializerStats();
    final SerializerStats writes = new SerializerStats();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder streamed = new LongAdder();
    private final AtomicLongArray readFallbacks = new AtomicLongArray(Fallback.values().length);
    private final AtomicLongArray writeFallbacks = new AtomicLongArray(Fallback.values().length);
    /** Template bytes now held (the serializer pools report theirs here). */
    private volatile LongSupplier templateBytes = () -> 0;

    OperationStats(String service, String operation) {
        this.service = service;
        this.operation = operation;
    }

    void templates(LongSupplier bytes) {
        this.templateBytes = bytes;
    }

    void readFallback(Fallback why, String detail) {
        if (readFallbacks.getAndIncrement(why.ordinal()) == 0) {
            log("reading", why, detail);
        }
    }

    void writeFallback(Fallback why, String detail) {
        if (writeFallbacks.getAndIncrement(why.ordinal()) == 0) {
            log("writing", why, detail);
        }
    }

    void rejected() {
        rejected.increment();
    }

    /** A client's response handed on in its bytes ({@link StreamedSource}). */
    void streamed() {
        streamed.increment();
    }

    private void log(String direction, Fallback why, String detail) {
        LOG.info("dsoap: " + service + "/" + operation + ": " + direction + " falls back to Axis2's path: "
                + why.description() + (detail == null ? "" : " (" + detail + ")") + "; counted as " + why
                + ", logged once");
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
        Map<String, Long> m = new TreeMap<>();
        for (Fallback f : Fallback.values()) {
            long n = a.get(f.ordinal());
            if (n != 0) {
                m.put(f.name(), n);
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
    public long getReadsIdentical() {
        return reads.identical();
    }

    @Override
    public long getReadsResumed() {
        return reads.resumed();
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
