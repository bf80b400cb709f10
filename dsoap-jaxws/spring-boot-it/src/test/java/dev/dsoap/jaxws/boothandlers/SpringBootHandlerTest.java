package dev.dsoap.jaxws.boothandlers;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.boot.Echo;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Service;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.headers.Header;
import org.apache.cxf.helpers.DOMUtils;
import dev.dsoap.jaxws.bootxml.XmlHandledApplication;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.w3c.dom.Element;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.xml.namespace.QName;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A JAX-WS SOAP handler declared as a Spring bean on a {@code @DifferentialSoap} endpoint of a real Spring Boot 3.5
 * application (embedded Tomcat, CXF's JAX-WS starter), the two ways applications declare it: an endpoint bean whose
 * {@code setHandlers} names the handler bean ({@link HandledApplication}), and {@code <jaxws:endpoint>} with
 * {@code <jaxws:handlers>} in Spring XML ({@link XmlHandledApplication}). A plain JAX-WS proxy's 20 calls of
 * 1,000 doubles, a tenth changed each time, each with a ticket header block the handler reads and names in the block it
 * stamps into the answer. Every answer holds the values sent and the stamped block; dsoap read and wrote every call.
 */
class SpringBootHandlerTest {
    private static final int CALLS = 20;

    @ParameterizedTest
    @ValueSource(classes = {HandledApplication.class, XmlHandledApplication.class})
    void aHandlerBeanThatTouchesOnlyHeadersKeepsDsoapsPath(Class<?> application) throws Exception {
        try (ConfigurableApplicationContext app = SpringApplication.run(application, "--server.address=127.0.0.1",
                "--server.port=0", "--spring.main.banner-mode=off", "--spring.jmx.enabled=false")) {
            calls(app, ((WebServerApplicationContext) app).getWebServer().getPort());
        }
    }

    private static void calls(ConfigurableApplicationContext app, int port) throws Exception {
        String address = "http://127.0.0.1:" + port + "/services/handled";
        Service service = Service.create(URI.create(address + "?wsdl").toURL(), new QName(Echo.NS, "BootHandledService"));
        Echo client = service.getPort(new QName(Echo.NS, "EchoPort"), Echo.class);
        long seed = Long.getLong("dsoap.seed", 20261202L);
        Random r = new Random(seed);
        double[] v = new double[1000];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextDouble() * 1e4;
        }
        for (int call = 0; call < CALLS; call++) {
            for (int k = 0; k < v.length / 10; k++) {
                v[r.nextInt(v.length)] = r.nextInt(5) == 0 ? Double.NaN : r.nextInt(1000) / 8.0;
            }
            Element ticket = DOMUtils.newDocument().createElementNS(StampingHandler.NS, "t:Ticket");
            ticket.setTextContent("ticket-" + call);
            ((BindingProvider) client).getRequestContext().put(Header.HEADER_LIST,
                    new ArrayList<>(List.of(new SoapHeader(StampingHandler.TICKET, ticket))));
            double[] back = client.echo(v);
            for (int i = 0; i < v.length; i++) {
                assertEquals(Double.doubleToRawLongBits(v[i]), Double.doubleToRawLongBits(back[i]),
                        "seed " + seed + " call " + call + " item " + i);
            }
            assertEquals("served ticket-" + call, served(client), "seed " + seed + " call " + call);
        }
        assertEquals(CALLS, app.getBean(StampingHandler.class).requests.get());
        OperationStatsMXBean st = stats();
        assertEquals(CALLS, st.getMessagesRead(), st.getReadFallbacks().toString());
        assertEquals(CALLS, st.getMessagesWritten(), st.getWriteFallbacks().toString());
        assertEquals(Map.of(), st.getReadFallbacks());
        assertEquals(Map.of(), st.getWriteFallbacks());
    }

    /** The text of the {@code Served} block in {@code client}'s last answer, or {@code null}. */
    private static String served(Echo client) {
        if (((BindingProvider) client).getResponseContext().get(Header.HEADER_LIST) instanceof List<?> l) {
            for (Object o : l) {
                if (o instanceof Header h && StampingHandler.SERVED.equals(h.getName()) && h.getObject() instanceof Element e) {
                    return e.getTextContent();
                }
            }
        }
        return null;
    }

    private static OperationStatsMXBean stats() throws Exception {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = mbs.queryNames(new ObjectName("dev.dsoap:type=CxfOperation,side=server,service="
                + ObjectName.quote("BootHandledService.EchoPort") + ",operation=" + ObjectName.quote("echo") + ",*"), null);
        assertEquals(1, names.size(), "dsoap's MBeans: " + mbs.queryNames(new ObjectName("dev.dsoap:*"), null));
        return JMX.newMXBeanProxy(mbs, names.iterator().next(), OperationStatsMXBean.class);
    }
}
