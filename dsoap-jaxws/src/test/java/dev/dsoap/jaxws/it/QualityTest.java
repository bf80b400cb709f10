package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DsoapQuality;
import dev.dsoap.quality.QualityWire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Quality management between a real CXF endpoint on Jetty with a quality file and real JAX-WS proxies: a
 * {@code @DifferentialSoap} proxy with {@code dsoap.quality=on} stamps its requests and reports its round-trip
 * estimate, and the endpoint answers with the variant its file chooses for that proxy (the latest 1, 2 or 4
 * timesteps), in dsoap's XML and in binary; a plain proxy always gets the full answer; the values always arrive in
 * the full message type; a malformed quality header is refused with a SOAP fault.
 */
class QualityTest {
    private static Cxf server;
    private static Cxf xmlBus;
    private static Cxf binaryBus;
    private static String address;
    private static Bonds plain;
    private static Bonds xml;
    private static Bonds binary;

    @BeforeAll
    static void start() throws Exception {
        server = new Cxf();
        address = server.publish(new DsoapBondsImpl());
        plain = server.client(address, Bonds.class, "BondService", "BondPort");
        xmlBus = new Cxf();
        xmlBus.bus.setProperty("dsoap.quality", "on");
        xmlBus.bus.setProperty("dsoap.binary", "off");
        xml = xmlBus.client(address, Bonds.class, "BondService", "BondPort", new dev.dsoap.jaxws.DifferentialSoapFeature());
        binaryBus = new Cxf();
        binaryBus.bus.setProperty("dsoap.quality", "on");
        binaryBus.bus.setProperty("dsoap.binary", "performance");
        binary = binaryBus.client(address, Bonds.class, "BondService", "BondPort",
                new dev.dsoap.jaxws.DifferentialSoapFeature());
    }

    @AfterAll
    static void stop() {
        binaryBus.close();
        xmlBus.close();
        server.close();
    }

    /** Calls for timesteps {@code from} to {@code from + 3}; checks the latest {@code expected} of them arrived. */
    private static void expect(Bonds proxy, int from, int expected, String what) {
        Timestep[] got = proxy.getBonds(from, 4);
        assertEquals(expected, got.length, what + ": timesteps");
        for (int i = 0; i < expected; i++) {
            Timestep want = Timestep.of(from + 4 - expected + i);
            assertTrue(want.same(got[i]), what + ": timestep " + i + " is " + got[i] + ", expected " + want);
        }
    }

    /**
     * Calls until the full answer has come 5 times running (at most 400 calls): a JVM's first calls are slow (class
     * loading, connections), and the estimate remembers them for a while.
     */
    private static void settle(Bonds proxy, String what) {
        int full = 0;
        for (int i = 0; i < 400 && full < 5; i++) {
            full = proxy.getBonds(i, 4).length == 4 ? full + 1 : 0;
        }
        assertEquals(5, full, what + ": never settled on the full answer");
        expect(proxy, 1000, 4, what);
    }

    @Test
    void theVariantFollowsEachClientsRoundTrip() {
        for (Bonds proxy : new Bonds[] {xml, binary}) {
            String name = proxy == xml ? "XML proxy" : "binary proxy";
            settle(proxy, name + " on loopback");
            DsoapQuality.updateAttribute(proxy, "rtt", 700);
            expect(proxy, 100, 1, name + " at 700 ms");
            expect(plain, 100, 4, "a plain proxy meanwhile");
            DsoapQuality.updateAttribute(proxy, "rtt", 300);
            expect(proxy, 200, 2, name + " at 300 ms");
            DsoapQuality.removeAttribute(proxy, "rtt");
            settle(proxy, name + " back to its measured round trip");
        }
        OperationStatsMXBean s = server.stats("server", "BondService.BondPort", "getBonds");
        Map<String, Long> sent = s.getQualityVariantsSent();
        assertTrue(sent.get("one") >= 2, sent.toString()); // the raw requests may have come first
        assertTrue(sent.get("two") >= 2, sent.toString());
        assertTrue(sent.get("full") >= 10, sent.toString()); // the plain proxy's too
        assertTrue(s.getQualitySwitches() >= 6, "at least three switches per proxy: " + s.getQualitySwitches());
        assertTrue(s.getBinaryMessagesWritten() >= 6, "the binary proxy's answers went binary: " + s.getBinaryMessagesWritten());
        assertEquals(Map.of(), s.getReadFallbacks(), "quality keeps requests on dsoap's path");
        assertEquals(Map.of(), s.getWriteFallbacks(), "and answers");
        assertTrue(s.getQualityPeers().size() >= 2, "one entry per proxy: " + s.getQualityPeers());

        OperationStatsMXBean c = xmlBus.stats("client", "BondService.BondPort", "getBonds");
        String attributes = c.getQualityPeers().get("attributes");
        assertTrue(attributes.contains("rtt=") && attributes.contains("rttvar="), "the client's estimate: " + attributes);
        assertEquals("full", c.getQualityPeers().get("answered"));
    }

    @Test
    void aMalformedQualityHeaderIsRefused() throws IOException {
        String body = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns:getBonds xmlns:ns=\"" + Echo.NS + "\"><from>1</from><count>4</count></ns:getBonds>"
                + "</soap:Body></soap:Envelope>";
        String[] bad = post(body, "sent=1; rtt=fast");
        assertEquals("500", bad[0]);
        assertTrue(bad[1].contains("X-Dsoap-Quality") && bad[1].contains("rtt = 'fast' is not a finite number"), bad[1]);
        String[] good = post(body, "sent=1; rtt=900");
        assertEquals("200", good[0], good[1]);
        assertEquals(1, count(good[1], "<step>"), "the smallest variant: " + good[1]);
        assertTrue(good[2] != null && good[2].startsWith("sent=1; variant=one; processing="), good[2]);
        String[] none = post(body, null);
        assertEquals(4, count(none[1], "<step>"), "no header: the full answer");
        assertNull(none[2], "no header: no answer header");
    }

    @Test
    void dsoapClientWithQuality() {
        dev.dsoap.binding.WireConvention conv = dev.dsoap.binding.WireConvention.documentLiteralWrapped();
        dev.dsoap.binding.PlanCompiler compiler = new dev.dsoap.binding.PlanCompiler();
        var requestPlan = compiler.compile(dev.dsoap.binding.MessageShape.wrapped(Echo.NS, "getBonds",
                dev.dsoap.binding.MessageShape.Part.of("from", int.class),
                dev.dsoap.binding.MessageShape.Part.of("count", int.class)), conv);
        var responsePlan = compiler.compile(dev.dsoap.binding.MessageShape.wrapped(Echo.NS, "getBondsResponse",
                dev.dsoap.binding.MessageShape.Part.of("return", Timestep[].class)), conv);
        var ds = new dev.dsoap.serialize.DifferentialSerializer(requestPlan, dev.dsoap.serialize.SerializerConfig.defaults(),
                new dev.dsoap.serialize.SerializerStats(), null);
        var reader = new dev.dsoap.deserialize.DifferentialDeserializer(responsePlan,
                dev.dsoap.deserialize.DeserializerConfig.defaults(), new dev.dsoap.deserialize.DeserializerStats(), null);
        try (dev.dsoap.client.DsoapClient client = dev.dsoap.client.DsoapClient.builder(URI.create(address)).quality(true).build()) {
            int full = 0;
            for (int i = 0; i < 400 && full < 5; i++) {
                full = ((Timestep[]) client.call(ds, new Object[] {i, 4}, reader)[0]).length == 4 ? full + 1 : 0;
            }
            assertEquals(5, full, "DsoapClient never settled on the full answer on loopback");
            assertTrue(client.quality().estimate() >= 0, "sampled: " + client.quality().attributes());
            client.quality().updateAttribute("rtt", 700);
            Timestep[] one = (Timestep[]) client.call(ds, new Object[] {500, 4}, reader)[0];
            assertEquals(1, one.length);
            assertTrue(Timestep.of(503).same(one[0]), "the latest timestep: " + one[0]);
            assertEquals("one", client.quality().lastAnswered());
            assertEquals(0, client.qualityHeadersRefused());
        }
    }

    @Test
    void theQualityFileIsReloadedOverJmx(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("reloaded-quality.txt");
        java.nio.file.Files.writeString(file, "[BondService/getBonds]\nvariant one = last return 1\n0 inf - one\n");
        try (Cxf own = new Cxf(); Cxf clients = new Cxf()) {
            own.bus.setProperty("dsoap.quality", file.toUri().toString());
            own.bus.setFeatures(java.util.List.of(new dev.dsoap.jaxws.DifferentialSoapFeature()));
            String a = own.publish(new BondsImpl());
            clients.bus.setProperty("dsoap.quality", "on");
            Bonds proxy = clients.client(a, Bonds.class, "BondService", "BondPort", new dev.dsoap.jaxws.DifferentialSoapFeature());
            proxy.getBonds(0, 4); // the first call has no estimate yet to choose by: the full answer
            expect(proxy, 10, 1, "the first file: always one timestep");
            OperationStatsMXBean s = own.stats("server", "BondService.BondPort", "getBonds");

            java.nio.file.Files.writeString(file, "[BondService/getBonds]\nvariant two = last return 2\n0 inf - two\n");
            String done = s.reloadQualityFile();
            assertTrue(done.startsWith("reloaded") && done.contains("two = last return 2"), done);
            expect(proxy, 20, 2, "after the reload");

            java.nio.file.Files.writeString(file, "[BondService/getBonds]\n0 10 - full\n20 inf - full2\n");
            String refused = s.reloadQualityFile();
            assertTrue(refused.startsWith("refused, the old rules stay") && refused.contains("line 3"), refused);
            expect(proxy, 30, 2, "a malformed file changes nothing");

            java.nio.file.Files.writeString(file, "[OtherService/op]\n0 inf - full\n");
            assertTrue(s.reloadQualityFile().contains("has no rules for BondService/getBonds"), "a file without the operation");
            expect(proxy, 40, 2, "still the rules before");
        }
    }

    @Test
    void aMalformedQualityFileStopsTheEndpoint() {
        RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                () -> server.publish(new BadQualityBondsImpl()));
        String all = "";
        for (Throwable t = e; t != null; t = t.getCause()) {
            all += t.getMessage() + "\n";
        }
        assertTrue(all.contains("bad-quality.txt [BondService/getBonds] line 3: interval [300, inf) leaves a gap"), all);
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    /** POSTs {@code body} with quality header {@code quality}; returns status, body and the answer's quality header. */
    private static String[] post(String body, String quality) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(address).toURL().openConnection();
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        c.setRequestProperty("SOAPAction", "\"\"");
        if (quality != null) {
            c.setRequestProperty(QualityWire.REQUEST, quality);
        }
        c.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
        int code = c.getResponseCode();
        try (InputStream in = code >= 400 ? c.getErrorStream() : c.getInputStream()) {
            return new String[] {Integer.toString(code), new String(in.readAllBytes(), StandardCharsets.UTF_8),
                c.getHeaderField(QualityWire.ANSWER)};
        }
    }
}
