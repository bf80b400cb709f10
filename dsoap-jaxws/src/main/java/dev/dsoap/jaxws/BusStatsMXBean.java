package dev.dsoap.jaxws;

import dev.dsoap.host.BudgetStatsMXBean;

/**
 * The memory dsoap keeps for one CXF bus, registered as {@code dev.dsoap:type=CxfModule,context=N} (the
 * {@code context} of the bus's {@code CxfOperation} beans): the attributes of {@link BudgetStatsMXBean}, where a
 * message that finds no room under the in-flight bound goes CXF's way. Current values; thread-safe.
 */
public interface BusStatsMXBean extends BudgetStatsMXBean {
}
