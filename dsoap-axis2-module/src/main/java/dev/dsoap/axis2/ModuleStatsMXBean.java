package dev.dsoap.axis2;

import dev.dsoap.host.BudgetStatsMXBean;

/**
 * The memory dsoap keeps for one Axis2 configuration, registered as {@code dev.dsoap:type=Axis2Module,context=N}:
 * the attributes of {@link BudgetStatsMXBean} (a message that finds no room under the in-flight bound goes Axis2's
 * way), and the operations dsoap has taken over. Current values; thread-safe.
 */
public interface ModuleStatsMXBean extends BudgetStatsMXBean {
    /** Operations dsoap has taken over (server receivers and client operations). */
    int getOperations();
}
