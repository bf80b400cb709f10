package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoapFeature;
import dev.dsoap.jaxws.it.pkg.DsoapThermoImpl;
import dev.dsoap.jaxws.it.pkg.Thermo;
import dev.dsoap.jaxws.it.pkg.ThermoImpl;
import jakarta.xml.ws.Holder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Holders, SOAP header parts and JAXB adapters on a {@code @DifferentialSoap} endpoint: over seeded sequences,
 * every answer (return value and every Holder) equals what a plain client gets from a plain endpoint for the same
 * input, through each pairing of plain and dsoap clients and servers; the responses dsoap writes have CXF's element
 * names, order and namespaces; and dsoap's counters show it carried the messages. Blocks that are not declared
 * header parts still take CXF's way, {@code mustUnderstand} faults included.
 */
class ExtrasTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261122L);
    private static final int STEPS = Integer.getInteger("dsoap.steps", 120);
    private static final String SERVICE = "ExtrasService.ExtrasPort";
    private static final String ENV = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String[] TEXT = {"", "&<>\"'", "tab\there", "cr\rlf\n", "grüße €", "\uD834\uDD1E clef", "中文", "]]>", " x "};

    private static Cxf cxf;
    private static String plainAddress;
    private static String dsoapAddress;
    private static Extras reference;
    /** dsoap client to dsoap server, plain client to dsoap server, dsoap client to plain server. */
    private static Extras[] pairs;
    private static final String[] PAIR_NAMES = {"dsoap client -> dsoap server", "plain client -> dsoap server",
            "dsoap client -> plain server"};

    @BeforeAll
    static void start() throws Exception {
        cxf = new Cxf();
        plainAddress = cxf.publish(new ExtrasImpl());
        dsoapAddress = cxf.publish(new DsoapExtrasImpl());
        reference = client(plainAddress, false);
        pairs = new Extras[] {client(dsoapAddress, true), client(dsoapAddress, false), client(plainAddress, true)};
    }

    @AfterAll
    static void stop() {
        cxf.close();
    }

    private static Extras client(String address, boolean dsoap) {
        return dsoap ? cxf.client(address, Extras.class, "ExtrasService", "ExtrasPort", new DifferentialSoapFeature())
                : cxf.client(address, Extras.class, "ExtrasService", "ExtrasPort");
    }

    /** Runs {@code call} on the reference and every pair with the same input; fails naming seed, step and pair. */
    private static void same(String what, int step, Function<Extras, Object[]> call) {
        Object[] expected = call.apply(reference);
        for (int p = 0; p < pairs.length; p++) {
            Object[] got = call.apply(pairs[p]);
            if (!Objects.deepEquals(expected, got)) {
                fail(what + " step " + step + " (seed " + SEED + ", -Ddsoap.seed to repeat) via " + PAIR_NAMES[p]
                        + ": expected " + Arrays.deepToString(expected) + " but got " + Arrays.deepToString(got));
            }
        }
    }

    private static String text(Random r) {
        int k = r.nextInt(12);
        return k == 0 ? null : TEXT[r.nextInt(TEXT.length)] + (k < 4 ? "" : Integer.toString(r.nextInt(99)));
    }

    @Test
    void holdersCarryTheReturnValueAndEveryOutAndInOutValue() {
        Gen g = new Gen(SEED, 25);
        double[] v = g.doubles(null);
        String[] words = null;
        Mio[] mios = null;
        for (int step = 0; step < STEPS; step++) {
            double[] x = v;
            String label = text(g.random);
            same("split", step, e -> {
                Holder<String> l = new Holder<>(label);
                Holder<Double> min = new Holder<>(42.0); // an out-only holder's value is not sent
                Holder<double[]> sorted = new Holder<>();
                double sum = e.split(x, l, min, sorted);
                return new Object[] {sum, l.value, min.value, sorted.value};
            });
            words = g.random.nextInt(15) == 0 ? null : g.strings(words);
            mios = g.random.nextInt(15) == 0 ? null : g.mios(mios);
            String[] w = words;
            Mio[] m = mios;
            same("swap", step, e -> {
                Holder<String[]> hw = new Holder<>(w == null ? null : w.clone());
                Holder<Mio[]> hm = new Holder<>(m == null ? null : m.clone());
                e.swap(hw, hm);
                return new Object[] {hw.value, hm.value};
            });
            v = g.doubles(v);
        }
        carried("split");
        carried("swap");
    }

    @Test
    void adaptersAreCalledAroundDsoapsOwnBinding() {
        Gen g = new Gen(SEED + 1, 50);
        for (int step = 0; step < STEPS; step++) {
            Celsius t = g.random.nextInt(8) == 0 ? null : new Celsius(g.dbl());
            String text = text(g.random);
            Label label = g.random.nextInt(8) == 0 ? null : new Label(text == null ? "" : text);
            same("warmer", step, e -> {
                Holder<Label> l = new Holder<>(label);
                Celsius back = e.warmer(t, l);
                return new Object[] {back, l.value};
            });
        }
        carried("warmer");
    }

    @Test
    void aBareInOutHolderComesBackChanged() throws Exception {
        String plain = cxf.publish(new BareExtrasImpl());
        String dsoap = cxf.publish(new DsoapBareExtrasImpl());
        BareExtras ref = cxf.client(plain, BareExtras.class, "BareExtrasService", "BareExtrasPort");
        BareExtras[] bare = {cxf.client(dsoap, BareExtras.class, "BareExtrasService", "BareExtrasPort", new DifferentialSoapFeature()),
                cxf.client(dsoap, BareExtras.class, "BareExtrasService", "BareExtrasPort"),
                cxf.client(plain, BareExtras.class, "BareExtrasService", "BareExtrasPort", new DifferentialSoapFeature())};
        Gen g = new Gen(SEED + 3, 25);
        Reading r = null;
        for (int step = 0; step < STEPS; step++) {
            r = g.reading(r);
            Holder<Reading> expected = new Holder<>(copy(r));
            ref.refine(expected);
            for (int p = 0; p < bare.length; p++) {
                Holder<Reading> got = new Holder<>(copy(r));
                bare[p].refine(got);
                assertEquals(expected.value, got.value, "bare refine step " + step + " (seed " + SEED + ") via " + PAIR_NAMES[p]);
            }
        }
        assertCarried(cxf.stats("server", "BareExtrasService.BareExtrasPort", "refine"), "bare server");
        assertCarried(cxf.stats("client", "BareExtrasService.BareExtrasPort", "refine"), "bare client");
    }

    private static Reading copy(Reading r) {
        if (r == null) {
            return null;
        }
        Reading c = new Reading();
        c.setSensor(r.getSensor());
        c.setValue(r.getValue());
        c.setSamples(r.getSamples() == null ? null : r.getSamples().clone());
        c.setCounts(r.getCounts() == null ? null : r.getCounts().clone());
        c.setNote(r.getNote());
        c.setOffset(r.getOffset());
        c.setOrigin(r.getOrigin());
        return c;
    }

    /** An adapter the service interface's package declares for a type applies to every part of that type. */
    @Test
    void aPackageLevelAdapterOfTheServiceInterfaceIsCalledToo() throws Exception {
        String plain = cxf.publish(new ThermoImpl());
        String dsoap = cxf.publish(new DsoapThermoImpl());
        Thermo ref = cxf.client(plain, Thermo.class, "ThermoService", "ThermoPort");
        Thermo[] thermo = {cxf.client(dsoap, Thermo.class, "ThermoService", "ThermoPort", new DifferentialSoapFeature()),
                cxf.client(dsoap, Thermo.class, "ThermoService", "ThermoPort"),
                cxf.client(plain, Thermo.class, "ThermoService", "ThermoPort", new DifferentialSoapFeature())};
        Gen g = new Gen(SEED + 5, 50);
        for (int step = 0; step < STEPS; step++) {
            Celsius t = g.random.nextInt(8) == 0 ? null : new Celsius(g.dbl());
            double by = g.dbl();
            Celsius expected = ref.cool(t, by);
            for (int p = 0; p < thermo.length; p++) {
                assertEquals(expected, thermo[p].cool(t, by), "cool step " + step + " (seed " + SEED + ") via " + PAIR_NAMES[p]);
            }
        }
        assertCarried(cxf.stats("server", "ThermoService.ThermoPort", "cool"), "package adapter server");
        assertCarried(cxf.stats("client", "ThermoService.ThermoPort", "cool"), "package adapter client");
    }

    /** An adapter on a bean's field is not carried: the operation falls back, counted with the reason, and answers as CXF does. */
    @Test
    void anAdapterInsideABeanFallsBackCounted() {
        Gen g = new Gen(SEED + 4, 50);
        for (int step = 0; step < 20; step++) {
            Tagged t = new Tagged();
            String text = text(g.random);
            t.label = text == null ? null : new Label(text);
            t.value = g.dbl();
            same("tag", step, e -> new Object[] {e.tag(t)});
        }
        OperationStatsMXBean s = cxf.stats("server", SERVICE, "tag");
        assertEquals(0, s.getMessagesRead());
        assertEquals(Map.of("UNSUPPORTED_TYPE", 40L), s.getReadFallbacks());
        assertEquals(Map.of("UNSUPPORTED_TYPE", 40L), s.getWriteFallbacks());
    }

    @Test
    void headerPartsOfRequestsAreReadByDsoap() {
        Gen g = new Gen(SEED + 2, 25);
        double[] v = null;
        for (int step = 0; step < STEPS; step++) {
            v = g.doubles(v);
            double[] x = v;
            String token = text(g.random);
            Double scale = g.random.nextInt(6) == 0 ? null : g.dbl();
            same("stamp", step, e -> new Object[] {e.stamp(x, token, scale)});
        }
        OperationStatsMXBean server = cxf.stats("server", SERVICE, "stamp");
        assertCarried(server, "server stamp");
        // a dsoap client leaves requests with header parts to CXF's writers, counted, and reads the responses
        OperationStatsMXBean client = cxf.stats("client", SERVICE, "stamp");
        assertEquals(Map.of(), client.getReadFallbacks(), client.getReadFallbacks().toString());
        assertEquals(Map.of("UNSUPPORTED_TYPE", 2L * STEPS), client.getWriteFallbacks());
        assertEquals(2L * STEPS, client.getMessagesRead());
    }

    /** The bytes dsoap writes for a Holder response have the infoset CXF writes: element names, order, namespaces. */
    @Test
    void responsesHaveCxfsElementsInCxfsOrder() throws Exception {
        String[] requests = {
                body("<ns2:split xmlns:ns2=\"" + Echo.NS + "\"><values>2.5</values><values>-0.0</values><values>INF</values>"
                        + "<label>a&amp;b&#13;\t\uD834\uDD1E</label></ns2:split>"),
                body("<ns2:split xmlns:ns2=\"" + Echo.NS + "\"><values>NaN</values><values>-1E300</values></ns2:split>"),
                body("<ns2:split xmlns:ns2=\"" + Echo.NS + "\"/>"),
                body("<ns2:swap xmlns:ns2=\"" + Echo.NS + "\"><words>x</words><words>&lt;y&gt;</words>"
                        + "<mios><a>1</a><b>2</b><c>-0.0</c></mios></ns2:swap>"),
                body("<ns2:warmer xmlns:ns2=\"" + Echo.NS + "\"><t>20.25</t><label>L:hot</label></ns2:warmer>"),
                body("<ns2:warmer xmlns:ns2=\"" + Echo.NS + "\"/>"),
        };
        OperationStatsMXBean split = cxf.stats("server", SERVICE, "split");
        long written = split.getMessagesWritten();
        for (String r : requests) {
            for (int repeat = 0; repeat < 2; repeat++) { // the first answer builds the template, the second reuses it
                String plain = post(plainAddress, r);
                String dsoap = post(dsoapAddress, r);
                assertEquals(infoset(plain), infoset(dsoap), "request " + r + "\nplain: " + plain + "\ndsoap: " + dsoap);
            }
        }
        assertEquals(written + 6, split.getMessagesWritten());
        assertEquals(Map.of(), split.getWriteFallbacks());
    }

    /**
     * A declared header part with {@code mustUnderstand} is carried; a block the operation does not declare goes to
     * CXF's header list and the request is still read by dsoap, so one with {@code mustUnderstand="1"} for this node
     * gets CXF's MustUnderstand fault, exactly as from the plain endpoint, and one for another role does not.
     */
    @Test
    void undeclaredHeaderBlocksGetCxfsMustUnderstandProcessing() throws Exception {
        try (Cxf own = new Cxf()) { // endpoints of its own: the counts below are this test's alone
            undeclaredHeaderBlocks(own, own.publish(new ExtrasImpl()), own.publish(new DsoapExtrasImpl()));
        }
    }

    private static void undeclaredHeaderBlocks(Cxf own, String plainAddress, String dsoapAddress) throws Exception {
        own.client(dsoapAddress, Extras.class, "ExtrasService", "ExtrasPort").stamp(new double[] {1}, "first", 1.0);
        OperationStatsMXBean s = own.stats("server", SERVICE, "stamp");
        long read = s.getMessagesRead();
        long headers = s.getReadFallbacks().getOrDefault("HEADERS", 0L);
        String stamp = "<e:stamp><values>1.5</values><values>NaN</values></e:stamp>";
        String declared = "<e:token soap:mustUnderstand=\"1\">t&amp;k</e:token><e:scale>-0.0</e:scale>";
        String[][] cases = {
                {declared, "200", "carried"},
                {"<e:scale>INF</e:scale>", "200", "carried"},
                {"", "200", "carried"},
                {declared + "<x:other xmlns:x=\"urn:other\" soap:mustUnderstand=\"1\">v</x:other>", "500", "carried"},
                {"<x:other xmlns:x=\"urn:other\">v</x:other>" + declared, "200", "carried"},
                {"<e:token soap:actor=\"urn:someone-else\">t</e:token>", "200", "carried"},
                {"<e:token>a</e:token><e:token>b</e:token>", "200", "carried"},
                {"<e:token soap:actor=\"http://schemas.xmlsoap.org/soap/actor/next\" soap:mustUnderstand=\"1\">t</e:token>"
                        + "<x:next xmlns:x=\"urn:other\" soap:actor=\"http://schemas.xmlsoap.org/soap/actor/next\""
                        + " soap:mustUnderstand=\"1\">v</x:next>", "500", "carried"},
                {"<x:else xmlns:x=\"urn:other\" soap:actor=\"urn:someone-else\" soap:mustUnderstand=\"1\">v</x:else>",
                        "200", "carried"},
                {"<e:scale>abc</e:scale>", "500", "REQUEST_SHAPE"},
        };
        long carried = 0;
        long fellBack = 0;
        for (String[] c : cases) {
            String request = "<soap:Envelope xmlns:soap=\"" + ENV + "\" xmlns:e=\"" + Echo.NS + "\"><soap:Header>" + c[0]
                    + "</soap:Header><soap:Body>" + stamp + "</soap:Body></soap:Envelope>";
            String[] plain = Cxf.post(plainAddress, "text/xml; charset=UTF-8", request.getBytes(StandardCharsets.UTF_8));
            String[] dsoap = Cxf.post(dsoapAddress, "text/xml; charset=UTF-8", request.getBytes(StandardCharsets.UTF_8));
            assertEquals(c[1], plain[0], plain[1]);
            assertEquals(plain[0], dsoap[0], "header " + c[0] + ": " + dsoap[1]);
            if (c[1].equals("500")) {
                assertEquals(faultCode(plain[1]), faultCode(dsoap[1]), "header " + c[0] + ": " + dsoap[1]);
            } else {
                assertEquals(infoset(plain[1]), infoset(dsoap[1]), "header " + c[0]);
            }
            if (c[2].equals("carried")) {
                carried++;
            } else {
                fellBack++;
            }
        }
        assertTrue(faultCode(Cxf.post(plainAddress, "text/xml; charset=UTF-8", ("<soap:Envelope xmlns:soap=\"" + ENV
                + "\" xmlns:e=\"" + Echo.NS + "\"><soap:Header><x:o xmlns:x=\"urn:o\" soap:mustUnderstand=\"1\"/></soap:Header>"
                + "<soap:Body>" + stamp + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8))[1]).contains("MustUnderstand"));
        assertEquals(read + carried, s.getMessagesRead(), s.getReadFallbacks().toString());
        assertEquals(headers, s.getReadFallbacks().getOrDefault("HEADERS", 0L), s.getReadFallbacks().toString());
        assertEquals(1, s.getReadFallbacks().getOrDefault("REQUEST_SHAPE", 0L), s.getReadFallbacks().toString());
        assertEquals(0, s.getMessagesRejected());
        assertEquals(fellBack, 1);
    }

    private static String body(String content) {
        return "<soap:Envelope xmlns:soap=\"" + ENV + "\"><soap:Body>" + content + "</soap:Body></soap:Envelope>";
    }

    private static String post(String address, String request) throws Exception {
        String[] r = Cxf.post(address, "text/xml; charset=UTF-8", request.getBytes(StandardCharsets.UTF_8));
        assertEquals("200", r[0], r[1]);
        return r[1];
    }

    private static void carried(String operation) {
        assertCarried(cxf.stats("server", SERVICE, operation), "server " + operation);
        assertCarried(cxf.stats("client", SERVICE, operation), "client " + operation);
    }

    private static void assertCarried(OperationStatsMXBean s, String what) {
        DifferentialTest.assertCarried(s, what);
    }

    private static Element parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
    }

    private static String faultCode(String xml) throws Exception {
        Element e = parse(xml);
        return e.getElementsByTagName("faultcode").item(0).getTextContent();
    }

    /** Element names with namespaces, attributes (no namespace declarations) and text, in order; whitespace between elements dropped. */
    static String infoset(String xml) throws Exception {
        StringBuilder b = new StringBuilder();
        infoset(parse(xml), b);
        return b.toString();
    }

    private static void infoset(Node n, StringBuilder b) {
        if (n instanceof Element e) {
            b.append("<{").append(e.getNamespaceURI()).append('}').append(e.getLocalName());
            NamedNodeMap attrs = e.getAttributes();
            for (int i = 0; i < attrs.getLength(); i++) {
                Node a = attrs.item(i);
                if (!"http://www.w3.org/2000/xmlns/".equals(a.getNamespaceURI())) {
                    b.append(" {").append(a.getNamespaceURI()).append('}').append(a.getLocalName()).append("=\"")
                            .append(a.getNodeValue()).append('"');
                }
            }
            b.append('>');
            boolean elements = false;
            for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
                elements |= c instanceof Element;
            }
            for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
                if (c instanceof Element) {
                    infoset(c, b);
                } else if (c.getNodeType() == Node.TEXT_NODE || c.getNodeType() == Node.CDATA_SECTION_NODE) {
                    if (!elements || !c.getNodeValue().isBlank()) {
                        b.append(c.getNodeValue().replace("\r", "\\r"));
                    }
                }
            }
            b.append("</>");
        }
    }
}
