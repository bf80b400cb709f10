package dev.dsoap.deserialize;

import java.util.Arrays;

/**
 * The values of one message in document order, flat, in four lanes: {@code s} structure (presence
 * flags and array bounds), {@code j} integral and float primitives (as long bits), {@code d} doubles,
 * {@code o} objects (strings, enums, decimals, byte arrays). A region of a message that is byte-identical
 * to a region of the previous message produced the same lane segments, so differential deserialization
 * copies those segments instead of parsing; {@link Materializer} then builds fresh Java objects.
 *
 * <p>Structure codes: {@link #ABSENT} for a null leaf, struct or array; {@link #PRESENT} for a present
 * nullable leaf or struct; {@link #ARRAY} opens an array whose end is {@code -(count + 1)}. Every code depends only on the bytes of its own element, so a
 * lane segment between two checkpoints means the same in any message.
 *
 * <p>Not thread-safe.
 */
final class Tape {
    static final int ABSENT = 0;
    static final int PRESENT = 1;
    static final int ARRAY = 2;

    int[] s = new int[16];
    long[] j = new long[16];
    double[] d = new double[16];
    Object[] o = new Object[16];
    int ns;
    int nj;
    int nd;
    int no;

    void clear() {
        Arrays.fill(o, 0, no, null);
        ns = 0;
        nj = 0;
        nd = 0;
        no = 0;
    }

    void s(int v) {
        if (ns == s.length) {
            s = Arrays.copyOf(s, ns * 2);
        }
        s[ns++] = v;
    }

    void j(long v) {
        if (nj == j.length) {
            j = Arrays.copyOf(j, nj * 2);
        }
        j[nj++] = v;
    }

    void d(double v) {
        if (nd == d.length) {
            d = Arrays.copyOf(d, nd * 2);
        }
        d[nd++] = v;
    }

    void o(Object v) {
        if (no == o.length) {
            o = Arrays.copyOf(o, no * 2);
        }
        o[no++] = v;
    }

    /** Truncates the lanes to the given lengths. */
    void truncate(int s, int j, int d, int o) {
        Arrays.fill(this.o, o, no, null);
        ns = s;
        nj = j;
        nd = d;
        no = o;
    }

    /** Appends {@code src}'s lane segments {@code [from, to)}, per lane S, J, D, O. */
    void append(Tape src, int fs, int fj, int fd, int fo, int ts, int tj, int td, int to) {
        int n = ts - fs;
        if (ns + n > s.length) {
            s = Arrays.copyOf(s, Math.max(ns + n, s.length * 2));
        }
        System.arraycopy(src.s, fs, s, ns, n);
        ns += n;
        n = tj - fj;
        if (nj + n > j.length) {
            j = Arrays.copyOf(j, Math.max(nj + n, j.length * 2));
        }
        System.arraycopy(src.j, fj, j, nj, n);
        nj += n;
        n = td - fd;
        if (nd + n > d.length) {
            d = Arrays.copyOf(d, Math.max(nd + n, d.length * 2));
        }
        System.arraycopy(src.d, fd, d, nd, n);
        nd += n;
        n = to - fo;
        if (no + n > o.length) {
            o = Arrays.copyOf(o, Math.max(no + n, o.length * 2));
        }
        System.arraycopy(src.o, fo, o, no, n);
        no += n;
    }

    /** Bytes held by the lanes (capacity, not use). */
    long retainedBytes() {
        return 4L * s.length + 8L * j.length + 8L * d.length + 4L * o.length + 64;
    }
}
