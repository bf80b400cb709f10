package dev.dsoap.jaxws.boothandlers;

import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

import java.util.List;

/**
 * A Spring Boot application with {@code cxf-spring-boot-starter-jaxws} whose endpoint bean has a JAX-WS handler chain,
 * as applications declare one: {@link EndpointImpl#setHandlers} with a {@link StampingHandler} bean.
 */
@SpringBootApplication
public class HandledApplication {
    @Bean
    public StampingHandler stamping() {
        return new StampingHandler();
    }

    @Bean
    public EndpointImpl handled(Bus bus, StampingHandler stamping) {
        EndpointImpl endpoint = new EndpointImpl(bus, new HandledEchoImpl());
        endpoint.setHandlers(List.of(stamping));
        endpoint.publish("/handled");
        return endpoint;
    }
}
