package dev.dsoap.deserialize;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of one operation's differential deserialization, for operators (hosts publish them over
 * JMX). Byte counts are message bytes; memory gauges are bytes held now.
 *
 * <p>Thread-safe.
 */
public final class DeserializerStats {
    private final LongAdder messages = new LongAdder();
    private final LongAdder identical = new LongAdder();
    private final LongAdder resumed = new LongAdder();
    private final LongAdder first = new LongAdder();
    private final LongAdder bypassed = new LongAdder();
    private final LongAdder bypassEntered = new LongAdder();
    private final LongAdder bytesSkipped = new LongAdder();
    private final LongAdder bytesParsed = new LongAdder();
    private final LongAdder checkpoints = new LongAdder();
    private final LongAdder reentries = new LongAdder();
    private final LongAdder laneReads = new LongAdder();
    private final LongAdder discarded = new LongAdder();
    private final LongAdder evicted = new LongAdder();
    private final LongAdder oversized = new LongAdder();
    private final LongAdder busy = new LongAdder();
    private final LongAdder full = new LongAdder();
    private final LongAdder hinted = new LongAdder();
    private final LongAdder checkpointBytes = new LongAdder();
    private final LongAdder retainedBytes = new LongAdder();

    /** Messages read. */
    public long messages() {
        return messages.sum();
    }

    /** Messages byte-identical to a kept one: no parsing at all. */
    public long identical() {
        return identical.sum();
    }

    /** Messages read partly in fast mode (resumed at a checkpoint). */
    public long resumed() {
        return resumed.sum();
    }

    /** Messages read from the start with nothing to compare with (first of a stream, after a discard or eviction, probes). */
    public long firstReads() {
        return first.sum();
    }

    /** Messages parsed plainly because their stream showed too little similarity. */
    public long bypassed() {
        return bypassed.sum();
    }

    /** Times a stream entered bypass. */
    public long bypassEntered() {
        return bypassEntered.sum();
    }

    /**
     * Messages read by the kept state their peer used last, found by the peer's key (a client id header, the
     * authenticated caller, the connection) without comparing the message with other peers' kept messages.
     */
    public long hinted() {
        return hinted.sum();
    }

    /** Bytes matched in fast mode (compared, not parsed). */
    public long bytesSkipped() {
        return bytesSkipped.sum();
    }

    /** Bytes parsed in regular mode. */
    public long bytesParsed() {
        return bytesParsed.sum();
    }

    /** Checkpoints created (not counting those carried over from a previous message). */
    public long checkpointsCreated() {
        return checkpoints.sum();
    }

    /** Switches back from regular to fast mode inside a message (progressive matching). */
    public long reentries() {
        return reentries.sum();
    }

    /** Stored states dropped because a message failed to read. */
    public long discarded() {
        return discarded.sum();
    }

    /** Stored states dropped by the memory budget. */
    public long evicted() {
        return evicted.sum();
    }

    /** Calls that found every kept state in use by other threads and were read plainly. */
    public long busy() {
        return busy.sum();
    }

    /** Bytes the kept checkpoints take now. */
    public long checkpointBytes() {
        return checkpointBytes.sum();
    }

    /** Bytes held now by kept states: previous messages, their values, checkpoints and parsers. */
    public long retainedBytes() {
        return retainedBytes.sum();
    }

    void onMessage() {
        messages.increment();
    }

    void onIdentical() {
        identical.increment();
    }

    void onResumed() {
        resumed.increment();
    }

    void onFirst() {
        first.increment();
    }

    void onBypassed() {
        bypassed.increment();
    }

    void onBypassEntered() {
        bypassEntered.increment();
    }

    void onBytes(long skipped, long parsed) {
        bytesSkipped.add(skipped);
        bytesParsed.add(parsed);
    }

    void onCheckpoint() {
        checkpoints.increment();
    }

    void onReentry() {
        reentries.increment();
    }

    void onReentries(int n) {
        reentries.add(n);
    }

    void onLaneRead() {
        laneReads.increment();
    }

    /**
     * Messages of {@link #resumed()} that differed from the kept one only in items of an array of numbers, read item by
     * item: the kept values with each changed item's own.
     */
    public long laneReads() {
        return laneReads.sum();
    }

    void onDiscarded() {
        discarded.increment();
    }

    void onOversized() {
        oversized.increment();
    }

    /** Messages read and not kept: with their state they held more than their share of the memory budget. */
    public long oversized() {
        return oversized.sum();
    }

    void onEvicted() {
        evicted.increment();
    }

    /**
     * Messages read plainly because no kept state was of their family and there was no room for one: every state
     * was in use or still paying its own sender (more senders than {@code dsoap.states}).
     */
    public long full() {
        return full.sum();
    }

    void onFull() {
        full.increment();
    }

    void onBusy() {
        busy.increment();
    }

    void onHinted() {
        hinted.increment();
    }

    void onMemory(long checkpointDelta, long retainedDelta) {
        checkpointBytes.add(checkpointDelta);
        retainedBytes.add(retainedDelta);
    }

    @Override
    public String toString() {
        return "DeserializerStats[messages=" + messages() + ", identical=" + identical() + ", resumed=" + resumed()
                + ", laneReads=" + laneReads() + ", first=" + firstReads() + ", hinted=" + hinted() + ", bypassed=" + bypassed() + ", skipped=" + bytesSkipped()
                + ", parsed=" + bytesParsed() + ", checkpoints=" + checkpointsCreated() + ", reentries=" + reentries()
                + ", discarded=" + discarded() + ", evicted=" + evicted() + ", oversized=" + oversized() + ", checkpointBytes=" + checkpointBytes()
                + ", retainedBytes=" + retainedBytes() + "]";
    }
}
