package dev.dsoap.host;

/**
 * The memory dsoap keeps for one host configuration (an Axis2 configuration, a CXF bus): the attributes both hosts'
 * module beans share. Bytes unless named otherwise; current values, read when asked; thread-safe.
 */
public interface BudgetStatsMXBean {
    /** The cap in bytes ({@code dsoap.memoryBudget}; by default a tenth of the maximum heap, at most 256 MiB). */
    long getMemoryBudgetBytes();

    /** Bytes of templates, kept messages, checkpoints and other kept state, and of messages being read, now charged to the budget. */
    long getMemoryUsedBytes();

    /**
     * Bytes of the spare read buffers kept between messages (a message longer than 16 KiB is read into one), part of
     * the used bytes: kept only while the budget has room for them, dropped when evicted or idle.
     */
    long getMemorySpareBytes();

    /** Kept states evicted (least recently used first) to stay under the budget. */
    long getEvictions();

    /** Kept states dropped because they went unused for longer than {@code dsoap.idleTimeout}. */
    long getIdleDrops();

    /** {@code dsoap.idleTimeout} in milliseconds; 0: kept state never ages out. */
    long getIdleTimeoutMillis();

    /** Bytes of messages being read (requests, and answers read by dsoap's clients), part of the used bytes. */
    long getInFlightBytes();

    /** The most bytes of messages being read at once so far. */
    long getInFlightPeakBytes();

    /** The bound on bytes of messages being read at once ({@code dsoap.maxInFlightBytes}). */
    long getInFlightLimitBytes();

    /** Messages that found no room under the bound and went the host's way (or, binary ones, were refused). */
    long getInFlightRefusals();
}
