package dev.dsoap.bench.sharing;

import dev.dsoap.bench.serialize.Values;

import java.util.Random;

/**
 * The responses of a feed's window: every client gets the same latest values, each with its own few differences.
 * Two states, A and B, alternate from window to window: B differs from A in about {@code percent} % of the values,
 * and each client's own values (about {@link #OWN_PER_MILLE} per mille of the positions, the same in both states) are
 * its own. Every value takes exactly {@link #WIDTH} bytes, so a client's differential template rewrites the changed
 * values in place (perfect structural matches, dsoap's best case).
 */
final class Feed {
    /** Bytes of every value's lexical form. */
    static final int WIDTH = 18;
    /** Positions per thousand where a client's value is its own. */
    static final int OWN_PER_MILLE = 1;

    /** Each client's response in state A, by client. */
    final double[][] a;
    /** Each client's response in state B, by client. */
    final double[][] b;

    Feed(int clients, int size, int percent, long seed) {
        Random r = new Random(seed);
        double[] common = Values.doubles(WIDTH, size, r);
        double[] next = common.clone();
        for (int i = 0; i < size; i++) {
            if (percent == 100 || r.nextInt(100) < percent) {
                next[i] = Values.doubleOfWidth(WIDTH, r, common[i]);
            }
        }
        a = new double[clients][];
        b = new double[clients][];
        for (int c = 0; c < clients; c++) {
            a[c] = common.clone();
            b[c] = next.clone();
            for (int i = 0; i < size; i++) {
                if (r.nextInt(1000) < OWN_PER_MILLE) {
                    double own = Values.doubleOfWidth(WIDTH, r, common[i]);
                    a[c][i] = own;
                    b[c][i] = own;
                }
            }
        }
    }

    /** The responses of the window after one in state {@code inA}. */
    double[][] window(boolean inA) {
        return inA ? a : b;
    }
}
