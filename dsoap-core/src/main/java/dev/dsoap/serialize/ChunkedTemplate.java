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
    private int[] slotChunk = new int[16];
    private int[] slotOff = new int[16];
    private int[] slotLen = new int[16];
    private int[] slotWidth = new int[16];
    private int[] slotNode = new int[16];
    private byte[] slotKind = new byte[16];
    private long[] slotBits = new long[16];
    private Object[] slotRef = new Object[16];

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
        return slotKind[slot];
    }

    int node(int slot) {
        return slotNode[slot];
    }

    int chunkOf(int slot) {
        return slotChunk[slot];
    }

    int offset(int slot) {
        return slotOff[slot];
    }

    int length(int slot) {
        return slotLen[slot];
    }

    int width(int slot) {
        return slotWidth[slot];
    }

    long bits(int slot) {
        return slotBits[slot];
    }

    Object ref(int slot) {
        return slotRef[slot];
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
        n += slotArraysBytes(slotChunk.length);
        n += HeapSize.of(views) + (long) countViews() * HeapSize.BYTE_BUFFER;
        n += writer.retainedBytes();
        return n;
    }

    /** Heap bytes of the eight DUT arrays at capacity {@code cap} (the table's or the writer's). */
    static long slotArraysBytes(int cap) {
        return 5 * HeapSize.bytes(cap, 4) + HeapSize.bytes(cap, 1) + HeapSize.bytes(cap, 8)
                + HeapSize.bytes(cap, HeapSize.REF);
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
        return excessOf(slotWidth[slot], slotLen[slot], stuffWidth[slotNode[slot]]);
    }

    /** Writes the message. */
    void writeTo(OutputStream out) throws IOException {
        for (int i = 0; i < orderLen; i++) {
            int c = order[i];
            out.write(buf[c], 0, used[c]);
        }
    }

    /** Writes the message with {@code insert} placed before byte {@code at} of it (at most its length). */
    void writeTo(OutputStream out, long at, byte[] insert) throws IOException {
        long p = 0;
        boolean done = false;
        for (int i = 0; i < orderLen; i++) {
            int c = order[i];
            int n = used[c];
            if (!done && at <= p + n) {
                int k = (int) (at - p);
                out.write(buf[c], 0, k);
                out.write(insert);
                out.write(buf[c], k, n - k);
                done = true;
            } else {
                out.write(buf[c], 0, n);
            }
            p += n;
        }
        if (!done) {
            out.write(insert);
        }
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
        Arrays.fill(slotRef, 0, slotCount, null);
        slotCount = 0;
        excess = 0;
        layoutVersion++;
        trim(false);
    }

    /**
     * Gives back memory a past, larger message left behind, once a message is complete: DUT arrays more than
     * twice as long as the table needs (and longer than {@value #SLOT_FLOOR} rows), cut to one and a half times
     * it; chunk ids more than twice the chunks (renumbered); output views of a layout that is gone (they would pin
     * old chunk buffers). What only a first send needs, the writer's rows for a whole table and a pooled buffer
     * for every chunk, is kept only when {@code freshNext} (the next message is to be written afresh); otherwise
     * the pool keeps 4 buffers and the writer {@value #SLOT_FLOOR} rows, enough for the rebuilds of a
     * differential message. Cheap when there is nothing to give back. Not to be called while a writer run is open.
     */
    void trim(boolean freshNext) {
        int keep = freshNext ? Math.max(4, orderLen) : 4;
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
        if (slotChunk.length > SLOT_FLOOR && slotChunk.length > 2 * slotCount) {
            resizeSlots(Math.max(SLOT_FLOOR, rows));
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
            slotChunk[s] = map[slotChunk[s]];
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
        int w = slotWidth[slot];
        if (n > w) {
            throw new IllegalStateException("slot " + slot + ": value needs " + n + " bytes, field width " + w);
        }
        byte[] b = buf[slotChunk[slot]];
        int o = slotOff[slot];
        int old = slotLen[slot];
        if (n != old) {
            int node = slotNode[slot];
            int cl = closeLen[node];
            System.arraycopy(b, o + old, b, o + n, cl);
            if (n < old) {
                Arrays.fill(b, o + n + cl, o + old + cl, SPACE);
            }
            slotLen[slot] = n;
            int sw = stuffWidth[node];
            excess += excessOf(w, n, sw) - excessOf(w, old, sw);
        }
        System.arraycopy(v, vo, b, o, n);
    }

    /**
     * Overwrites {@code n} bytes of leaf {@code slot}'s value from byte {@code at} of it with {@code v[vo..vo+n)},
     * leaving its length, the rest of its value and its closing tag as they are: a value whose encoding changes
     * only in places (base64's 4-character groups).
     *
     * @throws IllegalStateException if {@code [at, at + n)} is not within the value
     */
    void patchInPlace(int slot, int at, byte[] v, int vo, int n) {
        if (at < 0 || n < 0 || at + n > slotLen[slot]) {
            throw new IllegalStateException("slot " + slot + ": bytes " + at + ".." + (at + n) + " are not within its "
                    + slotLen[slot] + "-byte value");
        }
        System.arraycopy(v, vo, buf[slotChunk[slot]], slotOff[slot] + at, n);
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
        int c = slotChunk[slot];
        int last = Math.min(slotCount - 1, slot + maxDistance);
        for (int t = slot + 1; t <= last && slotChunk[t] == c; t++) {
            if (slotKind[t] == LEAF && slotWidth[t] - slotLen[t] >= need) {
                // move [end of slot's region, end of t's value+closer) right by need
                byte[] b = buf[c];
                int from = slotOff[slot] + slotWidth[slot] + closeLen[slotNode[slot]];
                int to = slotOff[t] + slotLen[t] + closeLen[slotNode[t]];
                System.arraycopy(b, from, b, from + need, to - from);
                for (int k = slot + 1; k <= t; k++) {
                    slotOff[k] += need;
                }
                excess -= excessAt(t);
                slotWidth[t] -= need;
                excess += excessAt(t);
                // the old closer of slot may now sit inside its widened field: the caller rewrites value+closer
                widenLeafBy(slot, need);
                return to - from;
            }
        }
        return -1;
    }

    private int stealLeft(int slot, int need, int maxDistance) {
        int c = slotChunk[slot];
        int first = Math.max(0, slot - maxDistance);
        for (int r = slot - 1; r >= first && slotChunk[r] == c; r--) {
            if (slotKind[r] == LEAF && slotWidth[r] - slotLen[r] >= need) {
                // move [end of r's region, start of slot's value) left by need into r's padding
                byte[] b = buf[c];
                int from = slotOff[r] + slotWidth[r] + closeLen[slotNode[r]];
                int to = slotOff[slot];
                System.arraycopy(b, from, b, from - need, to - from);
                for (int k = r + 1; k <= slot; k++) {
                    slotOff[k] -= need;
                }
                excess -= excessAt(r);
                slotWidth[r] -= need;
                excess += excessAt(r);
                // slot's value+closer+pad region now starts need bytes earlier and is need bytes wider:
                // shift its current value+closer to the new start so the region stays well-formed
                int o = slotOff[slot];
                System.arraycopy(b, o + need, b, o, slotLen[slot] + closeLen[slotNode[slot]]);
                Arrays.fill(b, o + slotLen[slot] + closeLen[slotNode[slot]], o + need + slotWidth[slot]
                        + closeLen[slotNode[slot]], SPACE);
                excess -= excessAt(slot);
                slotWidth[slot] += need;
                excess += excessAt(slot);
                return to - from;
            }
        }
        return -1;
    }

    /** After a right steal: the field grew by {@code need} bytes of fresh room after the old region. */
    private void widenLeafBy(int slot, int need) {
        byte[] b = buf[slotChunk[slot]];
        int end = slotOff[slot] + slotWidth[slot] + closeLen[slotNode[slot]];
        Arrays.fill(b, end, end + need, SPACE);
        excess -= excessAt(slot);
        slotWidth[slot] += need;
        excess += excessAt(slot);
    }

    // ---------------------------------------------------------------- positions

    /** Chunk id where the node of {@code slot} begins (its open tag, for a leaf). */
    private int startChunk(int slot) {
        return slotChunk[slot];
    }

    /** Offset in {@link #startChunk} where the node of {@code slot} begins. */
    private int startOffset(int slot) {
        return slotKind[slot] == LEAF ? slotOff[slot] - openLen[slotNode[slot]] : slotOff[slot];
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
            int e = s;
            while (e < slotCount && slotChunk[e] == c) {
                e++;
            }
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
        int first = slots[0];
        while (first > 0 && slotChunk[first - 1] == chunkId) {
            first--;
        }
        int end = slots[n - 1] + 1;
        while (end < slotCount && slotChunk[end] == chunkId) {
            end++;
        }
        byte[] src = buf[chunkId];
        int oldUsed = used[chunkId];
        long total = oldUsed;
        for (int i = 0; i < n; i++) {
            total += widths[i] - slotWidth[slots[i]];
        }
        byte[] dst = takeBuffer(Math.toIntExact(total + endSlack));
        int sp = 0;
        int dp = 0;
        int k = 0;
        for (int s = first; s < end; s++) {
            if (k < n && slots[k] == s) {
                int o = slotOff[s];
                int cl = closeLen[slotNode[s]];
                int oldLen = slotLen[s];
                int oldWidth = slotWidth[s];
                int vl = valLen[k];
                int w = widths[k];
                int sw = stuffWidth[slotNode[s]];
                excess += excessOf(w, vl, sw) - excessOf(oldWidth, oldLen, sw);
                System.arraycopy(src, sp, dst, dp, o - sp);
                dp += o - sp;
                System.arraycopy(bytes, valOff[k], dst, dp, vl);
                System.arraycopy(src, o + oldLen, dst, dp + vl, cl);
                if (w > vl) {
                    Arrays.fill(dst, dp + vl + cl, dp + w + cl, SPACE);
                }
                slotOff[s] = dp;
                slotLen[s] = vl;
                slotWidth[s] = w;
                dp += w + cl;
                sp = o + oldWidth + cl;
                k++;
            } else {
                slotOff[s] += dp - sp;
            }
        }
        System.arraycopy(src, sp, dst, dp, oldUsed - sp);
        dp += oldUsed - sp;
        giveBuffer(src);
        buf[chunkId] = dst;
        used[chunkId] = dp;
        if (dp > splitThreshold) {
            split(chunkId, first, end);
        }
        layoutVersion++;
        return dp;
    }

    /** Splits chunk {@code c}, holding slots {@code [first, end)}, into chunks of about {@code chunkSize}. */
    private void split(int c, int first, int end) {
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
                int st = startOffset(t);
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
                slotChunk[i] = id;
                slotOff[i] -= pieceStart;
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
            slotChunk[i] = cur;
            slotOff[i] -= pieceStart - used[cur];
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
        return beginReplaceAt(fromSlot, fromSlot == toSlot ? slotChunk[toSlot] : startChunk(fromSlot),
                fromSlot == toSlot ? slotOff[toSlot] : startOffset(fromSlot), toSlot);
    }

    /**
     * Like {@link #beginReplace} for a node whose first slot is {@code startSlot}, a START marker that is
     * itself replaced: bytes from its position up to the END marker {@code endSlot}, slots
     * {@code [startSlot, endSlot]}; the END marker is replaced too (the writer writes a new one).
     */
    Writer beginReplaceNode(int startSlot, int endSlot) {
        return beginReplaceAt(startSlot, slotChunk[startSlot], slotOff[startSlot], endSlot + 1,
                slotChunk[endSlot], slotOff[endSlot]);
    }

    private int pendingHeadChunk;
    private int pendingTailChunk;
    private int pendingFromSlot;
    private int pendingToSlot;
    private int pendingTailSlotEnd;
    private int pendingTailOff;
    private int pendingFirstSlot;

    private Writer beginReplaceAt(int fromSlot, int headChunk, int headOff, int toSlot) {
        return beginReplaceAt(fromSlot, headChunk, headOff, toSlot, slotChunk[toSlot], slotOff[toSlot]);
    }

    private Writer beginReplaceAt(int fromSlot, int headChunk, int headOff, int toSlot, int tailChunk, int tailOff) {
        int first = fromSlot;
        while (first > 0 && slotChunk[first - 1] == headChunk) {
            first--;
        }
        writer.begin(chunkSize);
        replay(headChunk, first, fromSlot, 0, headOff, false);
        pendingHeadChunk = headChunk;
        pendingTailChunk = tailChunk;
        pendingFromSlot = fromSlot;
        pendingToSlot = toSlot;
        pendingTailOff = tailOff;
        pendingFirstSlot = first;
        int end = toSlot;
        while (end < slotCount && slotChunk[end] == tailChunk) {
            end++;
        }
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
            int o = slotOff[s];
            if (slotKind[s] != LEAF) {
                writer.literal(b, p, o - p);
                writer.marker(slotKind[s], slotNode[s], slotBits[s], slotRef[s]);
                p = o;
            } else {
                int cl = closeLen[slotNode[s]];
                int ol = openLen[slotNode[s]];
                writer.literal(b, p, o - ol - p);
                int width = slotWidth[s];
                if (trimmed) {
                    width = Math.min(width, Math.max(slotLen[s], stuffWidth[slotNode[s]]));
                }
                writer.leaf(slotNode[s], b, o - ol, ol, b, o, slotLen[s], b, o + slotLen[s], cl, width,
                        slotBits[s], slotRef[s]);
                p = o + slotWidth[s] + cl;
            }
        }
        writer.literal(b, p, to - p);
    }

    /** Replaces chunks {@code order[o0, o1)} and slots {@code [s0, s1)} with what the writer wrote. */
    private void splice(int o0, int o1, int s0, int s1) {
        Writer w = writer;
        w.finish();
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
        for (int s = s0; s < s1; s++) {
            if (slotKind[s] == LEAF) {
                excess -= excessAt(s);
            }
        }
        excess += w.excess;
        int newCount = slotCount - (s1 - s0) + ns;
        ensureSlots(newCount);
        if (s1 != s0 + ns) {
            int tail = slotCount - s1;
            System.arraycopy(slotChunk, s1, slotChunk, s0 + ns, tail);
            System.arraycopy(slotOff, s1, slotOff, s0 + ns, tail);
            System.arraycopy(slotLen, s1, slotLen, s0 + ns, tail);
            System.arraycopy(slotWidth, s1, slotWidth, s0 + ns, tail);
            System.arraycopy(slotNode, s1, slotNode, s0 + ns, tail);
            System.arraycopy(slotKind, s1, slotKind, s0 + ns, tail);
            System.arraycopy(slotBits, s1, slotBits, s0 + ns, tail);
            System.arraycopy(slotRef, s1, slotRef, s0 + ns, tail);
            if (newCount < slotCount) {
                Arrays.fill(slotRef, newCount, slotCount, null);
            }
        }
        System.arraycopy(w.wChunk, 0, slotChunk, s0, ns);
        System.arraycopy(w.wOff, 0, slotOff, s0, ns);
        System.arraycopy(w.wLen, 0, slotLen, s0, ns);
        System.arraycopy(w.wWidth, 0, slotWidth, s0, ns);
        System.arraycopy(w.wNode, 0, slotNode, s0, ns);
        System.arraycopy(w.wKind, 0, slotKind, s0, ns);
        System.arraycopy(w.wBits, 0, slotBits, s0, ns);
        System.arraycopy(w.wRef, 0, slotRef, s0, ns);
        Arrays.fill(w.wRef, 0, ns, null);
        slotCount = newCount;
        w.reset();
        layoutVersion++;
    }

    /** A whole new message: the writer's rows become the table, and the old table's arrays the writer's. */
    private void swapSlotArrays(Writer w) {
        Arrays.fill(slotRef, 0, slotCount, null);
        int[] i;
        i = slotChunk; slotChunk = w.wChunk; w.wChunk = i;
        i = slotOff; slotOff = w.wOff; w.wOff = i;
        i = slotLen; slotLen = w.wLen; w.wLen = i;
        i = slotWidth; slotWidth = w.wWidth; w.wWidth = i;
        i = slotNode; slotNode = w.wNode; w.wNode = i;
        byte[] k = slotKind; slotKind = w.wKind; w.wKind = k;
        long[] b = slotBits; slotBits = w.wBits; w.wBits = b;
        Object[] r = slotRef; slotRef = w.wRef; w.wRef = r;
    }

    private void ensureSlots(int n) {
        if (n <= slotChunk.length) {
            return;
        }
        resizeSlots(Math.max(n, slotChunk.length + (slotChunk.length >> 1)));
    }

    private void resizeSlots(int cap) {
        slotChunk = Arrays.copyOf(slotChunk, cap);
        slotOff = Arrays.copyOf(slotOff, cap);
        slotLen = Arrays.copyOf(slotLen, cap);
        slotWidth = Arrays.copyOf(slotWidth, cap);
        slotNode = Arrays.copyOf(slotNode, cap);
        slotKind = Arrays.copyOf(slotKind, cap);
        slotBits = Arrays.copyOf(slotBits, cap);
        slotRef = Arrays.copyOf(slotRef, cap);
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

        private int slots;
        private int[] wChunk = new int[16];
        private int[] wOff = new int[16];
        private int[] wLen = new int[16];
        private int[] wWidth = new int[16];
        private int[] wNode = new int[16];
        private byte[] wKind = new byte[16];
        private long[] wBits = new long[16];
        private Object[] wRef = new Object[16];

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
            wOff[s] = o;
            wLen[s] = vn;
            wWidth[s] = width;
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
            wOff[s] = used[cur];
            wLen[s] = 0;
            wWidth[s] = 0;
            return s;
        }

        /** Makes room for {@code n} slots at once. */
        void ensureCapacity(int n) {
            if (n > wChunk.length) {
                grow(n);
            }
        }

        private void grow(int cap) {
            wChunk = Arrays.copyOf(wChunk, cap);
            wOff = Arrays.copyOf(wOff, cap);
            wLen = Arrays.copyOf(wLen, cap);
            wWidth = Arrays.copyOf(wWidth, cap);
            wNode = Arrays.copyOf(wNode, cap);
            wKind = Arrays.copyOf(wKind, cap);
            wBits = Arrays.copyOf(wBits, cap);
            wRef = Arrays.copyOf(wRef, cap);
        }

        private int addSlot(byte kind, int node, long bits, Object ref) {
            int s = slots++;
            if (s == wChunk.length) {
                grow(s + (s >> 1) + 16);
            }
            wChunk[s] = cur;
            wNode[s] = node;
            wKind[s] = kind;
            wBits[s] = bits;
            wRef[s] = ref;
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
            if (wChunk.length > SLOT_FLOOR && wChunk.length > 2 * needed) {
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
            Arrays.fill(wRef, 0, slots, null);
            reset();
            active = false;
        }

        /** Heap bytes of the writer's arrays, by capacity. */
        long retainedBytes() {
            return slotArraysBytes(wChunk.length) + HeapSize.of(chunks);
        }
    }
}
