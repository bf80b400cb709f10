package dev.dsoap.jaxws.bootbus;

import dev.dsoap.jaxws.DifferentialSoapFeature;
import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ImportResource;

/**
 * Spring Boot applications (with {@code cxf-spring-boot-starter-jaxws}) that put {@link DifferentialSoapFeature} on
 * the starter's bus, each the way users configure a bus feature, and publish one endpoint of a class with no dsoap
 * annotation. No component scan: each application is only what it declares.
 */
final class BusApplications {
    private BusApplications() {
    }

    /** Publishes the endpoint at {@code /services/doubles}. */
    static EndpointImpl publish(Bus bus) {
        EndpointImpl endpoint = new EndpointImpl(bus, new DoublesImpl());
        endpoint.publish("/doubles");
        return endpoint;
    }

    /** The feature as a bean, added to the starter's (running) bus before the endpoint is published. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class FeatureBean {
        @Bean
        public DifferentialSoapFeature differentialSoap(Bus bus) {
            DifferentialSoapFeature feature = new DifferentialSoapFeature();
            bus.getFeatures().add(feature);
            return feature;
        }

        @Bean
        public EndpointImpl doubles(Bus bus, DifferentialSoapFeature differentialSoap) {
            return publish(bus);
        }
    }

    /** The feature in Spring XML: {@code <cxf:bus><cxf:features>} configuring the starter's bus. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @ImportResource("classpath:dev/dsoap/jaxws/bootbus/bus.xml")
    static class SpringXml {
        @Bean
        public EndpointImpl doubles(Bus bus) {
            return publish(bus);
        }
    }
}
