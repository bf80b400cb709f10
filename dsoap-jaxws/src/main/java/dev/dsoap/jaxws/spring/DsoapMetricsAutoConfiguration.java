package dev.dsoap.jaxws.spring;

import dev.dsoap.metrics.DsoapMetrics;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Spring Boot auto-configuration: when Micrometer is on the class path and the application has a
 * {@code MeterRegistry} bean (Spring Boot Actuator makes one), a {@link DsoapMetrics} bean, which Boot binds to its
 * registries: dsoap's meters ({@code dsoap.*}, docs/deployment.md "Metrics") appear beside Boot's own, in
 * {@code /actuator/metrics} and every registry Boot exports to. Without Micrometer or a registry it does nothing; an
 * application's own {@code DsoapMetrics} bean takes its place. Registered in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}.
 */
@AutoConfiguration(afterName = {
        // Spring Boot 3
        "org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
        // Spring Boot 4 (the same auto-configurations, moved to spring-boot-micrometer-metrics)
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
@ConditionalOnBean(type = "io.micrometer.core.instrument.MeterRegistry")
public class DsoapMetricsAutoConfiguration {
    /** The binder Boot binds to its registries; closed, with its meters removed, when the context closes. */
    @Bean
    @ConditionalOnMissingBean
    public DsoapMetrics dsoapMetrics() {
        return new DsoapMetrics();
    }
}
