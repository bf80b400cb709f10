package dev.dsoap.deserialize;

import dev.dsoap.checkpoint.CheckpointStrategy;

/**
 * The checkpoints of one message, in increasing byte offset, stored by one {@link CheckpointStrategy}.
 * Differential deserialization builds one log per message while it reads, and resumes reading the next
 * message at one of the previous log's checkpoints.
 *
 * <p>Not thread-safe.
 */
abstract class CheckpointLog {
    CheckpointLog() {
    }

    /** A new empty log. */
    public static CheckpointLog create(CheckpointStrategy strategy) {
        return switch (strategy) {
            case FULL -> new FullLog();
            case DIFFERENTIAL -> new DifferentialLog();
            case LIGHTWEIGHT -> new LightweightLog();
        };
    }

    public abstract CheckpointStrategy strategy();

    /** Number of checkpoints. */
    public abstract int size();

    /** Byte offset of checkpoint {@code i}. */
    public abstract int offset(int i);

    /**
     * As {@link #floor(int)}, for callers that know the answer is checkpoint {@code from} or a later one (the
     * search then starts there).
     */
    public int floor(int offset, int from) {
        return floor(offset);
    }

    /** Spells out checkpoint {@code i} into {@code into}, {@link Checkpoint#index} included. */
    public abstract void read(int i, Checkpoint into);

    /**
     * Fills only the offset, lane lengths, index and group of checkpoint {@code i}; frames and parser
     * state are left as they are, which is right when {@code into} holds a checkpoint of the same
     * lightweight group (the innermost frame's index is updated). Other logs read everything.
     */
    public void readPosition(int i, Checkpoint into) {
        read(i, into);
    }

    /**
     * Appends a complete checkpoint (its offset must not be below the last one's). A lightweight log makes
     * it the base of a new group and returns the group's id, for {@link #addLight}; the others return -1.
     */
    public abstract int add(Checkpoint c);

    /**
     * Appends a lightweight checkpoint of {@code group}: the group's state with the innermost frame at
     * {@code index}, at {@code offset}, with the given lane lengths (ignored when the group's items have a
     * fixed size). Only lightweight logs support it.
     */
    public void addLight(int group, int offset, int index, int s, int j, int d, int o) {
        throw new UnsupportedOperationException(strategy() + " checkpoints have no groups");
    }

    /** Forgets every checkpoint, keeping buffers for reuse. */
    public abstract void clear();

    /** Bytes this log's checkpoints take: what the strategy stores, excluding reusable spare capacity. */
    public abstract long checkpointBytes();

    /** Bytes held, capacity included. */
    public abstract long retainedBytes();

    /** Gives back capacity beyond what the checkpoints held need (a log kept between messages). */
    void fit() {
    }

    /** Index of the last checkpoint at or before {@code offset}, or -1. */
    public int floor(int offset) {
        int lo = 0;
        int hi = size() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (offset(mid) <= offset) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
