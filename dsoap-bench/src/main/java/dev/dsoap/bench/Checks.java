package dev.dsoap.bench;

import dev.dsoap.serialize.MatchClass;

import java.util.EnumMap;
import java.util.Map;

/** Fail-fast checks that a benchmark measures the case it claims to, and a tally of what it measured. */
public final class Checks {
    private Checks() {
    }

    /** Throws unless {@code got == want}: a "content match" benchmark that is not one must not report a number. */
    public static MatchClass expect(MatchClass got, MatchClass want, String where) {
        if (got != want) {
            throw new IllegalStateException(where + ": expected " + want + ", the serializer classified the message as " + got);
        }
        return got;
    }

    /** Counts match classes seen by a benchmark whose class legitimately varies (adaptive policy). */
    public static final class Tally {
        /** Messages per class. */
        private final long[] counts = new long[MatchClass.values().length];

        public MatchClass add(MatchClass m) {
            counts[m.ordinal()]++;
            return m;
        }

        /** The counts so far, for the run log. */
        public Map<MatchClass, Long> snapshot() {
            Map<MatchClass, Long> m = new EnumMap<>(MatchClass.class);
            for (MatchClass c : MatchClass.values()) {
                if (counts[c.ordinal()] > 0) {
                    m.put(c, counts[c.ordinal()]);
                }
            }
            return m;
        }
    }
}
