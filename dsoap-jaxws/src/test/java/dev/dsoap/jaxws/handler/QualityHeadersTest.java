package dev.dsoap.jaxws.handler;

import dev.dsoap.quality.QualityAttributes;

import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.SOAPConstants;
import jakarta.xml.soap.SOAPElement;
import jakarta.xml.soap.SOAPHeaderElement;
import jakarta.xml.soap.SOAPMessage;
import org.junit.jupiter.api.Test;

import javax.xml.namespace.QName;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The header blocks on SAAJ messages, without a runtime. */
class QualityHeadersTest {
    private static final String BODY = "<ns:scale xmlns:ns=\"urn:t\"><values>1.5</values><values>-0.0</values>"
            + "<factor>2</factor><text>a&lt;b &amp; \"c\"</text></ns:scale>";

    @Test
    void writesAndReadsBothBlocksWithoutTouchingTheBody() throws Exception {
        for (String protocol : new String[] {SOAPConstants.SOAP_1_1_PROTOCOL, SOAPConstants.SOAP_1_2_PROTOCOL}) {
            SOAPMessage msg = message(protocol, "");
            String body = bodyOf(msg);
            Map<String, Double> attrs = Map.of("rtt", 12.5, "resolution", 640.0);
            QualityHeaders.writeQuality(msg, "c1", "12345", "half", attrs);
            QualityHeaders.writeAnswer(msg, "12345", null, Map.of("processing", 0.25));
            SOAPMessage back = reparse(msg, protocol);
            assertEquals(body, bodyOf(back), protocol);

            QualityHeaders.Block q = QualityHeaders.read(back, QualityHeaders.QUALITY);
            assertEquals(new QualityHeaders.Block("c1", "12345", "half", Map.of("resolution", 640.0, "rtt", 12.5)), q);
            QualityHeaders.Block a = QualityHeaders.read(back, QualityHeaders.ANSWER);
            assertEquals(new QualityHeaders.Block(null, "12345", null, Map.of("processing", 0.25)), a);

            Iterator<?> blocks = back.getSOAPHeader().examineAllHeaderElements();
            while (blocks.hasNext()) {
                SOAPHeaderElement e = (SOAPHeaderElement) blocks.next();
                assertFalse(e.getMustUnderstand(), "optional for peers without the handler");
                assertEquals(QualityHeaders.NS, e.getNamespaceURI());
            }
        }
    }

    @Test
    void writingAgainReplacesTheBlock() throws Exception {
        SOAPMessage msg = message(SOAPConstants.SOAP_1_1_PROTOCOL, "<x:Other xmlns:x=\"urn:x\"/>");
        QualityHeaders.writeQuality(msg, "c1", "1", null, Map.of());
        QualityHeaders.writeQuality(msg, "c1", "2", null, Map.of());
        SOAPMessage back = reparse(msg, SOAPConstants.SOAP_1_1_PROTOCOL);
        assertEquals("2", QualityHeaders.read(back, QualityHeaders.QUALITY).sent());
        assertEquals(2, count(back.getSOAPHeader().examineAllHeaderElements()), "the other block stays");
    }

    private static int count(Iterator<?> it) {
        int n = 0;
        for (; it.hasNext(); it.next()) {
            n++;
        }
        return n;
    }

    @Test
    void absentBlockReadsAsNull() throws Exception {
        assertNull(QualityHeaders.read(message(SOAPConstants.SOAP_1_1_PROTOCOL, ""), QualityHeaders.QUALITY));
        assertNull(QualityHeaders.read(message(SOAPConstants.SOAP_1_1_PROTOCOL,
                "<x:Other xmlns:x=\"urn:x\"/>"), QualityHeaders.QUALITY));
    }

    @Test
    void refusesMalformedBlocks() throws Exception {
        String open = "<dq:Quality xmlns:dq=\"urn:dsoap:quality\">";
        String close = "</dq:Quality>";
        String[][] cases = {
            {"<dq:attribute name=\"rtt\">fast</dq:attribute>", "not a finite number"},
            {"<dq:attribute name=\"rtt\">NaN</dq:attribute>", "not a finite number"},
            {"<dq:attribute name=\"1x\">1</dq:attribute>", "malformed"},
            {"<dq:attribute>1</dq:attribute>", "malformed"},
            {"<dq:attribute name=\"a\">1</dq:attribute><dq:attribute name=\"a\">2</dq:attribute>", "twice"},
            {"<dq:type>" + "t".repeat(65) + "</dq:type>", "65 characters"},
            {"<dq:client></dq:client>", "0 characters"},
            {"<dq:sent>1</dq:sent><dq:sent>2</dq:sent>", "twice"},
        };
        for (String[] c : cases) {
            SOAPMessage m = message(SOAPConstants.SOAP_1_1_PROTOCOL, open + c[0] + close);
            QualityHeaders.Malformed e = assertThrows(QualityHeaders.Malformed.class,
                    () -> QualityHeaders.read(m, QualityHeaders.QUALITY), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + ": " + e.getMessage());
        }
        StringBuilder many = new StringBuilder();
        for (int i = 0; i <= QualityAttributes.MAX_ATTRIBUTES; i++) {
            many.append("<dq:attribute name=\"a").append(i).append("\">1</dq:attribute>");
        }
        SOAPMessage m = message(SOAPConstants.SOAP_1_1_PROTOCOL, open + many + close);
        assertThrows(QualityHeaders.Malformed.class, () -> QualityHeaders.read(m, QualityHeaders.QUALITY));
        SOAPMessage two = message(SOAPConstants.SOAP_1_1_PROTOCOL, open + close + open + close);
        assertThrows(QualityHeaders.Malformed.class, () -> QualityHeaders.read(two, QualityHeaders.QUALITY));
    }

    @Test
    void ignoresElementsOfLaterVersions() throws Exception {
        SOAPMessage m = message(SOAPConstants.SOAP_1_1_PROTOCOL, "<dq:Quality xmlns:dq=\"urn:dsoap:quality\">"
                + "<dq:priority>high</dq:priority><x:y xmlns:x=\"urn:x\"/><dq:type> full </dq:type></dq:Quality>");
        assertEquals(new QualityHeaders.Block(null, null, "full", Map.of()),
                QualityHeaders.read(m, QualityHeaders.QUALITY));
    }

    private static SOAPMessage message(String protocol, String headers) throws Exception {
        String env = SOAPConstants.SOAP_1_1_PROTOCOL.equals(protocol)
                ? "http://schemas.xmlsoap.org/soap/envelope/" : "http://www.w3.org/2003/05/soap-envelope";
        String xml = "<s:Envelope xmlns:s=\"" + env + "\">" + (headers.isEmpty() ? "" : "<s:Header>" + headers
                + "</s:Header>") + "<s:Body>" + BODY + "</s:Body></s:Envelope>";
        return MessageFactory.newInstance(protocol).createMessage(null,
                new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    private static SOAPMessage reparse(SOAPMessage msg, String protocol) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        msg.writeTo(out);
        return MessageFactory.newInstance(protocol).createMessage(null, new ByteArrayInputStream(out.toByteArray()));
    }

    /** The body's content as a canonical-enough string: element names, attributes and text in order. */
    private static String bodyOf(SOAPMessage msg) throws Exception {
        StringBuilder b = new StringBuilder();
        walk(msg.getSOAPBody(), b);
        return b.toString();
    }

    private static void walk(SOAPElement e, StringBuilder b) {
        b.append('<').append(new QName(e.getNamespaceURI(), e.getLocalName()));
        for (Iterator<QName> it = e.getAllAttributesAsQNames(); it.hasNext(); ) {
            QName a = it.next();
            b.append(' ').append(a).append('=').append(e.getAttributeValue(a));
        }
        b.append('>');
        for (Iterator<jakarta.xml.soap.Node> it = e.getChildElements(); it.hasNext(); ) {
            jakarta.xml.soap.Node n = it.next();
            if (n instanceof SOAPElement c) {
                walk(c, b);
            } else {
                b.append(n.getValue());
            }
        }
        b.append("</>");
    }
}
