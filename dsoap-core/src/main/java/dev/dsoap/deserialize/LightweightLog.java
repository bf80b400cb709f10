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

    /** Lane lengths read while carrying checkpoints over. */
    private final Checkpoint scratch = new Checkpoint();

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
        int r;
        int k;
        int off;
        int idx;
        if (lastI >= 0 && i > lastI && i < (lastRun + 1 < runCount ? rFirst[lastRun + 1] : count)) {
            // further on in the same run: go on from the last one decoded
            r = lastRun;
            k = lastI;
            off = lastOffset;
            idx = lastIndex;
        } else {
            r = lastI >= 0 && i >= rFirst[lastRun] && i < lastI ? lastRun : run(i);
            k = rFirst[r];
            off = rOffset[r];
            idx = rIndex[r];
        }
        for (k++; k <= i; k++) {
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
        return floorIn(0, runCount - 1, -1, offset);
    }

    /**
     * The last checkpoint at or before {@code offset}, whose run is one of {@code lo..hi} (the first of them starting
     * at or before it); decoding starts at checkpoint {@code from} when that is in the run found and already decoded
     * ({@link #lastI}), else at the run's head.
     */
    private int floorIn(int lo, int hi, int from, int offset) {
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
        if (from > i && from == lastI && lo == lastRun) {
            i = from; // go on from checkpoint from, already decoded
            off = lastOffset;
        }
        while (i + 1 < end && off + dOffset[i + 1] <= offset) {
            i++;
            off += dOffset[i];
        }
        return i;
    }

    @Override
    public int floor(int offset, int from) {
        if (from < 0 || from >= count) {
            return floor(offset);
        }
        seek(from);
        if (lastOffset > offset) {
            return floor(offset);
        }
        // gallop over the runs from checkpoint from's, then search between the last two probes
        int lo = lastRun;
        int step = 1;
        int hi = lo + step;
        while (hi < runCount && rOffset[hi] <= offset) {
            lo = hi;
            step <<= 1;
            hi = lo + step;
        }
        return floorIn(lo, Math.min(hi, runCount) - 1, from, offset);
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
            r = newRun();
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

    /**
     * The last checkpoint of the run holding checkpoint {@code i}: checkpoints {@code i} to it share a group and
     * are carried over together by {@link #appendShifted}.
     */
    int runEnd(int i) {
        seek(i);
        return lastRun + 1 < runCount ? rFirst[lastRun + 1] - 1 : count - 1;
    }

    /**
     * Appends checkpoints {@code from..to} of {@code src} (all in one of its runs) to this log as a run of group
     * {@code g}, their offsets shifted by {@code delta} and their lane lengths by {@code ds}, {@code dj}, {@code dd},
     * {@code dobj}: what {@link #addLight} would append one by one, at the cost of one run's head and two array
     * copies. Group {@code g} must have the stride of the source group.
     */
    void appendShifted(LightweightLog src, int from, int to, int g, int delta, int ds, int dj, int dd, int dobj) {
        int n = to - from + 1;
        if (count + n > dOffset.length) {
            int cap = Math.max(count + n, dOffset.length * 2);
            dOffset = Arrays.copyOf(dOffset, cap);
            dIndex = Arrays.copyOf(dIndex, cap);
        }
        src.seek(from);
        int sr = src.lastRun;
        boolean variable = src.rVar[sr] >= 0;
        int r = runCount - 1;
        int i = count;
        int room = r >= 0 && rGroup[r] == g ? RUN - (i - rFirst[r]) : 0;
        int k = 0;
        if (room > 0) {
            // continue this log's last run, as addLight would, while it has room
            int off = src.lastOffset + delta;
            int idx = src.lastIndex;
            seek(i - 1);
            int dOff = off - lastOffset;
            int dIdx = idx - lastIndex;
            if (dOff >= 0 && dOff <= Character.MAX_VALUE && dIdx >= 0 && dIdx <= 255) {
                k = Math.min(room, n);
                dOffset[i] = (char) dOff;
                dIndex[i] = (byte) dIdx;
                System.arraycopy(src.dOffset, from + 1, dOffset, i + 1, k - 1);
                System.arraycopy(src.dIndex, from + 1, dIndex, i + 1, k - 1);
            }
        }
        if (k < n) {
            // the rest as a run of its own, headed by absolute values
            int head = from + k;
            src.seek(head);
            r = newRun();
            int at = i + k;
            rFirst[r] = at;
            rGroup[r] = g;
            rOffset[r] = src.lastOffset + delta;
            rIndex[r] = src.lastIndex;
            Checkpoint c = scratch;
            src.lanes(sr, head, src.lastIndex, c);
            rLanes[4 * r] = c.s + ds;
            rLanes[4 * r + 1] = c.j + dj;
            rLanes[4 * r + 2] = c.d + dd;
            rLanes[4 * r + 3] = c.o + dobj;
            rVar[r] = variable ? vCount + k : -1;
            dOffset[at] = 0;
            dIndex[at] = 0;
            System.arraycopy(src.dOffset, head + 1, dOffset, at + 1, n - k - 1);
            System.arraycopy(src.dIndex, head + 1, dIndex, at + 1, n - k - 1);
        }
        if (variable) {
            if (4 * (vCount + n) > vLanes.length) {
                vLanes = Arrays.copyOf(vLanes, Math.max(4 * (vCount + n), Math.max(64, vLanes.length * 2)));
            }
            int v = 4 * (src.rVar[sr] + from - src.rFirst[sr]);
            for (int q = 0; q < n; q++, v += 4) {
                vLanes[4 * vCount] = src.vLanes[v] + ds;
                vLanes[4 * vCount + 1] = src.vLanes[v + 1] + dj;
                vLanes[4 * vCount + 2] = src.vLanes[v + 2] + dd;
                vLanes[4 * vCount + 3] = src.vLanes[v + 3] + dobj;
                vCount++;
            }
        }
        src.seek(to);
        count = i + n;
        lastI = count - 1;
        lastRun = runCount - 1;
        lastOffset = src.lastOffset + delta;
        lastIndex = src.lastIndex;
    }

    /** A new run's index, the run arrays grown when full. */
    private int newRun() {
        if (runCount == rFirst.length) {
            resizeRuns(runCount * 2);
        }
        return runCount++;
    }

    /** Gives the run arrays room for {@code m} runs. */
    private void resizeRuns(int m) {
        rFirst = Arrays.copyOf(rFirst, m);
        rGroup = Arrays.copyOf(rGroup, m);
        rOffset = Arrays.copyOf(rOffset, m);
        rIndex = Arrays.copyOf(rIndex, m);
        rLanes = Arrays.copyOf(rLanes, 4 * m);
        rVar = Arrays.copyOf(rVar, m);
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
    void fit() {
        if (dOffset.length > count + (count >> 6) + 64) {
            int n = Math.max(64, count);
            dOffset = Arrays.copyOf(dOffset, n);
            dIndex = Arrays.copyOf(dIndex, n);
        }
        if (rFirst.length > runCount + (runCount >> 6) + 8) {
            resizeRuns(Math.max(8, runCount));
        }
        if (vLanes.length > 4 * (vCount + (vCount >> 4)) + 64) {
            vLanes = Arrays.copyOf(vLanes, 4 * vCount);
        }
    }

    @Override
    public long retainedBytes() {
        return checkpointBytes() + 3L * (dOffset.length - count) + 36L * (rFirst.length - runCount)
                + 4L * (vLanes.length - 4L * vCount) + 24L * gFrames.length;
    }
}
