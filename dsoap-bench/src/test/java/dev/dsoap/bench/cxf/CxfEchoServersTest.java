package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.echo.ThreadCpu;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CXF benchmark's setup on small arrays: both endpoints start on Jetty, echo every shape's values bit for
 * bit through real JAX-WS proxies, dsoap carries the dsoap pair's messages on both sides and nothing carries
 * the plain pair, the endpoints' Jetty threads' CPU time is found, and one tiny trial of each kind of
 * benchmark method runs as JMH would run it.
 */
class CxfEchoServersTest {
    private static CxfEchoServers servers;

    @BeforeAll
    static void start() throws Exception {
        servers = CxfEchoServers.start();
    }

    @AfterAll
    static void stop() {
        if (servers != null) {
            servers.close();
        }
    }

    @ParameterizedTest
    @EnumSource(Shape.class)
    void bothEndpointsEchoTheValuesSentAndDsoapCarriesItsPair(Shape shape) throws Exception {
        EchoValues values = new EchoValues(shape, 40, 25);
        servers.verify(values);
        OperationStats server = servers.stats("server", shape);
        OperationStats client = servers.stats("client", shape);
        long read = server.get("MessagesRead");
        long resumed = server.get("ReadsResumed");
        long clientRead = client.get("MessagesRead");
        EchoPort plain = servers.port(false);
        EchoPort dsoap = servers.port(true);
        for (long n = 2; n < 40; n++) {
            for (EchoPort p : new EchoPort[]{plain, dsoap}) {
                Object got = CxfEchoServers.echo(p, shape, values.values(n));
                assertNull(EchoValues.difference(values.values(n), got), values + ", array " + n);
            }
        }
        assertEquals(read + 38, server.get("MessagesRead"), server.toString());
        assertEquals(read + 38, server.get("MessagesWritten"), server.toString());
        assertTrue(server.get("ReadsResumed") - resumed > 30, server.toString());
        assertEquals(0, server.fallbacks(), server.toString());
        assertEquals(clientRead + 38, client.get("MessagesRead"), client.toString());
        assertEquals(0, client.fallbacks(), client.toString());
    }

    /**
     * A proxy with CXF's default settings (no dsoap feature, no chunk length set) echoes the values through both
     * endpoints; dsoap carries the requests and responses on the dsoap endpoint only, and nothing on the client.
     */
    @Test
    void aDefaultProxyIsCarriedOnTheServerOnly() throws Exception {
        EchoValues values = new EchoValues(Shape.DOUBLES, 1000, 25);
        for (boolean dsoapEndpoint : new boolean[] {false, true}) {
            EchoPort port = servers.defaultPort(dsoapEndpoint);
            org.apache.cxf.transport.http.HTTPConduit conduit = (org.apache.cxf.transport.http.HTTPConduit)
                    org.apache.cxf.frontend.ClientProxy.getClient(port).getConduit();
            assertNotEquals(CxfEchoServers.CHUNK_LENGTH, conduit.getClient().getChunkLength(), "CXF's default chunks");
            servers.verifyDefaultPort(port, dsoapEndpoint, values);
        }
    }

    /**
     * Strings carrying every edge text (markup characters, escape-like text, two- to four-byte UTF-8, surrogate
     * pairs) come back char for char through both pairs, and dsoap carries them on both sides.
     */
    @Test
    void stringsWithEdgeCharactersAreEchoedExactlyOnDsoapsPath() throws Exception {
        EchoValues values = new EchoValues(Shape.STRINGS, 1000, 25);
        for (String edge : EchoValues.EDGES) {
            assertTrue(LongStream.range(0, 20).anyMatch(n -> Arrays.stream((String[]) values.values(n))
                    .anyMatch(s -> s.contains(edge))), "no array holds " + edge);
        }
        servers.verify(values);
        OperationStats server = servers.stats("server", Shape.STRINGS);
        OperationStats client = servers.stats("client", Shape.STRINGS);
        long read = server.get("MessagesRead");
        long clientWritten = client.get("MessagesWritten");
        EchoPort plain = servers.port(false);
        EchoPort dsoap = servers.port(true);
        for (long n = 2; n < 20; n++) {
            for (EchoPort p : new EchoPort[]{plain, dsoap}) {
                Object got = CxfEchoServers.echo(p, Shape.STRINGS, values.values(n));
                assertNull(EchoValues.difference(values.values(n), got), values + ", array " + n);
            }
        }
        assertEquals(read + 18, server.get("MessagesRead"), server.toString());
        assertEquals(read + 18, server.get("MessagesWritten"), server.toString());
        assertEquals(0, server.fallbacks(), server.toString());
        assertEquals(clientWritten + 18, client.get("MessagesWritten"), client.toString());
        assertEquals(0, client.fallbacks(), client.toString());
    }

    /** echoVoid: an empty wrapper each way, which dsoap reads and writes itself on both sides. */
    @Test
    void echoVoidIsCarriedByDsoapOnBothSides() throws Exception {
        servers.verifyVoid();
        OperationStats server = servers.stats("server", CxfEchoServers.VOID);
        OperationStats client = servers.stats("client", CxfEchoServers.VOID);
        long read = server.get("MessagesRead");
        long clientRead = client.get("MessagesRead");
        EchoPort dsoap = servers.port(true);
        for (int i = 0; i < 5; i++) {
            dsoap.echoVoid();
        }
        assertEquals(read + 5, server.get("MessagesRead"), server.toString());
        assertEquals(read + 5, server.get("MessagesWritten"), server.toString());
        assertEquals(clientRead + 5, client.get("MessagesRead"), client.toString());
        assertEquals(clientRead + 5, client.get("MessagesWritten"), client.toString());
        assertEquals(0, server.fallbacks(), server.toString());
        assertEquals(0, client.fallbacks(), client.toString());
    }

    /**
     * The Fast Infoset pair: a plain proxy with {@code FastInfosetFeature} forced echoes every shape's values bit for
     * bit through the plain endpoint with {@code FastInfosetFeature}, and every request and answer, from the first
     * call on, crosses the wire as {@code application/fastinfoset}.
     */
    @ParameterizedTest
    @EnumSource(Shape.class)
    void theFastInfosetPairSpeaksFastInfosetFromTheFirstCall(Shape shape) throws Exception {
        EchoValues values = new EchoValues(shape, 40, 25);
        EchoPort fi = servers.fastInfosetPort();
        for (long n = 0; n < 3; n++) {
            servers.verifyFastInfoset(fi, values, n);
        }
        assertNotEquals(servers.plain().uri().getPort(), servers.fastInfoset().uri().getPort());
    }

    /**
     * The Fast Infoset check tells XML apart: a plain proxy without the feature, sent to the same endpoint, is
     * answered in XML, and the check refuses that exchange although the echo is right.
     */
    @Test
    void theFastInfosetCheckRefusesAnXmlExchange() throws Exception {
        EchoValues values = new EchoValues(Shape.DOUBLES, 40, 25);
        EchoPort xml = servers.port(false);
        CxfEchoServers.via(xml, servers.fastInfoset().uri().toString());
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> servers.verifyFastInfoset(xml, values, 0));
        assertTrue(e.getMessage().contains("was not Fast Infoset both ways"), e.getMessage());
        assertTrue(e.getMessage().contains("xml"), e.getMessage());
    }

    /**
     * One tiny trial of {@code LinkEchoBench.baselineFastInfoset} as JMH runs it, over its 100 Mbit/s link: the
     * setup's checked calls (Fast Infoset both ways, through the relay), a few calls, the teardown.
     */
    @Test
    void aTinyLinkTrialOfFastInfoset() throws Exception {
        LinkEchoBench bench = new LinkEchoBench();
        bench.link = "100mbit";
        bench.size = 2000;
        bench.percent = 25;
        bench.start("baselineFastInfoset");
        try {
            for (int call = 0; call < 4; call++) {
                assertEquals(2000, CxfEchoServers.items(bench.baselineFastInfoset()));
            }
        } finally {
            bench.close();
        }
    }

    /**
     * One tiny trial of {@code CxfEchoBench.baselineFastInfoset} as JMH runs it: the setup's checks (Fast Infoset
     * both ways), 2 windows of calls from 2 Fast Infoset proxies, the Fast Infoset endpoint's CPU measured.
     */
    @Test
    void aTinyTrialOfFastInfosetMeasuresTheFastInfosetEndpoint() throws Exception {
        CxfEchoBench bench = new CxfEchoBench();
        bench.shape = "doubles";
        bench.size = 300;
        bench.percent = 25;
        bench.fastInfoset = true;
        bench.start(false);
        try {
            assertSame(bench.servers.fastInfoset(), bench.measured);
            CxfEchoBench.Client[] clients = new CxfEchoBench.Client[2];
            for (int i = 0; i < clients.length; i++) {
                clients[i] = new CxfEchoBench.Client();
                clients[i].open(bench);
            }
            dev.dsoap.bench.echo.ServerCpu cpu = new dev.dsoap.bench.echo.ServerCpu();
            for (int iteration = 0; iteration < 2; iteration++) {
                cpu.clear();
                bench.openWindow();
                for (int call = 0; call < 6; call++) {
                    assertEquals(300, CxfEchoServers.items(bench.baselineFastInfoset(clients[call % clients.length], cpu)));
                }
                long[] window = bench.window.close();
                assertEquals(6, window[1]);
                assertTrue(window[0] > 0, "no server CPU time in the window");
            }
        } finally {
            bench.tearDown();
        }
    }

    /** The benchmark's short-suite point: CXF's default StAX limits refuse 100K children, the buses lift them. */
    @Test
    void theBenchmarksLargestArraysPass() throws Exception {
        servers.verify(new EchoValues(Shape.DOUBLES, 100_000, 25));
    }

    @Test
    void endpointsRunOnJettyServersOfTheirOwn() throws Exception {
        assertNotEquals(servers.plain().uri().getPort(), servers.dsoap().uri().getPort());
        assertNotEquals(servers.plain().toString(), servers.dsoap().toString());
        EchoValues values = new EchoValues(Shape.INTS, 2000, 25);
        for (CxfEchoServer s : new CxfEchoServer[]{servers.plain(), servers.dsoap()}) {
            EchoPort p = servers.port(s == servers.dsoap());
            ThreadCpu.Reading before = s.requestCpu();
            for (long n = 0; n < 5; n++) {
                assertEquals(2000, CxfEchoServers.items(CxfEchoServers.echo(p, Shape.INTS, values.values(n))), s.toString());
            }
            ThreadCpu.Reading after = s.requestCpu();
            assertTrue(after.threads() > 0, s + ": no Jetty threads found");
            assertTrue(after.since(before) > 0, s + ": no CPU time found on its Jetty threads");
        }
    }

    /** One tiny trial of a benchmark method, as JMH runs it: setup, 2 windows of calls, teardown. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aTinyTrialMeasuresTheRightEndpoint(boolean dsoap) throws Exception {
        CxfEchoBench bench = new CxfEchoBench();
        bench.shape = "mios";
        bench.size = 300;
        bench.percent = 25;
        bench.start(dsoap);
        try {
            assertSame(dsoap ? bench.servers.dsoap() : bench.servers.plain(), bench.measured);
            CxfEchoBench.Client[] clients = new CxfEchoBench.Client[2];
            for (int i = 0; i < clients.length; i++) {
                clients[i] = new CxfEchoBench.Client();
                clients[i].open(bench);
            }
            dev.dsoap.bench.echo.ServerCpu cpu = new dev.dsoap.bench.echo.ServerCpu();
            for (int iteration = 0; iteration < 2; iteration++) {
                cpu.clear();
                bench.openWindow();
                for (int call = 0; call < 6; call++) {
                    CxfEchoBench.Client c = clients[call % clients.length];
                    Object got = dsoap ? bench.dsoapCxf(c, cpu) : bench.baselineCxf(c, cpu);
                    assertEquals(300, CxfEchoServers.items(got));
                }
                long[] window = bench.window.close();
                assertEquals(6, window[1]);
                assertTrue(window[0] > 0, "no server CPU time in the window");
            }
            if (dsoap) {
                OperationStats server = bench.servers.stats("server", Shape.MIOS);
                assertEquals(2 + 12, server.get("MessagesRead"), server.toString());
                assertEquals(2 + 12, server.get("MessagesWritten"), server.toString());
                assertEquals(0, server.fallbacks(), server.toString());
            }
        } finally {
            bench.tearDown();
        }
    }
}
