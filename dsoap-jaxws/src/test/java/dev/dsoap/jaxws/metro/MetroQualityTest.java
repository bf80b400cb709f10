package dev.dsoap.jaxws.metro;

import dev.dsoap.client.DsoapClient;
import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.it.Bonds;
import dev.dsoap.jaxws.it.DsoapBondsImpl;
import dev.dsoap.jaxws.it.Echo;
import dev.dsoap.jaxws.it.Timestep;
import dev.dsoap.quality.QualityWire;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Quality management on a real Metro endpoint ({@code Endpoint.publish} on the JDK HTTP server) with the bond server's
 * quality file, as on CXF: dsoap's own client with quality on stamps its requests and gets the variant the file
 * chooses for its round trip (the latest 1, 2 or 4 timesteps), in the full message type; a plain Metro proxy always
 * gets the full answer; a malformed quality header is refused with a SOAP fault naming it; the file reloads over JMX.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroQualityTest {
    private static Endpoint endpoint;
    private static String address;
    private static Bonds plain;

    static {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    @BeforeAll
    static void publish() throws IOException {
        address = "http://127.0.0.1:" + MetroCarryTest.freePort() + "/bonds";
        endpoint = Endpoint.publish(address, new DsoapBondsImpl());
        plain = Service.create(URI.create(address + "?wsdl").toURL(), new QName(Echo.NS, "BondService"))
                .getPort(new QName(Echo.NS, "BondPort"), Bonds.class);
    }

    @AfterAll
    static void stop() {
        endpoint.stop();
    }

    private static OperationStatsMXBean stats() {
        OperationStatsMXBean s = MetroCarryTest.stats("BondService.BondPort", "getBonds");
        assertNotNull(s, "no MBean of BondService.BondPort/getBonds");
        return s;
    }

    private static void expect(Timestep[] got, int from, int expected, String what) {
        assertEquals(expected, got.length, what + ": timesteps");
        for (int i = 0; i < expected; i++) {
            Timestep want = Timestep.of(from + 4 - expected + i);
            assertTrue(want.same(got[i]), what + ": timestep " + i + " is " + got[i] + ", expected " + want);
        }
    }

    @Test
    void aPlainProxyAlwaysGetsTheFullAnswer() {
        for (int i = 0; i < 10; i++) {
            expect(plain.getBonds(10 * i, 4), 10 * i, 4, "plain Metro proxy, call " + i);
        }
        assertTrue(stats().getQualityVariantsSent().getOrDefault("full", 0L) >= 10, stats().getQualityVariantsSent().toString());
        assertEquals(Map.of(), stats().getReadFallbacks(), "carried by dsoap");
    }

    @Test
    void aMalformedQualityHeaderIsRefused() throws IOException {
        String body = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns:getBonds xmlns:ns=\"" + Echo.NS + "\"><from>1</from><count>4</count></ns:getBonds>"
                + "</soap:Body></soap:Envelope>";
        long refused = MetroCarryTest.stats("BondService.BondPort", "*").getQualityHeadersRefused();
        String[] bad = post(body, "sent=1; rtt=fast");
        assertEquals("500", bad[0]);
        assertTrue(bad[1].contains("X-Dsoap-Quality") && bad[1].contains("rtt = 'fast' is not a finite number"), bad[1]);
        assertEquals(refused + 1, MetroCarryTest.stats("BondService.BondPort", "*").getQualityHeadersRefused());
        String[] good = post(body, "sent=1; rtt=900");
        assertEquals("200", good[0], good[1]);
        assertEquals(1, count(good[1], "<step>"), "the smallest variant: " + good[1]);
        assertTrue(good[2] != null && good[2].startsWith("sent=1; variant=one; processing="), good[2]);
        String[] middle = post(body, "sent=2; rtt=300");
        assertEquals(2, count(middle[1], "<step>"), "two timesteps at 300 ms: " + middle[1]);
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
        plain.getBonds(0, 4); // the operation exists before its counters are read
        long switches = stats().getQualitySwitches();
        try (DsoapClient client = DsoapClient.builder(URI.create(address)).quality(true).build()) {
            int full = 0;
            for (int i = 0; i < 400 && full < 5; i++) {
                full = ((Timestep[]) client.call(ds, new Object[] {i, 4}, reader)[0]).length == 4 ? full + 1 : 0;
            }
            assertEquals(5, full, "DsoapClient never settled on the full answer on loopback");
            client.quality().updateAttribute("rtt", 700);
            expect((Timestep[]) client.call(ds, new Object[] {500, 4}, reader)[0], 500, 1, "at 700 ms");
            assertEquals("one", client.quality().lastAnswered());
            client.quality().updateAttribute("rtt", 300);
            expect((Timestep[]) client.call(ds, new Object[] {600, 4}, reader)[0], 600, 2, "at 300 ms");
            assertEquals("two", client.quality().lastAnswered());
            client.quality().removeAttribute("rtt");
            full = 0;
            for (int i = 0; i < 400 && full < 5; i++) {
                full = ((Timestep[]) client.call(ds, new Object[] {i, 4}, reader)[0]).length == 4 ? full + 1 : 0;
            }
            assertEquals(5, full, "back to its measured round trip");
            assertEquals(0, client.qualityHeadersRefused());
        }
        assertTrue(stats().getQualitySwitches() >= switches + 2, "switches: " + stats().getQualitySwitches());
        assertTrue(stats().getQualityPeers().size() >= 1, "the client's entry: " + stats().getQualityPeers());
    }

    @Test
    void theQualityFileReloadsOverJmx() {
        plain.getBonds(0, 4); // the operation exists
        String done = stats().reloadQualityFile();
        assertTrue(done.startsWith("reloaded") && done.contains("one = last return 1"), done);
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
