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
}
