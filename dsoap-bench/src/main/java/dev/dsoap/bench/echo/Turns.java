package dev.dsoap.bench.echo;

import java.util.concurrent.Callable;

/** The order of a paired run's calls ({@link Partners}). Stateless; thread-safe. */
public final class Turns {
    private Turns() {
    }

    /**
     * One paired round: dsoap's call and its partners' calls, each server's in turn, starting with a different one each
     * round (round {@code k} starts with call {@code k} mod their number, dsoap's being call 0). The server called first
     * in a round was measured dearer: on the 2-core machine, a request dsoap leaves to Axis2 cost +8 % and +9 % over
     * plain Axis2 with dsoap's server called first, +4 % and +3 % with the plain one first (10K doubles, 2026-12-02). So
     * each server goes first as often as the others, and the order's cost falls on them alike.
     *
     * @return dsoap's call's result
     */
    public static <T> T inTurn(long round, Callable<T> dsoap, Callable<?>... partners) throws Exception {
        int n = partners.length + 1;
        int first = (int) Math.floorMod(round, (long) n);
        T result = null;
        for (int i = 0; i < n; i++) {
            int k = (first + i) % n;
            if (k == 0) {
                result = dsoap.call();
            } else {
                partners[k - 1].call();
            }
        }
        return result;
    }
}
