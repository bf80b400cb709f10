package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.jws.HandlerChain;
import jakarta.jws.WebService;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.handler.Handler;
import org.junit.jupiter.api.Test;

import javax.xml.namespace.QName;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A handler chain declared in a {@code @HandlerChain} file on a Metro endpoint: the dsoap endpoint's requests and
 * answers are carried, and every answer carries the block the file's handler stamps, as on the plain endpoint.
 */
class MetroHandlerChainFileTest {
    private static final int CALLS = 30;

    /** The plain endpoint, its chain from the file. */
    @HandlerChain(file = "stamp-handlers.xml")
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "FilePlainService",
            portName = "FilePlainPort", targetNamespace = MetroEcho.NS)
    public static class Plain extends MetroEchoLogic {
    }

    /** The dsoap endpoint, its chain from the same file. */
    @dev.dsoap.jaxws.DifferentialSoap
    @HandlerChain(file = "stamp-handlers.xml")
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "FileDsoapService",
            portName = "FileDsoapPort", targetNamespace = MetroEcho.NS)
    public static class Dsoap extends MetroEchoLogic {
    }

    @Test
    @SuppressWarnings("rawtypes")
    void aChainFromAFileKeepsDsoapsPath() throws Exception {
        String base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        List<Endpoint> endpoints = List.of(Endpoint.publish(base + "/filePlain", new Plain()),
                Endpoint.publish(base + "/fileDsoap", new Dsoap()));
        try {
            MetroHandlerTest.Stamper plainSeen = new MetroHandlerTest.Stamper(false);
            MetroHandlerTest.Stamper dsoapSeen = new MetroHandlerTest.Stamper(false);
            MetroEcho plain = client(base + "/filePlain", "FilePlainService", "FilePlainPort", plainSeen);
            MetroEcho dsoap = client(base + "/fileDsoap", "FileDsoapService", "FileDsoapPort", dsoapSeen);
            MetroGen g = new MetroGen(20261202L);
            double[] v = null;
            for (int i = 0; i < CALLS; i++) {
                v = g.doubles(v);
                double[] want = plain.echoDoubles(v);
                double[] got = dsoap.echoDoubles(v);
                assertEquals(java.util.Arrays.toString(want), java.util.Arrays.toString(got), "call " + i);
            }
            assertEquals(CALLS, plainSeen.stamps.get(), "stamped answers from the plain endpoint");
            assertEquals(CALLS, dsoapSeen.stamps.get(), "stamped answers from the dsoap endpoint");
            OperationStatsMXBean s = MetroCarryTest.stats("FileDsoapService.FileDsoapPort", "echoDoubles");
            assertEquals(CALLS, s.getMessagesRead(), s.getReadFallbacks().toString());
            assertEquals(CALLS, s.getMessagesWritten(), s.getWriteFallbacks().toString());
            assertEquals(Map.of(), s.getWriteFallbacks());
        } finally {
            for (Endpoint e : endpoints) {
                e.stop();
            }
        }
    }

    @SuppressWarnings("rawtypes")
    private static MetroEcho client(String address, String service, String port, Handler<?> seen) throws Exception {
        MetroEcho p = Service.create(URI.create(address + "?wsdl").toURL(), new QName(MetroEcho.NS, service))
                .getPort(new QName(MetroEcho.NS, port), MetroEcho.class);
        List<Handler> chain = new ArrayList<>(((BindingProvider) p).getBinding().getHandlerChain());
        chain.add(seen);
        ((BindingProvider) p).getBinding().setHandlerChain(chain);
        return p;
    }
}
