package dev.dsoap.axis2.it;

import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The WSDL real Axis2 servers generate at {@code ?wsdl}: with dsoap.mar engaged and {@code dsoap.binaryPolicy=true}, a
 * POJO service's SOAP bindings refer to dsoap's optional binary policy assertion, published once at the top of the
 * document; by default, with {@code dsoap.binary=off}, or without dsoap, there is no policy, nor in the WSDL an ADB service was deployed with
 * (published as it is). Axis2's own client, built from the published WSDL
 * (which makes Axis2 read the policy), still calls the service.
 */
class PolicyIT {
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String WSP = "http://www.w3.org/ns/ws-policy";
    private static final String DSOAP = "urn:dsoap:policy";
    private static final String WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";

    @TempDir
    static Path dir;
    static Axis2Server dsoap;
    static Axis2Server byDefault;
    static Axis2Server off;
    static Axis2Server plain;

    @BeforeAll
    static void start() throws Exception {
        dsoap = Axis2Server.start(dir, true, "<parameter name=\"dsoap.binaryPolicy\">true</parameter>");
        byDefault = Axis2Server.start(dir, true, "");
        off = Axis2Server.start(dir, true, "<parameter name=\"dsoap.binary\">off</parameter>"
                + "<parameter name=\"dsoap.binaryPolicy\">true</parameter>");
        plain = Axis2Server.start(dir, false, "");
    }

    @AfterAll
    static void stop() throws Exception {
        for (Axis2Server s : new Axis2Server[] {dsoap, byDefault, off, plain}) {
            if (s != null) {
                s.close();
            }
        }
    }

    @Test
    void anEngagedServicesSoapBindingsReferToTheOptionalAssertion() throws Exception {
        String text = get(dsoap.url() + "?wsdl");
        Document wsdl = parse(text);
        NodeList assertions = wsdl.getElementsByTagNameNS(DSOAP, "BinaryEncoding");
        assertEquals(1, assertions.getLength(), text);
        Element a = (Element) assertions.item(0);
        assertEquals("true", a.getAttributeNS(WSP, "Optional"), text);
        assertEquals("application/vnd.dsoap.binary", a.getAttribute("mediaType"));
        assertEquals("interoperability", a.getAttribute("mode"));
        Element policy = (Element) a.getParentNode(); // Neethi writes the policy as wsp:ExactlyOne/wsp:All around it
        for (int up = 0; up < 2 && !"Policy".equals(policy.getLocalName()); up++) {
            assertEquals(WSP, policy.getNamespaceURI());
            policy = (Element) policy.getParentNode();
        }
        assertEquals(WSP, policy.getNamespaceURI());
        assertEquals("Policy", policy.getLocalName());
        String id = policy.getAttributeNS(WSU, "Id");
        assertEquals("DsoapBinaryEncoding", id, text);
        assertEquals(wsdl.getDocumentElement(), policy.getParentNode(), "the policy is published in wsdl:definitions");

        Set<String> soapBindings = new HashSet<>();
        List<String> referring = new ArrayList<>();
        NodeList bindings = wsdl.getElementsByTagNameNS(WSDL, "binding");
        for (int i = 0; i < bindings.getLength(); i++) {
            Element b = (Element) bindings.item(i);
            boolean soap = b.getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/soap/", "binding").getLength() > 0
                    || b.getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/soap12/", "binding").getLength() > 0;
            if (soap) {
                soapBindings.add(b.getAttribute("name"));
            }
            NodeList refs = b.getElementsByTagNameNS(WSP, "PolicyReference");
            for (int r = 0; r < refs.getLength(); r++) {
                if (((Element) refs.item(r)).getAttribute("URI").equals("#" + id)) {
                    referring.add(b.getAttribute("name"));
                }
            }
        }
        assertEquals(2, soapBindings.size(), "SOAP 1.1 and 1.2 bindings: " + text);
        assertEquals(soapBindings, new HashSet<>(referring), "every SOAP binding, and only they, refer to the policy");
        assertEquals(referring.size(), new HashSet<>(referring).size(), "one reference per binding");
    }

    @Test
    void byDefaultAndWithBinaryOffAndPlainServersPublishNoPolicy() throws Exception {
        for (Axis2Server s : new Axis2Server[] {byDefault, off, plain}) {
            String text = get(s.url() + "?wsdl");
            assertFalse(text.contains(DSOAP), text);
            assertEquals(0, parse(text).getElementsByTagNameNS(WSP, "Policy").getLength(), text);
        }
    }

    @Test
    void aServicePublishingTheWsdlItWasDeployedWithPublishesItUnchanged() throws Exception {
        String text = get(dsoap.url(Axis2Server.ADB) + "?wsdl"); // wsdl2java's services.xml sets useOriginalwsdl
        assertFalse(text.contains(DSOAP), text);
        assertEquals(0, parse(text).getElementsByTagNameNS(WSP, "Policy").getLength(), text);
    }

    /**
     * An Axis2 client builds from the WSDL with the policy in it and calls; Axis2's policy reader (Neethi) says nothing
     * about the assertion it does not know (its log lines, through SLF4J's simple logger, go to standard error, which
     * is watched while the client is built and called).
     */
    @Test
    void axis2sClientBuiltFromThePublishedWsdlStillCalls() throws Exception {
        QName service = new QName(dsoap.namespace(), dsoap.echo.getName());
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream seen = new java.io.ByteArrayOutputStream();
        RPCServiceClient client;
        System.setErr(new java.io.PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                seen.write(b);
                err.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                seen.write(b, off, len);
                err.write(b, off, len);
            }
        }, true));
        try {
            client = new RPCServiceClient(null, URI.create(dsoap.url() + "?wsdl").toURL(), service,
                    dsoap.echo.getName() + "HttpSoap11Endpoint");
        } finally {
            System.setErr(err);
        }
        String logged = seen.toString(StandardCharsets.UTF_8);
        assertFalse(logged.contains(DSOAP) || logged.contains("BinaryEncoding"), logged);
        try {
            client.getOptions().setTimeOutInMilliSeconds(60_000);
            Object[] got = client.invokeBlocking(new QName(dsoap.namespace(), "hello"), new Object[] {"policy", 2},
                    new Class<?>[] {String.class});
            assertArrayEquals(new Object[] {new EchoService().hello("policy", 2)}, got);
            assertTrue(client.getAxisService().getEndpoints().size() > 0);
        } finally {
            client.cleanup();
        }
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
