package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Holder;
import jakarta.xml.ws.Service;
import org.junit.jupiter.api.Test;

import javax.xml.namespace.QName;
import java.net.URI;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Out and in-out parameters ({@code Holder}s) on Metro: a plain and a {@code @DifferentialSoap} endpoint, called by
 * plain Metro proxies with a generated sequence (edge doubles, empty and resized arrays, labels with markup, tabs,
 * non-ASCII and surrogate pairs, null): the return values and every Holder's value the same, bit for bit, and dsoap read
 * and wrote every call.
 */
class MetroHolderTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261202L);
    private static final int CALLS = 40;
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0 / 3};
    private static final String[] LABELS = {"l", "&<>\"'", "tab\there", "gr\u00fc\u00dfe \ud834\udd1e", "", null};

    @Test
    void holdersAnswerAsPlainMetroAndAreCarried() throws Exception {
        String base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        Endpoint plainEndpoint = Endpoint.publish(base + "/plainHolders", new MetroHolderLogic.Plain());
        Endpoint dsoapEndpoint = Endpoint.publish(base + "/dsoapHolders", new MetroHolderLogic.Dsoap());
        try {
            MetroHolderEcho plain = Service.create(URI.create(base + "/plainHolders?wsdl").toURL(),
                    new QName(MetroEcho.NS, "PlainHolderService")).getPort(new QName(MetroEcho.NS, "PlainHolderPort"),
                    MetroHolderEcho.class);
            MetroHolderEcho dsoap = Service.create(URI.create(base + "/dsoapHolders?wsdl").toURL(),
                    new QName(MetroEcho.NS, "DsoapHolderService")).getPort(new QName(MetroEcho.NS, "DsoapHolderPort"),
                    MetroHolderEcho.class);
            Random r = new Random(SEED);
            double[] v = new double[30];
            for (int call = 0; call < CALLS; call++) {
                for (int k = 0; k < 4; k++) {
                    v[r.nextInt(v.length)] = r.nextInt(3) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextGaussian() * 1e4;
                }
                double[] sent = call % 11 == 5 ? new double[0] : call % 7 == 2 ? Arrays.copyOf(v, r.nextInt(v.length)) : v;
                String label = LABELS[call % LABELS.length];
                String where = "call " + call + " (seed " + SEED + ")";
                String[] got = new String[2];
                for (MetroHolderEcho c : new MetroHolderEcho[] {plain, dsoap}) {
                    Holder<String> l = new Holder<>(label);
                    Holder<Double> min = new Holder<>();
                    Holder<double[]> sorted = new Holder<>();
                    double sum = c.split(sent, l, min, sorted);
                    Holder<Double> x = new Holder<>(call % 5 == 0 ? null : EDGES[call % EDGES.length]);
                    c.twice(x);
                    got[c == plain ? 0 : 1] = Long.toHexString(Double.doubleToRawLongBits(sum)) + " " + l.value + " "
                            + (min.value == null ? "null" : Long.toHexString(Double.doubleToRawLongBits(min.value))) + " "
                            + bits(sorted.value) + " " + (x.value == null ? "null" : Long.toHexString(Double.doubleToRawLongBits(x.value)));
                }
                assertEquals(got[0], got[1], where);
            }
            for (String op : new String[] {"split", "twice"}) {
                OperationStatsMXBean s = MetroCarryTest.stats("DsoapHolderService.DsoapHolderPort", op);
                assertEquals(CALLS, s.getMessagesRead(), op + " " + s.getReadFallbacks());
                assertEquals(CALLS, s.getMessagesWritten(), op + " " + s.getWriteFallbacks());
                assertEquals(Map.of(), s.getReadFallbacks(), op);
                assertEquals(Map.of(), s.getWriteFallbacks(), op);
            }
        } finally {
            plainEndpoint.stop();
            dsoapEndpoint.stop();
        }
    }

    private static String bits(double[] a) {
        if (a == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder("[");
        for (double d : a) {
            b.append(Long.toHexString(Double.doubleToRawLongBits(d))).append(',');
        }
        return b.append(']').toString();
    }
}
