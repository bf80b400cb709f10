package dev.dsoap.deserialize;

import dev.dsoap.checkpoint.CheckpointStrategy;

import java.util.Arrays;

/**
 * FCP: each checkpoint keeps its own copy of the whole state.
 *
 * <p>Not thread-safe.
 */
final class FullLog extends CheckpointLog {
    /** Array header bytes, for accounting. */
    static final int HEADER = 16;

    private int count;
    private int[] offsets = new int[16];
    /** Lane lengths, 4 per checkpoint. */
    private int[] lanes = new int[64];
    /** Per checkpoint: frames then scanner state. */
    private int[][] states = new int[16][];
    private int[] framesLength = new int[16];
    private long bytes;

    @Override
    public CheckpointStrategy strategy() {
        return CheckpointStrategy.FULL;
    }

    @Override
    public int size() {
        return count;
    }

    @Override
    public int offset(int i) {
        return offsets[i];
    }

    @Override
    public void read(int i, Checkpoint c) {
        c.offset = offsets[i];
        c.s = lanes[4 * i];
        c.j = lanes[4 * i + 1];
        c.d = lanes[4 * i + 2];
        c.o = lanes[4 * i + 3];
        int[] st = states[i];
        int f = framesLength[i];
        System.arraycopy(st, 0, c.frames(f), 0, f);
        c.framesLength = f;
        System.arraycopy(st, f, c.scanner(st.length - f), 0, st.length - f);
        c.scannerLength = st.length - f;
        c.group = -1;
        c.index = c.frames[c.framesLength - 1];
    }

    @Override
    public int add(Checkpoint c) {
        if (count == offsets.length) {
            int n = count * 2;
            offsets = Arrays.copyOf(offsets, n);
            lanes = Arrays.copyOf(lanes, 4 * n);
            states = Arrays.copyOf(states, n);
            framesLength = Arrays.copyOf(framesLength, n);
        }
        int i = count++;
        offsets[i] = c.offset;
        lanes[4 * i] = c.s;
        lanes[4 * i + 1] = c.j;
        lanes[4 * i + 2] = c.d;
        lanes[4 * i + 3] = c.o;
        int[] st = new int[c.framesLength + c.scannerLength];
        System.arraycopy(c.frames, 0, st, 0, c.framesLength);
        System.arraycopy(c.scanner, 0, st, c.framesLength, c.scannerLength);
        states[i] = st;
        framesLength[i] = c.framesLength;
        bytes += 4 + 16 + 4 + HEADER + 4L * st.length + 8;
        return -1;
    }

    @Override
    public void clear() {
        Arrays.fill(states, 0, count, null);
        count = 0;
        bytes = 0;
    }

    @Override
    public long checkpointBytes() {
        return bytes;
    }

    @Override
    public long retainedBytes() {
        return bytes + 32L * offsets.length;
    }
}
