package dev.dsoap.bench.send;

import dev.dsoap.client.Framing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The send-time benchmark's life cycle at small sizes, outside JMH: the setup's byte-exact check of every
 * method, a few sends of each, and the teardown's count of what the server read.
 */
class SendTimeBenchTest {

    @ParameterizedTest
    @CsvSource({"doubles, 100, 25, CONTENT_LENGTH", "ints, 1000, 0, CHUNKED", "mios, 100, 100, CHUNKED",
            "doubles, 1, 50, CONTENT_LENGTH"})
    void everyMethodSendsWhatTheServerReads(String shape, int size, int percent, Framing framing) throws Exception {
        SendTimeBench b = new SendTimeBench();
        b.shape = shape;
        b.size = size;
        b.percent = percent;
        b.framing = framing;
        b.setup();
        long total = 0;
        for (int i = 0; i < 2 * SendTimeBench.RING + 1; i++) {
            total += b.baselineWoodstox();
            total += b.baselineFirstSend();
            total += b.dsoapDifferential();
        }
        b.tearDown();
        assertEquals(true, total > 0);
    }

    @Test
    void chunkedOutputKeepsTheBytesInOrderAcrossChunks() {
        ChunkedOutput out = new ChunkedOutput();
        byte[] want = new byte[ChunkedOutput.CHUNK * 2 + 17];
        for (int i = 0; i < want.length; i++) {
            want[i] = (byte) (i * 31);
        }
        for (int round = 0; round < 2; round++) {
            out.reset();
            out.write(want[0]);
            out.write(want, 1, 100);
            out.write(want, 101, want.length - 101);
            assertEquals(want.length, out.length());
            ByteBuffer[] bufs = out.buffers();
            assertEquals(3, bufs.length);
            byte[] got = new byte[want.length];
            int p = 0;
            for (ByteBuffer b : bufs) {
                int n = b.remaining();
                b.get(got, p, n);
                p += n;
            }
            assertArrayEquals(want, got);
        }
        out.reset();
        out.write("x".getBytes(StandardCharsets.UTF_8), 0, 1);
        assertEquals(1, out.buffers().length);
        assertEquals(1, out.buffers()[0].remaining());
    }
}
