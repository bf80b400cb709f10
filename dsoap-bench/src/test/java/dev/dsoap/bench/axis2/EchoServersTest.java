package dev.dsoap.bench.axis2;

import dev.dsoap.bench.deserialize.DdsMessages;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.echo.ThreadCpu;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The end-to-end benchmark's setup on small messages: both servers start from the built module archive with
 * both services, echo every shape's values bit for bit in both styles, dsoap carries the messages itself, the
 * request threads' CPU time is found, and the request stream changes what it says it changes.
 */
class EchoServersTest {
    private static EchoServers servers;
    private static EchoClient client;

    @BeforeAll
    static void start() throws Exception {
        servers = EchoServers.start();
        client = new EchoClient();
    }

    @AfterAll
    static void stop() throws Exception {
        if (servers != null) {
            servers.close();
        }
    }

    static Stream<Arguments> stylesAndShapes() {
        return Stream.of(Style.values()).flatMap(style -> Stream.of(Shape.values()).map(shape -> Arguments.of(style, shape)));
    }

    @ParameterizedTest
    @MethodSource("stylesAndShapes")
    void bothServersEchoTheValuesSent(Style style, Shape shape) throws Exception {
        EchoMessages stream = new EchoMessages(shape, style, servers.namespace(style), 40, 25);
        servers.verify(stream, client);
        OperationStats stats = servers.stats(style, shape);
        long read = stats.get("MessagesRead");
        long resumed = stats.get("ReadsResumed");
        for (long n = 2; n < 40; n++) {
            byte[] m = stream.message(n);
            for (EchoServer s : new EchoServer[]{servers.plain(), servers.dsoap()}) {
                Object got = EchoResponse.values(client.exchange(s.uri(style), m), shape);
                assertNull(EchoValues.difference(stream.values(n), got), s + ", " + stream + ", message " + n);
            }
        }
        assertEquals(read + 38, stats.get("MessagesRead"), stats.toString());
        assertTrue(stats.get("ReadsResumed") - resumed > 30, stats.toString());
        assertEquals(0, stats.fallbacks(), stats.toString());
    }

    /**
     * Strings carrying every edge text (markup characters, escape-like text, two- to four-byte UTF-8, surrogate
     * pairs) come back char for char from both servers, and dsoap reads and writes them itself.
     */
    @ParameterizedTest
    @EnumSource(Style.class)
    void stringsWithEdgeCharactersAreEchoedExactlyOnDsoapsPath(Style style) throws Exception {
        EchoMessages stream = new EchoMessages(Shape.STRINGS, style, servers.namespace(style), 1000, 25);
        StringBuilder all = new StringBuilder();
        for (long n = 0; n < 20; n++) {
            all.append(new String(stream.message(n), StandardCharsets.UTF_8));
        }
        for (String edge : EchoValues.EDGES) {
            assertTrue(all.indexOf(EchoMessages.escape(edge)) >= 0, "no message holds " + edge);
        }
        assertTrue(all.indexOf("&amp;amp;") >= 0 && all.indexOf("]]&gt;") >= 0 && all.indexOf("\ud83d\ude00") >= 0);
        servers.verify(stream, client);
        OperationStats stats = servers.stats(style, Shape.STRINGS);
        long read = stats.get("MessagesRead");
        long written = stats.get("MessagesWritten");
        for (long n = 2; n < 20; n++) {
            for (EchoServer s : new EchoServer[]{servers.plain(), servers.dsoap()}) {
                Object got = EchoResponse.values(client.exchange(s.uri(style), stream.message(n)), Shape.STRINGS);
                assertNull(EchoValues.difference(stream.values(n), got), s + ", " + stream + ", message " + n);
            }
        }
        assertEquals(read + 18, stats.get("MessagesRead"), stats.toString());
        assertEquals(written + 18, stats.get("MessagesWritten"), stats.toString());
        assertEquals(0, stats.fallbacks(), stats.toString());
    }

    /**
     * The POJO service's echoVoid is in-only (202, no body) and dsoap reads it; the ADB service's is in-out (an
     * empty response wrapper) and dsoap reads and writes it. Neither falls back.
     */
    @Test
    void echoVoidIsCarriedByDsoapInBothStyles() throws Exception {
        servers.verifyVoid(client);
        OperationStats pojo = servers.stats(Style.POJO, EchoServers.VOID);
        long read = pojo.get("MessagesRead");
        byte[] request = EchoMessages.voidRequest(servers.namespace(Style.POJO));
        for (int i = 0; i < 5; i++) {
            assertEquals(0, client.post(servers.dsoap().uri(Style.POJO), request, request.length, 202));
        }
        assertEquals(read + 5, pojo.get("MessagesRead"), pojo.toString());
        assertEquals(0, pojo.get("MessagesWritten"), pojo.toString());
        assertEquals(0, pojo.fallbacks(), pojo.toString());

        OperationStats adb = servers.stats(Style.ADB, EchoServers.VOID);
        read = adb.get("MessagesRead");
        long written = adb.get("MessagesWritten");
        byte[] adbRequest = EchoMessages.voidRequest(servers.namespace(Style.ADB));
        for (EchoServer s : new EchoServer[]{servers.plain(), servers.dsoap(), servers.dsoap()}) {
            String response = new String(client.exchange(s.uri(Style.ADB), adbRequest), StandardCharsets.UTF_8);
            // an empty response wrapper, in whatever prefix wsdl2java gave the bean's QName
            assertTrue(response.matches(".*<soapenv:Body><(\\w+):echoVoidResponse xmlns:\\1=\"urn:dsoap:bench:adb-echo\""
                    + "(/>|></\\1:echoVoidResponse>)</soapenv:Body>.*"), s + ": " + response);
        }
        assertEquals(read + 2, adb.get("MessagesRead"), adb.toString());
        assertEquals(written + 2, adb.get("MessagesWritten"), adb.toString());
        assertEquals(0, adb.fallbacks(), adb.toString());
    }

    /**
     * dsoap's RPCServiceClient, loaded from the deployed dsoap.mar and engaged on the dsoap server's
     * configuration, echoes the values bit for bit and carries both directions (its client-side counters).
     */
    @Test
    void theEngagedRpcClientFromTheArchiveCarriesBothDirections() throws Exception {
        org.apache.axis2.rpc.client.RPCServiceClient c = servers.dsoap().dsoapRpcClient();
        try {
            c.getOptions().setTo(new org.apache.axis2.addressing.EndpointReference(servers.dsoap().uri(Style.POJO).toString()));
            dev.dsoap.bench.echo.OperationStats st = dev.dsoap.bench.echo.OperationStats.of("Axis2Operation", "client",
                    "anonService", "anonOutInOp");
            long read = st.get("MessagesRead");
            long written = st.get("MessagesWritten");
            javax.xml.namespace.QName op = new javax.xml.namespace.QName(servers.plain().namespace(Style.POJO),
                    Shape.DOUBLES.operation);
            double[][] sent = {{1.5, -0.0, Double.NaN, Double.MIN_VALUE}, {1.5, -0.0, Double.NaN, 2.5}, {}};
            for (double[] v : sent) {
                Double[] boxed = java.util.Arrays.stream(v).boxed().toArray(Double[]::new);
                double[] got = (double[]) c.invokeBlocking(op, new Object[] {boxed}, new Class<?>[] {double[].class})[0];
                c.cleanupTransport();
                assertEquals(java.util.Arrays.toString(java.util.Arrays.stream(v).mapToLong(Double::doubleToRawLongBits).toArray()),
                        java.util.Arrays.toString(java.util.Arrays.stream(got).mapToLong(Double::doubleToRawLongBits).toArray()));
            }
            assertEquals(3, st.get("MessagesWritten") - written, st.toString());
            assertEquals(3, st.get("MessagesRead") - read, st.toString());
        } finally {
            c.cleanup();
        }
    }

    @Test
    void theStylesAreDifferentServicesAndWriteTheirOwnConventions() {
        assertEquals("AdbEcho", servers.dsoap().serviceName(Style.ADB));
        assertEquals("urn:dsoap:bench:adb-echo", servers.namespace(Style.ADB));
        assertNotEquals(servers.namespace(Style.POJO), servers.namespace(Style.ADB));
        assertNotEquals(servers.dsoap().serviceName(Style.POJO), servers.dsoap().serviceName(Style.ADB));
        assertNotEquals(servers.dsoap().uri(Style.POJO), servers.dsoap().uri(Style.ADB));
        String pojo = text(new EchoMessages(Shape.MIOS, Style.POJO, servers.namespace(Style.POJO), 2, 0));
        String adb = text(new EchoMessages(Shape.MIOS, Style.ADB, servers.namespace(Style.ADB), 2, 0));
        assertTrue(pojo.contains("<ns:echoMios xmlns:ns=\"" + servers.namespace(Style.POJO) + "\"><v><a>"), pojo);
        assertTrue(adb.contains("<ns:echoMios xmlns:ns=\"urn:dsoap:bench:adb-echo\"><ns:v><ns:a>"), adb);
        assertTrue(adb.contains("</ns:b><ns:v>") && adb.endsWith("</ns:v></ns:v></ns:echoMios></soapenv:Body></soapenv:Envelope>"), adb);
        assertEquals(pojo.replace("<v>", "<ns:v>").replace("</v>", "</ns:v>").replace("<a>", "<ns:a>")
                .replace("</a>", "</ns:a>").replace("<b>", "<ns:b>").replace("</b>", "</ns:b>")
                .replace(servers.namespace(Style.POJO), servers.namespace(Style.ADB)), adb);
    }

    private static String text(EchoMessages stream) {
        return new String(stream.message(0), StandardCharsets.UTF_8);
    }

    @Test
    void aWrongEchoIsCaught() throws Exception {
        EchoMessages stream = new EchoMessages(Shape.DOUBLES, Style.POJO, servers.namespace(Style.POJO), 3, 100);
        double[] sent = (double[]) stream.values(0);
        double[] other = sent.clone();
        other[1] = -other[1];
        assertNull(EchoValues.difference(sent, sent.clone()));
        assertTrue(EchoValues.difference(sent, other).startsWith("item 1: "));
        assertTrue(EchoValues.difference(sent, Arrays.copyOf(sent, 2)).contains("3 items sent, 2 echoed"));
        assertArrayEquals(sent, (double[]) EchoResponse.values(client.exchange(servers.plain().uri(Style.POJO), stream.message(0)),
                Shape.DOUBLES));
        assertThrows(IllegalStateException.class, () -> EchoResponse.values(
                "<e:Envelope xmlns:e='x'><e:Body><e:Fault/></e:Body></e:Envelope>".getBytes(), Shape.DOUBLES));
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void requestThreadsCpuTimeIsMeasured(Style style) throws Exception {
        EchoMessages stream = new EchoMessages(Shape.INTS, style, servers.namespace(style), 2000, 25);
        byte[] buffer = new byte[stream.maxLength()];
        for (EchoServer s : new EchoServer[]{servers.plain(), servers.dsoap()}) {
            ThreadCpu.Reading before = s.connectionCpu();
            for (long n = 0; n < 5; n++) {
                int length = stream.fill(n, buffer);
                assertTrue(client.post(s.uri(style), buffer, length) > length, s + ", " + stream);
            }
            assertTrue(s.connectionCpu().since(before) > 0, s + ": no CPU time found on its request threads");
        }
    }

    @Test
    void consecutiveMessagesDifferInTheChangedItemsAndNoMessageRepeats() {
        int size = 1000;
        EchoMessages stream = new EchoMessages(Shape.INTS, Style.POJO, servers.namespace(Style.POJO), size, 25);
        int changed = DdsMessages.changedCount(size, 25);
        int[] prev = (int[]) stream.values(0);
        Set<ByteBuffer> seen = new HashSet<>();
        byte[] buffer = new byte[stream.maxLength()];
        for (long n = 1; n < 2000; n++) {
            int[] cur = (int[]) stream.values(n);
            assertEquals(changed, differing(prev, cur), "messages " + (n - 1) + " and " + n);
            prev = cur;
            assertArrayEquals(Arrays.copyOf(buffer, stream.fill(n, buffer)), stream.message(n));
            assertTrue(seen.add(ByteBuffer.wrap(stream.message(n))), "message " + n + " repeats an earlier one");
        }
        int[] m99 = (int[]) stream.values(99);
        for (long n = 96; n < 96 + EchoMessages.VARIANTS; n++) {
            assertEquals(n == 99 ? 0 : changed, differing(m99, (int[]) stream.values(n)), "same block: 99 and " + n);
        }
        for (long n = 100; n < 1000; n += 2) {
            assertEquals(changed, differing(m99, (int[]) stream.values(n)), "odd distance: 99 and " + n);
        }
        EchoMessages same = new EchoMessages(Shape.MIOS, Style.ADB, servers.namespace(Style.ADB), 100, 0);
        assertArrayEquals(same.message(0), same.message(1));
        assertArrayEquals(same.message(0), same.message(12345));
        assertArrayEquals(stream.message(777), new EchoMessages(Shape.INTS, Style.POJO, servers.namespace(Style.POJO), size, 25).message(777));
        assertNotEquals(stream.message(777).length, 0);
    }

    @Test
    void consecutiveVariantsDiffer() {
        for (int run = 0; run < EchoMessages.PARTITIONS; run++) {
            for (long n = 1; n < 10_000; n++) {
                assertNotEquals(EchoMessages.variant(run, n - 1), EchoMessages.variant(run, n), "run " + run + ", n " + n);
            }
        }
    }

    private static int differing(int[] a, int[] b) {
        int d = 0;
        for (int i = 0; i < a.length; i++) {
            d += a[i] != b[i] ? 1 : 0;
        }
        return d;
    }
}
