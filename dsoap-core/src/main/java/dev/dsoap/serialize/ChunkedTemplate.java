package dev.dsoap.serialize;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A serialized message kept for reuse: its bytes in noncontiguous chunks, and bSOAP's Data Update
 * Tracking (DUT) table with one row ("slot") per value and per structural marker, in document order.
 *
 * <h2>Slots</h2>
 * A {@link #LEAF} slot is one value. Its region starts at {@link #offset} in chunk {@link #chunkOf} and
 * holds the value ({@link #length} bytes), the node's closing bytes ({@code </v>} or {@code "}) and
 * whitespace padding up to the field width: {@code [value][closer][pad]}, {@link #width} {@code >=}
 * {@link #length}, region length {@code width + closeLen}. Padding after the closer is legal XML and never
 * changes a value; it is how stuffing and closing-tag shifts work. A {@link #START}/{@link #END} marker
 * slot holds no bytes: it records where a repeated, optional or nillable node begins and ends, and
 * {@link #bits} of a START holds its structure (an array's item count, or a presence state).
 * Each slot also keeps the previous value behind it ({@link #bits} for primitives, {@link #ref} for
 * objects) so new values can be compared without the programmer's help.
 *
 * <h2>What a slot costs</h2>
 * Each column of the table is as narrow as its values allow ({@link PackedInts}): the chunk id (1 byte while
 * there are fewer than 256 ids), the offset in the chunk (2 bytes in chunks under 64 KiB), the value's length and the
 * padding (1 byte each for values and fields under 256 bytes), the node and kind (1 byte in plans of fewer than 64
 * nodes), and the kept bits (8 bytes): 14 bytes a value beside the message, where plain int columns took 33. The
 * column of kept objects exists only once a slot keeps one (a string, a tracked array). The length is kept rather
 * than read back from the bytes (up to the closer): reading it back on every changed value measured slower.
 *
 * <h2>Chunks</h2>
 * Chunks are identified by stable ids and kept in document order; a chunk holds at most
 * {@code chunkSize} bytes when written, with {@code endSlack} spare bytes. Every change that moves bytes
 * (a value outgrowing its field, an array changing length, a value becoming nil) is done by one mechanism:
 * the affected chunk range is replayed through a {@link Writer} into fresh chunks, which are then spliced
 * in; a replayed chunk above {@code splitThreshold} is split. Values that fit are written in place.
 *
 * <h2>Units and checks</h2>
 * Offsets, lengths, widths and sizes are in bytes; slots are indices into the DUT table, chunks are chunk
 * ids (not positions in the message). This is an internal of {@link DifferentialSerializer}, the only
 * user: methods trust their arguments (slot indices in range, a leaf where a leaf is meant) except where a
 * wrong call would corrupt the message rather than fail, which {@link #writeInPlace} and
 * {@link #patchInPlace} check.
 *
 * <p>Not thread-safe: one template belongs to one serializer stream.
 */
final class ChunkedTemplate {
    /** Slot kind: a value. */
    static final byte LEAF = 0;
    /** Slot kind: the start of a repeated, optional or nillable node. */
    static final byte START = 1;
    /** Slot kind: the end of the node opened by the matching START. */
    static final byte END = 2;

    private static final byte SPACE = ' ';
    /** Rows below which the DUT arrays (and the writer's) are never shrunk. */
    static final int SLOT_FLOOR = 256;
    /** Chunk ids below which the per-chunk arrays are never renumbered and shrunk. */
    private static final int CHUNK_ID_FLOOR = 16;

    /** Target content bytes per chunk when chunks are written. */
    private final int chunkSize;
    /** Spare bytes at the end of each new chunk, so small growth needs no new memory. */
    private final int endSlack;
    /** A replayed chunk whose content exceeds this is split into chunks of about {@code chunkSize}. */
    private final int splitThreshold;
    /** Closing-bytes length of each plan node, by node id: the middle part of a leaf region. */
    private final int[] closeLen;
    /** Opening-bytes length of each plan node, by node id: where a leaf's element starts. */
    private final int[] openLen;
    /**
     * The field width a first send gives a leaf of each plan node at least (its stuffing), by node id; 0 where
     * values are not stuffed. A leaf's fresh width is {@code max(length, stuffWidth[node])}.
     */
    private final int[] stuffWidth;
    /**
     * Excess padding: the sum over leaves of the bytes by which the field is wider than a first send would make
     * it ({@link #excessOf}); what a message carries beyond a fresh serialization of the same values.
     */
    private long excess;

    /** Chunk bytes by chunk id. */
    private byte[][] buf = new byte[8][];
    /** Used bytes by chunk id. */
    private int[] used = new int[8];
    /** Position in {@link #order} by chunk id. */
    private int[] orderPos = new int[8];
    /** Chunk ids handed out so far. */
    private int idCount;
    /** Chunk ids released for reuse. */
    private int[] freeIds = new int[8];
    private int freeIdCount;
    /** Chunk ids in document order. */
    private int[] order = new int[8];
    private int orderLen;
    /** Bumped whenever the chunk list changes, so cached views can be rebuilt. */
    private int layoutVersion;

    /** Number of slots. */
    private int slotCount;
    /** Chunk id of each slot. */
    private PackedInts slotChunk = new PackedInts(16);
    /** Offset in its chunk of each slot: where a leaf's value starts, where a marker stands. */
    private PackedInts slotOff = new PackedInts(16);
    /** Length of each leaf's value (0 for a marker). */
    private PackedInts slotLen = new PackedInts(16);
    /** Padding of each leaf: its field width less its value's length (0 for a marker). */
    private PackedInts slotPad = new PackedInts(16);
    /** Plan node id and kind of each slot: {@code node << 2 | kind}. */
    private PackedInts slotNode = new PackedInts(16);
    /** Kept raw bits of each slot (a primitive's value, a START's structure). */
    private long[] slotBits = new long[16];
    /** Kept object of each slot; null while no slot of the table has kept one (no column for primitive-only messages). */
    private Object[] slotRef;

    /**
     * Retired chunk buffers for reuse: up to as many as the message has chunks (at least 4), so that a
     * fresh serialization after the first reuses the buffers of the one before; counted in
     * {@link #retainedBytes()}.
     */
    private byte[][] pool = new byte[4][];
    /**
     * {@code pool[i].length}, kept beside the buffers so that a search reads one small array instead of the
     * header of every pooled buffer (which, after a large message has passed through the caches, costs a miss each).
     */
    private int[] poolLen = new int[4];
    private int poolCount;
    /** The sum of {@link #poolLen}. */
    private long poolBytes;

    /** The one writer of this template (replays and fresh writes); reused. */
    private final Writer writer = new Writer();

    private static final ByteBuffer[] NO_VIEWS = new ByteBuffer[0];

    /** Read-only views of the chunks, in order, for {@link #buffers()}; valid while {@link #viewsVersion} is current. */
    private ByteBuffer[] views = NO_VIEWS;
    private int viewsVersion = -1;

    /**
     * @param chunkSize      target content bytes per chunk (>= 64)
     * @param endSlack       spare bytes left at the end of each chunk (>= 0)
     * @param splitThreshold content size above which a rebuilt chunk is split (>= chunkSize)
     * @param openLen        opening-bytes length per plan node id
     * @param closeLen       closing-bytes length per plan node id
     * @param stuffWidth     the least field width a first send gives each plan node's leaves (0: not stuffed)
     */
    ChunkedTemplate(int chunkSize, int endSlack, int splitThreshold, int[] openLen, int[] closeLen, int[] stuffWidth) {
        if (chunkSize < 64 || endSlack < 0 || splitThreshold < chunkSize) {
            throw new IllegalArgumentException("chunkSize " + chunkSize + " (>= 64), endSlack " + endSlack
                    + " (>= 0), splitThreshold " + splitThreshold + " (>= chunkSize)");
        }
        this.chunkSize = chunkSize;
        this.endSlack = endSlack;
        this.splitThreshold = splitThreshold;
        this.openLen = openLen.clone();
        this.closeLen = closeLen.clone();
        this.stuffWidth = stuffWidth.clone();
    }

    // ---------------------------------------------------------------- reading

    /** Whether the template holds a message. */
    boolean isEmpty() {
        return orderLen == 0;
    }

    int slotCount() {
        return slotCount;
    }

    byte kind(int slot) {
        return (byte) (slotNode.get(slot) & 3);
    }

    int node(int slot) {
        return slotNode.get(slot) >>> 2;
    }

    int chunkOf(int slot) {
        return slotChunk.get(slot);
    }

    int offset(int slot) {
        return slotOff.get(slot);
    }

    /** The length of leaf {@code slot}'s value (0 for a marker). */
    int length(int slot) {
        return slotLen.get(slot);
    }

    /** The field width of leaf {@code slot}: its value's length and its padding. */
    int width(int slot) {
        return length(slot) + slotPad.get(slot);
    }

    long bits(int slot) {
        return slotBits[slot];
    }

    /**
     * The first bytes of leaf {@code slot}'s value and of its closer, summed, read only so that their cache lines are on
     * their way: a caller that reads the fields of many slots it will write, one after another with nothing depending
     * on each read, has their lines fetched from memory at once rather than one wait at a time
     * ({@link DifferentialSerializer}'s changed doubles). The closer is where a value of another width moves bytes
     * first; a field of some 20 to 30 bytes crosses a 64-byte line about a third of the time, and touching the value's
     * line alone left those waits to the write (100K doubles, 10 % scattered, values of every width, caches emptied
     * between messages: FeedSerializeBench 1.43 ms before, 1.38 ms after, three alternating runs).
     */
    int touch(int slot) {
        byte[] b = buf[slotChunk.get(slot)];
        int o = slotOff.get(slot);
        return b[o] + b[o + slotLen.get(slot)];
    }

    Object ref(int slot) {
        Object[] r = slotRef;
        return r == null ? null : r[slot];
    }

    /**
     * The first slot in {@code [from, from + n)} whose kept bits differ from the raw bits of
     * {@code values[i - from + valuesFrom]}, or {@code from + n} if none: the content-match scan of a
     * {@code double[]}.
     */
    int mismatchDoubles(int from, double[] values, int valuesFrom, int n) {
        long[] bits = slotBits;
        int d = valuesFrom - from;
        int end = from + n;
        for (int s = from; s < end; s++) {
            if (Double.doubleToRawLongBits(values[s + d]) != bits[s]) {
                return s;
            }
        }
        return end;
    }

    /** As {@link #mismatchDoubles} for an {@code int[]}. */
    int mismatchInts(int from, int[] values, int valuesFrom, int n) {
        long[] bits = slotBits;
        int d = valuesFrom - from;
        int end = from + n;
        for (int s = from; s < end; s++) {
            if (values[s + d] != bits[s]) {
                return s;
            }
        }
        return end;
    }

    void setBits(int slot, long v) {
        slotBits[slot] = v;
    }

    void setRef(int slot, Object v) {
        if (slotRef == null) {
            if (v == null) {
                return;
            }
            slotRef = new Object[slotBits.length];
        }
        slotRef[slot] = v;
    }

    /** The number of chunks. */
    int chunkCount() {
        return orderLen;
    }

    /** Message length in bytes. */
    long messageLength() {
        long n = 0;
        for (int i = 0; i < orderLen; i++) {
            n += used[order[i]];
        }
        return n;
    }

    /**
     * Bytes this template holds on the heap, every array by its capacity ({@link HeapSize}): the chunk buffers,
     * the pooled buffers, the DUT arrays, the per-chunk arrays, the output views and the writer's arrays. Values
     * referenced by {@link #ref} slots are counted by the caller, who knows them.
     */
    long retainedBytes() {
        long n = HeapSize.of(buf) + HeapSize.of(used) + HeapSize.of(orderPos) + HeapSize.of(freeIds)
                + HeapSize.of(order) + HeapSize.of(splitIds) + HeapSize.of(openLen) + HeapSize.of(closeLen)
                + HeapSize.of(stuffWidth);
        for (int i = 0; i < orderLen; i++) {
            n += HeapSize.of(buf[order[i]]);
        }
        n += HeapSize.of(pool) + HeapSize.of(poolLen);
        for (int i = 0; i < poolCount; i++) {
            n += HeapSize.of(pool[i]);
        }
        n += slotChunk.heapBytes() + slotOff.heapBytes() + slotLen.heapBytes() + slotPad.heapBytes() + slotNode.heapBytes()
                + HeapSize.of(slotBits) + HeapSize.of(slotRef);
        n += HeapSize.of(views) + (long) countViews() * HeapSize.BYTE_BUFFER;
        n += writer.retainedBytes();
        return n;
    }

    private int countViews() {
        int k = 0;
        for (ByteBuffer v : views) {
            k += v != null ? 1 : 0;
        }
        return k;
    }

    /** Bytes by which the message is longer than a first send of the same values would be: padding past the stuffing. */
    long excessPadding() {
        return excess;
    }

    /** The padding of a field {@code width} wide holding {@code len} bytes beyond a fresh field's ({@code stuff} wide at least). */
    static int excessOf(int width, int len, int stuff) {
        int fresh = Math.max(len, stuff);
        return width > fresh ? width - fresh : 0;
    }

    private int excessAt(int slot) {
        int pad = slotPad.get(slot);
        int sw = stuffWidth[slotNode.get(slot) >>> 2];
        if (sw == 0) {
            return pad;
        }
        int len = length(slot);
        return excessOf(len + pad, len, sw);
    }

    /** Writes the message. */
    void writeTo(OutputStream out) throws IOException {
        writeTo(out, -1, null, null, 0);
    }

    /** Writes the message with {@code insert} placed before byte {@code at} of it (at most its length). */
    void writeTo(OutputStream out, long at, byte[] insert) throws IOException {
        writeTo(out, at, insert, null, 0);
    }

    /**
     * Writes the message, with {@code insert} placed before byte {@code at} of it when {@code insert} is not
     * {@code null}, gathering its pieces in {@code stage[0, cap)} and writing a stageful at a time (a piece at least
     * {@code cap} long goes out as it is). A transport pays for every write (a chunk header, a system call, a packet
     * on its way to the peer); the template's chunks are far shorter than what it takes at once. With {@code stage}
     * {@code null}, the pieces are written one by one.
     */
    void writeTo(OutputStream out, long at, byte[] insert, byte[] stage, int cap) throws IOException {
        int staged = 0;
        long p = 0;
        boolean done = insert == null;
        for (int i = 0; i < orderLen; i++) {
            int c = order[i];
            int n = used[c];
            if (!done && at <= p + n) {
                int k = (int) (at - p);
                staged = put(out, stage, cap, staged, buf[c], 0, k);
                staged = put(out, stage, cap, staged, insert, 0, insert.length);
                staged = put(out, stage, cap, staged, buf[c], k, n - k);
                done = true;
            } else {
                staged = put(out, stage, cap, staged, buf[c], 0, n);
            }
            p += n;
        }
        if (!done) {
            staged = put(out, stage, cap, staged, insert, 0, insert.length);
        }
        if (staged > 0) {
            out.write(stage, 0, staged);
        }
    }

    /** Writes or stages {@code b[off, off + len)} after {@code staged} bytes of {@code stage}; returns the bytes staged. */
    private static int put(OutputStream out, byte[] stage, int cap, int staged, byte[] b, int off, int len)
            throws IOException {
        if (len == 0) {
            return staged;
        }
        if (stage == null) {
            out.write(b, off, len);
            return 0;
        }
        if (staged + len > cap) {
            if (staged > 0) {
                out.write(stage, 0, staged);
                staged = 0;
            }
            if (len >= cap) {
                out.write(b, off, len);
                return 0;
            }
        }
        System.arraycopy(b, off, stage, staged, len);
        return staged + len;
    }

    /**
     * The chunks as read-only buffers for a gathering write, valid until the template next changes. The
     * array and its buffers are reused: each call resets their positions.
     */
    ByteBuffer[] buffers() {
        if (viewsVersion != layoutVersion || views.length != orderLen) {
            views = new ByteBuffer[orderLen];
            for (int i = 0; i < orderLen; i++) {
                int c = order[i];
                views[i] = ByteBuffer.wrap(buf[c], 0, used[c]).asReadOnlyBuffer();
            }
            viewsVersion = layoutVersion;
        } else {
            for (int i = 0; i < orderLen; i++) {
                int c = order[i];
                views[i].limit(used[c]).position(0);
            }
        }
        return views;
    }

    /** A copy of the whole message, for tests and diagnostics. */
    byte[] toByteArray() {
        byte[] out = new byte[Math.toIntExact(messageLength())];
        int p = 0;
        for (int i = 0; i < orderLen; i++) {
            int c = order[i];
            System.arraycopy(buf[c], 0, out, p, used[c]);
            p += used[c];
        }
        return out;
    }

    /**
     * Drops the message, the DUT and the pooled buffers, and shrinks every array back to its floor, freeing their
     * memory; keeps the configuration.
     */
    void clear() {
        for (int i = 0; i < orderLen; i++) {
            release(order[i]);
        }
        Arrays.fill(pool, 0, poolCount, null);
        poolCount = 0;
        poolBytes = 0;
        orderLen = 0;
        slotRef = null;
        slotCount = 0;
        excess = 0;
        layoutVersion++;
        trim(false);
    }

    /**
     * Gives back memory a past, larger message left behind, once a message is complete: DUT columns more than
     * 1/32 longer than the table needs (and longer than {@value #SLOT_FLOOR} rows), cut to within 1/64 of it, and
     * columns a value once widened narrowed again when their rows allow ({@link PackedInts#narrow}); chunk ids more than twice the chunks (renumbered); output views of a layout that is gone (they would pin
     * old chunk buffers). What only a first send needs, the writer's rows for a whole table and a pooled buffer
     * for every chunk, is kept only when {@code freshNext} (the next message is to be written afresh); otherwise
     * the pool keeps 2 buffers and the writer {@value #SLOT_FLOOR} rows, enough for the rebuilds of a
     * differential message. Cheap when there is nothing to give back. Not to be called while a writer run is open.
     */
    void trim(boolean freshNext) {
        // a rebuild takes one pooled buffer and gives its old one back: 2 serve a differential message's rebuilds
        int keep = freshNext ? Math.max(4, orderLen) : 2;
        // and never more spare bytes than half the message: a small message's template would otherwise keep four
        // chunk-sized buffers beside its one chunk (a rebuild then allocates its buffer, as the first one did)
        long spare = freshNext ? Long.MAX_VALUE : messageLength() / 2;
        while (poolCount > keep || poolCount > 0 && poolBytes > spare) {
            poolCount--;
            poolBytes -= poolLen[poolCount];
            pool[poolCount] = null;
        }
        if (pool.length > 2 * keep && pool.length > 8) {
            pool = Arrays.copyOf(pool, keep);
            poolLen = Arrays.copyOf(poolLen, keep);
        }
        if (viewsVersion != layoutVersion && views.length > 0) {
            views = NO_VIEWS;
        }
        int rows = slotCount + (slotCount >> 1);
        int cap = slotBits.length;
        // a table a first send grew by halves may have half again its rows: cut it to within 1/64 of them, so that
        // unused rows cost at most about 3 % of the table
        if (cap > SLOT_FLOOR && cap > slotCount + (slotCount >> 5) + 16) {
            resizeSlots(Math.max(SLOT_FLOOR, slotCount + (slotCount >> 6)));
        } else {
            slotChunk.narrow(slotCount);
            slotOff.narrow(slotCount);
            slotLen.narrow(slotCount);
            slotPad.narrow(slotCount);
            slotNode.narrow(slotCount);
        }
        writer.trim(freshNext ? slotCount : 0, rows);
        if (idCount > CHUNK_ID_FLOOR && idCount > 2 * orderLen) {
            renumberChunks();
        }
        if (splitIds.length > CHUNK_ID_FLOOR && splitIds.length > 2 * orderLen) {
            splitIds = new int[8];
        }
    }

    /** Gives the live chunks ids {@code 0..orderLen-1} (document order) and shrinks the per-chunk arrays to fit. */
    private void renumberChunks() {
        int n = orderLen;
        int cap = Math.max(8, n + (n >> 1));
        int[] map = new int[idCount];
        byte[][] nb = new byte[cap][];
        int[] nu = new int[cap];
        int[] np = new int[cap];
        int[] no = new int[cap];
        for (int i = 0; i < n; i++) {
            int c = order[i];
            map[c] = i;
            nb[i] = buf[c];
            nu[i] = used[c];
            np[i] = i;
            no[i] = i;
        }
        for (int s = 0; s < slotCount; s++) {
            slotChunk.set(s, map[slotChunk.get(s)]);
        }
        buf = nb;
        used = nu;
        orderPos = np;
        order = no;
        idCount = n;
        freeIds = new int[8];
        freeIdCount = 0;
        layoutVersion++;
        views = NO_VIEWS;
    }

    // ---------------------------------------------------------------- in-place writes

    /**
     * Overwrites leaf {@code slot}'s value with {@code v[vo, vo+n)}, which must fit its field width; moves
     * the closer and pads with spaces when the length changes (a closing-tag shift).
     */
    void writeInPlace(int slot, byte[] v, int vo, int n) {
        byte[] b = buf[slotChunk.get(slot)];
        int o = slotOff.get(slot);
        int node = slotNode.get(slot) >>> 2;
        int old = slotLen.get(slot);
        int w = old + slotPad.get(slot);
        if (n > w) {
            throw new IllegalStateException("slot " + slot + ": value needs " + n + " bytes, field width " + w);
        }
        if (n != old) {
            int cl = closeLen[node];
            if (!moveCloserByWords(b, o, old, n, w, cl)) {
                moveCloser(b, o, old, n, cl);
            }
            slotLen.set(slot, n);
            slotPad.set(slot, w - n);
            int sw = stuffWidth[node];
            excess += excessOf(w, n, sw) - excessOf(w, old, sw);
        }
        if (n >= Long.BYTES) {
            // a value is some 4 to 24 bytes: words, the last one ending with it, rather than a range copy's set-up
            int last = n - Long.BYTES;
            for (int k = 0; k < last; k += Long.BYTES) {
                LONGS.set(b, o + k, (long) LONGS.get(v, vo + k));
            }
            LONGS.set(b, o + last, (long) LONGS.get(v, vo + last));
        } else {
            System.arraycopy(v, vo, b, o, n);
        }
    }

    /**
     * Moves the closer of the field at {@code o} (width {@code w}, closer of {@code cl} bytes) from after a value of
     * {@code old} bytes to after one of {@code n}, and blanks what it leaves, in words: a closer of 8 to 16 bytes as
     * two words read first (its first eight bytes and its last eight, overlapping), a shorter one as one word whose
     * bytes past it are spaces (where the field has room for them); then words of spaces over the old closer's place.
     * False (nothing written) for a closer longer than 16 bytes, or a short one with no room for its word: {@link
     * #moveCloser} does it then. The field's bytes from the closer on are the closer and then spaces, so a word of spaces
     * anywhere past the new closer and within the field leaves it as it is to be. Writing 100K doubles, a tenth changed
     * to values of other widths, a sampling profile put a sixth of the write on the byte loops (their lengths and
     * directions taken at random); in words the write measured 1 to 4 % faster (FeedSerializeBench, 2026-12-03), the
     * rest of that sixth being the wait for the field's bytes, which moved to the words' loads.
     */
    private static boolean moveCloserByWords(byte[] b, int o, int old, int n, int w, int cl) {
        int fieldEnd = o + w + cl;
        int from = o + old;
        int to = o + n;
        if (cl >= Long.BYTES && cl <= 2 * Long.BYTES) {
            long head = (long) LONGS.get(b, from);
            long tail = (long) LONGS.get(b, from + cl - Long.BYTES);
            LONGS.set(b, to, head);
            LONGS.set(b, to + cl - Long.BYTES, tail);
        } else if (cl < Long.BYTES && to + Long.BYTES <= fieldEnd && from + Long.BYTES <= b.length) {
            long keep = (1L << (8 * cl)) - 1;
            LONGS.set(b, to, ((long) LONGS.get(b, from) & keep) | (SPACES & ~keep));
        } else {
            return false;
        }
        // a shorter value: the old closer's place past the new closer becomes spaces
        int blankFrom = to + cl;
        int blankTo = from + cl;
        if (blankTo - blankFrom >= Long.BYTES) {
            for (int p = blankFrom; p < blankTo - Long.BYTES; p += Long.BYTES) {
                LONGS.set(b, p, SPACES);
            }
            LONGS.set(b, blankTo - Long.BYTES, SPACES);
        } else if (blankFrom < blankTo) {
            if (blankFrom + Long.BYTES <= fieldEnd) {
                LONGS.set(b, blankFrom, SPACES);
            } else {
                Arrays.fill(b, blankFrom, blankTo, SPACE);
            }
        }
        return true;
    }

    /** As {@link #moveCloserByWords}, a byte at a time. */
    private static void moveCloser(byte[] b, int o, int old, int n, int cl) {
        if (n < old) {
            for (int k = 0; k < cl; k++) {
                b[o + n + k] = b[o + old + k];
            }
            for (int k = o + n + cl, end = o + old + cl; k < end; k++) {
                b[k] = SPACE;
            }
        } else {
            for (int k = cl - 1; k >= 0; k--) {
                b[o + n + k] = b[o + old + k];
            }
        }
    }

    /** Eight spaces, as a little-endian word. */
    private static final long SPACES = 0x2020_2020_2020_2020L;
    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /**
     * Overwrites {@code n} bytes of leaf {@code slot}'s value from byte {@code at} of it with {@code v[vo..vo+n)},
     * leaving its length, the rest of its value and its closing tag as they are: a value whose encoding changes
     * only in places (base64's 4-character groups).
     *
     * @throws IllegalStateException if {@code [at, at + n)} is not within the value
     */
    void patchInPlace(int slot, int at, byte[] v, int vo, int n) {
        int len = length(slot);
        if (at < 0 || n < 0 || at + n > len) {
            throw new IllegalStateException("slot " + slot + ": bytes " + at + ".." + (at + n) + " are not within its "
                    + len + "-byte value");
        }
        System.arraycopy(v, vo, buf[slotChunk.get(slot)], slotOff.get(slot) + at, n);
    }

    /**
     * Stealing: widens leaf {@code slot} by taking padding from a leaf within {@code maxDistance} slots in
     * the same chunk, moving only the bytes between them. Looks right first when {@code rightFirst}, and
     * the other way when {@code bothWays}; stops at the first leaf with {@code need} spare bytes.
     *
     * @return the number of bytes moved, or {@code -1} when no neighbour could give {@code need} bytes
     */
    int steal(int slot, int need, int maxDistance, boolean rightFirst, boolean bothWays) {
        int moved = rightFirst ? stealRight(slot, need, maxDistance) : stealLeft(slot, need, maxDistance);
        if (moved < 0 && bothWays) {
            moved = rightFirst ? stealLeft(slot, need, maxDistance) : stealRight(slot, need, maxDistance);
        }
        return moved;
    }

    private int stealRight(int slot, int need, int maxDistance) {
        int c = slotChunk.get(slot);
        int last = Math.min(slotCount - 1, slot + maxDistance);
        for (int t = slot + 1; t <= last && slotChunk.get(t) == c; t++) {
            int kn = slotNode.get(t);
            int padT = slotPad.get(t);
            if ((kn & 3) == LEAF && padT >= need) {
                // move [end of slot's region, end of t's value+closer) right by need
                byte[] b = buf[c];
                int ns = slotNode.get(slot) >>> 2;
                int os = slotOff.get(slot);
                int lenS = slotLen.get(slot);
                int from = os + lenS + slotPad.get(slot) + closeLen[ns];
                int ot = slotOff.get(t);
                int nt = kn >>> 2;
                int lenT = slotLen.get(t);
                int to = ot + lenT + closeLen[nt];
                System.arraycopy(b, from, b, from + need, to - from);
                slotOff.addRange(slot + 1, t + 1, need);
                int swT = stuffWidth[nt];
                excess += excessOf(lenT + padT - need, lenT, swT) - excessOf(lenT + padT, lenT, swT);
                slotPad.set(t, padT - need);
                // the old closer of slot may now sit inside its widened field: the caller rewrites value+closer
                widenLeafBy(slot, b, from, lenS, need);
                return to - from;
            }
        }
        return -1;
    }

    private int stealLeft(int slot, int need, int maxDistance) {
        int c = slotChunk.get(slot);
        int first = Math.max(0, slot - maxDistance);
        for (int r = slot - 1; r >= first && slotChunk.get(r) == c; r--) {
            int kn = slotNode.get(r);
            int padR = slotPad.get(r);
            if ((kn & 3) == LEAF && padR >= need) {
                // move [end of r's region, start of slot's value) left by need into r's padding
                byte[] b = buf[c];
                int nr = kn >>> 2;
                int or = slotOff.get(r);
                int lenR = slotLen.get(r);
                int from = or + lenR + padR + closeLen[nr];
                int to = slotOff.get(slot);
                int ns = slotNode.get(slot) >>> 2;
                int lenS = slotLen.get(slot);
                int padS = slotPad.get(slot);
                System.arraycopy(b, from, b, from - need, to - from);
                slotOff.addRange(r + 1, slot + 1, -need);
                int swR = stuffWidth[nr];
                excess += excessOf(lenR + padR - need, lenR, swR) - excessOf(lenR + padR, lenR, swR);
                slotPad.set(r, padR - need);
                // slot's value+closer+pad region now starts need bytes earlier and is need bytes wider:
                // shift its current value+closer to the new start so the region stays well-formed
                int o = to - need;
                int cl = closeLen[ns];
                System.arraycopy(b, to, b, o, lenS + cl);
                Arrays.fill(b, o + lenS + cl, to + lenS + padS + cl, SPACE);
                int swS = stuffWidth[ns];
                excess += excessOf(lenS + padS + need, lenS, swS) - excessOf(lenS + padS, lenS, swS);
                slotPad.set(slot, padS + need);
                return to - from;
            }
        }
        return -1;
    }

    /**
     * After a right steal: leaf {@code slot}, whose {@code len}-byte value's region ended at {@code end} of chunk
     * bytes {@code b}, has {@code need} bytes of fresh room after that end.
     */
    private void widenLeafBy(int slot, byte[] b, int end, int len, int need) {
        Arrays.fill(b, end, end + need, SPACE);
        int pad = slotPad.get(slot);
        int sw = stuffWidth[slotNode.get(slot) >>> 2];
        excess += excessOf(len + pad + need, len, sw) - excessOf(len + pad, len, sw);
        slotPad.set(slot, pad + need);
    }

    // ---------------------------------------------------------------- positions

    /** Chunk id where the node of {@code slot} begins (its open tag, for a leaf). */
    private int startChunk(int slot) {
        return slotChunk.get(slot);
    }

    /** Offset in {@link #startChunk} where the node of {@code slot} begins. */
    private int startOffset(int slot) {
        int kn = slotNode.get(slot);
        int o = slotOff.get(slot);
        return (kn & 3) == LEAF ? o - openLen[kn >>> 2] : o;
    }

    // ---------------------------------------------------------------- rebuilds and splices

    /**
     * Starts writing a whole new message; {@link #commitAll()} replaces the current one with it. If the
     * writing fails, {@link #abandon()} drops the partial work and the current message stays as it was.
     */
    Writer beginFresh() {
        writer.begin(chunkSize);
        writer.ensureCapacity(slotCount);
        return writer;
    }

    /** Replaces the whole message with what the writer wrote since {@link #beginFresh()}. */
    void commitAll() {
        splice(0, orderLen, 0, slotCount);
    }

    /**
     * Compaction: rewrites the whole message with every field cut to the width a first send would give its value
     * (padding past the stuffing dropped), packing the bytes into chunks of about {@code chunkSize}. Values, slots
     * and kept values are unchanged; afterwards {@link #excessPadding()} is 0.
     *
     * @return the number of bytes written
     */
    long compact() {
        writer.begin(chunkSize);
        writer.ensureCapacity(slotCount);
        int s = 0;
        for (int i = 0; i < orderLen; i++) {
            int c = order[i];
            int e = slotChunk.runEnd(s, slotCount, c);
            replay(c, s, e, 0, used[c], true);
            s = e;
        }
        long n = writer.bytesWritten();
        splice(0, orderLen, 0, slotCount);
        return n;
    }

    /** Drops what the writer wrote since the last begin; the template is unchanged. */
    void abandon() {
        writer.abandon();
    }

    /**
     * Rewrites one chunk so that the given leaves, all in that chunk and in ascending slot order, hold the
     * new values {@code bytes[valOff[i], valOff[i]+valLen[i])} in fields {@code widths[i]} wide (at least their
     * length: wider than before for a value that outgrew its field, narrower for one whose padding is cut);
     * every other byte is kept. The bytes between the grown leaves are moved in bulk, and the other slots'
     * offsets fixed up; the chunk is split into chunks of about {@code chunkSize} if it grows past the split
     * threshold. Slot indices do not change.
     *
     * @return the number of bytes written
     */
    int rebuildChunk(int chunkId, int[] slots, int[] valOff, int[] valLen, int[] widths, byte[] bytes, int n) {
        int first = slotChunk.runStart(slots[0], chunkId);
        int end = slotChunk.runEnd(slots[n - 1] + 1, slotCount, chunkId);
        byte[] src = buf[chunkId];
        int oldUsed = used[chunkId];
        long total = oldUsed;
        for (int i = 0; i < n; i++) {
            total += widths[i] - width(slots[i]);
        }
        byte[] dst = takeBuffer(Math.toIntExact(total + endSlack));
        // a chunk about to be split: its offsets go to a scratch array (they may pass what the column holds; the
        // pieces' offsets will not), else straight to the column
        int[] split = total > splitThreshold ? new int[end - first] : null;
        int sp = 0;
        int dp = 0;
        int next = first;
        for (int k = 0; k < n; k++) {
            int s = slots[k];
            shift(split, first, next, s, dp - sp);
            next = s + 1;
            int o = slotOff.get(s);
            int node = slotNode.get(s) >>> 2;
            int cl = closeLen[node];
            int oldLen = slotLen.get(s);
            int oldWidth = oldLen + slotPad.get(s);
            int vl = valLen[k];
            int w = widths[k];
            int sw = stuffWidth[node];
            excess += excessOf(w, vl, sw) - excessOf(oldWidth, oldLen, sw);
            System.arraycopy(src, sp, dst, dp, o - sp);
            dp += o - sp;
            System.arraycopy(bytes, valOff[k], dst, dp, vl);
            System.arraycopy(src, o + oldLen, dst, dp + vl, cl);
            if (w > vl) {
                Arrays.fill(dst, dp + vl + cl, dp + w + cl, SPACE);
            }
            if (split != null) {
                split[s - first] = dp;
            } else {
                slotOff.set(s, dp);
            }
            slotLen.set(s, vl);
            slotPad.set(s, w - vl);
            dp += w + cl;
            sp = o + oldWidth + cl;
        }
        shift(split, first, next, end, dp - sp);
        System.arraycopy(src, sp, dst, dp, oldUsed - sp);
        dp += oldUsed - sp;
        giveBuffer(src);
        buf[chunkId] = dst;
        used[chunkId] = dp;
        if (split != null) {
            split(chunkId, first, end, split);
        }
        layoutVersion++;
        return dp;
    }

    /**
     * Moves the offsets of slots {@code [from, to)} by {@code d}: in the column, or into {@code split[s - first]} for
     * a chunk about to be split.
     */
    private void shift(int[] split, int first, int from, int to, int d) {
        if (split == null) {
            if (d != 0) {
                slotOff.addRange(from, to, d);
            }
        } else {
            for (int s = from; s < to; s++) {
                split[s - first] = slotOff.get(s) + d;
            }
        }
    }

    /**
     * Splits chunk {@code c}, holding slots {@code [first, end)} whose offsets in it are {@code off[s - first]}, into
     * chunks of about {@code chunkSize}.
     */
    private void split(int c, int first, int end, int[] off) {
        byte[] src = buf[c];
        int total = used[c];
        int pieces = 0;
        int[] ids = splitIds;
        int pieceStart = 0;
        int s = first;
        int cur = -1;
        while (pieceStart < total) {
            // the cut: the first node start at or after pieceStart + chunkSize, or the end
            int target = pieceStart + chunkSize;
            int cut = total;
            int t = s;
            while (t < end) {
                int kn = slotNode.get(t);
                int st = (kn & 3) == LEAF ? off[t - first] - openLen[kn >>> 2] : off[t - first];
                if (st >= target) {
                    cut = st;
                    break;
                }
                t++;
            }
            if (total - cut < chunkSize / 4) {
                cut = total;
                t = end;
            }
            int id = newChunk(cut - pieceStart + endSlack);
            System.arraycopy(src, pieceStart, buf[id], 0, cut - pieceStart);
            used[id] = cut - pieceStart;
            for (int i = s; i < t; i++) {
                slotChunk.set(i, id);
                slotOff.set(i, off[i - first] - pieceStart);
            }
            if (pieces == ids.length) {
                ids = splitIds = Arrays.copyOf(ids, pieces * 2);
            }
            ids[pieces++] = id;
            pieceStart = cut;
            s = t;
            cur = id;
        }
        for (int i = s; i < end; i++) {
            // markers exactly at the end belong to the last piece
            slotChunk.set(i, cur);
            slotOff.set(i, off[i - first] - pieceStart + used[cur]);
        }
        int pos = orderPos[c];
        release(c);
        int newLen = orderLen - 1 + pieces;
        if (newLen > order.length) {
            order = Arrays.copyOf(order, Math.max(newLen, order.length * 2));
        }
        System.arraycopy(order, pos + 1, order, pos + pieces, orderLen - pos - 1);
        System.arraycopy(ids, 0, order, pos, pieces);
        orderLen = newLen;
        for (int i = pos; i < orderLen; i++) {
            orderPos[order[i]] = i;
        }
    }

    private int[] splitIds = new int[8];

    /** A buffer of at least {@code capacity} bytes, from the pool when one fits. */
    private byte[] takeBuffer(int capacity) {
        int[] lens = poolLen;
        for (int i = poolCount - 1; i >= 0; i--) {
            int l = lens[i];
            if (l >= capacity && l <= capacity * 2) {
                byte[] b = pool[i];
                poolCount--;
                pool[i] = pool[poolCount];
                lens[i] = lens[poolCount];
                pool[poolCount] = null;
                poolBytes -= l;
                return b;
            }
        }
        return new byte[capacity];
    }

    private void giveBuffer(byte[] b) {
        if (poolCount < Math.max(4, orderLen) && b.length <= splitThreshold + endSlack) {
            if (poolCount == pool.length) {
                pool = Arrays.copyOf(pool, poolCount * 2);
                poolLen = Arrays.copyOf(poolLen, poolCount * 2);
            }
            pool[poolCount] = b;
            poolLen[poolCount++] = b.length;
            poolBytes += b.length;
        }
    }

    /**
     * Starts replacing the bytes from {@code (startChunk(fromSlot), startOffset(fromSlot))} up to
     * {@code (chunkOf(toSlot), offset(toSlot))} and the slots {@code [fromSlot, toSlot)}, where
     * {@code toSlot} is a marker that stays (e.g. an array's END). The caller writes the replacement
     * through the returned writer, then calls {@link #commitReplace()}; or {@link #abandon()}.
     * When {@code fromSlot == toSlot} this inserts before that marker.
     */
    Writer beginReplace(int fromSlot, int toSlot) {
        return beginReplaceAt(fromSlot, fromSlot == toSlot ? slotChunk.get(toSlot) : startChunk(fromSlot),
                fromSlot == toSlot ? slotOff.get(toSlot) : startOffset(fromSlot), toSlot);
    }

    /**
     * Like {@link #beginReplace} for a node whose first slot is {@code startSlot}, a START marker that is
     * itself replaced: bytes from its position up to the END marker {@code endSlot}, slots
     * {@code [startSlot, endSlot]}; the END marker is replaced too (the writer writes a new one).
     */
    Writer beginReplaceNode(int startSlot, int endSlot) {
        return beginReplaceAt(startSlot, slotChunk.get(startSlot), slotOff.get(startSlot), endSlot + 1,
                slotChunk.get(endSlot), slotOff.get(endSlot));
    }

    private int pendingHeadChunk;
    private int pendingTailChunk;
    private int pendingFromSlot;
    private int pendingToSlot;
    private int pendingTailSlotEnd;
    private int pendingTailOff;
    private int pendingFirstSlot;

    private Writer beginReplaceAt(int fromSlot, int headChunk, int headOff, int toSlot) {
        return beginReplaceAt(fromSlot, headChunk, headOff, toSlot, slotChunk.get(toSlot), slotOff.get(toSlot));
    }

    private Writer beginReplaceAt(int fromSlot, int headChunk, int headOff, int toSlot, int tailChunk, int tailOff) {
        int first = fromSlot > 0 ? slotChunk.runStart(fromSlot - 1, headChunk) : 0;
        writer.begin(chunkSize);
        replay(headChunk, first, fromSlot, 0, headOff, false);
        pendingHeadChunk = headChunk;
        pendingTailChunk = tailChunk;
        pendingFromSlot = fromSlot;
        pendingToSlot = toSlot;
        pendingTailOff = tailOff;
        pendingFirstSlot = first;
        int end = slotChunk.runEnd(toSlot, slotCount, tailChunk);
        pendingTailSlotEnd = end;
        writer.mark();
        return writer;
    }

    /** Finishes {@link #beginReplace}: appends the tail of the last chunk and splices. */
    void commitReplace() {
        replay(pendingTailChunk, pendingToSlot, pendingTailSlotEnd, pendingTailOff, used[pendingTailChunk], false);
        splice(orderPos[pendingHeadChunk], orderPos[pendingTailChunk] + 1, pendingFirstSlot, pendingTailSlotEnd);
    }

    /**
     * Copies chunk bytes {@code [from, to)} holding slots {@code [s0, s1)} into the writer, unchanged, or with
     * every field cut to its fresh width when {@code trimmed}.
     */
    private void replay(int c, int s0, int s1, int from, int to, boolean trimmed) {
        byte[] b = buf[c];
        int p = from;
        for (int s = s0; s < s1; s++) {
            int o = slotOff.get(s);
            int kn = slotNode.get(s);
            int node = kn >>> 2;
            if ((kn & 3) != LEAF) {
                writer.literal(b, p, o - p);
                writer.marker((byte) (kn & 3), node, slotBits[s], ref(s));
                p = o;
            } else {
                int cl = closeLen[node];
                int ol = openLen[node];
                writer.literal(b, p, o - ol - p);
                int len = slotLen.get(s);
                int oldWidth = len + slotPad.get(s);
                int width = oldWidth;
                if (trimmed) {
                    width = Math.min(width, Math.max(len, stuffWidth[node]));
                }
                writer.leaf(node, b, o - ol, ol, b, o, len, b, o + len, cl, width, slotBits[s], ref(s));
                p = o + oldWidth + cl;
            }
        }
        writer.literal(b, p, to - p);
    }

    /** Replaces chunks {@code order[o0, o1)} and slots {@code [s0, s1)} with what the writer wrote. */
    private void splice(int o0, int o1, int s0, int s1) {
        Writer w = writer;
        w.finish();
        // the replaced leaves' padding, read while their chunks are still there
        long removed = 0;
        if (s0 != 0 || s1 != slotCount) {
            for (int s = s0; s < s1; s++) {
                if ((slotNode.get(s) & 3) == LEAF) {
                    removed += excessAt(s);
                }
            }
        }
        // chunks
        for (int i = o0; i < o1; i++) {
            release(order[i]);
        }
        int nc = w.chunkCount;
        int newLen = orderLen - (o1 - o0) + nc;
        if (newLen > order.length) {
            order = Arrays.copyOf(order, Math.max(newLen, order.length * 2));
        }
        System.arraycopy(order, o1, order, o0 + nc, orderLen - o1);
        System.arraycopy(w.chunks, 0, order, o0, nc);
        orderLen = newLen;
        for (int i = o0; i < orderLen; i++) {
            orderPos[order[i]] = i;
        }
        // slots
        int ns = w.slots;
        if (s0 == 0 && s1 == slotCount) {
            swapSlotArrays(w);
            slotCount = ns;
            excess = w.excess;
            w.reset();
            layoutVersion++;
            return;
        }
        excess += w.excess - removed;
        int newCount = slotCount - (s1 - s0) + ns;
        ensureSlots(newCount);
        if (s1 != s0 + ns) {
            int tail = slotCount - s1;
            slotChunk.move(s1, s0 + ns, tail);
            slotOff.move(s1, s0 + ns, tail);
            slotLen.move(s1, s0 + ns, tail);
            slotPad.move(s1, s0 + ns, tail);
            slotNode.move(s1, s0 + ns, tail);
            System.arraycopy(slotBits, s1, slotBits, s0 + ns, tail);
            if (slotRef != null) {
                System.arraycopy(slotRef, s1, slotRef, s0 + ns, tail);
                if (newCount < slotCount) {
                    Arrays.fill(slotRef, newCount, slotCount, null);
                }
            }
        }
        slotChunk.copyFrom(w.wChunk, 0, s0, ns);
        slotOff.copyFrom(w.wOff, 0, s0, ns);
        slotLen.copyFrom(w.wLen, 0, s0, ns);
        slotPad.copyFrom(w.wPad, 0, s0, ns);
        slotNode.copyFrom(w.wNode, 0, s0, ns);
        System.arraycopy(w.wBits, 0, slotBits, s0, ns);
        if (w.wRef != null) {
            if (slotRef == null) {
                slotRef = new Object[slotBits.length];
            }
            System.arraycopy(w.wRef, 0, slotRef, s0, ns);
            Arrays.fill(w.wRef, 0, ns, null);
        } else if (slotRef != null) {
            Arrays.fill(slotRef, s0, s0 + ns, null);
        }
        slotCount = newCount;
        w.reset();
        layoutVersion++;
    }

    /** A whole new message: the writer's rows become the table, and the old table's arrays the writer's. */
    private void swapSlotArrays(Writer w) {
        PackedInts i;
        i = slotChunk; slotChunk = w.wChunk; w.wChunk = i;
        i = slotOff; slotOff = w.wOff; w.wOff = i;
        i = slotLen; slotLen = w.wLen; w.wLen = i;
        i = slotPad; slotPad = w.wPad; w.wPad = i;
        i = slotNode; slotNode = w.wNode; w.wNode = i;
        long[] b = slotBits; slotBits = w.wBits; w.wBits = b;
        // the old table's kept objects are dropped with it; the writer starts again without the column
        slotRef = w.wRef;
        w.wRef = null;
    }

    /**
     * Makes room for {@code n} slots, growing by 1/32 at least: little unused room kept (that {@link #trim} would
     * cut again), and a splice copies the table's tail anyway, so a growth costs what the splice costs.
     */
    private void ensureSlots(int n) {
        int cap = slotBits.length;
        if (n <= cap) {
            return;
        }
        resizeSlots(Math.max(n, cap + (cap >> 5)));
    }

    private void resizeSlots(int cap) {
        int rows = Math.min(slotCount, cap);
        slotChunk.resize(cap, rows);
        slotOff.resize(cap, rows);
        slotLen.resize(cap, rows);
        slotPad.resize(cap, rows);
        slotNode.resize(cap, rows);
        slotBits = Arrays.copyOf(slotBits, cap);
        if (slotRef != null) {
            slotRef = Arrays.copyOf(slotRef, cap);
        }
    }

    private int newChunk(int capacity) {
        int id;
        if (freeIdCount > 0) {
            id = freeIds[--freeIdCount];
        } else {
            id = idCount++;
            if (id >= buf.length) {
                int cap = buf.length * 2;
                buf = Arrays.copyOf(buf, cap);
                used = Arrays.copyOf(used, cap);
                orderPos = Arrays.copyOf(orderPos, cap);
            }
        }
        buf[id] = takeBuffer(capacity);
        used[id] = 0;
        return id;
    }

    private void release(int id) {
        byte[] b = buf[id];
        buf[id] = null;
        if (b != null) {
            giveBuffer(b);
        }
        if (freeIdCount == freeIds.length) {
            freeIds = Arrays.copyOf(freeIds, freeIds.length * 2);
        }
        freeIds[freeIdCount++] = id;
    }

    /**
     * Appends bytes and slots into new chunks; see {@link #beginFresh()}, {@link #beginReplace} and
     * {@link #rebuildChunk}. Not thread-safe; valid only between a begin and the matching commit or abandon.
     */
    final class Writer implements ByteSink {
        /** New chunk ids in order. */
        private int[] chunks = new int[8];
        private int chunkCount;
        /** Content target of the current run. */
        private int limit;
        /** Current chunk id, or -1. */
        private int cur = -1;
        private int bytes;
        private boolean active;
        /** Slots replayed before the caller's own writing began. */
        private int mark;
        /** Excess padding ({@link #excessOf}) of the leaves written since the last begin. */
        private long excess;

        /** Slots written since the last begin; the rows below, laid out as the table's. */
        private int slots;
        private PackedInts wChunk = new PackedInts(16);
        private PackedInts wOff = new PackedInts(16);
        private PackedInts wLen = new PackedInts(16);
        private PackedInts wPad = new PackedInts(16);
        private PackedInts wNode = new PackedInts(16);
        private long[] wBits = new long[16];
        /** Kept objects of the rows; null until a row keeps one. */
        private Object[] wRef;

        void begin(int limit) {
            if (active) {
                abandon();
            }
            this.limit = Math.max(64, limit);
            this.active = true;
            chunkCount = 0;
            cur = -1;
            slots = 0;
            mark = 0;
            bytes = 0;
            excess = 0;
        }

        /** Bytes written since the last begin. */
        int bytesWritten() {
            return bytes;
        }

        /** Slots written by the caller since the last begin (not counting replayed ones before it). */
        int slotsWritten() {
            return slots - mark;
        }

        /** Marks the end of the replayed head: {@link #slotsWritten()} counts from here. */
        void mark() {
            mark = slots;
        }

        /** Appends literal bytes (tags, whitespace); may span chunks. */
        @Override
        public void literal(byte[] b, int o, int n) {
            while (n > 0) {
                if (cur < 0 || used[cur] >= limit) {
                    startChunk(limit + endSlack);
                }
                int room = Math.min(n, buf[cur].length - used[cur]);
                if (room <= 0) {
                    startChunk(limit + endSlack);
                    continue;
                }
                System.arraycopy(b, o, buf[cur], used[cur], room);
                used[cur] += room;
                o += room;
                n -= room;
                bytes += room;
            }
        }

        /**
         * Appends a leaf: its opening bytes {@code op[oo, oo+on)}, the value {@code v[vo, vo+vn)}, the closer
         * {@code c[co, co+cn)}, and spaces up to field width {@code width}. Opening bytes and region never
         * span chunks, so a leaf's node always starts {@code on} bytes before its value in the same chunk.
         *
         * @return the slot index relative to this writer run
         */
        @Override
        public int leaf(int node, byte[] op, int oo, int on, byte[] v, int vo, int vn, byte[] c, int co, int cn,
                        int width, long bits, Object ref) {
            int need = on + width + cn;
            if (cur < 0 || used[cur] + need > buf[cur].length || used[cur] >= limit) {
                startChunk(Math.max(limit, need) + endSlack);
            }
            byte[] b = buf[cur];
            System.arraycopy(op, oo, b, used[cur], on);
            int region = width + cn;
            int o = used[cur] + on;
            System.arraycopy(v, vo, b, o, vn);
            System.arraycopy(c, co, b, o + vn, cn);
            if (width > vn) {
                Arrays.fill(b, o + vn + cn, o + region, SPACE);
            }
            used[cur] = o + region;
            bytes += need;
            int s = addSlot(LEAF, node, bits, ref);
            wOff.set(s, o);
            wLen.set(s, vn);
            wPad.set(s, width - vn);
            if (width > vn) {
                excess += excessOf(width, vn, stuffWidth[node]);
            }
            return s;
        }

        /** Appends a START or END marker at the current position. */
        @Override
        public int marker(byte kind, int node, long bits, Object ref) {
            if (cur < 0) {
                startChunk(limit + endSlack);
            }
            int s = addSlot(kind, node, bits, ref);
            wOff.set(s, used[cur]);
            wLen.set(s, 0);
            wPad.set(s, 0);
            return s;
        }

        /** Makes room for {@code n} slots at once. */
        void ensureCapacity(int n) {
            if (n > wBits.length) {
                grow(n);
            }
        }

        /** Gives the rows capacity {@code cap}, keeping the rows written so far. */
        private void grow(int cap) {
            wChunk.resize(cap, slots);
            wOff.resize(cap, slots);
            wLen.resize(cap, slots);
            wPad.resize(cap, slots);
            wNode.resize(cap, slots);
            wBits = Arrays.copyOf(wBits, cap);
            if (wRef != null) {
                wRef = Arrays.copyOf(wRef, cap);
            }
        }

        private int addSlot(byte kind, int node, long bits, Object ref) {
            int s = slots;
            if (s == wBits.length) {
                grow(s + (s >> 1) + 16);
            }
            slots = s + 1;
            wChunk.set(s, cur);
            wNode.set(s, node << 2 | kind);
            wBits[s] = bits;
            if (ref != null || wRef != null) {
                if (wRef == null) {
                    wRef = new Object[wBits.length];
                }
                wRef[s] = ref;
            }
            return s;
        }

        private void startChunk(int capacity) {
            cur = newChunk(capacity);
            if (chunkCount == chunks.length) {
                chunks = Arrays.copyOf(chunks, chunkCount * 2);
            }
            chunks[chunkCount++] = cur;
        }

        void finish() {
            if (cur < 0) {
                // an empty run still needs a chunk so markers and positions stay addressable
                startChunk(64 + endSlack);
            }
            active = false;
        }

        void reset() {
            chunkCount = 0;
            cur = -1;
            slots = 0;
            mark = 0;
            excess = 0;
        }

        /**
         * Shrinks the row arrays when longer than {@value #SLOT_FLOOR} and twice {@code needed} (0, or the
         * table's rows when a first send comes next), to {@code rows} or {@value #SLOT_FLOOR}; and the chunk-id
         * list likewise. Only between runs.
         */
        void trim(int needed, int rows) {
            if (wBits.length > SLOT_FLOOR && wBits.length > 2 * needed) {
                wRef = null;
                grow(needed == 0 ? SLOT_FLOOR : Math.max(SLOT_FLOOR, rows));
            }
            if (chunks.length > CHUNK_ID_FLOOR && chunks.length > 2 * orderLen) {
                chunks = new int[8];
            }
        }

        void abandon() {
            for (int i = 0; i < chunkCount; i++) {
                release(chunks[i]);
            }
            if (wRef != null) {
                Arrays.fill(wRef, 0, slots, null);
            }
            reset();
            active = false;
        }

        /** Heap bytes of the writer's arrays, by capacity. */
        long retainedBytes() {
            return wChunk.heapBytes() + wOff.heapBytes() + wLen.heapBytes() + wPad.heapBytes() + wNode.heapBytes() + HeapSize.of(wBits)
                    + HeapSize.of(wRef) + HeapSize.of(chunks);
        }
    }
}
