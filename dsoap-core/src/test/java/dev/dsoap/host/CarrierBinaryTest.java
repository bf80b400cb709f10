package dev.dsoap.host;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.Frame;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.negotiation.BinaryMediaType;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The carrier's binary stage: who is answered in binary, what is read, what is refused and how it is counted. */
class CarrierBinaryTest {
    private static final String NS = "urn:dsoap:carrier";
    private static final WireConvention DOC = WireConvention.documentLiteralWrapped();
    private static final MessageShape REQUEST = MessageShape.wrapped(NS, "scale", Part.of("v", double[].class),
            Part.of("f", double.class), Part.of("label", String.class));
    private static final MessageShape RESPONSE = MessageShape.wrapped(NS, "scaleResponse", Part.of("return", double[].class));

    private static Carrier carrier(OperationStats stats, String... kv) {
        Map<String, String> m = new java.util.HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return Carrier.builder(Settings.read(m::get, "test"), stats, null, new PlanCache())
                .reads(() -> REQUEST, DOC).writes(() -> RESPONSE, DOC).build();
    }

    private static OperationStats stats() {
        return new OperationStats("Test", line -> { }, "svc", "scale");
    }

    /** A client's view of the same operation: it writes the requests and reads the responses. */
    private static Carrier client(OperationStats stats) {
        return Carrier.builder(Settings.read(k -> null, "client"), stats, null, new PlanCache())
                .reads(() -> RESPONSE, DOC).writes(() -> REQUEST, DOC).build();
    }

    @Test
    void requestAndResponseInBinary() throws Exception {
        OperationStats serverStats = stats();
        OperationStats clientStats = stats();
        Carrier server = carrier(serverStats);
        Carrier client = client(clientStats);
        String accept = BinaryMediaType.accept("text/xml", client.binaryIn().descriptor().idHex());
        assertTrue(server.answersBinary(accept, "text/xml"));
        assertFalse(server.answersBinary(BinaryMediaType.accept("text/xml", "0123456789abcdef"), "text/xml"),
                "an answer of another format is not what the client asked for");
        assertFalse(server.answersBinary("text/xml, */*", "text/xml"));
        assertFalse(server.answersBinary(null, "text/xml"));

        byte[] request;
        try (Reply r = client.writeBinary(new Object[] {new double[] {1, -0.0, Double.NaN}, 2.0, "x&y"}, true)) {
            assertTrue(r.binary());
            request = r.toByteArray();
        }
        assertTrue(Frame.isBinary(request, 0, request.length));
        Object[] in = server.readBinary(request, request.length);
        assertArrayEquals(new double[] {1, -0.0, Double.NaN}, (double[]) in[0]);
        assertEquals("x&y", in[2]);
        byte[] response;
        try (Reply r = server.writeBinary(new Object[] {new double[] {3}}, false)) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            r.writeTo(out);
            response = out.toByteArray();
            assertEquals(r.length(), response.length);
        }
        assertArrayEquals(new double[] {3}, (double[]) client.readBinary(response, response.length)[0]);
        assertEquals(1, serverStats.getBinaryMessagesRead());
        assertEquals(1, serverStats.getBinaryMessagesWritten());
        assertEquals(request.length, serverStats.getBinaryBytesRead());
        assertEquals(response.length, serverStats.getBinaryBytesWritten());
        assertEquals(1, clientStats.getBinaryMessagesRead());
    }

    @Test
    void refusals() {
        OperationStats stats = stats();
        Carrier server = carrier(stats);
        BinaryFormat other = BinaryFormat.of(new PlanCache().get(RESPONSE, DOC), NS, "scaleResponse");
        byte[] foreign = other.newWriter().toByteArray();
        var w = other.newWriter();
        w.write(new Object[] {new double[] {1}}, false);
        foreign = w.toByteArray();
        byte[] unknown = foreign;
        RejectedMessageException e = assertThrows(RejectedMessageException.class, () -> server.readBinary(unknown, unknown.length));
        assertTrue(e.unsupportedMediaType(), e.getMessage());
        w.write(new Object[] {new double[] {1}}, true);
        byte[] described = w.toByteArray();
        e = assertThrows(RejectedMessageException.class, () -> server.readBinary(described, described.length));
        assertTrue(e.unsupportedMediaType());
        assertTrue(e.getMessage().contains("body element"), e.getMessage());

        byte[] good;
        try (Reply r = client(stats()).writeBinary(new Object[] {new double[] {1}, 2.0, null}, false)) {
            good = r.toByteArray();
        }
        byte[] cut = Arrays.copyOf(good, good.length - 1);
        e = assertThrows(RejectedMessageException.class, () -> server.readBinary(cut, cut.length));
        assertFalse(e.unsupportedMediaType(), "a malformed message is the sender's fault, not an unknown type");
        assertEquals(Map.of("UNKNOWN_FORMAT", 1L, "FORMAT_MISMATCH", 1L, "MALFORMED", 1L), stats.getBinaryRefusals());
        assertEquals(3, stats.getMessagesRejected());
        assertEquals(2.0, server.readBinary(good, good.length)[1], "the next good message is read");

        Carrier off = carrier(stats(), Settings.BINARY, "off");
        assertNull(off.binaryIn());
        assertNull(off.writeBinary(new Object[] {new double[0]}, false));
        assertFalse(off.answersBinary(BinaryMediaType.NAME, "text/xml"));
        e = assertThrows(RejectedMessageException.class, () -> off.readBinary(good, good.length));
        assertTrue(e.unsupportedMediaType());
        assertThrows(IllegalArgumentException.class, () -> carrier(stats(), Settings.BINARY, "fast"));
    }

    @Test
    void valuesBinaryCannotCarryGoAsXml() {
        OperationStats stats = stats();
        Carrier client = client(stats);
        assertNull(client.writeBinary(new Object[] {new double[0], 1.0, "\u0000"}, false));
        assertEquals(Map.of("UNSUPPORTED_VALUE", 1L), stats.getWriteFallbacks());
        assertTrue(client.retainedBytes() > 0, "the idle writer is counted");
    }

    @Test
    void keptBinaryStateIsChargedToTheBudgetAndShrinks() {
        dev.dsoap.template.MemoryBudget budget = new dev.dsoap.template.MemoryBudget(64L << 20);
        OperationStats stats = stats();
        Carrier server = Carrier.builder(Settings.read(k -> null, "test"), stats, budget, new PlanCache())
                .reads(() -> REQUEST, DOC).writes(() -> RESPONSE, DOC).build();
        Carrier client = client(stats());
        String label = "a label that stays the same";
        double[] big = new double[200_000];
        for (int step = 0; step < 3; step++) {
            byte[] request;
            try (Reply r = client.writeBinary(new Object[] {new double[] {step}, 1.0, label}, false)) {
                request = r.toByteArray();
            }
            assertEquals(label, server.readBinary(request, request.length)[2]);
            try (Reply r = server.writeBinary(new Object[] {step == 1 ? big : new double[] {step}}, false)) {
                assertTrue(r.length() > (step == 1 ? 8L * big.length : 8), "one block: " + r.length());
            }
            long held = server.retainedBytes();
            assertEquals(held, budget.usedBytes(), "step " + step + ": what the carrier keeps is what the budget holds");
            if (step == 1) {
                assertTrue(held > 8L * big.length, "the big answer is kept for the next one: " + held);
            } else {
                assertTrue(held < 256 << 10, "step " + step + ": back to a small state after the big answer: " + held);
            }
        }
        assertTrue(stats.getBinaryBytesReusedRead() >= 2L * label.length(), "the label taken from the last request: "
                + stats.getBinaryBytesReusedRead());

        Carrier tiny = Carrier.builder(Settings.read(Map.of(Settings.MEMORY_BUDGET, "1m")::get, "test"), stats(),
                new dev.dsoap.template.MemoryBudget(1L << 20), new PlanCache())
                .reads(() -> REQUEST, DOC).writes(() -> RESPONSE, DOC).build();
        try (Reply r = tiny.writeBinary(new Object[] {big}, false)) {
            assertTrue(r.length() > 8L * big.length, "written whole: " + r.length());
        }
        assertTrue(tiny.retainedBytes() < 64 << 10, "over its share of the budget: not kept, " + tiny.retainedBytes());
    }
}
