package dev.dsoap.serialize;

import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of one operation's serializer streams (any number of them may share one instance).
 *
 * <p>Thread-safe: updated by serializer threads, read by monitoring.
 */
public final class SerializerStats {
    /** Why a message was serialized afresh. */
    public enum FreshReason {
        /** No template yet. */
        FIRST,
        /** The adaptive policy judged rewriting dearer than serializing afresh. */
        ADAPTIVE,
        /** The template was evicted by the memory budget. */
        EVICTED,
        /** The template was discarded after a failure in the middle of an update. */
        DISCARDED,
        /** The last template held more than its share of the memory budget and was dropped after its message. */
        OVERSIZED
    }

    private final LongAdder[] matches = adders(MatchClass.values().length);
    private final LongAdder[] fresh = adders(FreshReason.values().length);
    /** Values rewritten into templates. */
    private final LongAdder valuesRewritten = new LongAdder();
    /** Bytes written into templates in place or by resizing. */
    private final LongAdder bytesRewritten = new LongAdder();
    /** Values that took padding from a neighbour. */
    private final LongAdder steals = new LongAdder();
    /** Chunks rebuilt to make room (shifting). */
    private final LongAdder chunkRebuilds = new LongAdder();
    /** Fields cut back to their fresh width after their value shrank. */
    private final LongAdder fieldsTrimmed = new LongAdder();
    /** Whole templates rewritten without their excess padding. */
    private final LongAdder compactions = new LongAdder();
    /** Templates over their share of the memory budget, dropped after their message. */
    private final LongAdder oversized = new LongAdder();
    /** Failures that discarded a template. */
    private final LongAdder failures = new LongAdder();
    /** Messages written. */
    private final LongAdder messages = new LongAdder();
    /** Message bytes written. */
    private final LongAdder messageBytes = new LongAdder();

    private static LongAdder[] adders(int n) {
        LongAdder[] a = new LongAdder[n];
        for (int i = 0; i < n; i++) {
            a[i] = new LongAdder();
        }
        return a;
    }

    void match(MatchClass m, long length) {
        matches[m.ordinal()].increment();
        messages.increment();
        messageBytes.add(length);
    }

    /**
     * Takes back a message counted by a serializer that the host did not send (it wrote its own in its place):
     * the counters then say what left the host. Thread-safe.
     */
    public void withdraw(MatchClass m, long length) {
        matches[m.ordinal()].decrement();
        messages.decrement();
        messageBytes.add(-length);
    }

    void countFresh(FreshReason r) {
        fresh[r.ordinal()].increment();
    }

    void rewritten(long values, long bytes) {
        valuesRewritten.add(values);
        bytesRewritten.add(bytes);
    }

    void steal() {
        steals.increment();
    }

    void rebuild() {
        chunkRebuilds.increment();
    }

    void failure() {
        failures.increment();
    }

    void fieldTrimmed() {
        fieldsTrimmed.increment();
    }

    void compaction() {
        compactions.increment();
    }

    void dropOversized() {
        oversized.increment();
    }

    /** Fields whose padding was cut back to their fresh width when their value shrank by more than {@code maxFieldPadding}. */
    public long fieldsTrimmed() {
        return fieldsTrimmed.sum();
    }

    /** Templates rewritten whole because their padding passed {@code maxPaddingShare} of the message. */
    public long compactions() {
        return compactions.sum();
    }

    /** Templates that held more than {@code maxStateShare} of the memory budget and were dropped after their message. */
    public long oversizedDrops() {
        return oversized.sum();
    }

    public long matches(MatchClass m) {
        return matches[m.ordinal()].sum();
    }

    public long fresh(FreshReason r) {
        return fresh[r.ordinal()].sum();
    }

    public long valuesRewritten() {
        return valuesRewritten.sum();
    }

    public long bytesRewritten() {
        return bytesRewritten.sum();
    }

    public long steals() {
        return steals.sum();
    }

    public long chunkRebuilds() {
        return chunkRebuilds.sum();
    }

    public long failures() {
        return failures.sum();
    }

    public long messages() {
        return messages.sum();
    }

    public long messageBytes() {
        return messageBytes.sum();
    }

    /** A snapshot for logs and tests. */
    public Map<String, Long> snapshot() {
        Map<String, Long> m = new java.util.LinkedHashMap<>();
        for (MatchClass c : MatchClass.values()) {
            m.put("match." + c, matches(c));
        }
        for (FreshReason r : FreshReason.values()) {
            m.put("fresh." + r, fresh(r));
        }
        m.put("valuesRewritten", valuesRewritten());
        m.put("bytesRewritten", bytesRewritten());
        m.put("steals", steals());
        m.put("chunkRebuilds", chunkRebuilds());
        m.put("fieldsTrimmed", fieldsTrimmed());
        m.put("compactions", compactions());
        m.put("oversizedDrops", oversizedDrops());
        m.put("failures", failures());
        m.put("messages", messages());
        m.put("messageBytes", messageBytes());
        return m;
    }

    @Override
    public String toString() {
        return snapshot().toString();
    }
}
