/**
 * Spring Boot support: {@link dev.dsoap.jaxws.spring.DsoapMetricsAutoConfiguration} puts dsoap's metrics into Boot's
 * meter registries. Loaded only by Spring Boot's auto-configuration, and only when Micrometer is present.
 */
package dev.dsoap.jaxws.spring;
