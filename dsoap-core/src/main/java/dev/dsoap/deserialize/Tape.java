package dev.dsoap.deserialize;

import dev.dsoap.template.HeapBytes;

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
    /** Per object of {@link #o}: its heap bytes (a string's characters, an array's contents), for memory accounting. */
    int[] os = new int[16];
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
        o(v, HeapBytes.of(v));
    }

    /** Appends an object whose heap size is known ({@link HeapBytes}). */
    void o(Object v, int heapBytes) {
        if (no == o.length) {
            o = Arrays.copyOf(o, no * 2);
            os = Arrays.copyOf(os, o.length);
        }
        os[no] = heapBytes;
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

    /**
     * Appends {@code src}'s lane segments {@code [from, to)}, per lane S, J, D, O. Called once per stretch of a message
     * skipped (a tenth of 100K doubles changed: 10K times a message), where most lanes have nothing to copy: an empty
     * lane costs no call.
     */
    void append(Tape src, int fs, int fj, int fd, int fo, int ts, int tj, int td, int to) {
        int n = ts - fs;
        if (n > 0) {
            if (ns + n > s.length) {
                s = Arrays.copyOf(s, Math.max(ns + n, s.length * 2));
            }
            System.arraycopy(src.s, fs, s, ns, n);
            ns += n;
        }
        n = tj - fj;
        if (n > 0) {
            if (nj + n > j.length) {
                j = Arrays.copyOf(j, Math.max(nj + n, j.length * 2));
            }
            System.arraycopy(src.j, fj, j, nj, n);
            nj += n;
        }
        n = td - fd;
        if (n > 0) {
            if (nd + n > d.length) {
                d = Arrays.copyOf(d, Math.max(nd + n, d.length * 2));
            }
            System.arraycopy(src.d, fd, d, nd, n);
            nd += n;
        }
        n = to - fo;
        if (n > 0) {
            if (no + n > o.length) {
                o = Arrays.copyOf(o, Math.max(no + n, o.length * 2));
                os = Arrays.copyOf(os, o.length);
            }
            System.arraycopy(src.o, fo, o, no, n);
            System.arraycopy(src.os, fo, os, no, n);
            no += n;
        }
    }

    /**
     * Bytes held by the lanes (by capacity) and by the objects in use in {@link #o} (which a kept tape pins:
     * a 50 MB string read last is 50 MB kept).
     */
    long retainedBytes() {
        long n = 4L * s.length + 8L * j.length + 8L * d.length + 4L * o.length + 4L * os.length + 5 * 16 + 48;
        for (int i = 0; i < no; i++) {
            n += os[i];
        }
        return n;
    }

    /** Cuts each lane holding more than a 64th (and 16) beyond its values to them. */
    private void fit() {
        if (s.length > ns + (ns >> 6) + 16) {
            s = Arrays.copyOf(s, Math.max(16, ns));
        }
        if (j.length > nj + (nj >> 6) + 16) {
            j = Arrays.copyOf(j, Math.max(16, nj));
        }
        if (d.length > nd + (nd >> 6) + 16) {
            d = Arrays.copyOf(d, Math.max(16, nd));
        }
        if (o.length > no + (no >> 6) + 16) {
            o = Arrays.copyOf(o, Math.max(16, no));
            os = Arrays.copyOf(os, o.length);
        }
    }

    /**
     * Heap bytes of the lanes by capacity, below which a working tape (or checkpoint log) is kept between messages.
     * Larger ones are made afresh for each message (sized by the kept one, in one allocation): kept, they added a
     * third of a 1000-double message's bytes to what its sender keeps.
     */
    static final long KEEP_WORKING_BELOW = 4 * 1024;

    /**
     * Makes the lanes of this (cleared) tape room for a message like {@code like} and a 128th more, in one
     * allocation each, where they have less: a working tape that was not kept between messages is sized before its
     * next message instead of growing by doubling.
     */
    void reserve(Tape like) {
        if (s.length < like.ns) {
            s = new int[like.ns + (like.ns >> 7) + 16];
        }
        if (j.length < like.nj) {
            j = new long[like.nj + (like.nj >> 7) + 16];
        }
        if (d.length < like.nd) {
            d = new double[like.nd + (like.nd >> 7) + 16];
        }
        if (o.length < like.no) {
            o = new Object[like.no + (like.no >> 7) + 16];
            os = new int[o.length];
        }
    }

    /**
     * Gives back lane capacity a past, much larger message left behind: a lane more than four times as long as
     * {@code kept} uses it (and longer than 1024) is cut to twice that. Call with the tape of the message kept, on it
     * and on the working tape, whose next message is most likely as long. On the kept tape itself, which no message is
     * read into until it is the working tape again, every lane longer than its values and a 64th is cut to them.
     */
    void trim(Tape kept) {
        if (kept == this) {
            fit();
            return;
        }
        if (s.length > 1024 && s.length > 4L * kept.ns) {
            s = Arrays.copyOf(s, Math.max(Math.max(16, 2 * kept.ns), ns));
        }
        if (j.length > 1024 && j.length > 4L * kept.nj) {
            j = Arrays.copyOf(j, Math.max(Math.max(16, 2 * kept.nj), nj));
        }
        if (d.length > 1024 && d.length > 4L * kept.nd) {
            d = Arrays.copyOf(d, Math.max(Math.max(16, 2 * kept.nd), nd));
        }
        if (o.length > 1024 && o.length > 4L * kept.no) {
            o = Arrays.copyOf(o, Math.max(Math.max(16, 2 * kept.no), no));
            os = Arrays.copyOf(os, o.length);
        }
    }
}
