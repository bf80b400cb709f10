package com.example.quotes;

import jakarta.xml.ws.Endpoint;
import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The application: CXF's starter serves SOAP under {@code /services} on Boot's embedded Tomcat; the quote board is
 * published at {@code /services/quotes}.
 */
@SpringBootApplication
public class QuoteBoardApplication {
    public static void main(String[] args) {
        SpringApplication.run(QuoteBoardApplication.class, args);
    }

    @Bean
    public Endpoint quoteBoard(Bus bus) {
        EndpointImpl endpoint = new EndpointImpl(bus, new QuoteBoardImpl());
        endpoint.publish("/quotes");
        return endpoint;
    }
}
