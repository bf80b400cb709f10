package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Requests Metro reads on a carried endpoint, answered by dsoap: with {@code dsoap.deserialize = false} every request is
 * Metro's to read and every answer dsoap's; past {@code dsoap.maxMessageBytes} a request goes Metro's way before dsoap
 * sees it, and its answer is written by dsoap on a template of one message, so that it keeps nothing. Values, edge
 * values included, as a plain Metro proxy gets them from a plain Metro endpoint; counters say who wrote what.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroReadAnswersTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261203L);
    private static final int CALLS = 24;
    /** Between the shortest and the longest request of {@link MetroGen}'s doubles. */
    private static final int LIMIT = 24_000;
    private static final List<Endpoint> endpoints = new ArrayList<>();
    private static String base;
    private static MetroEcho plain;

    static {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    /** dsoap writes the answers; Metro reads every request. */
    @DifferentialSoap(deserialize = false)
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "WriteOnlyEchoService",
            portName = "WriteOnlyEchoPort", targetNamespace = MetroEcho.NS)
    public static class WriteOnlyEcho extends MetroEchoLogic {
    }

    /** dsoap reads requests of up to {@link #LIMIT} bytes. */
    @DifferentialSoap(maxMessageBytes = LIMIT)
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "BoundedEchoService",
            portName = "BoundedEchoPort", targetNamespace = MetroEcho.NS)
    public static class BoundedEcho extends MetroEchoLogic {
    }

    @BeforeAll
    static void publish() throws IOException {
        base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        endpoints.add(Endpoint.publish(base + "/plain", new PlainMetroEcho()));
        endpoints.add(Endpoint.publish(base + "/write-only", new WriteOnlyEcho()));
        endpoints.add(Endpoint.publish(base + "/bounded", new BoundedEcho()));
        plain = port("/plain", "PlainEchoService", "PlainEchoPort");
    }

    @AfterAll
    static void stop() {
        for (Endpoint e : endpoints) {
            e.stop();
        }
        endpoints.clear();
    }

    private static MetroEcho port(String path, String service, String port) throws IOException {
        return Service.create(URI.create(base + path + "?wsdl").toURL(), new QName(MetroEcho.NS, service))
                .getPort(new QName(MetroEcho.NS, port), MetroEcho.class);
    }

    private static String at(String what, int call) {
        return what + ", call " + call + " (seed " + SEED + ", -Ddsoap.seed to repeat)";
    }

    @Test
    void withReadingOffMetroReadsEveryRequestAndDsoapWritesEveryAnswer() throws IOException {
        MetroEcho p = port("/write-only", "WriteOnlyEchoService", "WriteOnlyEchoPort");
        MetroGen g = new MetroGen(SEED);
        double[] d = null;
        int[] i = null;
        String[] s = null;
        for (int call = 0; call < CALLS; call++) {
            d = g.doubles(d);
            i = g.ints(i);
            s = g.strings(s);
            assertArrayEquals(plain.echoDoubles(d), p.echoDoubles(d), at("doubles", call));
            assertArrayEquals(plain.echoInts(i), p.echoInts(i), at("ints", call));
            assertArrayEquals(plain.echoStrings(s), p.echoStrings(s), at("strings", call));
            assertEquals(plain.sum(d, 0.5), p.sum(d, 0.5), at("sum", call));
            Point pt = new Point(call, -call * 0.1, s.length == 0 ? null : s[0]);
            Point moved = p.move(pt, 3);
            Point expected = plain.move(pt, 3);
            assertEquals(expected.getX(), moved.getX(), at("move", call));
            assertEquals(expected.getY(), moved.getY(), at("move", call));
            assertEquals(expected.getLabel(), moved.getLabel(), at("move", call));
        }
        String service = "WriteOnlyEchoService.WriteOnlyEchoPort";
        for (String op : new String[] {"echoDoubles", "echoInts", "echoStrings", "sum", "move"}) {
            OperationStatsMXBean st = MetroCarryTest.stats(service, op);
            assertNotNull(st, op);
            assertEquals(Map.of("DISABLED", (long) CALLS), st.getReadFallbacks(), op + ": Metro read every request");
            assertEquals(0, st.getMessagesRead(), op);
            assertEquals(CALLS, st.getMessagesWritten(), op + ": dsoap wrote every answer " + st.getWriteFallbacks());
            assertEquals(Map.of(), st.getWriteFallbacks(), op);
        }
        // the answers are written on a kept template: only the first is sent whole
        Map<String, Long> matches = MetroCarryTest.stats(service, "echoDoubles").getWriteMatches();
        assertEquals(1L, matches.get("FIRST_SEND"), "answers written whole: " + matches);
    }

    @Test
    void aRequestPastTheLimitIsMetrosToReadAndItsAnswerDsoapsKeepingNothing() throws IOException {
        MetroEcho p = port("/bounded", "BoundedEchoService", "BoundedEchoPort");
        String service = "BoundedEchoService.BoundedEchoPort";
        // a long request first: the operation's first answer is written before dsoap ever read one of its requests
        double[] longOne = new double[3000];
        for (int k = 0; k < longOne.length; k++) {
            longOne[k] = k * 1.0625 - 7.5e-12 * k;
        }
        assertArrayEquals(plain.echoDoubles(longOne), p.echoDoubles(longOne), "a request past the limit");
        OperationStatsMXBean st = MetroCarryTest.stats(service, "echoDoubles");
        assertNotNull(st);
        assertEquals(1, st.getMessagesWritten(), "dsoap wrote the answer " + st.getWriteFallbacks());
        assertEquals(0, st.getRetainedBytes(), "an answer to a request dsoap did not read keeps no template");
        MetroGen g = new MetroGen(SEED + 1);
        double[] d = null;
        int past = 1;
        for (int call = 0; call < CALLS; call++) {
            d = g.doubles(d);
            past += 20 * d.length > LIMIT ? 1 : 0;
            assertArrayEquals(plain.echoDoubles(d), p.echoDoubles(d), at("doubles", call));
        }
        long tooLarge = MetroCarryTest.stats(service, "*").getReadFallbacks().getOrDefault("TOO_LARGE", 0L);
        assertTrue(tooLarge >= 1 && tooLarge < CALLS + 1, "requests past the limit went Metro's way: " + tooLarge
                + " (about " + past + " expected)");
        assertEquals(CALLS + 1 - tooLarge, st.getMessagesRead(), "the others dsoap read");
        assertEquals(CALLS + 1, st.getMessagesWritten(), "dsoap wrote every answer " + st.getWriteFallbacks());
        assertEquals(Map.of(), MetroCarryTest.stats(service, "*").getWriteFallbacks(),
                "no answer counted as Metro's for a request past the limit");
    }
}
