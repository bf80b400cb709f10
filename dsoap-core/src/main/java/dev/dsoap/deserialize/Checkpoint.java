package dev.dsoap.deserialize;

import java.util.Arrays;

/**
 * One checkpoint spelled out: where it is in the message, how long each value lane was there, the
 * reader's frames and the parser's state. A reusable holder that {@link CheckpointLog#read} fills and
 * {@link CheckpointLog#add} copies from.
 *
 * <p>Not thread-safe.
 */
final class Checkpoint {
    /** Byte offset in the message. */
    public int offset;
    /** Lane lengths (structure, integral, double, object) at the checkpoint. */
    public int s;
    public int j;
    public int d;
    public int o;
    /** Reader frames (node id, index pairs), outermost first. */
    public int[] frames = new int[16];
    public int framesLength;
    /** Parser state as {@code XmlScanner.saveState} writes it. */
    public int[] scanner = new int[32];
    public int scannerLength;
    /** Lane entries one item of the innermost container takes, or -1 when items vary (for lightweight groups). */
    public int strideS = -1;
    public int strideJ;
    public int strideD;
    public int strideO;
    /** Lightweight group of the checkpoint (set by {@link CheckpointLog#read}), else -1. */
    public int group = -1;
    /** Index of the innermost frame (set by {@link CheckpointLog#readPosition}). */
    public int index;

    /** Makes {@link #frames} hold at least {@code n} ints. */
    public int[] frames(int n) {
        if (frames.length < n) {
            frames = Arrays.copyOf(frames, Math.max(n, frames.length * 2));
        }
        return frames;
    }

    /** Makes {@link #scanner} hold at least {@code n} ints. */
    public int[] scanner(int n) {
        if (scanner.length < n) {
            scanner = Arrays.copyOf(scanner, Math.max(n, scanner.length * 2));
        }
        return scanner;
    }

    /** Index of the innermost frame (its item or member position). */
    public int topIndex() {
        return frames[framesLength - 1];
    }
}
