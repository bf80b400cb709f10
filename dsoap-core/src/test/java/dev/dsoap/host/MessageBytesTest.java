package dev.dsoap.host;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hosts' bounded read and charset rule. */
class MessageBytesTest {
    /** A stream that hands out at most {@code step} bytes a read. */
    private static InputStream trickle(byte[] b, int step) {
        return new FilterInputStream(new ByteArrayInputStream(b)) {
            @Override
            public int read(byte[] into, int off, int len) throws IOException {
                return super.read(into, off, Math.min(len, step));
            }
        };
    }

    @Test
    void readsEverythingUpToTheLimitAndNothingPast() throws IOException {
        long seed = 0xB0_0DL;
        Random r = new Random(seed);
        int[] sizes = {0, 1, 16383, 16384, 16385, 65536, 100_000, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3_000_000};
        for (int size : sizes) {
            byte[] msg = new byte[size];
            r.nextBytes(msg);
            for (long declared : new long[] {-1, size, 60L << 20, 3}) {
                for (int limit : new int[] {size, size + 1, Math.max(0, size - 1), 4 << 20}) {
                    String where = "seed " + seed + " size " + size + " declared " + declared + " limit " + limit;
                    InputStream[] overflow = new InputStream[1];
                    MessageBytes got = MessageBytes.readAtMost(trickle(msg, 1 + r.nextInt(70_000)), limit, declared, overflow);
                    if (size > limit) {
                        assertNull(got, where);
                        // the host reads the whole message from the replay: what was read, then the rest
                        assertArrayEquals(msg, overflow[0].readAllBytes(), where + ": replay");
                    } else {
                        assertNull(overflow[0], where);
                        assertEquals(size, got.length(), where);
                        assertArrayEquals(msg, Arrays.copyOf(got.bytes(), got.length()), where);
                        // memory follows what arrived: a false declared length does not size the buffer
                        assertTrue(got.bytes().length <= Math.max(size + 1, 16 << 10), where + ": buffer " + got.bytes().length);
                    }
                }
            }
        }
    }

    @Test
    void charsetRule() {
        assertTrue(MessageBytes.utf8(null));
        assertTrue(MessageBytes.utf8("text/xml"));
        assertTrue(MessageBytes.utf8("text/xml; charset=UTF-8"));
        assertTrue(MessageBytes.utf8("application/soap+xml;charset=\"utf-8\";action=\"urn:x\""));
        assertTrue(MessageBytes.utf8("text/xml; charset='utf8'"));
        assertFalse(MessageBytes.utf8("text/xml; charset=ISO-8859-1"));
        assertFalse(MessageBytes.utf8("text/xml; charset=UTF-16"));
    }

    /** {@code b}, then a read that fails with {@code failure}. */
    private static InputStream thenFails(byte[] b, int step, IOException failure) {
        return new java.io.SequenceInputStream(trickle(b, step), new InputStream() {
            @Override
            public int read() throws IOException {
                throw failure;
            }
        });
    }

    @Test
    void documentReadStopsAtTheRootEnd() throws IOException {
        byte[] doc = "<?xml version='1.0'?><e><v>1</v><v x='>'>2</v></e>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int step = 1; step <= doc.length; step++) {
            // a sender that declared more and stalls: the next read would fail after the timeout
            MessageBytes got = MessageBytes.readDocument(thenFails(doc, step, new java.net.SocketTimeoutException("stalled")),
                    1 << 20, doc.length + 50);
            assertArrayEquals(doc, Arrays.copyOf(got.bytes(), got.length()), "step " + step);
        }
    }

    /**
     * The root's end is guessed from its end tag arriving last: right for a document whose root holds no element of
     * its name (the bytes say {@link MessageBytes#wholeDocument()}); early for one that does, when that element's end
     * arrives last in a read: the bytes say they are not the whole document, and the rest is still in the stream.
     */
    @Test
    void documentReadGuessesTheEndAndTellsAnEarlyGuess() throws IOException {
        byte[] plain = "<?xml version='1.0'?><s:E xmlns:s='urn:s'><s:B><v>1</v></s:B></s:E>\n".getBytes(
                java.nio.charset.StandardCharsets.UTF_8);
        for (int step = 1; step <= plain.length; step++) {
            MessageBytes got = MessageBytes.readDocument(thenFails(plain, step, new java.net.SocketTimeoutException("stalled")),
                    1 << 20, plain.length + 50);
            // the newline after the root is read when it arrives with the end tag
            int want = (plain.length - 1) % step == 0 ? plain.length - 1 : plain.length;
            assertArrayEquals(Arrays.copyOf(plain, want), Arrays.copyOf(got.bytes(), got.length()), "step " + step);
            assertTrue(got.wholeDocument(), "step " + step);
            // guessed when the root's start tag came in one read; tracked to the end otherwise
            int tagStart = 21;
            int tagEnd = 41; // its '>'
            assertEquals(tagStart / step == tagEnd / step, got.endGuessed(), "step " + step);
        }
        String inner = "<s:E xmlns:s='urn:s'><s:H><s:E xmlns:s='urn:o'>x</s:E>";
        byte[] nested = (inner + "<v>1</v></s:H></s:E>").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int split = inner.length();
        InputStream in = new java.io.SequenceInputStream(new ByteArrayInputStream(nested, 0, split),
                new ByteArrayInputStream(nested, split, nested.length - split));
        MessageBytes early = MessageBytes.readDocument(in, 1 << 20, -1);
        assertEquals(split, early.length());
        assertTrue(early.endGuessed());
        assertFalse(early.wholeDocument());
        assertArrayEquals(nested, early.readOn(in).readAllBytes(), "a parser reads on to the rest");
        InputStream after = new ByteArrayInputStream(new byte[] {'x'});
        MessageBytes whole = MessageBytes.readDocument(new ByteArrayInputStream(plain), 1 << 20, -1);
        assertArrayEquals(Arrays.copyOf(whole.bytes(), whole.length()), whole.readOn(after).readAllBytes(),
                "a whole document is read alone");
        assertEquals('x', after.read(), "and what follows it is left in the stream");
        byte[] dtd = "<!DOCTYPE e><e><v>1</v></e>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        MessageBytes untracked = MessageBytes.readDocument(new ByteArrayInputStream(dtd), 1 << 20, -1);
        assertFalse(untracked.endGuessed());
        assertTrue(untracked.wholeDocument());
    }

    @Test
    void documentReadFailingEarlyCarriesWhatArrived() {
        byte[] doc = new byte[40_000];
        Arrays.fill(doc, (byte) 'x');
        byte[] start = "<e><v>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.arraycopy(start, 0, doc, 0, start.length);
        IOException failure = new IOException("Premature end of Content-Length delimited message body");
        for (int step : new int[] {1000, 7777, 40_000}) {
            MessageBytes.Incomplete e = org.junit.jupiter.api.Assertions.assertThrows(MessageBytes.Incomplete.class,
                    () -> MessageBytes.readDocument(thenFails(doc, step, failure), 1 << 20, doc.length + 10));
            assertEquals(failure, e.getCause());
            assertArrayEquals(doc, Arrays.copyOf(e.received().bytes(), e.received().length()), "step " + step);
        }
    }
}
