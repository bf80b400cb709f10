package dev.dsoap.host;

import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A long message goes out gathered in writes of up to {@link Reply#STAGE} bytes, on a stage lent by the memory budget:
 * the bytes are those of the message written piece by piece (with and without header blocks, message after message
 * of changing values and widths), the stage's reservation is given back after every write (a failing one too), and
 * without a budget the pieces go out as they are.
 */
class ReplyStageTest {
    private static final String NS = "urn:dsoap:stage";
    private static final byte[] BLOCKS = "<h:n xmlns:h=\"urn:h\">&amp;é\uD83D\uDE00</h:n>".getBytes(StandardCharsets.UTF_8);

    private static Carrier carrier(MemoryBudget budget) {
        Settings s = Settings.read(Map.<String, String>of()::get, "test");
        return Carrier.builder(s, new OperationStats("Test", line -> { }, "svc", "echo"), budget, new PlanCache())
                .writes(() -> MessageShape.wrapped(NS, "echoResponse", Part.of("return", double[].class)),
                        WireConvention.documentLiteralWrapped())
                .build();
    }

    /** Counts the writes and their longest. */
    private static final class Counting extends ByteArrayOutputStream {
        int writes;
        int longest;

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            writes++;
            longest = Math.max(longest, len);
            super.write(b, off, len);
        }
    }

    @Test
    void stagedWritesCarryTheMessageInFewWritesAndGiveTheStageBack() throws IOException {
        long seed = 0x57A6EL;
        Random r = new Random(seed);
        MemoryBudget budget = new MemoryBudget(256L << 20);
        Carrier staged = carrier(budget);
        Carrier plain = carrier(null);
        for (int n : new int[] {10, 3_000, 100_000}) {
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                v[i] = r.nextGaussian() * Math.pow(10, r.nextInt(30) - 15);
            }
            for (int round = 0; round < 12; round++) {
                for (int k = 0; k < Math.max(1, n / 10); k++) {
                    int i = r.nextInt(n);
                    v[i] = switch (r.nextInt(5)) {
                        case 0 -> r.nextInt(100);
                        case 1 -> Double.longBitsToDouble(r.nextLong());
                        case 2 -> -0.0;
                        default -> r.nextDouble() * Math.pow(10, r.nextInt(40) - 20);
                    };
                }
                String why = "seed " + seed + ", n=" + n + ", round " + round;
                try (Reply s = staged.write(new Object[] {v.clone()}, null, null);
                     Reply p = plain.write(new Object[] {v.clone()}, null, null)) {
                    byte[] expected = p.toByteArray();
                    ByteArrayOutputStream pieces = new ByteArrayOutputStream();
                    p.writeTo(pieces, BLOCKS);
                    for (byte[] blocks : new byte[][] {null, BLOCKS}) {
                        Counting out = new Counting();
                        s.writeTo(out, blocks);
                        assertArrayEquals(blocks == null ? expected : pieces.toByteArray(), out.toByteArray(), why);
                        assertEquals(0, budget.inFlightBytes(), why + ": the stage's reservation is given back");
                        assertTrue(out.longest <= Reply.STAGE, why + ": a write of " + out.longest);
                        if (expected.length > Reply.STAGE_FROM) {
                            // a write leaves the stage when the next piece (a template chunk, at most 64 KiB) does not fit
                            assertTrue(out.writes <= expected.length / (Reply.STAGE - (64 << 10)) + 2,
                                    why + ": " + out.writes + " writes of " + expected.length + " bytes");
                        }
                    }
                }
            }
        }
        assertTrue(budget.spareBytes() >= Reply.STAGE, "the stage stays as a spare");
        assertTrue(budget.usedBytes() >= budget.spareBytes());
    }

    @Test
    void aFailingWriteGivesTheStageBack() throws IOException {
        MemoryBudget budget = new MemoryBudget(64L << 20);
        Carrier c = carrier(budget);
        double[] v = new double[50_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i * 1.25;
        }
        try (Reply reply = c.write(new Object[] {v}, null, null)) {
            OutputStream broken = new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    throw new IOException("peer gone");
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    throw new IOException("peer gone");
                }
            };
            assertThrows(IOException.class, () -> reply.writeTo(broken));
            assertEquals(0, budget.inFlightBytes());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            reply.writeTo(out);
            assertArrayEquals(reply.toByteArray(), out.toByteArray());
        }
    }

    @Test
    void withoutRoomInFlightThePiecesGoOutAsTheyAre() throws IOException {
        MemoryBudget budget = new MemoryBudget(64L << 20);
        budget.inFlightLimit(Reply.STAGE - 1);
        Carrier c = carrier(budget);
        double[] v = new double[50_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i * 0.5;
        }
        try (Reply reply = c.write(new Object[] {v}, null, null)) {
            Counting out = new Counting();
            reply.writeTo(out);
            assertArrayEquals(reply.toByteArray(), out.toByteArray());
            assertTrue(out.writes > reply.toByteArray().length / Reply.STAGE + 2, out.writes + " writes");
            assertEquals(0, budget.inFlightBytes());
            assertEquals(0, budget.spareBytes());
        }
    }
}
