package dev.dsoap.serialize;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Updates as feeds make them: every message changes a share of the items at uniformly random positions, each new
 * value of another printed width (prices of 1 to 12 bytes, 17-digit doubles, the edge values), now and then an
 * array resized or nulled; strings with markup characters, tab, CR, non-ASCII text and surrogate pairs. Each message
 * of the differential stream must read back, with dsoap's reader and with Woodstox, to what a fresh serialization of
 * the same values reads back to; when it is as long as the fresh one it must be the same bytes; it must never be
 * longer than the documented bound; and a message whose values are all equal must be a content match.
 */
class FeedUpdatesTest {
    private static final MessagePlan PLAN = new PlanCompiler().compile(MessageShape.wrapped("urn:dsoap:feed", "quotes",
            Part.of("name", String.class), Part.of("d", double[].class), Part.of("s", String[].class),
            Part.of("b", Double[].class)), CompiledPlanSequenceTest.DOC);
    private static final double[] EDGE = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, 3 * Double.MIN_VALUE, Math.nextDown(Double.MIN_NORMAL), Double.MIN_NORMAL, Double.MAX_VALUE,
        -Double.MAX_VALUE, 1e7, Math.nextDown(1e7), 5e-9, 0.1, 1.0, -1.0, 9007199254740993.0,
        Double.longBitsToDouble(0x7ff8000000000123L)};
    private static final String[] EDGE_TEXT = {"", "&<>\"'", "tab\there", "cr\rlf\r\n", "grüße 中文 €", "\uD834\uDD1E",
        "a\uD83D\uDE00b", "]]>", "  ", "x"};
    private static final String POOL = "abcXYZ 0189.&<>\"'\t\r\néü中€\uD834\uDD1E";

    @ParameterizedTest(name = "chunk {0}, stuffing {1}, steal {2}, {3} % changed")
    @CsvSource({
        "32768, NONE, RIGHT_THEN_LEFT, 10",
        "32768, NONE, RIGHT_THEN_LEFT, 1",
        "32768, NONE, NONE, 25",
        "4096, NONE, RIGHT_THEN_LEFT, 25",
        "256, NONE, LEFT_THEN_RIGHT, 10",
        "64, TYPE_MAX, RIGHT, 50",
        "1024, FIXED, RIGHT_THEN_LEFT, 10",
    })
    void differentialMessagesReadBackAsFreshOnes(int chunkSize, Stuffing stuffing, StealDirection steal, int percent) {
        long seed = 0xfeed_0000L + chunkSize * 31L + stuffing.ordinal() * 7L + steal.ordinal() * 3L + percent;
        SerializerConfig config = SerializerConfig.builder().chunkSize(chunkSize).stuffing(stuffing).steal(steal, 8)
                .build();
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, config, stats, null);
        DifferentialSerializer fresh = new DifferentialSerializer(PLAN, config, new SerializerStats(), null);
        PlanDeserializer reader = new PlanDeserializer(PLAN, ParserLimits.defaults());
        SplittableRandom r = new SplittableRandom(seed);
        Object[] parts = {"feed", doubles(2000, r), strings(300, r), boxed(200, r)};
        int messages = 160;
        for (int msg = 0; msg < messages; msg++) {
            boolean resize = msg > 0 && r.nextInt(12) == 0;
            if (msg > 0) {
                parts = next(parts, percent, resize, r);
            }
            String where = "seed " + Long.toHexString(seed) + " message " + msg;
            MatchClass m = ds.serialize(parts);
            byte[] got = ds.toByteArray();
            fresh.reset();
            fresh.serialize(parts);
            byte[] want = fresh.toByteArray();
            try {
                assertEquals(Arrays.asList(read(reader, want)), Arrays.asList(read(reader, got)), "values read back");
                assertEquals(Infoset.of(want), Infoset.of(got), "Woodstox infoset");
                if (got.length == want.length) {
                    assertArrayEquals(want, got, "a message as long as a fresh one is the same bytes");
                }
                long bound = want.length + Math.max((long) config.maxFieldPadding(), (long) (config.maxPaddingShare() * want.length));
                assertTrue(got.length <= bound, got.length + " bytes, fresh " + want.length + ", bound " + bound);
                if (msg > 0 && !resize) {
                    assertTrue(m != MatchClass.FIRST_SEND || stats.fresh(SerializerStats.FreshReason.ADAPTIVE) > 0, "class " + m);
                }
            } catch (AssertionError | RuntimeException e) {
                fail(where + " (" + m + "): " + e.getMessage() + "\n" + new String(got, StandardCharsets.UTF_8), e);
            }
            if (msg > 0) {
                // the same values again: nothing to rewrite
                assertEquals(MatchClass.CONTENT, ds.serialize(parts), where + ": repeated");
                assertArrayEquals(got, ds.toByteArray(), where + ": repeated bytes");
            }
        }
        assertTrue(stats.valuesRewritten() > 0, "values rewritten: " + stats);
        if (stuffing == Stuffing.NONE) {
            assertTrue(stats.chunkRebuilds() > 0, "values outgrew their fields: " + stats);
        }
    }

    /** Dsoap's reader's values, arrays turned into lists, doubles compared by their bits. */
    private static Object[] read(PlanDeserializer reader, byte[] b) {
        Object[] v = reader.deserialize(b, 0, b.length);
        Object[] out = new Object[v.length];
        for (int i = 0; i < v.length; i++) {
            if (v[i] instanceof double[] d) {
                long[] bits = new long[d.length];
                for (int k = 0; k < d.length; k++) {
                    bits[k] = Double.doubleToRawLongBits(d[k]);
                }
                out[i] = Arrays.toString(bits);
            } else if (v[i] instanceof Object[] a) {
                out[i] = Arrays.asList(a);
            } else {
                out[i] = v[i];
            }
        }
        return out;
    }

    private static Object[] next(Object[] parts, int percent, boolean resize, SplittableRandom r) {
        Object[] p = parts.clone();
        double[] d = p[1] == null ? new double[0] : ((double[]) p[1]).clone();
        String[] s = p[2] == null ? new String[0] : ((String[]) p[2]).clone();
        Double[] b = ((Double[]) p[3]).clone();
        if (resize) {
            int what = r.nextInt(4);
            if (what == 0) {
                d = Arrays.copyOf(d, Math.max(0, d.length + r.nextInt(-300, 300)));
                for (int i = 0; i < d.length; i++) {
                    if (d[i] == 0 && Double.doubleToRawLongBits(d[i]) == 0) {
                        d[i] = value(r);
                    }
                }
            } else if (what == 1) {
                String[] t = Arrays.copyOf(s, Math.max(0, s.length + r.nextInt(-50, 50)));
                for (int i = s.length; i < t.length; i++) {
                    t[i] = text(r);
                }
                s = t;
            } else if (what == 2) {
                p[1] = null;
                p[0] = r.nextBoolean() ? null : text(r);
                return p;
            } else {
                b = Arrays.copyOf(b, Math.max(0, b.length + r.nextInt(-20, 20)));
            }
        }
        // scattered: each item changes on its own, with probability percent %
        for (int i = 0; i < d.length; i++) {
            if (r.nextInt(100) < percent) {
                d[i] = otherWidth(d[i], r);
            }
        }
        for (int i = 0; i < s.length; i++) {
            if (r.nextInt(100) < percent) {
                s[i] = text(r);
            }
        }
        for (int i = 0; i < b.length; i++) {
            if (r.nextInt(100) < percent) {
                b[i] = r.nextInt(5) == 0 ? null : otherWidth(b[i] == null ? 0 : b[i], r);
            }
        }
        p[1] = d;
        p[2] = s;
        p[3] = b;
        if (r.nextInt(20) == 0) {
            p[0] = text(r);
        }
        return p;
    }

    /** A value whose printed width differs from {@code old}'s (when one can be found in a few draws). */
    private static double otherWidth(double old, SplittableRandom r) {
        int w = width(old);
        double v = value(r);
        for (int k = 0; k < 8 && width(v) == w; k++) {
            v = value(r);
        }
        return v;
    }

    private static int width(double v) {
        return dev.dsoap.numbers.XsdFormat.writeDouble(v, new byte[32], 0);
    }

    /** A price (1 to 5 integer digits, 0 to 8 decimals), a 17-digit double, or an edge value. */
    private static double value(SplittableRandom r) {
        int k = r.nextInt(10);
        if (k < 6) {
            double scale = Math.pow(10, r.nextInt(9));
            double v = Math.round(r.nextDouble() * Math.pow(10, 1 + r.nextInt(5)) * scale) / scale;
            return r.nextInt(8) == 0 ? -v : v;
        }
        if (k < 9) {
            return Double.longBitsToDouble(r.nextLong());
        }
        return EDGE[r.nextInt(EDGE.length)];
    }

    private static double[] doubles(int n, SplittableRandom r) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = value(r);
        }
        return d;
    }

    private static Double[] boxed(int n, SplittableRandom r) {
        Double[] d = new Double[n];
        for (int i = 0; i < n; i++) {
            d[i] = r.nextInt(5) == 0 ? null : value(r);
        }
        return d;
    }

    private static String[] strings(int n, SplittableRandom r) {
        String[] s = new String[n];
        for (int i = 0; i < n; i++) {
            s[i] = text(r);
        }
        return s;
    }

    /** An edge text, or 0 to 30 (now and then 400) characters of a pool with markup, CR, tab, non-ASCII and a surrogate pair. */
    private static String text(SplittableRandom r) {
        if (r.nextInt(4) == 0) {
            return EDGE_TEXT[r.nextInt(EDGE_TEXT.length)];
        }
        int n = r.nextInt(40) == 0 ? 400 : r.nextInt(31);
        StringBuilder b = new StringBuilder(n);
        while (b.length() < n) {
            int i = r.nextInt(POOL.length());
            char c = POOL.charAt(i);
            if (Character.isHighSurrogate(c)) {
                b.append(c).append(POOL.charAt(i + 1));
            } else if (!Character.isLowSurrogate(c)) {
                b.append(c);
            }
        }
        return b.toString();
    }
}
