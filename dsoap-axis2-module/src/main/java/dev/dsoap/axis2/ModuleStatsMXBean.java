package dev.dsoap.axis2;

/**
 * The memory dsoap keeps for one Axis2 configuration, registered as
 * {@code dev.dsoap:type=Axis2Module,context=N}. Bytes; current values.
 */
public interface ModuleStatsMXBean {
    /** The cap ({@code dsoap.memoryBudget}; by default a tenth of the maximum heap, at most 256 MiB). */
    long getMemoryBudgetBytes();

    /** Bytes of templates, kept messages and checkpoints, and of messages being read, now charged to the budget. */
    long getMemoryUsedBytes();

    /** Templates and kept messages evicted (least recently used first) to stay under the budget. */
    long getEvictions();

    /** Templates and kept messages dropped because they went unused for longer than {@code dsoap.idleTimeout}. */
    long getIdleDrops();

    /** {@code dsoap.idleTimeout} in milliseconds; 0: kept state never ages out. */
    long getIdleTimeoutMillis();

    /** Bytes of messages being read (requests, and answers read by engaged clients), part of the used bytes. */
    long getInFlightBytes();

    /** The most bytes of messages being read at once so far. */
    long getInFlightPeakBytes();

    /** The bound on bytes of messages being read at once ({@code dsoap.maxInFlightBytes}). */
    long getInFlightLimitBytes();

    /** Messages that found no room under the bound and went Axis2's way (or, binary ones, were refused). */
    long getInFlightRefusals();

    /** Operations dsoap has taken over (server receivers and client operations). */
    int getOperations();
}
