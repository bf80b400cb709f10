package dev.dsoap.bench.serialize;

/** The array element types of the paper's experiments. */
public enum ValueKind {
    /** {@code double[]}. */
    DOUBLE,
    /** {@code int[]}. */
    INT,
    /** {@code Mio[]}. */
    MIO
}
