package dev.dsoap.serialize;

/**
 * Heap bytes of arrays, as a 64-bit HotSpot lays them out with compressed class pointers and compressed
 * references (the default below 32 GB of heap): a 16-byte header, the elements at their width (a reference
 * 4 bytes), rounded up to 8. What a template reports holding is the sum of these over every array it keeps,
 * by capacity.
 */
final class HeapSize {
    /** An array's header: mark word, class pointer, length. */
    static final int ARRAY_HEADER = 16;
    /** A reference inside an object or array. */
    static final int REF = 4;
    /** A {@code ByteBuffer} view object (its backing array counted elsewhere). */
    static final int BYTE_BUFFER = 56;

    private HeapSize() {
    }

    static long bytes(int elements, int elementBytes) {
        return (ARRAY_HEADER + (long) elements * elementBytes + 7) & ~7L;
    }

    static long of(byte[] a) {
        return a == null ? 0 : bytes(a.length, 1);
    }

    static long of(int[] a) {
        return a == null ? 0 : bytes(a.length, 4);
    }

    static long of(long[] a) {
        return a == null ? 0 : bytes(a.length, 8);
    }

    /** The array of references alone, not what it refers to. */
    static long of(Object[] a) {
        return a == null ? 0 : bytes(a.length, REF);
    }
}
