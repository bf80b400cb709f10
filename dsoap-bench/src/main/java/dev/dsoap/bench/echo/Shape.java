package dev.dsoap.bench.echo;

/**
 * The array an end-to-end echo request carries, by the benchmarks' {@code shape} parameter, and its operation:
 * the same name in every echo service (Axis2's POJO and ADB services, the CXF endpoints).
 */
public enum Shape {
    /** {@code double[] echoDoubles(double[] v)}. */
    DOUBLES("doubles", "echoDoubles"),
    /** {@code int[] echoInts(int[] v)}. */
    INTS("ints", "echoInts"),
    /** {@code Mio[] echoMios(Mio[] v)}. */
    MIOS("mios", "echoMios"),
    /** {@code String[] echoStrings(String[] v)}. */
    STRINGS("strings", "echoStrings");

    /** The parameter value naming this shape. */
    public final String param;
    /** The operation echoing it. */
    public final String operation;

    Shape(String param, String operation) {
        this.param = param;
        this.operation = operation;
    }

    /** The shape a parameter value names: {@code doubles}, {@code ints}, {@code mios} or {@code strings}. */
    public static Shape of(String param) {
        for (Shape s : values()) {
            if (s.param.equals(param)) {
                return s;
            }
        }
        throw new IllegalArgumentException("shape doubles|ints|mios|strings, not " + param);
    }
}
