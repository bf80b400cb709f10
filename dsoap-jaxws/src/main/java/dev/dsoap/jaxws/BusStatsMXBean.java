package dev.dsoap.jaxws;

/**
 * The memory dsoap keeps for one CXF bus, registered as {@code dev.dsoap:type=CxfModule,context=N}. Bytes;
 * current values.
 */
public interface BusStatsMXBean {
    /** The configured cap ({@code dsoap.memoryBudget}). */
    long getMemoryBudgetBytes();

    /** Bytes of templates, kept messages and checkpoints, and of messages being read, now charged to the budget. */
    long getMemoryUsedBytes();

    /** Templates and kept messages evicted (least recently used first) to stay under the budget. */
    long getEvictions();

    /** Bytes of messages being read (requests, and answers read by dsoap clients), part of the used bytes. */
    long getInFlightBytes();

    /** The most bytes of messages being read at once so far. */
    long getInFlightPeakBytes();

    /** The bound on bytes of messages being read at once ({@code dsoap.maxInFlightBytes}). */
    long getInFlightLimitBytes();

    /** Messages that found no room under the bound and went CXF's way (or, binary ones, were refused). */
    long getInFlightRefusals();
}
