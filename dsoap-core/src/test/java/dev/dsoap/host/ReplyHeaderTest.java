package dev.dsoap.host;

import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.WireConvention;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Header blocks a host adds after dsoap wrote a message (WS-Addressing's) go into a {@code Header} before dsoap's
 * {@code Body}, on templates of one chunk and of many, in both SOAP versions; the body is byte for byte what
 * dsoap writes without them. A reply the host replaced is taken back from the written counters.
 */
class ReplyHeaderTest {
    private static final String NS = "urn:dsoap:reply";
    private static final String WSA = "http://www.w3.org/2005/08/addressing";
    private static final String BLOCKS = "<wsa:Action xmlns:wsa=\"" + WSA + "\">urn:echo:Response</wsa:Action>"
            + "<wsa:RelatesTo xmlns:wsa=\"" + WSA + "\">urn:uuid:&amp;é\uD83D\uDE00</wsa:RelatesTo>";

    private static Carrier carrier(WireConvention conv, OperationStats stats) {
        Settings s = Settings.read(Map.<String, String>of()::get, "test");
        return Carrier.builder(s, stats, null, new PlanCache())
                .writes(() -> MessageShape.wrapped(NS, "echoResponse", Part.of("return", double[].class)), conv)
                .build();
    }

    @Test
    void blocksGoBeforeTheBodyWhateverTheTemplateSize() throws Exception {
        long seed = 0x4EADE4L;
        Random r = new Random(seed);
        for (WireConvention conv : new WireConvention[]{WireConvention.documentLiteralWrapped(),
                WireConvention.documentLiteralWrapped().toBuilder("soap12").soapVersion(dev.dsoap.binding.SoapVersion.SOAP_12)
                        .envelopePrefix("soap").xmlDeclaration(true).build()}) {
            OperationStats stats = new OperationStats("Test", line -> { }, "svc", "echo");
            Carrier c = carrier(conv, stats);
            for (int n : new int[]{0, 1, 10, 5_000, 60_000}) {
                for (int round = 0; round < 3; round++) {
                    double[] v = new double[n];
                    for (int i = 0; i < n; i++) {
                        v[i] = round == 0 ? r.nextGaussian() : r.nextInt(4) == 0 ? r.nextDouble() * 1e6 : v.length > 0 ? i : 0;
                    }
                    try (Reply reply = c.write(new Object[]{v}, null, null)) {
                        byte[] plain = reply.toByteArray();
                        ByteArrayOutputStream with = new ByteArrayOutputStream();
                        reply.writeTo(with, BLOCKS.getBytes(StandardCharsets.UTF_8));
                        String why = "seed " + seed + ", " + conv.name() + ", n=" + n + ", round " + round;
                        Document d = parse(with.toByteArray());
                        Element env = d.getDocumentElement();
                        Element header = child(env, 0);
                        Element body = child(env, 1);
                        assertEquals("Header", header.getLocalName(), why);
                        assertEquals(env.getNamespaceURI(), header.getNamespaceURI(), why);
                        assertEquals(2, header.getElementsByTagNameNS(WSA, "*").getLength(), why);
                        assertEquals("urn:uuid:&é\uD83D\uDE00",
                                header.getElementsByTagNameNS(WSA, "RelatesTo").item(0).getTextContent(), why);
                        assertEquals("Body", body.getLocalName(), why);
                        String s = with.toString(StandardCharsets.UTF_8);
                        String p = new String(plain, StandardCharsets.UTF_8);
                        int at = p.indexOf(":Body>") - conv.envelopePrefix().length() - 1;
                        assertEquals(p.substring(0, at), s.substring(0, at), why);
                        assertEquals(p.substring(at), s.substring(s.indexOf("</" + conv.envelopePrefix() + ":Header>")
                                + conv.envelopePrefix().length() + 10), why);
                        ByteArrayOutputStream none = new ByteArrayOutputStream();
                        reply.writeTo(none, null);
                        assertArrayEquals(plain, none.toByteArray(), why);
                    }
                }
            }
        }
    }

    @Test
    void aReplacedReplyIsTakenBackFromTheCounters() {
        OperationStats stats = new OperationStats("Test", line -> { }, "svc", "echo");
        Carrier c = carrier(WireConvention.documentLiteralWrapped(), stats);
        try (Reply first = c.write(new Object[]{new double[]{1, 2, 3}}, null, null)) {
            first.toByteArray();
        }
        long bytes = stats.getBytesWritten();
        Reply second = c.write(new Object[]{new double[]{1, 2, 4}}, null, null);
        assertEquals(2, stats.getMessagesWritten());
        assertEquals(1L, stats.getWriteMatches().get("PERFECT_STRUCTURAL"));
        second.replaced("header blocks added");
        second.replaced("twice");
        second.close();
        assertEquals(1, stats.getMessagesWritten());
        assertEquals(0L, stats.getWriteMatches().get("PERFECT_STRUCTURAL"));
        assertEquals(1L, stats.getWriteMatches().get("FIRST_SEND"));
        assertEquals(bytes, stats.getBytesWritten());
        assertEquals(Map.of("RESPONSE_CHANGED", 1L), stats.getWriteFallbacks());
    }

    @Test
    void aBinaryReplyCarriesNoHeader() {
        OperationStats stats = new OperationStats("Test", line -> { }, "svc", "echo");
        Carrier c = carrier(WireConvention.documentLiteralWrapped(), stats);
        try (Reply reply = c.writeBinary(new Object[]{new double[]{1, 2}}, true)) {
            assertEquals(1, stats.getBinaryMessagesWritten());
            assertThrows(IllegalStateException.class, () -> reply.writeTo(new ByteArrayOutputStream(), new byte[]{'<'}));
            reply.replaced("sent as XML");
            assertEquals(0, stats.getBinaryMessagesWritten());
            assertEquals(0, stats.getBinaryBytesWritten());
        }
    }

    private static Document parse(byte[] b) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(b));
    }

    private static Element child(Element e, int index) {
        int k = 0;
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && k++ == index) {
                return c;
            }
        }
        throw new AssertionError("no child " + index + " of " + e.getLocalName());
    }
}
