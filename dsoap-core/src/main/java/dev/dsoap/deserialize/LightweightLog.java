package dev.dsoap.deserialize;

import dev.dsoap.checkpoint.CheckpointStrategy;

import java.util.Arrays;

/**
 * LCP: checkpoints grouped under bases. A group's base holds the state its checkpoints share (the
 * parser state and the reader frames of one container, e.g. the element holding an array's items); each
 * lightweight checkpoint adds only its byte offset and the innermost frame's index, stored as deltas from
 * the previous checkpoint of its run: 2 bytes and 1 byte. When the container's items take a fixed number
 * of lane entries, the lane lengths follow from the index; otherwise they are stored too (16 bytes).
 *
 * <p>Runs of at most {@value #RUN} consecutive checkpoints of one group start with absolute values, so a
 * checkpoint is found by a binary search over runs and at most {@value #RUN} additions.
 *
 * <p>Not thread-safe.
 */
final class LightweightLog extends CheckpointLog {
    /** Most checkpoints per run. */
    static final int RUN = 64;

    // groups
    private int groupCount;
    private int[][] gFrames = new int[4][];
    private int[][] gScanner = new int[4][];
    /** Per group: stride per lane (S, J, D, O), S = -1 when items vary. */
    private int[] gStride = new int[16];

    // checkpoints
    private int count;
    /** Offset delta from the previous checkpoint of the run (0 for a run's first). */
    private char[] dOffset = new char[64];
    /** Index delta from the previous checkpoint of the run. */
    private byte[] dIndex = new byte[64];

    // runs
    private int runCount;
    private int[] rFirst = new int[8];
    private int[] rGroup = new int[8];
    private int[] rOffset = new int[8];
    private int[] rIndex = new int[8];
    /** Lane lengths at the run's first checkpoint, 4 per run. */
    private int[] rLanes = new int[32];
    /** Index into {@link #vLanes} of the run's first checkpoint's lanes, or -1 for fixed-stride groups. */
    private int[] rVar = new int[8];
    /** Stored lane lengths of variable-stride checkpoints, 4 each. */
    private int[] vLanes = new int[0];
    private int vCount;

    /** Sequential decoding cache: the last checkpoint decoded. */
    private int lastI = -1;
    private int lastRun;
    private int lastOffset;
    private int lastIndex;

    @Override
    public CheckpointStrategy strategy() {
        return CheckpointStrategy.LIGHTWEIGHT;
    }

    @Override
    public int size() {
        return count;
    }

    @Override
    public int offset(int i) {
        seek(i);
        return lastOffset;
    }

    /** Decodes offset and index of checkpoint {@code i} into the cache. */
    private void seek(int i) {
        if (i == lastI) {
            return;
        }
        if (lastI >= 0 && i == lastI + 1 && (lastRun + 1 >= runCount || rFirst[lastRun + 1] > i)) {
            lastOffset += dOffset[i];
            lastIndex += dIndex[i] & 0xFF;
            lastI = i;
            return;
        }
        int r = run(i);
        int off = rOffset[r];
        int idx = rIndex[r];
        for (int k = rFirst[r] + 1; k <= i; k++) {
            off += dOffset[k];
            idx += dIndex[k] & 0xFF;
        }
        lastI = i;
        lastRun = r;
        lastOffset = off;
        lastIndex = idx;
    }

    @Override
    public int floor(int offset) {
        if (runCount == 0 || rOffset[0] > offset) {
            return -1;
        }
        int lo = 0;
        int hi = runCount - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (rOffset[mid] <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int end = lo + 1 < runCount ? rFirst[lo + 1] : count;
        int off = rOffset[lo];
        int i = rFirst[lo];
        while (i + 1 < end && off + dOffset[i + 1] <= offset) {
            i++;
            off += dOffset[i];
        }
        return i;
    }

    /** The run holding checkpoint {@code i}. */
    private int run(int i) {
        int lo = 0;
        int hi = runCount - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (rFirst[mid] <= i) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    @Override
    public void read(int i, Checkpoint c) {
        seek(i);
        int r = lastRun;
        int g = rGroup[r];
        c.offset = lastOffset;
        c.group = g;
        int[] f = gFrames[g];
        System.arraycopy(f, 0, c.frames(f.length), 0, f.length);
        c.framesLength = f.length;
        c.frames[f.length - 1] = lastIndex;
        int[] sc = gScanner[g];
        System.arraycopy(sc, 0, c.scanner(sc.length), 0, sc.length);
        c.scannerLength = sc.length;
        c.strideS = gStride[4 * g];
        c.strideJ = gStride[4 * g + 1];
        c.strideD = gStride[4 * g + 2];
        c.strideO = gStride[4 * g + 3];
        c.index = lastIndex;
        lanes(r, i, lastIndex, c);
    }

    @Override
    public void readPosition(int i, Checkpoint c) {
        seek(i);
        int r = lastRun;
        c.offset = lastOffset;
        c.group = rGroup[r];
        c.index = lastIndex;
        if (c.framesLength > 0) {
            c.frames[c.framesLength - 1] = lastIndex;
        }
        lanes(r, i, lastIndex, c);
    }

    private void lanes(int r, int i, int index, Checkpoint c) {
        int g = rGroup[r];
        if (rVar[r] < 0) {
            int steps = index - rIndex[r];
            c.s = rLanes[4 * r] + steps * gStride[4 * g];
            c.j = rLanes[4 * r + 1] + steps * gStride[4 * g + 1];
            c.d = rLanes[4 * r + 2] + steps * gStride[4 * g + 2];
            c.o = rLanes[4 * r + 3] + steps * gStride[4 * g + 3];
        } else {
            int v = 4 * (rVar[r] + i - rFirst[r]);
            c.s = vLanes[v];
            c.j = vLanes[v + 1];
            c.d = vLanes[v + 2];
            c.o = vLanes[v + 3];
        }
    }

    @Override
    public int add(Checkpoint c) {
        if (groupCount == gFrames.length) {
            gFrames = Arrays.copyOf(gFrames, groupCount * 2);
            gScanner = Arrays.copyOf(gScanner, groupCount * 2);
            gStride = Arrays.copyOf(gStride, groupCount * 8);
        }
        int g = groupCount++;
        gFrames[g] = Arrays.copyOf(c.frames, c.framesLength);
        gScanner[g] = Arrays.copyOf(c.scanner, c.scannerLength);
        gStride[4 * g] = c.strideS;
        gStride[4 * g + 1] = c.strideJ;
        gStride[4 * g + 2] = c.strideD;
        gStride[4 * g + 3] = c.strideO;
        addLight(g, c.offset, c.topIndex(), c.s, c.j, c.d, c.o);
        return g;
    }

    @Override
    public void addLight(int g, int offset, int index, int s, int j, int d, int o) {
        if (count == dOffset.length) {
            dOffset = Arrays.copyOf(dOffset, count * 2);
            dIndex = Arrays.copyOf(dIndex, count * 2);
        }
        int i = count;
        boolean variable = gStride[4 * g] < 0;
        int r = runCount - 1;
        boolean newRun = true;
        if (r >= 0 && rGroup[r] == g && i - rFirst[r] < RUN) {
            seek(i - 1);
            int dOff = offset - lastOffset;
            int dIdx = index - lastIndex;
            if (dOff >= 0 && dOff <= Character.MAX_VALUE && dIdx >= 0 && dIdx <= 255) {
                dOffset[i] = (char) dOff;
                dIndex[i] = (byte) dIdx;
                newRun = false;
            }
        }
        if (newRun) {
            if (runCount == rFirst.length) {
                int n = runCount * 2;
                rFirst = Arrays.copyOf(rFirst, n);
                rGroup = Arrays.copyOf(rGroup, n);
                rOffset = Arrays.copyOf(rOffset, n);
                rIndex = Arrays.copyOf(rIndex, n);
                rLanes = Arrays.copyOf(rLanes, 4 * n);
                rVar = Arrays.copyOf(rVar, n);
            }
            r = runCount++;
            rFirst[r] = i;
            rGroup[r] = g;
            rOffset[r] = offset;
            rIndex[r] = index;
            rLanes[4 * r] = s;
            rLanes[4 * r + 1] = j;
            rLanes[4 * r + 2] = d;
            rLanes[4 * r + 3] = o;
            rVar[r] = variable ? vCount : -1;
            dOffset[i] = 0;
            dIndex[i] = 0;
        }
        if (variable) {
            if (4 * (vCount + 1) > vLanes.length) {
                vLanes = Arrays.copyOf(vLanes, Math.max(64, vLanes.length * 2));
            }
            vLanes[4 * vCount] = s;
            vLanes[4 * vCount + 1] = j;
            vLanes[4 * vCount + 2] = d;
            vLanes[4 * vCount + 3] = o;
            vCount++;
        }
        count = i + 1;
        lastI = i;
        lastRun = r;
        lastOffset = offset;
        lastIndex = index;
    }

    @Override
    public void clear() {
        Arrays.fill(gFrames, 0, groupCount, null);
        Arrays.fill(gScanner, 0, groupCount, null);
        groupCount = 0;
        count = 0;
        runCount = 0;
        vCount = 0;
        lastI = -1;
    }

    /** Groups in the log. */
    int groups() {
        return groupCount;
    }

    @Override
    public long checkpointBytes() {
        long b = 3L * count + 36L * runCount + 16L * vCount;
        for (int g = 0; g < groupCount; g++) {
            b += 2 * FullLog.HEADER + 4L * (gFrames[g].length + gScanner[g].length) + 16 + 8;
        }
        return b;
    }

    @Override
    public long retainedBytes() {
        return checkpointBytes() + 3L * (dOffset.length - count) + 36L * (rFirst.length - runCount)
                + 4L * (vLanes.length - 4L * vCount) + 24L * gFrames.length;
    }
}
