package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import org.junit.jupiter.api.Test;

import javax.xml.namespace.QName;
import java.net.URI;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Document/literal bare operations on Metro: a plain and a {@code @DifferentialSoap} endpoint of a bare service (a
 * bean, a double and a string, each the body element itself), called by plain Metro proxies with a generated sequence
 * (edge doubles, markup, non-ASCII and surrogate pairs, null: a bare null is an element with {@code xsi:nil}); the same
 * answers, bit for bit, and dsoap read and wrote every call; a bare array (JAXB's {@code item} elements in the body
 * element, nil for null, none for empty) answered as plain Metro answers it, every call Metro's way, counted.
 */
class MetroBareTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261202L);
    private static final int CALLS = 40;
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0 / 3};
    private static final String[] TEXTS = {"", "plain", "&<>\"'", "tab\there\r", "gr\u00fc\u00dfe", "\ud834\udd1e clef", null};

    @Test
    void bareOperationsAnswerAsPlainMetroAndAreCarried() throws Exception {
        String base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        Endpoint plainEndpoint = Endpoint.publish(base + "/plainBare", new MetroBareLogic.Plain());
        Endpoint dsoapEndpoint = Endpoint.publish(base + "/dsoapBare", new MetroBareLogic.Dsoap());
        try {
            MetroBareEcho plain = Service.create(URI.create(base + "/plainBare?wsdl").toURL(),
                    new QName(MetroEcho.NS, "PlainBareService")).getPort(new QName(MetroEcho.NS, "PlainBarePort"),
                    MetroBareEcho.class);
            MetroBareEcho dsoap = Service.create(URI.create(base + "/dsoapBare?wsdl").toURL(),
                    new QName(MetroEcho.NS, "DsoapBareService")).getPort(new QName(MetroEcho.NS, "DsoapBarePort"),
                    MetroBareEcho.class);
            Random r = new Random(SEED);
            int nulls = 0;
            int nullArrays = 0;
            for (int call = 0; call < CALLS; call++) {
                String where = "call " + call + " (seed " + SEED + ")";
                double d = r.nextInt(3) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextGaussian() * 1e6;
                String text = TEXTS[r.nextInt(TEXTS.length)];
                Point p = call % 9 == 4 ? null : new Point(r.nextInt(), d, text);
                nulls += p == null ? 1 : 0;
                assertEquals(String.valueOf(plain.move(p)), String.valueOf(dsoap.move(p)), where + ": move");
                assertEquals(Double.doubleToRawLongBits(plain.halve(d)), Double.doubleToRawLongBits(dsoap.halve(d)),
                        where + ": halve " + d);
                assertEquals(plain.bracket(text), dsoap.bracket(text), where + ": bracket");
                String tag = TEXTS[r.nextInt(TEXTS.length)];
                assertEquals(plain.tag(text, tag), dsoap.tag(text, tag), where + ": tag " + tag);
                nullArrays += call % 11 == 5 ? 1 : 0;
                double[] xs = call % 11 == 5 ? null : call % 11 == 6 ? new double[0] : new double[1 + r.nextInt(40)];
                for (int k = 0; xs != null && k < xs.length; k++) {
                    xs[k] = r.nextInt(3) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextGaussian() * 1e6;
                }
                org.junit.jupiter.api.Assertions.assertArrayEquals(plain.negate(xs), dsoap.negate(xs), where + ": negate");
            }
            assertTrue(nulls > 0, "null beans (xsi:nil) among the calls");
            for (String op : new String[] {"move", "halve", "bracket", "tag"}) {
                OperationStatsMXBean s = MetroCarryTest.stats("DsoapBareService.DsoapBarePort", op);
                assertEquals(CALLS, s.getMessagesRead(), op + " " + s.getReadFallbacks());
                assertEquals(CALLS, s.getMessagesWritten(), op + " " + s.getWriteFallbacks());
                assertEquals(Map.of(), s.getReadFallbacks(), op);
            }
            // a bare array: a null one is its element with xsi:nil, which Metro reads and writes; the rest dsoap's
            OperationStatsMXBean arrays = MetroCarryTest.stats("DsoapBareService.DsoapBarePort", "negate");
            // (a nil request is tried, then refused at its body element: read, and counted as a fallback)
            assertEquals(CALLS, arrays.getMessagesRead(), "negate " + arrays.getReadFallbacks());
            assertEquals(Map.of("REQUEST_SHAPE", (long) nullArrays), arrays.getReadFallbacks(), "negate");
            assertEquals(Map.of("UNSUPPORTED_VALUE", (long) nullArrays), arrays.getWriteFallbacks(), "negate");
            assertEquals(CALLS - nullArrays, arrays.getMessagesWritten(), "negate");
        } finally {
            plainEndpoint.stop();
            dsoapEndpoint.stop();
        }
    }
}
