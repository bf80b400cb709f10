package dev.dsoap.bench.axis2;

/**
 * The array an echo request carries, by the benchmark's {@code shape} parameter, and its operation (the same name
 * in both {@link Style}s' services).
 */
enum Shape {
    /** {@code double[] echoDoubles(double[] v)}. */
    DOUBLES("doubles", "echoDoubles"),
    /** {@code int[] echoInts(int[] v)}. */
    INTS("ints", "echoInts"),
    /** {@code Mio[] echoMios(Mio[] v)}. */
    MIOS("mios", "echoMios");

    /** The parameter value naming this shape. */
    final String param;
    /** The operation echoing it, of {@link EchoService} and of {@link AdbEchoService}. */
    final String operation;

    Shape(String param, String operation) {
        this.param = param;
        this.operation = operation;
    }

    /** The shape a parameter value names: {@code doubles}, {@code ints} or {@code mios}. */
    static Shape of(String param) {
        for (Shape s : values()) {
            if (s.param.equals(param)) {
                return s;
            }
        }
        throw new IllegalArgumentException("shape doubles|ints|mios, not " + param);
    }
}
