package dev.dsoap.bench.serialize;

/**
 * One response value of the benchmark operation: a single array of doubles, ints or MIOs, held both as the
 * typed array (what the baselines write) and as the operation's parts (what dsoap serializes).
 */
public final class Payload {
    /** Element type. */
    private final ValueKind kind;
    /** The array: {@code double[]}, {@code int[]} or {@code Mio[]}. */
    private final Object array;
    /** {@code {array}}: the operation's single part. */
    private final Object[] parts;
    /** Number of elements. */
    private final int length;

    private Payload(ValueKind kind, Object array, int length) {
        this.kind = kind;
        this.array = array;
        this.parts = new Object[]{array};
        this.length = length;
    }

    public static Payload of(double[] a) {
        return new Payload(ValueKind.DOUBLE, a, a.length);
    }

    public static Payload of(int[] a) {
        return new Payload(ValueKind.INT, a, a.length);
    }

    public static Payload of(Mio[] a) {
        return new Payload(ValueKind.MIO, a, a.length);
    }

    public ValueKind kind() {
        return kind;
    }

    public int length() {
        return length;
    }

    /** The parts array for {@code DifferentialSerializer.serialize}; do not modify. */
    public Object[] parts() {
        return parts;
    }

    public Object array() {
        return array;
    }

    public double[] doubles() {
        return (double[]) array;
    }

    public int[] ints() {
        return (int[]) array;
    }

    public Mio[] mios() {
        return (Mio[]) array;
    }
}
