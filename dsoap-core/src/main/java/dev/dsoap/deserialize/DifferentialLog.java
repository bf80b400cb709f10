package dev.dsoap.deserialize;

import dev.dsoap.checkpoint.CheckpointStrategy;

import java.util.Arrays;

/**
 * DCP: a checkpoint's state is the part above the longest prefix it shares with a base copy (its
 * "tracking pointer"), plus a reference to that base. States are laid out parser state first, then
 * frames, outermost first, so checkpoints inside the same element share nearly everything. A new base
 * is copied when less than half of the state would be shared; bases are reference-counted and their
 * bytes counted while referenced.
 *
 * <p>Not thread-safe.
 */
final class DifferentialLog extends CheckpointLog {
    private int count;
    private int[] offsets = new int[16];
    private int[] lanes = new int[64];
    /** Per checkpoint: base id, shared prefix length, frames length. */
    private int[] base = new int[16];
    private int[] shared = new int[16];
    private int[] framesLength = new int[16];
    private int[] scannerLength = new int[16];
    /** Per checkpoint: the state above the shared prefix. */
    private int[][] tops = new int[16][];
    /** Base copies with their reference counts. */
    private int[][] bases = new int[4][];
    private int[] refs = new int[4];
    private int baseCount;
    /** Scratch: the state being added. */
    private int[] vector = new int[64];
    private long bytes;

    @Override
    public CheckpointStrategy strategy() {
        return CheckpointStrategy.DIFFERENTIAL;
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
        int sl = scannerLength[i];
        int fl = framesLength[i];
        int[] v = vector(sl + fl);
        int sh = shared[i];
        System.arraycopy(bases[base[i]], 0, v, 0, sh);
        System.arraycopy(tops[i], 0, v, sh, sl + fl - sh);
        System.arraycopy(v, 0, c.scanner(sl), 0, sl);
        c.scannerLength = sl;
        System.arraycopy(v, sl, c.frames(fl), 0, fl);
        c.framesLength = fl;
        c.group = -1;
        c.index = c.frames[c.framesLength - 1];
    }

    private int[] vector(int n) {
        if (vector.length < n) {
            vector = new int[Math.max(n, vector.length * 2)];
        }
        return vector;
    }

    @Override
    public int add(Checkpoint c) {
        int sl = c.scannerLength;
        int fl = c.framesLength;
        int n = sl + fl;
        int[] v = vector(n);
        System.arraycopy(c.scanner, 0, v, 0, sl);
        System.arraycopy(c.frames, 0, v, sl, fl);
        int b = baseCount - 1;
        int sh = b < 0 ? 0 : Arrays.mismatch(bases[b], 0, bases[b].length, v, 0, n);
        if (sh < 0) {
            sh = n;
        }
        if (b < 0 || 2 * sh < n) {
            if (baseCount == bases.length) {
                bases = Arrays.copyOf(bases, baseCount * 2);
                refs = Arrays.copyOf(refs, baseCount * 2);
            }
            b = baseCount++;
            bases[b] = Arrays.copyOf(v, n);
            refs[b] = 0;
            bytes += FullLog.HEADER + 4L * n + 8;
            sh = n;
        }
        refs[b]++;
        if (count == offsets.length) {
            int size = count * 2;
            offsets = Arrays.copyOf(offsets, size);
            lanes = Arrays.copyOf(lanes, 4 * size);
            base = Arrays.copyOf(base, size);
            shared = Arrays.copyOf(shared, size);
            framesLength = Arrays.copyOf(framesLength, size);
            scannerLength = Arrays.copyOf(scannerLength, size);
            tops = Arrays.copyOf(tops, size);
        }
        int i = count++;
        offsets[i] = c.offset;
        lanes[4 * i] = c.s;
        lanes[4 * i + 1] = c.j;
        lanes[4 * i + 2] = c.d;
        lanes[4 * i + 3] = c.o;
        base[i] = b;
        shared[i] = sh;
        framesLength[i] = fl;
        scannerLength[i] = sl;
        tops[i] = Arrays.copyOfRange(v, sh, n);
        bytes += 4 + 16 + 16 + FullLog.HEADER + 4L * (n - sh) + 8;
        return -1;
    }

    @Override
    public void clear() {
        // destroying the checkpoints releases their bases
        for (int i = 0; i < count; i++) {
            if (--refs[base[i]] == 0) {
                bases[base[i]] = null;
            }
        }
        Arrays.fill(tops, 0, count, null);
        count = 0;
        baseCount = 0;
        bytes = 0;
    }

    @Override
    public long checkpointBytes() {
        return bytes;
    }

    @Override
    public long retainedBytes() {
        return bytes + 48L * offsets.length + 4L * vector.length;
    }
}
