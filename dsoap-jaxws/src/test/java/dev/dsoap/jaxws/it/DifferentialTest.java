package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoapFeature;
import org.apache.cxf.BusFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Long seeded sequences through every pairing of plain and dsoap clients and servers, each answer compared with
 * the plain client's answer from the plain server for the same input (CXF and JAXB as the oracle), and the
 * dsoap sides shown to have carried the messages themselves.
 */
class DifferentialTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261121L);
    private static final int STEPS = Integer.getInteger("dsoap.steps", 150);

    private static Cxf cxf;
    /** A bus whose dsoap clients keep to XML ({@code dsoap.binary = off}): dsoap's XML both ways. */
    private static Cxf xmlOnly;
    private static Echo reference;
    /** dsoap client to dsoap server, plain client to dsoap server, dsoap client (annotated SEI) to plain server. */
    private static Echo[] pairs;
    private static String[] pairNames = {"dsoap client -> dsoap server (binary answers)", "plain client -> dsoap server",
            "annotated-SEI client -> plain server", "dsoap client, binary off -> dsoap server"};

    @BeforeAll
    static void start() throws Exception {
        cxf = new Cxf();
        String plain = cxf.publish(new EchoImpl());
        String dsoap = cxf.publish(new DsoapEchoImpl());
        reference = cxf.plain(plain);
        xmlOnly = new Cxf();
        xmlOnly.bus.setProperty("dsoap.binary", "off");
        pairs = new Echo[] {cxf.dsoap(dsoap), cxf.plain(dsoap), cxf.client(plain, DsoapEcho.class, "EchoService", "EchoPort"),
                xmlOnly.dsoap(dsoap)};
        BusFactory.setThreadDefaultBus(cxf.bus);
    }

    @AfterAll
    static void stop() {
        xmlOnly.close();
        cxf.close();
    }

    /** Runs {@code call} on every pair and the reference with the same input; fails naming seed, step and pair. */
    private static <R> void same(String what, int step, Function<Echo, R> call) {
        R expected = call.apply(reference);
        for (int p = 0; p < pairs.length; p++) {
            R got = call.apply(pairs[p]);
            if (!deepEquals(expected, got)) {
                fail(what + " step " + step + " (seed " + SEED + ", -Ddsoap.seed to repeat) via " + pairNames[p]
                        + ": expected " + show(expected) + " but got " + show(got));
            }
        }
    }

    private static boolean deepEquals(Object a, Object b) {
        return Objects.deepEquals(a, b);
    }

    private static String show(Object o) {
        return o instanceof double[] d ? Arrays.toString(d) : o instanceof int[] i ? Arrays.toString(i)
                : o instanceof Object[] a ? Arrays.deepToString(a) : String.valueOf(o);
    }

    @Test
    void doubles() throws Exception {
        for (int percent : new int[] {0, 25, 100}) {
            Gen g = new Gen(SEED + percent, percent);
            double[] v = g.doubles(null);
            for (int step = 0; step < STEPS; step++) {
                double[] x = v;
                same("echoDoubles " + percent + "%", step, e -> e.echoDoubles(x));
                double scale = g.dbl();
                same("sum " + percent + "%", step, e -> e.sum(x, scale));
                v = g.doubles(v);
            }
        }
        carried("echoDoubles");
        carried("sum");
    }

    @Test
    void intsStringsAndMios() throws Exception {
        Gen g = new Gen(SEED + 1, 25);
        int[] ints = null;
        String[] strings = null;
        Mio[] mios = null;
        for (int step = 0; step < STEPS; step++) {
            ints = g.ints(ints);
            strings = g.strings(strings);
            mios = g.mios(mios);
            int[] i = ints;
            String[] s = strings;
            Mio[] m = mios;
            same("echoInts", step, e -> e.echoInts(i));
            same("echoStrings", step, e -> e.echoStrings(s));
            same("echoMios", step, e -> e.echoMios(m));
        }
        carried("echoInts");
        carried("echoStrings");
        carried("echoMios");
    }

    @Test
    void beansAndWhatTheServerReceived() throws Exception {
        Gen g = new Gen(SEED + 2, 25);
        Reading r = null;
        double[] v = null;
        for (int step = 0; step < STEPS; step++) {
            r = g.reading(r);
            v = g.doubles(v);
            Reading rr = r;
            double[] vv = v;
            String label = g.text();
            int count = g.integer();
            same("echoReading", step, e -> e.echoReading(rr, label));
            same("describe", step, e -> e.describe(rr, vv, label, count));
        }
        carried("echoReading");
        carried("describe");
    }

    @Test
    void bareAndSoap12() throws Exception {
        String plainBare = cxf.publish(new BareEchoImpl());
        String dsoapBare = cxf.publish(new DsoapBareEchoImpl());
        BareEcho ref = cxf.client(plainBare, BareEcho.class, "BareService", "BarePort");
        BareEcho[] bare = {cxf.client(dsoapBare, BareEcho.class, "BareService", "BarePort", new DifferentialSoapFeature()),
                cxf.client(dsoapBare, BareEcho.class, "BareService", "BarePort"),
                cxf.client(plainBare, BareEcho.class, "BareService", "BarePort", new DifferentialSoapFeature())};
        String soap12 = cxf.publish(new Soap12EchoImpl());
        Echo soap12Client = cxf.client(soap12, Echo.class, "Echo12Service", "Echo12Port", new DifferentialSoapFeature());
        Echo soap12Xml = xmlOnly.client(soap12, Echo.class, "Echo12Service", "Echo12Port", new DifferentialSoapFeature());
        BusFactory.setThreadDefaultBus(cxf.bus);
        Gen g = new Gen(SEED + 3, 25);
        Reading r = null;
        double[] v = null;
        int nullArrays = 0;
        for (int step = 0; step < STEPS; step++) {
            r = g.reading(r);
            Reading expected = ref.echo(r);
            for (BareEcho b : bare) {
                assertEquals(expected, b.echo(r), "bare echo step " + step + " (seed " + SEED + ")");
            }
            v = g.doubles(v);
            // a bare array: JAXB's item elements in the body element; empty, and null (xsi:nil, CXF's both ways)
            double[] xs = step % 7 == 3 ? null : step % 7 == 5 ? new double[0] : v;
            nullArrays += xs == null ? 1 : 0;
            double[] negated = ref.negate(xs);
            for (BareEcho b : bare) {
                assertArrayEquals(negated, b.negate(xs), "bare negate step " + step + " (seed " + SEED + ")");
            }
            double[] expectedDoubles = reference.echoDoubles(v);
            assertTrue(Arrays.equals(expectedDoubles, soap12Client.echoDoubles(v)),
                    "SOAP 1.2 echoDoubles step " + step + " (seed " + SEED + ")");
            assertTrue(Arrays.equals(expectedDoubles, soap12Xml.echoDoubles(v)),
                    "SOAP 1.2 echoDoubles in XML, step " + step + " (seed " + SEED + ")");
        }
        assertCarried(cxf.stats("server", "BareService.BarePort", "echo"), "bare server");
        assertCarried(cxf.stats("client", "BareService.BarePort", "echo"), "bare client");
        OperationStatsMXBean arrays = cxf.stats("server", "BareService.BarePort", "negate");
        assertTrue(nullArrays > 0, "null arrays among the steps");
        assertEquals(2L * STEPS, arrays.getMessagesRead(), "bare arrays read (null ones tried, then CXF's)");
        assertEquals(Map.of("REQUEST_SHAPE", 2L * nullArrays), arrays.getReadFallbacks(), "null bare arrays read by CXF");
        assertEquals(2L * (STEPS - nullArrays), arrays.getMessagesWritten() + arrays.getBinaryMessagesWritten(),
                "bare arrays written, in XML and (to dsoap's client) in binary");
        assertEquals(Map.of("UNSUPPORTED_VALUE", 2L * nullArrays), arrays.getWriteFallbacks(), "null bare arrays written by CXF");
        assertCarried(cxf.stats("server", "Echo12Service.Echo12Port", "echoDoubles"), "SOAP 1.2 server");
        assertCarried(xmlOnly.stats("client", "Echo12Service.Echo12Port", "echoDoubles"), "SOAP 1.2 client");
        OperationStatsMXBean binary = cxf.stats("client", "Echo12Service.Echo12Port", "echoDoubles");
        assertEquals(STEPS, binary.getBinaryMessagesRead(), "SOAP 1.2 client asking for binary answers");
    }

    private static void carried(String operation) {
        assertCarried(cxf.stats("server", "EchoService.EchoPort", operation), "server " + operation);
        assertCarried(cxf.stats("client", "EchoService.EchoPort", operation), "client " + operation);
    }

    /** dsoap read and wrote the operation's messages, and nothing fell back. */
    static void assertCarried(OperationStatsMXBean s, String what) {
        String all = what + ": read " + s.getMessagesRead() + " written " + s.getMessagesWritten() + " read fallbacks "
                + s.getReadFallbacks() + " write fallbacks " + s.getWriteFallbacks();
        assertTrue(s.getMessagesRead() > 0 && s.getMessagesWritten() > 0, all);
        assertEquals(Map.of(), s.getReadFallbacks(), all);
        assertEquals(Map.of(), s.getWriteFallbacks(), all);
    }
}
