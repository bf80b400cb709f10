package dev.dsoap.host;

import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An operation with two spellings of its request (the schema's {@code <v>} items and a positional {@code <item0>} one)
 * that keeps getting requests of a third ({@code <arg0>} holding {@code <array>} items, as {@code RPCServiceClient}
 * writes a primitive array): after two such requests fail the shape, it leaves the next ones to the host from their
 * first bytes ({@link Carrier#skipsUnread}), before the rest is kept ({@link MessageBytes.Gate}); requests of its own
 * spellings are always read.
 */
class LearnedHandOverTest {
    private static final String NS = "urn:dsoap:handover";
    private static final WireConvention W = WireConvention.documentLiteralWrapped();
    private static final WireConvention POSITIONAL = W.toBuilder("positional").partsQualified(false).build();

    private final PlanCache plans = new PlanCache();
    private final OperationStats stats = new OperationStats("Test", line -> { }, "svc", "echo");
    private final Carrier carrier = Carrier.builder(Settings.read(Map.<String, String>of()::get, "test"), stats,
                    new MemoryBudget(Settings.DEFAULT_BUDGET), plans)
            .reads(() -> MessageShape.wrapped(NS, "echo", Part.of("v", double[].class)), W)
            .reads(() -> MessageShape.wrapped(NS, "echo", Part.of("", "item0", double[].class, true)), POSITIONAL)
            .build();

    private static byte[] envelope(String parts) {
        return ("<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soapenv:Body><ns:echo xmlns:ns=\"" + NS + "\">" + parts + "</ns:echo></soapenv:Body></soapenv:Envelope>")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] primitive(int items) {
        StringBuilder b = new StringBuilder("<arg0>");
        for (int i = 0; i < items; i++) {
            b.append("<array>").append(i + 0.5).append("</array>");
        }
        return envelope(b.append("</arg0>").toString());
    }

    private static byte[] schema(double... v) {
        StringBuilder b = new StringBuilder();
        for (double d : v) {
            b.append("<v>").append(d).append("</v>");
        }
        return envelope(b.toString());
    }

    @Test
    void requestsOfAShapeThatFailsAreLeftToTheHostFromTheirFirstBytes() throws IOException {
        byte[] odd = primitive(5000); // 110 KB: past the first 16 KiB buffer
        assertFalse(carrier.skipping());
        // two tries fail the shape: the host reads them (dsoap read them whole, within its limits)
        for (int i = 0; i < 2; i++) {
            assertFalse(carrier.skipsUnread(odd, odd.length), "try " + i);
            assertNull(carrier.read(odd, odd.length, null, null), "try " + i);
        }
        assertTrue(carrier.skipping());
        // the next 4 are left to the host from their first 16 KiB, the rest of the stream never kept
        for (int i = 0; i < ShapeBypass.INITIAL_BACKOFF; i++) {
            InputStream[] overflow = new InputStream[1];
            MessageBytes got = MessageBytes.readDocument(new ByteArrayInputStream(odd), 1 << 20, -1, overflow, null,
                    (b, n) -> carrier.skipsUnread(b, n) ? Fallback.REQUEST_SHAPE : null);
            assertNull(got, "request " + i + " was kept");
            assertNotNull(overflow[0]);
            assertEquals(Fallback.REQUEST_SHAPE, MessageBytes.overflowReason(overflow[0]));
            assertArrayEquals(odd, overflow[0].readAllBytes(), "the host reads every byte of request " + i);
        }
        assertFalse(carrier.skipping(), "one is tried again after the pause");
        assertFalse(carrier.skipsUnread(odd, odd.length));
        // one try after a pause that fails too starts the next, four times as long
        assertNull(carrier.read(odd, odd.length, null, null));
        assertTrue(carrier.skipping());
        int skipped = 0;
        while (carrier.skipsUnread(odd, odd.length)) {
            skipped++;
        }
        assertEquals(4 * ShapeBypass.INITIAL_BACKOFF, skipped);
        assertNull(carrier.read(odd, odd.length, null, null));
        assertTrue(carrier.skipping());
        // requests of the operation's own spellings are read during a pause
        byte[] good = schema(1.5, -0.0, Double.MAX_VALUE);
        assertFalse(carrier.skipsUnread(good, good.length), "a schema-shaped request is read during a pause");
        Object[] values = carrier.read(good, good.length, null, null);
        assertArrayEquals(new double[] {1.5, -0.0, Double.MAX_VALUE}, (double[]) values[0]);
        assertTrue(carrier.skipping(), "the pause is for requests of none of the spellings, whatever the others do");
    }

    @Test
    void whatTheFirstBytesDoNotTellIsReadOn() {
        byte[] odd = primitive(10);
        carrier.read(odd, odd.length, null, null);
        carrier.read(odd, odd.length, null, null);
        assertTrue(carrier.skipping());
        // cut before the first part element's start tag ends, or not well-formed: not decided from the first bytes
        int cut = new String(odd, StandardCharsets.UTF_8).indexOf("<arg0>") + 3;
        assertFalse(carrier.skipsUnread(odd, cut));
        byte[] broken = envelope("<arg0 a='1' a='2'><array>1</array></arg0>");
        assertFalse(carrier.skipsUnread(broken, broken.length));
        assertTrue(carrier.skipping(), "no skip was used up");
        // without a gate, or when the gate says nothing, the document is read whole
        MessageBytes whole = null;
        try {
            whole = MessageBytes.readDocument(new ByteArrayInputStream(odd), 1 << 20, -1, null, null, (b, n) -> null);
        } catch (MessageBytes.Incomplete e) {
            throw new AssertionError(e);
        }
        assertEquals(odd.length, whole.length());
    }
}
