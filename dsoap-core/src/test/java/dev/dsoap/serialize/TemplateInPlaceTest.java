package dev.dsoap.serialize;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Values written in place over a template's fields ({@link ChunkedTemplate#writeInPlace}): after every write the
 * message is, byte for byte, the fields laid out afresh (opening bytes, value, closer, spaces to the width), for
 * closers of 1 to 20 bytes (a quote, short and long end tags), values that grow, shrink or keep their length, fields
 * with no padding to spare, and chunks without spare bytes at their ends, so that the closer's moves in words and a
 * byte at a time both meet every edge.
 */
class TemplateInPlaceTest {
    private static final int NODES = 21; // node k (1 to 20) closes with k bytes
    private static final byte[] OPEN = "<v>".getBytes(StandardCharsets.US_ASCII);

    @Test
    void everyWriteLeavesTheFieldsAsAFreshLayout() throws Exception {
        long seed = 0x1A7E_40C1L;
        Random r = new Random(seed);
        int[] openLen = new int[NODES];
        int[] closeLen = new int[NODES];
        byte[][] closers = new byte[NODES][];
        for (int k = 1; k < NODES; k++) {
            openLen[k] = OPEN.length;
            closeLen[k] = k;
            closers[k] = closer(k);
        }
        for (int endSlack : new int[] {0, 3, 64}) {
            ChunkedTemplate t = new ChunkedTemplate(256, endSlack, 512, openLen, closeLen, new int[NODES]);
            int n = 600;
            int[] node = new int[n];
            int[] width = new int[n];
            byte[][] value = new byte[n][];
            ChunkedTemplate.Writer w = t.beginFresh();
            for (int i = 0; i < n; i++) {
                node[i] = 1 + r.nextInt(NODES - 1);
                width[i] = 1 + r.nextInt(28);
                value[i] = digits(r, 1 + r.nextInt(width[i]));
                byte[] c = closers[node[i]];
                w.leaf(node[i], OPEN, 0, OPEN.length, value[i], 0, value[i].length, c, 0, c.length, width[i], 0, null);
            }
            w.finish();
            t.commitAll();
            assertArrayEquals(layout(node, width, value, closers), t.toByteArray(), "seed " + seed + ", fresh");
            byte[] scratch = new byte[40];
            for (int round = 0; round < 20_000; round++) {
                int s = r.nextInt(n);
                int len = switch (r.nextInt(4)) {
                    case 0 -> width[s]; // the field's whole width: no padding left
                    case 1 -> value[s].length; // the same length
                    default -> 1 + r.nextInt(width[s]);
                };
                byte[] v = digits(r, len);
                // the value at an offset of a longer array, as the serializer's formatting buffer holds it
                int at = r.nextInt(scratch.length - len + 1);
                System.arraycopy(v, 0, scratch, at, len);
                t.writeInPlace(s, scratch, at, len);
                value[s] = v;
                assertEquals(len, t.length(s), "seed " + seed + ", round " + round);
                assertEquals(width[s], t.width(s), "seed " + seed + ", round " + round);
                if (round % 97 == 0 || round > 19_900) {
                    assertArrayEquals(layout(node, width, value, closers), t.toByteArray(),
                            "seed " + seed + ", end slack " + endSlack + ", round " + round + ", slot " + s);
                }
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            t.writeTo(out);
            assertArrayEquals(layout(node, width, value, closers), out.toByteArray(), "seed " + seed + ", written");
        }
    }

    /** {@code k} bytes closing a field: a quote, then end tags of growing names. */
    private static byte[] closer(int k) {
        if (k == 1) {
            return new byte[] {'"'};
        }
        if (k == 2) {
            return new byte[] {'"', '>'};
        }
        StringBuilder sb = new StringBuilder("</");
        for (int i = 0; i < k - 3; i++) {
            sb.append((char) ('a' + i % 26));
        }
        return sb.append('>').toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] digits(Random r, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) ('0' + r.nextInt(10));
        }
        return b;
    }

    private static byte[] layout(int[] node, int[] width, byte[][] value, byte[][] closers) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < node.length; i++) {
            out.writeBytes(OPEN);
            out.writeBytes(value[i]);
            out.writeBytes(closers[node[i]]);
            for (int k = value[i].length; k < width[i]; k++) {
                out.write(' ');
            }
        }
        return out.toByteArray();
    }
}
