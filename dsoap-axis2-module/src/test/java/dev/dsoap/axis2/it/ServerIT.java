package dev.dsoap.axis2.it;

import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same POJO service on two real Axis2 servers, one with dsoap.mar engaged in axis2.xml and one without:
 * every request goes to both, and the responses must say the same thing (same status, same body values),
 * over long generated sequences of similar messages with edge values.
 */
class ServerIT {
    @TempDir
    static Path dir;
    static Axis2Server plain;
    static Axis2Server dsoap;

    @BeforeAll
    static void start() throws Exception {
        plain = Axis2Server.start(dir, false, "");
        dsoap = Axis2Server.start(dir, true, "");
    }

    @AfterAll
    static void stop() throws Exception {
        if (plain != null) {
            plain.close();
        }
        if (dsoap != null) {
            dsoap.close();
        }
    }

    /** Sends {@code xml} to both servers; returns dsoap's response after checking it says what Axis2's says. */
    static Soap.Response both(String xml, String where) throws Exception {
        Soap.Response want = Soap.post11(plain.url(), xml);
        Soap.Response got = Soap.post11(dsoap.url(), xml);
        String text = where + "\nrequest: " + xml + "\naxis2:  " + want.text() + "\ndsoap:  " + got.text();
        assertEquals(want.status(), got.status(), text);
        if (want.status() == 200) {
            assertEquals(Soap.canonical(want.body()), Soap.canonical(got.body()), text);
        }
        return got;
    }

    @Test
    void wsdlShapedDoubleSequencesMatchAxis2() throws Exception {
        long seed = 0xA2_0001L;
        Random r = new Random(seed);
        String ns = dsoap.namespace();
        Stats stats = dsoap.stats("echo");
        long read = stats.get("MessagesRead");
        long shape = stats.readFallbacks("REQUEST_SHAPE");
        double[] v = Values.doubles(r, 200);
        for (int msg = 0; msg < 150; msg++) {
            v = Values.next(v, r, msg % 10 == 0 ? 100 : msg % 3 == 0 ? 0 : 5);
            if (!Values.finite(v)) { // Axis2 cannot read INF: see infinityIsReadWhereAxis2Faults
                continue;
            }
            both(Soap.request(ns, "echo", Soap.doubles("v", v)), "seed " + seed + " message " + msg);
        }
        assertTrue(stats.get("MessagesRead") - read >= 100, "dsoap read too few requests itself: " + stats);
        assertTrue(stats.get("ReadsIdentical") + stats.get("ReadsResumed") > 50, "requests were not read differentially: " + stats);
        assertTrue(stats.map("WriteMatches").get("CONTENT") + stats.map("WriteMatches").get("PERFECT_STRUCTURAL") > 50,
                "responses were not written differentially: " + stats);
        assertEquals(shape, stats.readFallbacks("REQUEST_SHAPE"), "schema-shaped requests fell back: " + stats);
    }

    @Test
    void otherShapesMatchAxis2() throws Exception {
        long seed = 0xA2_0002L;
        Random r = new Random(seed);
        String ns = dsoap.namespace();
        int[] ints = new int[50];
        List<Mio> mios = new ArrayList<>();
        String[] strings = new String[12];
        for (int msg = 0; msg < 120; msg++) {
            String where = "seed " + seed + " message " + msg;
            if (ints.length > 0) {
                ints[r.nextInt(ints.length)] = Values.intValue(r);
            }
            if (msg % 17 == 0) {
                ints = Arrays.copyOf(ints, r.nextInt(60));
            }
            StringBuilder p = new StringBuilder();
            for (int i : ints) {
                p.append("<v>").append(i).append("</v>");
            }
            both(Soap.request(ns, "echoInts", p.toString()), where + " ints");

            if (mios.size() < 20 || r.nextInt(5) == 0) {
                mios.add(r.nextInt(6) == 0 ? null : new Mio(Values.intValue(r), Values.value(r), Values.string(r)));
            }
            if (mios.size() > 30) {
                mios.subList(0, 5).clear();
            }
            p.setLength(0);
            for (Mio m : mios) {
                if (m == null) {
                    p.append("<v xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:nil=\"true\"/>");
                } else if (Double.isFinite(m.getB()) || Double.isNaN(m.getB())) {
                    p.append("<v><a>").append(m.getA()).append("</a><b>").append(Soap.xsd(m.getB())).append("</b>")
                            .append(m.getC() == null ? "<c xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:nil=\"true\"/>"
                                    : "<c>" + Soap.escape(m.getC()) + "</c>").append("</v>");
                }
            }
            both(Soap.request(ns, "echoMios", p.toString()), where + " mios");

            strings[r.nextInt(strings.length)] = Values.string(r);
            p.setLength(0);
            for (String s : strings) {
                p.append(s == null ? "<v xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:nil=\"true\"/>"
                        : "<v>" + Soap.escape(s) + "</v>");
            }
            both(Soap.request(ns, "echoStrings", p.toString()), where + " strings");

            double[] v = Values.doubles(r, r.nextInt(5));
            double f = Values.value(r);
            if (Values.finite(v) && Double.isFinite(f)) {
                both(Soap.request(ns, "scale", Soap.doubles("v", v) + "<f>" + Soap.xsd(f) + "</f>"), where + " scale");
            }
            String s = Values.string(r);
            both(Soap.request(ns, "hello", (s == null ? "" : "<s>" + Soap.escape(s) + "</s>") + "<n>" + msg + "</n>"),
                    where + " hello");
        }
        for (String op : List.of("echoInts", "echoMios", "echoStrings", "scale", "hello")) {
            Stats st = dsoap.stats(op);
            assertTrue(st.get("MessagesRead") > 0 && st.get("MessagesWritten") > 0, st.toString());
        }
    }

    @Test
    void axis2ClientsReadDsoapResponsesAsAxis2s() throws Exception {
        long seed = 0xA2_0003L;
        Random r = new Random(seed);
        RPCServiceClient toPlain = client(plain);
        RPCServiceClient toDsoap = client(dsoap);
        QName echo = new QName(dsoap.namespace(), "echo");
        QName mios = new QName(dsoap.namespace(), "echoMios");
        double[] v = Values.doubles(r, 64);
        for (int msg = 0; msg < 80; msg++) {
            v = Values.next(v, r, 10);
            if (!Values.finite(v)) {
                continue;
            }
            Object[] args = {boxed(v)};
            double[] want = (double[]) toPlain.invokeBlocking(echo, args, new Class<?>[] {double[].class})[0];
            double[] got = (double[]) toDsoap.invokeBlocking(echo, args, new Class<?>[] {double[].class})[0];
            toPlain.cleanupTransport();
            toDsoap.cleanupTransport();
            assertArrayEquals(bits(want), bits(got), "seed " + seed + " message " + msg);
            assertArrayEquals(bits(v), bits(got), "seed " + seed + " message " + msg + ": not the values sent");

            Mio[] m = {new Mio(msg, Values.value(r), Values.string(r)), null, new Mio(-msg, -0.0, "𝄞&<>")};
            if (!Double.isFinite(m[0].getB()) && !Double.isNaN(m[0].getB())) {
                continue;
            }
            Object wantM = toPlain.invokeBlocking(mios, new Object[] {m}, new Class<?>[] {Mio[].class})[0];
            Object gotM = toDsoap.invokeBlocking(mios, new Object[] {m}, new Class<?>[] {Mio[].class})[0];
            toPlain.cleanupTransport();
            toDsoap.cleanupTransport();
            assertEquals(Arrays.toString((Object[]) wantM), Arrays.toString((Object[]) gotM), "seed " + seed + " mios " + msg);
        }
        Stats st = dsoap.stats("echo");
        // RPCServiceClient's positional requests are read by dsoap too
        assertTrue(st.map("WriteFallbacks").isEmpty() && st.map("ReadFallbacks").isEmpty(), st.toString());
        toPlain.cleanup();
        toDsoap.cleanup();
    }

    @Test
    void beansWithEveryKindOfPropertyMatchAxis2() throws Exception {
        long seed = 0xA2_0005L;
        Random r = new Random(seed);
        String nil = " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:nil=\"true\"/>";
        for (int msg = 0; msg < 60; msg++) {
            StringBuilder k = new StringBuilder("<k>");
            // Axis2's order: properties sorted by name
            k.append("<big>").append(r.nextBoolean() ? Long.MIN_VALUE + msg : r.nextLong()).append("</big>");
            byte[] blob = new byte[r.nextInt(8)];
            r.nextBytes(blob);
            k.append(msg % 7 == 0 ? "<blob" + nil : "<blob>" + java.util.Base64.getEncoder().encodeToString(blob) + "</blob>");
            k.append("<flag>").append(r.nextBoolean()).append("</flag>");
            String label = Values.string(r);
            k.append(label == null ? "<label" + nil : "<label>" + Soap.escape(label) + "</label>");
            k.append(msg % 5 == 0 ? "<mio" + nil : "<mio><a>" + msg + "</a><b>" + Soap.xsd(msg / 3.0) + "</b><c>m</c></mio>");
            k.append(msg % 6 == 0 ? "<price" + nil : "<price>" + new java.math.BigDecimal(r.nextInt(100000)).movePointLeft(r.nextInt(5)) + "</price>");
            // floats whose Float.toString is also the shortest form (dsoap writes the shortest, Axis2 Float.toString;
            // both read back as the same float, but this comparison parses numbers as doubles)
            k.append("<ratio>").append(msg % 9 == 0 ? "NaN" : Float.toString(r.nextInt(100000) / 4f)).append("</ratio>");
            // sometimes no items: Axis2 and dsoap both read the bean's array property as null
            double[] series = Values.doubles(r, r.nextInt(4));
            if (!Values.finite(series)) {
                series = new double[] {msg};
            }
            k.append(Soap.doubles("series", series));
            k.append(msg % 4 == 0 ? "<status" + nil : "<status>" + (r.nextBoolean() ? "OPEN" : "CLOSED") + "</status>");
            k.append("</k>");
            both(Soap.request(dsoap.namespace(), "echoKitchen", k.toString()), "seed " + seed + " message " + msg);
        }
        Stats st = dsoap.stats("echoKitchen");
        assertTrue(st.get("MessagesWritten") > 0 && st.map("ReadFallbacks").isEmpty() && st.map("WriteFallbacks").isEmpty(), st.toString());
    }

    @Test
    void emptyAndNullArraysMatchAxis2() throws Exception {
        String ns = dsoap.namespace();
        String nil = "<v xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:nil=\"true\"/>";
        for (String op : List.of("echo", "echoInts", "echoMios", "echoStrings")) {
            both(Soap.request(ns, op, ""), op + " with no items");
            both(Soap.request(ns, op, nil), op + " with one nil item");
        }
    }

    @Test
    void infinityIsReadWhereAxis2Faults() throws Exception {
        String xml = Soap.request(dsoap.namespace(), "echo", Soap.doubles("v", new double[] {Double.POSITIVE_INFINITY, 1, Double.NEGATIVE_INFINITY}));
        org.junit.jupiter.api.Assertions.assertNotEquals(200, Soap.post11(plain.url(), xml).status(), "Axis2 is expected to refuse INF");
        Soap.Response got = Soap.post11(dsoap.url(), xml);
        assertEquals(200, got.status(), got.text());
        assertTrue(Soap.canonical(got.body()).contains("=d:Infinity") && Soap.canonical(got.body()).contains("=d:-Infinity"), got.text());
    }

    /**
     * Axis2's clients write infinities as Java spells them, and its reader takes them (with
     * {@code Double.parseDouble}): dsoap reads them too, so an array holding one stays on dsoap's path.
     */
    @Test
    void javasInfinitiesAreReadAsAxis2ReadsThem() throws Exception {
        Stats st = dsoap.stats("echo");
        long read = st.get("MessagesRead");
        Map<String, Long> fallbacks = new java.util.TreeMap<>(st.map("ReadFallbacks"));
        String[][] cases = {{"Infinity", "1.5", "-Infinity"}, {"+Infinity"}, {" -Infinity\t", "-0.0", "4.9E-324"}};
        for (String[] items : cases) {
            StringBuilder v = new StringBuilder();
            for (String x : items) {
                v.append("<v>").append(x).append("</v>");
            }
            Soap.Response got = both(Soap.request(dsoap.namespace(), "echo", v.toString()), String.join(",", items));
            assertEquals(200, got.status(), got.text());
        }
        Stats after = dsoap.stats("echo");
        assertEquals(read + cases.length, after.get("MessagesRead"), after.toString());
        assertEquals(fallbacks, new java.util.TreeMap<>(after.map("ReadFallbacks")), after.toString());
        // other Java-only forms stay Axis2's to read (it takes them, dsoap does not)
        both(Soap.request(dsoap.namespace(), "echo", "<v>1.5d</v><v>0x1p3</v>"), "Java-only forms");
    }

    @Test
    void inOnlyRequestsAreReadByDsoap() throws Exception {
        Stats st = dsoap.stats("record");
        long read = st.get("MessagesRead");
        for (String s : new String[] {"a&<b", "grüße 𝄞", ""}) {
            int before = EchoService.NOTIFIED.get();
            Soap.Response r = Soap.post(dsoap.url(), "text/xml; charset=UTF-8",
                    Soap.request(dsoap.namespace(), "record", "<s>" + Soap.escape(s) + "</s>").getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    "\"urn:record\"");
            assertEquals(202, r.status(), r.text());
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (EchoService.NOTIFIED.get() == before && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(s, EchoService.lastNotified);
        }
        assertEquals(read + 3, st.get("MessagesRead"), st.toString());
        assertTrue(st.map("ReadFallbacks").isEmpty(), st.toString());
    }

    static RPCServiceClient client(Axis2Server s) throws AxisFault {
        RPCServiceClient c = new RPCServiceClient();
        c.getOptions().setTo(new EndpointReference(s.url()));
        c.getOptions().setTimeOutInMilliSeconds(60_000);
        return c;
    }

    static Double[] boxed(double[] v) {
        Double[] b = new Double[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = v[i];
        }
        return b;
    }

    static long[] bits(double[] v) {
        long[] b = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Double.doubleToRawLongBits(v[i]);
        }
        return b;
    }
}
