package dev.dsoap.jaxws.bootxml;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.ImportResource;

/**
 * The same endpoint and handler as {@code HandledApplication}, declared in Spring XML as CXF applications declare them:
 * {@code <jaxws:endpoint>} with {@code <jaxws:handlers>} naming the handler bean ({@code handlers.xml}). No component
 * scan: the application is only what the file declares.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@ImportResource("classpath:dev/dsoap/jaxws/bootxml/handlers.xml")
public class XmlHandledApplication {
}
