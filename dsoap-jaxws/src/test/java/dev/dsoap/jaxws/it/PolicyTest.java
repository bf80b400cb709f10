package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoapFeature;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.ws.policy.PolicyEngine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The WSDL a real CXF endpoint on Jetty publishes at {@code ?wsdl}: a carried endpoint names dsoap's binary encoding
 * in an extensibility element of its binding that readers may ignore ({@code wsdl:required="false"}, outside any
 * WS-Policy, so that plain CXF clients log nothing about it); an endpoint with binary off and a plain endpoint do not; JAX-WS
 * proxies built from the published WSDL still work, and with CXF's policy engine on the bus (as it is whenever
 * cxf-rt-ws-policy is on the class path) dsoap still carries the messages and answers in binary.
 */
class PolicyTest {
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String WSP = "http://www.w3.org/ns/ws-policy";
    private static final String DSOAP = "urn:dsoap:policy";

    private static Cxf cxf;
    private static String annotated;
    private static String off;
    private static String plain;
    private static String featured;

    @BeforeAll
    static void start() throws Exception {
        cxf = new Cxf();
        annotated = cxf.publish(new DsoapEchoImpl());
        off = cxf.publish(new BinaryTest.XmlOnlyEchoImpl());
        plain = cxf.publish(new EchoImpl());
        EndpointImpl endpoint = new EndpointImpl(cxf.bus, new EchoImpl());
        endpoint.getFeatures().add(new DifferentialSoapFeature());
        endpoint.setProperties(Map.of("dsoap.binary", "performance"));
        featured = cxf.address("featured");
        endpoint.publish(featured);
        cxf.track(endpoint);
    }

    @AfterAll
    static void stop() {
        cxf.close();
    }

    @Test
    void aCarriedEndpointPublishesTheAssertionOnItsBindingOutsideAnyPolicy() throws Exception {
        Element a = assertion(annotated);
        assertEquals("false", a.getAttributeNS(WSDL, "required"));
        assertEquals("application/vnd.dsoap.binary", a.getAttribute("mediaType"));
        assertEquals("interoperability", a.getAttribute("mode"));
        Element binding = (Element) a.getParentNode();
        assertEquals(WSDL, binding.getNamespaceURI());
        assertEquals("binding", binding.getLocalName());
        assertEquals(0, binding.getOwnerDocument().getElementsByTagNameNS(WSP, "Policy").getLength());
    }

    /**
     * A plain CXF client, in a JVM whose class path has no dsoap (so no dsoap bus extension either), builds its proxy
     * from a carried endpoint's WSDL and calls it: it logs no warning about dsoap (CXF's policy engine warned of the
     * assertion when it stood in a wsp:Policy), and the call works.
     */
    @Test
    void aPlainCxfClientWithoutDsoapLogsNothingAboutDsoap() throws Exception {
        List<String> classPath = new ArrayList<>();
        String testPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        for (String entry : testPath.split(java.io.File.pathSeparator)) {
            java.nio.file.Path p = java.nio.file.Path.of(entry);
            boolean dsoapMain = p.endsWith(java.nio.file.Path.of("target", "classes"))
                    || p.getFileName().toString().startsWith("dsoap-");
            if (!dsoapMain) {
                classPath.add(entry);
            }
        }
        ProcessBuilder pb = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", String.join(java.io.File.pathSeparator, classPath), PlainWsdlClient.class.getName(), annotated);
        pb.redirectErrorStream(true);
        Process child = pb.start();
        String out;
        try (InputStream in = child.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(child.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), out);
        assertEquals(0, child.exitValue(), out);
        assertTrue(out.contains("no dsoap"), out);
        assertTrue(out.contains("answer [1.5, -2.0]"), out);
        for (String line : out.split("\n")) {
            assertFalse(line.contains("WARNING") && (line.contains("dsoap") || line.contains(DSOAP)), out);
        }
        assertFalse(out.contains(DSOAP), out);
        assertFalse(out.contains("No assertion builder"), out);
    }

    @Test
    void theFeatureAndItsSettingsArePublishedToo() throws Exception {
        assertEquals("performance", assertion(featured).getAttribute("mode"));
    }

    @Test
    void theFeatureOnTheBusPublishesForEveryEndpointOfIt() throws Exception {
        try (Cxf own = new Cxf()) {
            own.bus.setFeatures(List.of(new DifferentialSoapFeature()));
            String address = own.publish(new EchoImpl());
            assertEquals("interoperability", assertion(address).getAttribute("mode"));
            assertArrayEquals(new double[] {3}, own.dsoap(address).echoDoubles(new double[] {3}));
            assertEquals(1, own.stats("server", "EchoService.EchoPort", "echoDoubles").getBinaryMessagesWritten());
        }
    }

    @Test
    void binaryOffAndPlainEndpointsPublishNoPolicy() throws Exception {
        for (String address : new String[] {off, plain}) {
            String wsdl = get(address + "?wsdl");
            assertFalse(wsdl.contains(DSOAP), address + ": " + wsdl);
            assertFalse(wsdl.contains(WSP), address + ": " + wsdl);
            assertEquals(0, parse(wsdl).getElementsByTagNameNS(WSP, "Policy").getLength());
        }
    }

    @Test
    void theSameServiceWithAndWithoutDsoapPublishesTheSameWsdlButForThePolicy() throws Exception {
        String with = get(annotated + "?wsdl").replace(annotated, "ADDRESS");
        String without = get(plain + "?wsdl").replace(plain, "ADDRESS");
        String stripped = with.replaceAll("\\s*<dsoap:BinaryEncoding[^>]*/>", "")
                .replace(" xmlns:dsoap=\"" + DSOAP + "\"", "");
        assertEquals(without, stripped);
    }

    @Test
    void proxiesBuiltFromThePublishedWsdlWorkAndDsoapOnesGetBinary() throws Exception {
        try (Cxf own = new Cxf()) {
            assertNotNull(own.bus.getExtension(PolicyEngine.class), "CXF's policy engine is on this bus");
            assertTrue(own.bus.getExtension(PolicyEngine.class).isEnabled(), "CXF's policy engine is enabled");
            String address = own.publish(new DsoapEchoImpl());
            assertion(address);
            Echo plainProxy = own.plain(address);
            assertArrayEquals(new double[] {1.5, -2}, plainProxy.echoDoubles(new double[] {1.5, -2}));
            OperationStatsMXBean server = own.stats("server", "EchoService.EchoPort", "echoDoubles");
            assertEquals(0, server.getBinaryMessagesWritten(), "a plain proxy was answered in binary");
            Echo dsoapProxy = own.dsoap(address);
            for (int i = 0; i < 3; i++) {
                assertArrayEquals(new double[] {i, 0.25}, dsoapProxy.echoDoubles(new double[] {i, 0.25}));
            }
            assertEquals(3, server.getBinaryMessagesWritten(), "dsoap proxy answers: " + server.getWriteFallbacks());
            assertEquals(0L, server.getReadFallbacks().values().stream().mapToLong(Long::longValue).sum(),
                    "the endpoint's own policy sent requests to CXF's path: " + server.getReadFallbacks());
            assertEquals(0L, server.getWriteFallbacks().values().stream().mapToLong(Long::longValue).sum(),
                    "the endpoint's own policy sent answers to CXF's path: " + server.getWriteFallbacks());
            OperationStatsMXBean client = own.stats("client", "EchoService.EchoPort", "echoDoubles");
            assertEquals(3, client.getBinaryMessagesRead(), "the proxy read binary answers: " + client.getReadFallbacks());
            assertEquals(0L, client.getWriteFallbacks().values().stream().mapToLong(Long::longValue).sum(),
                    "the policy read from the WSDL sent requests to CXF's path: " + client.getWriteFallbacks());
        }
    }

    /** The one dsoap assertion in the WSDL at {@code address}, a child of its one binding. */
    private static Element assertion(String address) throws Exception {
        Document wsdl = parse(get(address + "?wsdl"));
        NodeList bindings = wsdl.getElementsByTagNameNS(WSDL, "binding");
        assertEquals(1, bindings.getLength());
        List<Element> found = new ArrayList<>();
        NodeList all = wsdl.getElementsByTagNameNS(DSOAP, "BinaryEncoding");
        for (int i = 0; i < all.getLength(); i++) {
            found.add((Element) all.item(i));
        }
        assertEquals(1, found.size(), address);
        assertEquals(bindings.item(0), found.get(0).getParentNode(), "the assertion is a child of the binding");
        return found.get(0);
    }

    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** A plain HTTP GET. */
    private static String get(String url) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        assertEquals(200, c.getResponseCode(), url);
        try (InputStream in = c.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
