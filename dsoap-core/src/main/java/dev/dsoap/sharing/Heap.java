package dev.dsoap.sharing;

/**
 * Heap bytes of arrays as a 64-bit HotSpot with compressed references lays them out: a 16-byte header, the elements,
 * rounded up to 8. What the window's state is charged.
 */
final class Heap {
    private Heap() {
    }

    static long bytes(long elements, int elementBytes) {
        return (16 + elements * elementBytes + 7) & ~7L;
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
}
