package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.gsoap.GsoapPeer;
import jakarta.xml.ws.BindingProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Interoperability with gSOAP 2.8, a SOAP stack no one here wrote, built on this machine from the dsoap
 * endpoint's WSDL: gSOAP's client against the dsoap CXF endpoint (and the plain one), and a dsoap CXF client
 * against gSOAP's server, every echo compared with what was sent, bit for bit, and dsoap's counters showing
 * it carried its side. Skipped, saying why, where gSOAP is not installed.
 */
class GsoapInteropTest {
    private static final int ARRAYS = 30;
    private static final int ITEMS = 2000;

    private static CxfEchoServers servers;
    private static GsoapPeer peer;
    private static GsoapPeer.Server gsoapServer;

    @BeforeAll
    static void start() throws Exception {
        String missing = GsoapPeer.probe();
        Assumptions.assumeTrue(missing == null, missing);
        servers = CxfEchoServers.start();
        Path dir = Files.createTempDirectory("dsoap-gsoap");
        peer = GsoapPeer.build(dir, URI.create(servers.dsoap().uri() + "?wsdl"));
        gsoapServer = peer.startServer();
    }

    @AfterAll
    static void stop() throws Exception {
        if (gsoapServer != null) {
            gsoapServer.close();
        }
        if (servers != null) {
            servers.close();
        }
    }

    private static List<Object> arrays(EchoValues values, long from) {
        List<Object> a = new ArrayList<>();
        for (long n = from; n < from + ARRAYS; n++) {
            a.add(values.values(n));
        }
        return a;
    }

    private static void same(List<Object> sent, List<Object> echoed, String what) {
        assertEquals(sent.size(), echoed.size(), what);
        for (int i = 0; i < sent.size(); i++) {
            assertNull(EchoValues.difference(sent.get(i), echoed.get(i)), what + ", array " + i);
        }
    }

    @ParameterizedTest
    @EnumSource(Shape.class)
    void gsoapClientAgainstTheDsoapAndPlainEndpoints(Shape shape) throws Exception {
        EchoValues values = new EchoValues(shape, ITEMS, 25);
        servers.verify(values);
        OperationStats server = servers.stats("server", shape);
        long read = server.get("MessagesRead");
        long written = server.get("MessagesWritten");
        List<Object> sent = arrays(values, 2);
        same(sent, peer.call(servers.dsoap().uri(), shape, sent).echoed(), "gSOAP client -> dsoap CXF, " + values);
        assertEquals(read + ARRAYS, server.get("MessagesRead"), "dsoap read gSOAP's requests itself: " + server);
        assertEquals(written + ARRAYS, server.get("MessagesWritten"), server.toString());
        assertEquals(0, server.fallbacks(), server.toString());
        same(sent, peer.call(servers.plain().uri(), shape, sent).echoed(), "gSOAP client -> plain CXF, " + values);
    }

    @ParameterizedTest
    @EnumSource(Shape.class)
    void dsoapClientAgainstTheGsoapServer(Shape shape) throws Exception {
        EchoValues values = new EchoValues(shape, ITEMS, 25);
        servers.verify(values);
        OperationStats client = servers.stats("client", shape);
        long read = client.get("MessagesRead");
        long written = client.get("MessagesWritten");
        EchoPort port = servers.port(true);
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                gsoapServer.uri().toString());
        List<Object> sent = arrays(values, 2);
        List<Object> echoed = new ArrayList<>();
        for (Object a : sent) {
            echoed.add(CxfEchoServers.echo(port, shape, a));
        }
        same(sent, echoed, "dsoap CXF client -> gSOAP server, " + values);
        assertEquals(written + ARRAYS, client.get("MessagesWritten"), "dsoap wrote the requests itself: " + client);
        assertEquals(read + ARRAYS, client.get("MessagesRead"), "dsoap read gSOAP's responses itself: " + client);
        assertEquals(0, client.fallbacks(), client.toString());
    }
}
