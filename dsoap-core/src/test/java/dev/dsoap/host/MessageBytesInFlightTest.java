package dev.dsoap.host;

import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link MessageBytes} reading under a memory budget's bound on bytes in flight: reserved, handed off, given back. */
class MessageBytesInFlightTest {
    /** A stream that hands out at most {@code step} bytes a read. */
    private static InputStream trickle(byte[] b, int step) {
        return new FilterInputStream(new ByteArrayInputStream(b)) {
            @Override
            public int read(byte[] into, int off, int len) throws IOException {
                return super.read(into, off, Math.min(len, step));
            }
        };
    }

    /** A stream of {@code b} that fails after {@code after} bytes, as a client that disconnects. */
    private static InputStream failingAfter(byte[] b, int after) {
        return new InputStream() {
            int at;

            @Override
            public int read() throws IOException {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] into, int off, int len) throws IOException {
                if (at >= after) {
                    throw new IOException("connection reset");
                }
                int n = Math.min(len, Math.min(after - at, 5000));
                System.arraycopy(b, at, into, off, n);
                at += n;
                return n;
            }
        };
    }

    private static byte[] random(long seed, int size) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /**
     * A message read into a spare is reserved by the bytes read into it, whatever the spare's length: with the bound on
     * bytes in flight only 64 KiB above the limit, a message past the limit is too large, never refused for want of
     * room, and a message at the limit is read, whether the spare taken is shorter (of any length: it fills to its end
     * before it grows), as long or longer.
     */
    @Test
    void aSpareIsReservedByTheBytesReadIntoIt() throws IOException {
        int limit = 3 << 20;
        long seed = 23;
        for (int spare : new int[] {100_003, 777_777, 1_500_001, limit - 5000, limit, limit + 1, 5 << 20, 9 << 20}) {
            for (int size : new int[] {limit + 2_000_000, limit + 1, limit, limit - 3000}) {
                String at = "spare " + spare + " size " + size;
                MemoryBudget b = new MemoryBudget(64 << 20);
                b.inFlightLimit(limit + (64L << 10));
                b.giveSpare(new byte[spare]);
                byte[] msg = random(seed++, size);
                InputStream[] overflow = new InputStream[1];
                MessageBytes got = MessageBytes.readAtMost(trickle(msg, 60_000), limit, -1, overflow, b);
                if (size > limit) {
                    assertNull(got, at);
                    assertEquals(Fallback.TOO_LARGE, MessageBytes.overflowReason(overflow[0]), at);
                    assertArrayEquals(msg, overflow[0].readAllBytes(), at);
                    overflow[0].close();
                } else {
                    assertNotNull(got, at);
                    assertArrayEquals(msg, Arrays.copyOf(got.bytes(), got.length()), at);
                }
                assertEquals(0, b.inFlightBytes(), at);
                assertTrue(b.inFlightPeakBytes() <= limit + 1 + (limit >> 8) + limit + 1, at + " peak " + b.inFlightPeakBytes());
            }
        }
    }

    /**
     * A gate is asked about the first 2 KiB of a document, and when it reads on, again about the first 16 KiB, whatever
     * length its sender declares: a message the host reads instead costs the bytes looked at and their replay, holds no
     * buffer of the declared length, and reserves only what it read; a message read on is the same bytes, in one buffer
     * of the declared length.
     */
    @Test
    void aGateSeesTheHeadThenThe16KiBWhateverLengthIsDeclared() throws IOException {
        for (int size : new int[] {100, 2047, 2048, 2049, 16383, 16384, 16385, 100_000, 900_000}) {
            byte[] msg = document(size);
            for (long declared : new long[] {-1, size}) {
                // the gate hands over at once, at its second look, or never
                for (String gate : new String[] {"first", "second", "never"}) {
                    String where = "size " + size + " declared " + declared + ", hands over: " + gate;
                    MemoryBudget b = new MemoryBudget(64 << 20);
                    InputStream[] overflow = new InputStream[1];
                    List<Integer> seen = new ArrayList<>();
                    MessageBytes got = MessageBytes.readDocument(trickle(msg, 7001), 4 << 20, declared, overflow, b,
                            (bytes, n) -> {
                                seen.add(n);
                                boolean hand = gate.equals("first") || gate.equals("second") && seen.size() == 2;
                                return hand ? Fallback.REQUEST_SHAPE : null;
                            });
                    List<Integer> looks = size <= 2048 || gate.equals("first") ? List.of(Math.min(size, 2048))
                            : List.of(2048, Math.min(size, 16 << 10));
                    assertEquals(looks, seen, where + ": bytes the gate saw");
                    boolean handed = gate.equals("first") || gate.equals("second") && size > 2048;
                    if (handed) {
                        assertNull(got, where);
                        assertEquals(Fallback.REQUEST_SHAPE, MessageBytes.overflowReason(overflow[0]), where);
                        assertTrue(b.inFlightBytes() <= (16 << 10), where + ": " + b.inFlightBytes()
                                + " bytes reserved by the replay");
                        assertArrayEquals(msg, overflow[0].readAllBytes(), where + ": replay");
                    } else {
                        assertNotNull(got, where);
                        assertArrayEquals(msg, Arrays.copyOf(got.bytes(), got.length()), where);
                        if (declared >= 0) {
                            assertEquals(size + 1, got.bytes().length, where + ": one buffer of the declared length");
                        }
                    }
                    assertEquals(0, b.inFlightBytes(), where + ": given back");
                }
            }
        }
    }

    /** A UTF-8 document of exactly {@code size} bytes ({@code size >= 7}). */
    private static byte[] document(int size) {
        byte[] b = new byte[size];
        Arrays.fill(b, (byte) 'x');
        b[0] = '<';
        b[1] = 'a';
        b[2] = '>';
        b[size - 4] = '<';
        b[size - 3] = '/';
        b[size - 2] = 'a';
        b[size - 1] = '>';
        return b;
    }

    @Test
    void aCarriedMessageIsReservedWhileReadAndGivenBack() throws IOException {
        long seed = 7;
        for (int size : new int[] {0, 100, 16384, 16385, 200_000, 3_000_000}) {
            byte[] msg = random(seed, size);
            MemoryBudget b = new MemoryBudget(64 << 20);
            InputStream[] overflow = new InputStream[1];
            MessageBytes got = MessageBytes.readAtMost(trickle(msg, 7001), 4 << 20, -1, overflow, b);
            assertNotNull(got, "size " + size);
            assertArrayEquals(msg, Arrays.copyOf(got.bytes(), got.length()), "size " + size);
            assertEquals(0, b.inFlightBytes(), "size " + size);
            // nothing kept but, after a message longer than the first buffer, its longest buffer as a spare
            assertEquals(b.spareBytes(), b.usedBytes(), "size " + size);
            assertTrue(b.spareBytes() <= Math.min(size, 1 << 20), "size " + size + " spare " + b.spareBytes());
            // the buffers (doubling up to 1 MiB, then 1 MiB each) and, while they are joined, the message
            assertTrue(b.inFlightPeakBytes() >= size, "size " + size + " peak " + b.inFlightPeakBytes());
            long most = 2L * size + Math.min(size, 1 << 20) + (32 << 10);
            assertTrue(b.inFlightPeakBytes() <= most, "size " + size + " peak " + b.inFlightPeakBytes() + ", at most " + most);
        }
    }

    /**
     * Messages read one after another on one budget: from the second one longer than the first buffer, each is read
     * into the budget's spare buffer (grown as bytes arrive) and copied out; the same bytes, the same reservations
     * given back, and the spare charged to the budget (dropped when the budget is evicted of it).
     */
    @Test
    void messagesReadOnTheSpareBufferAreTheSameBytes() throws IOException {
        MemoryBudget b = new MemoryBudget(64 << 20);
        long seed = 11;
        int[] sizes = {3_000_000, 200_000, 16385, 3_000_000, 5_000_000, 100, 40_000, 3_000_001, 0, 16384, 1 << 20};
        for (int round = 0; round < 3; round++) {
            for (int size : sizes) {
                byte[] msg = random(seed++, size);
                InputStream[] overflow = new InputStream[1];
                MessageBytes got = MessageBytes.readAtMost(trickle(msg, 7001 + round * 5000), 8 << 20, -1, overflow, b);
                assertNotNull(got, "size " + size + " round " + round);
                assertEquals(size, got.length(), "size " + size + " round " + round);
                assertArrayEquals(msg, Arrays.copyOf(got.bytes(), got.length()), "size " + size + " round " + round);
                assertEquals(0, b.inFlightBytes(), "size " + size + " round " + round);
                assertEquals(b.spareBytes(), b.usedBytes(), "size " + size + " round " + round);
                assertTrue(b.spareBytes() <= 4 * (8 << 20), "spares " + b.spareBytes());
            }
        }
        assertTrue(b.spareBytes() >= 3_000_000, "a spare as long as the longest message kept: " + b.spareBytes());
        // past the limit: the replay holds what was read, and the host reads the rest
        byte[] big = random(seed, 9 << 20);
        InputStream[] overflow = new InputStream[1];
        assertNull(MessageBytes.readAtMost(trickle(big, 65536), 8 << 20, -1, overflow, b));
        assertArrayEquals(big, overflow[0].readAllBytes(), "the replay and the rest");
        overflow[0].close();
        assertEquals(0, b.inFlightBytes(), "the replay's reservation given back");
        // a budget with no room keeps no spare
        MemoryBudget tight = new MemoryBudget(100_000);
        byte[] msg = random(seed + 1, 300_000);
        for (int i = 0; i < 2; i++) {
            MessageBytes got = MessageBytes.readAtMost(trickle(msg, 7001), 8 << 20, -1, new InputStream[1], tight);
            if (got != null) {
                assertArrayEquals(msg, Arrays.copyOf(got.bytes(), got.length()));
            }
            assertTrue(tight.usedBytes() <= 100_000, "within the budget: " + tight.usedBytes());
        }
    }

    @Test
    void noRoomHandsTheMessageToTheHostAtOnceWithoutReadingIt() throws IOException {
        byte[] msg = random(11, 500_000);
        MemoryBudget b = new MemoryBudget(1 << 20);
        b.inFlightLimit(100_000);
        assertTrue(b.reserve(95_000)); // other messages in flight
        InputStream[] overflow = new InputStream[1];
        int[] reads = new int[1];
        InputStream counted = new FilterInputStream(new ByteArrayInputStream(msg)) {
            @Override
            public int read(byte[] into, int off, int len) throws IOException {
                reads[0]++;
                return super.read(into, off, len);
            }
        };
        assertNull(MessageBytes.readAtMost(counted, 4 << 20, -1, overflow, b));
        assertEquals(Fallback.IN_FLIGHT, MessageBytes.overflowReason(overflow[0]));
        assertEquals(0, reads[0], "the first buffer found no room: nothing read");
        assertEquals(95_000, b.inFlightBytes());
        assertArrayEquals(msg, overflow[0].readAllBytes());
        b.unreserve(95_000);
        assertEquals(0, b.inFlightBytes());
        assertEquals(1, b.inFlightRefusals());
    }

    @Test
    void aMessageThatOutgrowsTheBoundIsReplayedAndItsBuffersGivenBackAsTheHostReads() throws IOException {
        long seed = 13;
        byte[] msg = random(seed, 3_000_000);
        MemoryBudget b = new MemoryBudget(16 << 20);
        b.inFlightLimit(1 << 20);
        InputStream[] overflow = new InputStream[1];
        assertNull(MessageBytes.readDocument(trickle(msg, 9000), 8 << 20, -1, overflow, b));
        assertEquals(Fallback.IN_FLIGHT, MessageBytes.overflowReason(overflow[0]));
        long held = b.inFlightBytes();
        assertTrue(held > (512 << 10) && held <= 1 << 20, "held " + held);
        assertEquals(held, b.usedBytes());
        // the host reads its way: every byte, in order; each buffer given back once read past
        InputStream replay = overflow[0];
        byte[] into = new byte[msg.length];
        int at = 0;
        int r;
        long lastHeld = held;
        boolean fell = false;
        while ((r = replay.read(into, at, Math.min(4096, into.length - at))) > 0) {
            at += r;
            long now = b.inFlightBytes();
            assertTrue(now <= lastHeld, "reservations only go down while replayed");
            fell |= now < held && at < held;
            lastHeld = now;
        }
        assertEquals(msg.length, at);
        assertArrayEquals(msg, into);
        assertTrue(fell, "a buffer was given back before the replay ended");
        assertEquals(0, b.inFlightBytes());
        assertEquals(0, b.usedBytes());
    }

    @Test
    void aMessageTooLargeIsReplayedAndGivenBackOnCloseOrDiscard() throws IOException {
        byte[] msg = random(17, 2_000_000);
        MemoryBudget b = new MemoryBudget(64 << 20);
        InputStream[] overflow = new InputStream[1];
        assertNull(MessageBytes.readAtMost(trickle(msg, 65536), 1 << 20, -1, overflow, b));
        assertEquals(Fallback.TOO_LARGE, MessageBytes.overflowReason(overflow[0]));
        assertTrue(b.inFlightBytes() > 1 << 20, "the replay holds what was read: " + b.inFlightBytes());
        byte[] start = overflow[0].readNBytes(100);
        assertArrayEquals(Arrays.copyOf(msg, 100), start);
        overflow[0].close(); // a host that stops reading early
        assertEquals(0, b.inFlightBytes());

        overflow[0] = null;
        assertNull(MessageBytes.readAtMost(trickle(msg, 65536), 1 << 20, -1, overflow, b));
        assertTrue(b.inFlightBytes() > 0);
        MessageBytes.discard(overflow[0]);
        assertEquals(0, b.inFlightBytes());
        // without an overflow array, the read gives back what it read
        assertNull(MessageBytes.readAtMost(trickle(msg, 65536), 1 << 20, -1, null, b));
        assertEquals(0, b.inFlightBytes());
    }

    @Test
    void aClientThatDisconnectsLeavesNothingReserved() {
        byte[] msg = random(19, 1_000_000);
        MemoryBudget b = new MemoryBudget(64 << 20);
        for (int after : new int[] {0, 1, 16383, 16384, 300_000}) {
            assertThrows(IOException.class, () -> MessageBytes.readAtMost(failingAfter(msg, after), 4 << 20, -1, new InputStream[1], b),
                    "after " + after);
            assertEquals(0, b.inFlightBytes(), "after " + after);
            MessageBytes.Incomplete e = assertThrows(MessageBytes.Incomplete.class,
                    () -> MessageBytes.readDocument(failingAfter(msg, after), 4 << 20, -1, new InputStream[1], b), "after " + after);
            assertEquals(after, e.received().length());
            assertEquals(0, b.inFlightBytes(), "after " + after);
        }
        // and a replay whose rest fails gives back what it holds
        InputStream[] overflow = new InputStream[1];
        b.inFlightLimit(100_000);
        try {
            assertNull(MessageBytes.readAtMost(failingAfter(msg, 400_000), 4 << 20, -1, overflow, b));
            assertTrue(b.inFlightBytes() > 0);
            assertThrows(IOException.class, () -> overflow[0].readAllBytes());
            assertEquals(0, b.inFlightBytes());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void anAbandonedReplayIsGivenBackWhenCollected() throws Exception {
        MemoryBudget b = new MemoryBudget(64 << 20);
        b.inFlightLimit(100_000);
        abandon(b, random(23, 1_000_000));
        assertTrue(b.inFlightBytes() > 0);
        for (int i = 0; i < 100 && b.inFlightBytes() > 0; i++) {
            System.gc();
            Thread.sleep(50);
        }
        assertEquals(0, b.inFlightBytes());
    }

    private static void abandon(MemoryBudget b, byte[] msg) throws IOException {
        InputStream[] overflow = new InputStream[1];
        assertNull(MessageBytes.readAtMost(new ByteArrayInputStream(msg), 4 << 20, -1, overflow, b));
        assertEquals(Fallback.IN_FLIGHT, MessageBytes.overflowReason(overflow[0]));
        overflow[0].readNBytes(10);
    }

    @Test
    void concurrentReadsShareTheBoundAndEveryMessageArrivesWhole() throws InterruptedException {
        long seed = 29;
        int threads = 8;
        byte[] doc = ("<e>" + "x".repeat(2_000_000) + "</e>").getBytes(StandardCharsets.UTF_8);
        MemoryBudget b = new MemoryBudget(64 << 20);
        b.inFlightLimit(6 << 20);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int[] carried = new int[1];
        int[] handed = new int[1];
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int step = 1000 + new Random(seed + t).nextInt(50_000);
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < 5; i++) {
                        InputStream[] overflow = new InputStream[1];
                        MessageBytes got = MessageBytes.readDocument(trickle(doc, step), 8 << 20, doc.length, overflow, b);
                        byte[] whole = got != null ? Arrays.copyOf(got.bytes(), got.length()) : overflow[0].readAllBytes();
                        if (!Arrays.equals(doc, whole)) {
                            throw new AssertionError("step " + step + ": message changed");
                        }
                        synchronized (carried) {
                            if (got != null) {
                                carried[0]++;
                            } else {
                                assertEquals(Fallback.IN_FLIGHT, MessageBytes.overflowReason(overflow[0]));
                                handed[0]++;
                            }
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            th.start();
            all.add(th);
        }
        start.countDown();
        for (Thread th : all) {
            th.join(60_000);
            assertFalse(th.isAlive(), "seed " + seed);
        }
        assertNull(failure.get(), "seed " + seed);
        assertEquals(threads * 5, carried[0] + handed[0]);
        assertTrue(b.inFlightPeakBytes() <= 12 << 20, "peak " + b.inFlightPeakBytes() + ": buffers within the bound, copies within it again");
        assertEquals(0, b.inFlightBytes(), "seed " + seed);
        System.out.println("8 threads x 5 reads of 2 MB under a bound of 6 MiB: carried " + carried[0] + ", handed to the host "
                + handed[0] + ", peak in flight " + b.inFlightPeakBytes() + " bytes");
    }
}
