/**
 * dsoap's statistics as Micrometer meters: {@link dev.dsoap.metrics.DsoapMetrics}, a {@code MeterBinder} over every
 * operation and memory budget the Axis2 module and dsoap-jaxws publish. Micrometer is an optional dependency: nothing
 * else in dsoap loads this package, so dsoap runs without Micrometer on the class path. See docs/deployment.md
 * ("Metrics") for the meters.
 */
package dev.dsoap.metrics;
