package dev.dsoap.coalesce;

/** Told of a coalescer's steps, for tests that must know where a caller is without sleeping. */
interface Probe {
    /** Does nothing. */
    Probe NONE = new Probe() {
    };

    /** The calling thread leads a flight, before it lingers or runs the work. */
    default void leading() {
    }

    /** The calling thread joined a flight and is about to wait for its outcome. */
    default void waiting() {
    }
}
