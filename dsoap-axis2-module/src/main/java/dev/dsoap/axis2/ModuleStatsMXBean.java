package dev.dsoap.axis2;

/**
 * The memory dsoap keeps for one Axis2 configuration, registered as
 * {@code dev.dsoap:type=Axis2Module,context=N}. Bytes; current values.
 */
public interface ModuleStatsMXBean {
    /** The configured cap ({@code dsoap.memoryBudget}). */
    long getMemoryBudgetBytes();

    /** Bytes of templates, kept messages and checkpoints now charged to the budget. */
    long getMemoryUsedBytes();

    /** Templates and kept messages evicted (least recently used first) to stay under the budget. */
    long getEvictions();

    /** Operations dsoap has taken over (server receivers and client operations). */
    int getOperations();
}
