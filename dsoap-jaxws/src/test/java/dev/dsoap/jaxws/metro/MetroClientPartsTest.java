package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
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
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dsoap's Metro client proxies ({@link DsoapMetro#differential}) on operations with SOAP header parameters and on
 * document/literal bare operations, against a plain and a {@code @DifferentialSoap} Metro endpoint: every answer as a
 * plain Metro proxy gets it from the plain endpoint (tokens with markup, tabs, non-ASCII and surrogate pairs, absent
 * tokens and scales, edge doubles, null beans), every request written and every answer read by dsoap on the client,
 * and on the dsoap endpoint every request read and every answer written by dsoap.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroClientPartsTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261204L);
    private static final int CALLS = 40;
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0 / 3};
    private static final String[] TEXTS = {"t", "", "&<>\"'", "tab\there\r", "gr\u00fc\u00dfe \ud834\udd1e", null};
    private static final List<Endpoint> endpoints = new ArrayList<>();
    private static String base;

    static {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    @BeforeAll
    static void publish() throws IOException {
        base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        endpoints.add(Endpoint.publish(base + "/plainHeaders", new MetroHeaderLogic.Plain()));
        endpoints.add(Endpoint.publish(base + "/dsoapHeaders", new MetroHeaderLogic.Dsoap()));
        endpoints.add(Endpoint.publish(base + "/plainBare", new MetroBareLogic.Plain()));
        endpoints.add(Endpoint.publish(base + "/dsoapBare", new MetroBareLogic.Dsoap()));
    }

    @AfterAll
    static void stop() {
        for (Endpoint e : endpoints) {
            e.stop();
        }
        endpoints.clear();
    }

    private static <T> T port(String path, String service, String port, Class<T> sei) throws IOException {
        return Service.create(URI.create(base + path + "?wsdl").toURL(), new QName(MetroEcho.NS, service))
                .getPort(new QName(MetroEcho.NS, port), sei);
    }

    /** The client side's counters of {@code op} for {@code service}: written and read so far. */
    private static long[] counts(String service, String op) throws Exception {
        OperationStatsMXBean s = MetroClientTest.clientStats(service, op);
        return s == null ? new long[2] : new long[] {s.getMessagesWritten(), s.getMessagesRead()};
    }

    /** Every call of {@code ops} since {@code before} written and read by dsoap, the answer's values the caller's. */
    private static void carriedByTheClient(String service, String[] ops, Map<String, long[]> before) throws Exception {
        for (String op : ops) {
            OperationStatsMXBean s = MetroClientTest.clientStats(service, op);
            long[] b = before.get(op);
            assertEquals(CALLS, s.getMessagesWritten() - b[0], service + " " + op + ": requests written by dsoap "
                    + s.getWriteFallbacks());
            assertEquals(CALLS, s.getMessagesRead() - b[1], service + " " + op + ": answers read by dsoap "
                    + s.getReadFallbacks());
            assertEquals(Map.of(), s.getReadFallbacks(), service + " " + op + ": no answer read again by Metro");
        }
    }

    @Test
    void headerParametersAreCarriedByTheClient() throws Exception {
        MetroHeaderEcho plain = port("/plainHeaders", "PlainHeaderService", "PlainHeaderPort", MetroHeaderEcho.class);
        String[] ops = {"stamp", "scaled"};
        String[][] targets = {{"/plainHeaders", "PlainHeaderService", "PlainHeaderPort"},
                {"/dsoapHeaders", "DsoapHeaderService", "DsoapHeaderPort"}};
        for (String[] t : targets) {
            DifferentialMetroHeaderEcho client = DsoapMetro.differential(port(t[0], t[1], t[2],
                    DifferentialMetroHeaderEcho.class));
            String service = t[1] + "." + t[2];
            Map<String, long[]> before = Map.of("stamp", counts(service, "stamp"), "scaled", counts(service, "scaled"),
                    "total", counts(service, "total"));
            Random r = new Random(SEED);
            double[] v = new double[50];
            for (int call = 0; call < CALLS; call++) {
                for (int k = 0; k < 5; k++) {
                    v[r.nextInt(v.length)] = r.nextInt(4) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextGaussian() * 1e3;
                }
                String token = TEXTS[call % TEXTS.length];
                Double scale = call % 7 == 3 ? null : EDGES[r.nextInt(EDGES.length)];
                String where = t[1] + ", call " + call + " (seed " + SEED + ")";
                assertEquals(plain.stamp(v, token, scale), client.stamp(v, token, scale), where + ": stamp");
                double x = r.nextGaussian();
                double factor = EDGES[r.nextInt(EDGES.length)];
                assertEquals(Double.doubleToRawLongBits(plain.scaled(x, factor)),
                        Double.doubleToRawLongBits(client.scaled(x, factor)), where + ": scaled");
                // an in-out header parameter: the request written by dsoap, the answer (with the header) read by Metro
                Integer count = call % 5 == 2 ? null : call;
                jakarta.xml.ws.Holder<Integer> plainCount = new jakarta.xml.ws.Holder<>(count);
                jakarta.xml.ws.Holder<Integer> clientCount = new jakarta.xml.ws.Holder<>(count);
                assertEquals(Double.doubleToRawLongBits(plain.total(v, plainCount)),
                        Double.doubleToRawLongBits(client.total(v, clientCount)), where + ": total");
                assertEquals(plainCount.value, clientCount.value, where + ": total's count");
            }
            carriedByTheClient(service, ops, before);
            OperationStatsMXBean totals = MetroClientTest.clientStats(service, "total");
            assertEquals(CALLS, totals.getMessagesWritten() - before.get("total")[0], service + " total: requests written");
            assertEquals(Map.of("UNSUPPORTED_TYPE", (long) CALLS), totals.getReadFallbacks(), service + " total: answers Metro's");
        }
        for (String op : ops) {
            OperationStatsMXBean s = MetroCarryTest.stats("DsoapHeaderService.DsoapHeaderPort", op);
            assertEquals(CALLS, s.getMessagesRead(), op + " " + s.getReadFallbacks());
            assertEquals(CALLS, s.getMessagesWritten(), op + " " + s.getWriteFallbacks());
        }
    }

    @Test
    void bareOperationsAreCarriedByTheClient() throws Exception {
        MetroBareEcho plain = port("/plainBare", "PlainBareService", "PlainBarePort", MetroBareEcho.class);
        String[] ops = {"move", "halve", "bracket", "tag"};
        String[][] targets = {{"/plainBare", "PlainBareService", "PlainBarePort"}, {"/dsoapBare", "DsoapBareService", "DsoapBarePort"}};
        for (String[] t : targets) {
            DifferentialMetroBareEcho client = DsoapMetro.differential(port(t[0], t[1], t[2], DifferentialMetroBareEcho.class));
            String service = t[1] + "." + t[2];
            Map<String, long[]> before = Map.of("move", counts(service, "move"), "halve", counts(service, "halve"),
                    "bracket", counts(service, "bracket"), "negate", counts(service, "negate"), "tag", counts(service, "tag"));
            Random r = new Random(SEED);
            int nulls = 0;
            int nullArrays = 0;
            for (int call = 0; call < CALLS; call++) {
                String where = t[1] + ", call " + call + " (seed " + SEED + ")";
                double d = r.nextInt(3) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextGaussian() * 1e6;
                String text = TEXTS[r.nextInt(TEXTS.length)];
                Point p = call % 9 == 4 ? null : new Point(r.nextInt(), d, text);
                nulls += p == null ? 1 : 0;
                assertEquals(String.valueOf(plain.move(p)), String.valueOf(client.move(p)), where + ": move");
                assertEquals(Double.doubleToRawLongBits(plain.halve(d)), Double.doubleToRawLongBits(client.halve(d)),
                        where + ": halve " + d);
                assertEquals(plain.bracket(text), client.bracket(text), where + ": bracket");
                String tag = TEXTS[r.nextInt(TEXTS.length)];
                assertEquals(plain.tag(text, tag), client.tag(text, tag), where + ": tag " + tag);
                nullArrays += call % 11 == 5 ? 1 : 0;
                double[] xs = call % 11 == 5 ? null : call % 11 == 6 ? new double[0] : new double[1 + r.nextInt(40)];
                for (int k = 0; xs != null && k < xs.length; k++) {
                    xs[k] = r.nextInt(3) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextGaussian() * 1e6;
                }
                org.junit.jupiter.api.Assertions.assertArrayEquals(plain.negate(xs), client.negate(xs), where + ": negate");
            }
            assertTrue(nulls > 0, "null beans (xsi:nil) among the calls");
            carriedByTheClient(service, ops, before);
            // a null bare array is its element with xsi:nil, which Metro writes and reads; every other call dsoap's
            assertTrue(nullArrays > 0, "null arrays among the calls");
            OperationStatsMXBean arrays = MetroClientTest.clientStats(service, "negate");
            long[] b = before.get("negate");
            assertEquals(CALLS - nullArrays, arrays.getMessagesWritten() - b[0], service + " negate: requests written");
            assertEquals(CALLS, arrays.getMessagesRead() - b[1], service + " negate: answers tried");
        }
        for (String op : ops) {
            OperationStatsMXBean s = MetroCarryTest.stats("DsoapBareService.DsoapBarePort", op);
            assertEquals(CALLS, s.getMessagesRead(), op + " " + s.getReadFallbacks());
            assertEquals(CALLS, s.getMessagesWritten(), op + " " + s.getWriteFallbacks());
        }
        OperationStatsMXBean arrays = MetroClientTest.clientStats("PlainBareService.PlainBarePort", "negate");
        assertEquals(Map.of("REQUEST_SHAPE", 4L), arrays.getReadFallbacks(), "nil answers read by Metro, the rest by dsoap");
        assertEquals(Map.of("UNSUPPORTED_VALUE", 4L), arrays.getWriteFallbacks(), "null arrays written by Metro");
    }
}
