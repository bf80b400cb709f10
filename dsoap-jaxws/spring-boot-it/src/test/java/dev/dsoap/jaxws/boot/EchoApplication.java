package dev.dsoap.jaxws.boot;

import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

import java.util.Map;

/**
 * A Spring Boot application as users write one with {@code cxf-spring-boot-starter-jaxws}: the starter's CXF servlet
 * under {@code /services} on Boot's embedded Tomcat, one endpoint published through {@link EndpointImpl}.
 */
@SpringBootApplication
public class EchoApplication {
    /** Items per array CXF's parser takes (its default is 50,000 child elements; the test sends 100,000). */
    static final String MAX_CHILD_ELEMENTS = "200000";

    @Bean
    public EndpointImpl echo(Bus bus) {
        EndpointImpl endpoint = new EndpointImpl(bus, new EchoImpl());
        endpoint.setProperties(Map.of("org.apache.cxf.stax.maxChildElements", MAX_CHILD_ELEMENTS));
        endpoint.publish("/echo");
        return endpoint;
    }
}
