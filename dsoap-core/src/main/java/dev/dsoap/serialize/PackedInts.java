package dev.dsoap.serialize;

/**
 * A fixed-capacity column of ints kept in the narrowest of {@code byte[]}, {@code char[]} or {@code int[]} that
 * holds every value stored in it: values 0..255 cost one byte a row, 0..65535 two, anything else four. A store
 * that does not fit widens the whole column once (a copy, the rare path); {@link #narrow} and {@link #resize}
 * narrow it again to what its live rows need. A column of {@link ChunkedTemplate}'s slot table, where nearly
 * every value is small (a chunk id, an offset in a chunk, a field's padding, a plan node).
 *
 * <p>Not thread-safe.
 */
final class PackedInts {
    /** The rows while the column is one byte wide (unsigned), else null. */
    private byte[] bytes;
    /** The rows while the column is two bytes wide, else null. */
    private char[] chars;
    /** The rows while the column is four bytes wide, else null. */
    private int[] ints;
    /** Bytes a row: 1, 2 or 4. */
    private int width = 1;
    /** Whether the column was widened since {@link #narrow} last looked. */
    private boolean widened;

    /** A column of {@code capacity} rows of 0, one byte wide. */
    PackedInts(int capacity) {
        bytes = new byte[capacity];
    }

    int capacity() {
        return width == 1 ? bytes.length : width == 2 ? chars.length : ints.length;
    }

    /** Bytes a row: 1, 2 or 4. */
    int width() {
        return width;
    }

    int get(int i) {
        if (width == 1) {
            return bytes[i] & 0xFF;
        }
        return width == 2 ? chars[i] : ints[i];
    }

    void set(int i, int v) {
        if (width == 1) {
            if ((v & ~0xFF) == 0) {
                bytes[i] = (byte) v;
                return;
            }
        } else if (width == 2) {
            if ((v & ~0xFFFF) == 0) {
                chars[i] = (char) v;
                return;
            }
        } else {
            ints[i] = v;
            return;
        }
        widenTo((v & ~0xFFFF) == 0 ? 2 : 4);
        set(i, v);
    }

    /** Adds {@code d} to row {@code i}. */
    void add(int i, int d) {
        set(i, get(i) + d);
    }

    /** The least {@code k <= i} such that rows {@code [k, i]} all hold {@code v} ({@code i + 1} if row i does not). */
    int runStart(int i, int v) {
        int k = i;
        if (width == 1) {
            byte[] a = bytes;
            while (k >= 0 && (a[k] & 0xFF) == v) {
                k--;
            }
        } else if (width == 2) {
            char[] a = chars;
            while (k >= 0 && a[k] == v) {
                k--;
            }
        } else {
            int[] a = ints;
            while (k >= 0 && a[k] == v) {
                k--;
            }
        }
        return k + 1;
    }

    /** The least {@code k >= i}, at most {@code limit}, such that row k does not hold {@code v}. */
    int runEnd(int i, int limit, int v) {
        int k = i;
        if (width == 1) {
            byte[] a = bytes;
            while (k < limit && (a[k] & 0xFF) == v) {
                k++;
            }
        } else if (width == 2) {
            char[] a = chars;
            while (k < limit && a[k] == v) {
                k++;
            }
        } else {
            int[] a = ints;
            while (k < limit && a[k] == v) {
                k++;
            }
        }
        return k;
    }

    /** Adds {@code d} to rows {@code [from, to)}. */
    void addRange(int from, int to, int d) {
        if (width == 2) {
            char[] c = chars;
            for (int i = from; i < to; i++) {
                int v = c[i] + d;
                if ((v & ~0xFFFF) != 0) {
                    widenTo(4);
                    addRange(i, to, d);
                    return;
                }
                c[i] = (char) v;
            }
        } else if (width == 4) {
            int[] a = ints;
            for (int i = from; i < to; i++) {
                a[i] += d;
            }
        } else {
            for (int i = from; i < to; i++) {
                set(i, get(i) + d);
            }
        }
    }

    /** Moves rows {@code [from, from + n)} to {@code [to, to + n)}; the ranges may overlap. */
    void move(int from, int to, int n) {
        if (width == 1) {
            System.arraycopy(bytes, from, bytes, to, n);
        } else if (width == 2) {
            System.arraycopy(chars, from, chars, to, n);
        } else {
            System.arraycopy(ints, from, ints, to, n);
        }
    }

    /** Copies rows {@code [from, from + n)} of {@code src} to rows {@code [to, to + n)}, widening this column to src's width. */
    void copyFrom(PackedInts src, int from, int to, int n) {
        if (src.width > width) {
            widenTo(src.width);
        }
        if (src.width == width) {
            if (width == 1) {
                System.arraycopy(src.bytes, from, bytes, to, n);
            } else if (width == 2) {
                System.arraycopy(src.chars, from, chars, to, n);
            } else {
                System.arraycopy(src.ints, from, ints, to, n);
            }
        } else {
            for (int k = 0; k < n; k++) {
                set(to + k, src.get(from + k));
            }
        }
    }

    private void widenTo(int w) {
        int cap = capacity();
        copyTo(cap, cap, w);
        widened = true;
    }

    /**
     * Gives the column {@code cap} rows, keeping rows {@code [0, rows)} ({@code rows <= cap}), in the narrowest width
     * that holds them; the new rows are 0.
     */
    void resize(int cap, int rows) {
        copyTo(cap, rows, widthFor(rows));
        widened = false;
    }

    /** Moves rows {@code [0, rows)} into a new array of {@code cap} rows, {@code w} bytes wide (holding them). */
    private void copyTo(int cap, int rows, int w) {
        byte[] b = null;
        char[] c = null;
        int[] a = null;
        if (w == 1) {
            b = new byte[cap];
            for (int i = 0; i < rows; i++) {
                b[i] = (byte) get(i);
            }
        } else if (w == 2) {
            c = new char[cap];
            for (int i = 0; i < rows; i++) {
                c[i] = (char) get(i);
            }
        } else {
            a = new int[cap];
            for (int i = 0; i < rows; i++) {
                a[i] = get(i);
            }
        }
        bytes = b;
        chars = c;
        ints = a;
        width = w;
    }

    /**
     * If the column was widened since the last look and rows {@code [0, rows)} now fit a narrower width, re-lays it
     * out at that width (same capacity). Costs a pass over the rows only after a widening.
     */
    void narrow(int rows) {
        if (widened) {
            widened = false;
            if (widthFor(rows) < width) {
                resize(capacity(), rows);
            }
        }
    }

    private int widthFor(int rows) {
        if (width == 1) {
            return 1;
        }
        int or = 0;
        for (int i = 0; i < rows; i++) {
            or |= get(i);
        }
        return (or & ~0xFF) == 0 ? 1 : (or & ~0xFFFF) == 0 ? 2 : 4;
    }

    /** Heap bytes of the column's array, by capacity ({@link HeapSize}). */
    long heapBytes() {
        return HeapSize.bytes(capacity(), width);
    }
}
