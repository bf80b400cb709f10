package dev.dsoap.checkpoint;

/**
 * How differential deserialization stores parser checkpoints (Abu-Ghazaleh and Lewis, "Lightweight
 * Checkpointing for Faster SOAP Deserialization").
 */
public enum CheckpointStrategy {
    /** FCP: every checkpoint holds the complete parser and reader state. */
    FULL,
    /**
     * DCP: every checkpoint holds only the part of the state above the longest prefix it shares with a
     * reference-counted base copy; a new base is copied when less than half would be shared.
     */
    DIFFERENTIAL,
    /**
     * LCP (the default): checkpoints only at structural points (before an array item or a struct member),
     * grouped under a base that holds the state they share; each one is a byte-offset delta and an index
     * delta (3 bytes) when the container's items take a fixed number of values.
     */
    LIGHTWEIGHT
}
