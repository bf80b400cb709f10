package dev.dsoap.tracked;

import java.util.Arrays;

/**
 * A {@code double} array that records which elements were set since a serializer last wrote it (bSOAP's
 * programmer-assisted Data Update Tracking): a serializer that wrote this array last time visits only the
 * dirty elements, so an untouched 100K-element array costs nothing to check. Declare a property, part or
 * return value of this type where plain {@code double[]} would be; on the wire it is the same repeated
 * element.
 *
 * <p>Tracking is per consumer: if another serializer stream wrote the array in between, or the array was
 * resized, the next serializer compares every element instead, so results are always right.
 *
 * <p>Not thread-safe: set values and serialize from one thread, or synchronize externally.
 */
public final class TrackedDoubleArray {
    /** The values; {@code values.length >= length}. */
    private double[] values;
    /** Number of elements. */
    private int length;
    /** Dirty bit per element since the last {@link #consumed}. */
    private long[] dirty;
    /** Whether any bit in {@link #dirty} is set. */
    private boolean anyDirty;
    /** The stream that last wrote this array, or {@code null}; dirty bits are relative to it. */
    private Object consumer;

    /** An array of {@code length} zeros. */
    public TrackedDoubleArray(int length) {
        this(new double[length]);
    }

    /** An array holding a copy of {@code initial}. */
    public TrackedDoubleArray(double[] initial) {
        this.values = initial.clone();
        this.length = initial.length;
        this.dirty = new long[(length + 63) >>> 6];
    }

    public int length() {
        return length;
    }

    public double get(int index) {
        checkIndex(index);
        return values[index];
    }

    /** Sets element {@code index}; marks it dirty when the value's bits change. */
    public void set(int index, double value) {
        checkIndex(index);
        if (Double.doubleToRawLongBits(values[index]) != Double.doubleToRawLongBits(value)) {
            values[index] = value;
            dirty[index >>> 6] |= 1L << index;
            anyDirty = true;
        }
    }

    /** Changes the length (new elements are 0.0); the next serializer compares every element. */
    public void resize(int newLength) {
        if (newLength < 0) {
            throw new IllegalArgumentException("length " + newLength + " < 0");
        }
        values = Arrays.copyOf(values, newLength);
        if (newLength < length) {
            Arrays.fill(values, newLength, values.length, 0.0);
        }
        length = newLength;
        dirty = new long[(newLength + 63) >>> 6];
        anyDirty = false;
        consumer = null;
    }

    /** A copy of the values. */
    public double[] toArray() {
        return Arrays.copyOf(values, length);
    }

    /** The backing array (at least {@link #length()} long); read-only for serializers. */
    public double[] values() {
        return values;
    }

    /**
     * Whether the dirty bits describe every change since {@code stream} last wrote this array, so
     * {@code stream} may visit only {@link #nextDirty} elements.
     */
    public boolean trackedFor(Object stream) {
        return consumer == stream && stream != null;
    }

    /** Whether any element was set since the last {@link #consumed}. */
    public boolean anyDirty() {
        return anyDirty;
    }

    /** The first dirty index {@code >= from}, or {@code -1}. */
    public int nextDirty(int from) {
        if (from >= length) {
            return -1;
        }
        int w = from >>> 6;
        long word = dirty[w] & (-1L << from);
        while (true) {
            if (word != 0) {
                int i = (w << 6) + Long.numberOfTrailingZeros(word);
                return i < length ? i : -1;
            }
            if (++w == dirty.length) {
                return -1;
            }
            word = dirty[w];
        }
    }

    /** Records that {@code stream} has written the current values: clears the dirty bits. */
    public void consumed(Object stream) {
        if (anyDirty) {
            Arrays.fill(dirty, 0L);
            anyDirty = false;
        }
        consumer = stream;
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException("index " + index + ", length " + length);
        }
    }

    @Override
    public String toString() {
        return "TrackedDoubleArray(length " + length + (anyDirty ? ", dirty" : "") + ")";
    }
}
