package dev.dsoap.serialize;

import dev.dsoap.binding.Accessor;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.ScalarType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.Random;

import static dev.dsoap.serialize.Plans.leaf;
import static dev.dsoap.serialize.Plans.wrapped;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@code byte[]} that keeps its length is rewritten group by group (4 base64 characters per 3 bytes) in place;
 * every message must still be the one a fresh serializer writes, byte for byte where no value ever grew.
 */
class Base64PatchTest {
    private static final MessagePlan PLAN = wrapped("op",
            leaf("bytes", ScalarType.BASE64, false, true, Accessor.part(0)),
            leaf("n", ScalarType.INT, true, false, Accessor.part(1)));

    @ParameterizedTest
    @MethodSource("dev.dsoap.serialize.DifferentialSerializerTest#configs")
    void sequencesMatchFreshSerialization(SerializerConfig cfg) {
        long seed = 20261121L;
        Random r = new Random(seed);
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, cfg, stats, null);
        byte[] cur = random(r, 7);
        int n = 1;
        int patched = 0;
        for (int i = 0; i < 600; i++) {
            String where = "seed " + seed + ", message " + i + ", " + cfg;
            int op = r.nextInt(12);
            boolean oneByte = false;
            if (cur == null) {
                cur = random(r, r.nextInt(12));
            } else if (op == 0) {
                cur = null;
            } else if (op == 1) {
                cur = Arrays.copyOf(cur, Math.max(0, cur.length + r.nextInt(9) - 4)); // resized
            } else if (op == 2) {
                n = r.nextInt();
            } else if (op == 3 && cur.length > 0) {
                Arrays.fill(cur, (byte) r.nextInt()); // every byte may change
            } else if (cur.length > 0) {
                int p = switch (op) {
                    case 4 -> 0;
                    case 5 -> cur.length - 1;
                    case 6 -> Math.min(cur.length - 1, 2); // the end of the first group
                    case 7 -> Math.min(cur.length - 1, 3); // the start of the second
                    default -> r.nextInt(cur.length);
                };
                if (op >= 9 && cur.length > 1) {
                    int to = p + 1 + r.nextInt(cur.length - p);
                    for (int k = p; k < to; k++) {
                        cur[k] ^= (byte) (1 + r.nextInt(255));
                    }
                } else {
                    cur[p] ^= (byte) (1 + r.nextInt(255)); // the caller's own array, mutated: dsoap keeps a copy
                    oneByte = true;
                }
            }
            long before = stats.bytesRewritten();
            MatchClass m = ds.serialize(new Object[] {cur, n});
            DifferentialSerializerTest.check(ds, PLAN, cfg, new Object[] {cur, n}, where);
            if (oneByte && m == MatchClass.PERFECT_STRUCTURAL) {
                assertEquals(4, stats.bytesRewritten() - before, where + ": one changed byte rewrites one group");
                patched++;
            }
        }
        assertTrue(patched > 50, "single-byte changes patched in place: " + patched + " (" + stats + ")");
    }

    @Test
    void largePayloadRewritesOnlyTheChangedGroups() {
        long seed = 6;
        Random r = new Random(seed);
        SerializerStats stats = new SerializerStats();
        SerializerConfig cfg = SerializerConfig.defaults();
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, cfg, stats, null);
        byte[] cur = random(r, 800_000);
        ds.serialize(new Object[] {cur, 1});
        for (int i = 0; i < 4; i++) {
            long changedBytes = 0;
            for (int part = 0; part < 100; part++) { // 25 % of the 8-byte words, one run in each hundredth
                int start = part * 8000 + 8 * r.nextInt(750);
                for (int k = start; k < start + 2000; k++) {
                    cur[k] = (byte) (cur[k] + 1 + r.nextInt(255));
                }
                changedBytes += 2000;
            }
            long before = stats.bytesRewritten();
            assertEquals(MatchClass.PERFECT_STRUCTURAL, ds.serialize(new Object[] {cur, 1}), "seed " + seed);
            long rewritten = stats.bytesRewritten() - before;
            assertTrue(rewritten <= changedBytes / 3 * 4 + 100 * 12, "rewritten " + rewritten + " for " + changedBytes
                    + " changed bytes, seed " + seed);
            DifferentialSerializer fresh = new DifferentialSerializer(PLAN, cfg, new SerializerStats(), null);
            fresh.serialize(new Object[] {cur, 1});
            assertArrayEquals(fresh.toByteArray(), ds.toByteArray(), "message " + i + ", seed " + seed);
        }
    }

    private static byte[] random(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }
}
