package dev.dsoap.sharing;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.numbers.XsdFormat;
import dev.dsoap.template.MemoryBudget;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Writes the responses of one operation that fall in the same window, serializing once what they share (the
 * pre-serialization analysis paper's response analysis). Each response, a {@code double[]}, is cut into chunks of
 * {@link SharingConfig#chunkValues()} values from its first item; a chunk equal (bit for bit) to a chunk already
 * written in this window is copied from that chunk's serialized bytes, any other is formatted and, while the bounds
 * allow, indexed for the responses after it. Every response is written exactly as a plain serialization of its values
 * under the plan (dsoap's first send without stuffing).
 *
 * <p>A window lasts from {@link #open()} to {@link #close()}; what it indexed (chunks, their values and serialized
 * bytes) lives only that long, is charged to the {@link MemoryBudget} given while the window is open, and is dropped
 * and released when it closes. If the budget refuses the charge or evicts the window, the window drops what it
 * indexed and writes its remaining responses plainly.
 *
 * <p>Sizes are in bytes. Not thread-safe: one thread writes a window (a host collects the window's responses and
 * hands them to one writer); {@link #evict()} alone may be called from any thread.
 */
public final class WindowWriter implements MemoryBudget.Holder {
    /** Working buffer capacity kept between windows (not charged: it does not grow with the messages). */
    private static final int BUF_FLOOR = 1024;
    /** Largest array the JVM reliably allocates. */
    private static final long MAX_ARRAY = Integer.MAX_VALUE - 16;

    private final ArrayLayout layout;
    private final SharingConfig config;
    /** Charged while a window is open, or {@code null}. */
    private final MemoryBudget budget;
    /** Values per chunk. */
    private final int chunkValues;
    /** Most bytes one chunk's items serialize to. */
    private final int maxChunkBytes;
    /** The window's chunks by content. */
    private final ChunkIndex index;
    /** The current chunk's value bits. */
    private final long[] key;

    /** The response being written. */
    private byte[] buf = new byte[1024];
    /** Serialized bytes of the indexed chunks, back to back. */
    private byte[] arena = new byte[0];
    /** Bytes used in {@link #arena}. */
    private int arenaUsed;
    /** Where chunk {@code id}'s serialized bytes start in {@link #arena}. */
    private int[] serOff = new int[0];
    /** Length of chunk {@code id}'s serialized bytes. */
    private int[] serLen = new int[0];

    /** Whether a window is open. */
    private boolean open;
    /** Whether this window still looks for and indexes chunks (false once the budget refused or evicted it). */
    private boolean sharing;
    /** Set by the budget from any thread; the writing thread drops the window's index at its next response. */
    private volatile boolean evicted;
    /** What the budget holds charged to this writer now, in bytes. */
    private volatile long charged;

    /** Windows opened. */
    private long windows;
    /** Responses written. */
    private long responses;
    /** Chunks copied from an earlier response of their window. */
    private long chunksCopied;
    /** Chunks formatted. */
    private long chunksFormatted;
    /** Bytes copied rather than formatted. */
    private long bytesCopied;
    /** Windows that stopped sharing because of the budget. */
    private long budgetDrops;

    /**
     * @param plan   a response plan whose one part is a {@code double[]} (e.g. a document/literal wrapped
     *               {@code echoResponse} with a repeated {@code return})
     * @param config chunking and bounds
     * @param budget charged with the window's state while it is open, or {@code null}
     * @throws IllegalArgumentException if the plan is not of one {@code double[]} part
     */
    public WindowWriter(MessagePlan plan, SharingConfig config, MemoryBudget budget) {
        this.layout = new ArrayLayout(plan);
        this.config = config;
        this.budget = budget;
        this.chunkValues = config.chunkValues();
        this.maxChunkBytes = chunkValues * (layout.open.length + XsdFormat.MAX_DOUBLE_WIDTH + layout.close.length);
        this.index = config.newIndex();
        this.key = new long[chunkValues];
    }

    /** Package-private: a writer over a given index (tests inject weak hashes). */
    WindowWriter(MessagePlan plan, SharingConfig config, MemoryBudget budget, ChunkIndex index) {
        this.layout = new ArrayLayout(plan);
        this.config = config;
        this.budget = budget;
        this.chunkValues = config.chunkValues();
        this.maxChunkBytes = chunkValues * (layout.open.length + XsdFormat.MAX_DOUBLE_WIDTH + layout.close.length);
        this.index = index;
        this.key = new long[chunkValues];
    }

    public SharingConfig config() {
        return config;
    }

    /**
     * Opens a window: the responses written until {@link #close()} share chunks.
     *
     * @throws IllegalStateException if a window is open
     */
    public void open() {
        if (open) {
            throw new IllegalStateException("window " + windows + " is already open, " + responses + " responses written");
        }
        open = true;
        sharing = true;
        evicted = false;
        windows++;
    }

    /** Whether a window is open. */
    public boolean isOpen() {
        return open;
    }

    /**
     * Writes the response carrying {@code values} (or a null array) to {@code out} in one {@code write}.
     *
     * @return the bytes written
     * @throws IllegalStateException    if no window is open
     * @throws IllegalArgumentException if the message would not fit in one array
     */
    public int write(double[] values, OutputStream out) throws IOException {
        int n = serialize(values);
        out.write(buf, 0, n);
        return n;
    }

    /** As {@link #write}, into a new array. */
    public byte[] toByteArray(double[] values) {
        int n = serialize(values);
        return Arrays.copyOf(buf, n);
    }

    /**
     * Closes the window: drops every chunk it indexed and their bytes, and releases the budget. Does nothing if no
     * window is open.
     */
    public void close() {
        if (!open) {
            return;
        }
        open = false;
        dropState();
        if (buf.length > BUF_FLOOR) {
            buf = new byte[BUF_FLOOR];
        }
    }

    @Override
    public void evict() {
        evicted = true;
        charged = 0; // the budget no longer counts it
    }

    /**
     * Bytes the budget holds charged to this writer now: the open window's state as of its last response, 0 when
     * closed, evicted or not charged. Any thread.
     */
    public long chargedBytes() {
        return charged;
    }

    /**
     * Heap bytes the window holds now: the index (chunks' values and lookup structure), the chunks' serialized bytes,
     * and the working buffers. What the budget is charged while the window is open.
     */
    public long retainedBytes() {
        return index.retainedBytes() + Heap.of(arena) + Heap.of(serOff) + Heap.of(serLen) + Heap.of(buf) + Heap.of(key);
    }

    /** Windows opened so far. */
    public long windows() {
        return windows;
    }

    /** Responses written so far. */
    public long responses() {
        return responses;
    }

    /** Chunks copied from an earlier response of their window, so far. */
    public long chunksCopied() {
        return chunksCopied;
    }

    /** Chunks formatted, so far. */
    public long chunksFormatted() {
        return chunksFormatted;
    }

    /** Bytes copied instead of formatted, so far. */
    public long bytesCopied() {
        return bytesCopied;
    }

    /** Windows that stopped sharing because the budget refused or evicted them. */
    public long budgetDrops() {
        return budgetDrops;
    }

    /** Bytes the window keeps of its indexed chunks: their serialized bytes and their values (bounded by the config). */
    long keptBytes() {
        return arenaUsed + 8L * index.wordCount();
    }

    // ---------------------------------------------------------------- writing

    /** Writes the response into {@link #buf}; returns its length. */
    private int serialize(double[] v) {
        if (!open) {
            throw new IllegalStateException("no window open (" + windows + " windows so far)");
        }
        if (evicted) {
            evicted = false;
            stopSharing();
        }
        ArrayLayout l = layout;
        long need = (long) l.head.length + l.tail.length + (l.nil == null ? 0 : l.nil.length)
                + (v == null ? 0 : (long) v.length * (l.open.length + XsdFormat.MAX_DOUBLE_WIDTH + l.close.length));
        if (need > MAX_ARRAY) {
            throw new IllegalArgumentException("response of " + v.length + " items may need " + need
                    + " bytes, more than one array holds");
        }
        if (need > buf.length) {
            buf = new byte[(int) Math.min(MAX_ARRAY, Math.max(need, 2L * buf.length))];
        }
        int pos = put(l.head, 0);
        if (v == null) {
            if (l.nil != null) {
                pos = put(l.nil, pos);
            }
        } else if (sharing) {
            pos = shared(v, pos);
        } else {
            pos = items(v, 0, v.length, pos);
        }
        pos = put(l.tail, pos);
        responses++;
        if (budget != null && sharing) {
            long bytes = retainedBytes();
            if (budget.charge(this, bytes)) {
                charged = bytes;
            } else {
                stopSharing();
            }
        }
        return pos;
    }

    /** Writes the items of {@code v} chunk by chunk, copying the chunks the window has already written. */
    private int shared(double[] v, int pos) {
        int k = chunkValues;
        long[] w = key;
        ChunkIndex ix = index;
        for (int i = 0, n = v.length; i < n; i += k) {
            int m = Math.min(k, n - i);
            for (int j = 0; j < m; j++) {
                w[j] = Double.doubleToRawLongBits(v[i + j]);
            }
            int r;
            if (arenaUsed + (long) maxChunkBytes + 8L * (ix.wordCount() + m) <= config.maxWindowBytes()) {
                r = ix.findOrAdd(w, 0, m);
            } else {
                r = ix.find(w, 0, m);
                if (r < 0) {
                    r = ChunkIndex.FULL;
                }
            }
            if (r >= 0) {
                int len = serLen[r];
                System.arraycopy(arena, serOff[r], buf, pos, len);
                pos += len;
                chunksCopied++;
                bytesCopied += len;
                continue;
            }
            int p = pos;
            pos = items(v, i, m, pos);
            chunksFormatted++;
            if (r != ChunkIndex.FULL) {
                keep(-1 - r, p, pos - p);
            }
        }
        return pos;
    }

    /** Formats items {@code [from, from + n)} of {@code v} at {@code buf[pos..]}. */
    private int items(double[] v, int from, int n, int pos) {
        byte[] b = buf;
        byte[] open = layout.open;
        byte[] close = layout.close;
        int ol = open.length;
        int cl = close.length;
        for (int i = from, end = from + n; i < end; i++) {
            System.arraycopy(open, 0, b, pos, ol);
            pos = XsdFormat.writeDouble(v[i], b, pos + ol);
            System.arraycopy(close, 0, b, pos, cl);
            pos += cl;
        }
        if (!sharing) {
            chunksFormatted += (n + chunkValues - 1) / chunkValues;
        }
        return pos;
    }

    /** Keeps the serialized bytes {@code buf[p, p + len)} of newly indexed chunk {@code id}. */
    private void keep(int id, int p, int len) {
        if (id >= serOff.length) {
            int cap = Math.max(64, 2 * serOff.length);
            serOff = Arrays.copyOf(serOff, cap);
            serLen = Arrays.copyOf(serLen, cap);
        }
        if (arenaUsed + len > arena.length) {
            long needed = arenaUsed + (long) len;
            long grown = Math.min(Math.max(4096, 2L * arena.length), Math.min(MAX_ARRAY, config.maxWindowBytes()));
            arena = Arrays.copyOf(arena, (int) Math.max(needed, grown));
        }
        System.arraycopy(buf, p, arena, arenaUsed, len);
        serOff[id] = arenaUsed;
        serLen[id] = len;
        arenaUsed += len;
    }

    private int put(byte[] src, int pos) {
        System.arraycopy(src, 0, buf, pos, src.length);
        return pos + src.length;
    }

    /** The budget refused or evicted this window: drop what it indexed and write the rest plainly. */
    private void stopSharing() {
        if (sharing) {
            budgetDrops++;
        }
        sharing = false;
        dropState();
    }

    private void dropState() {
        index.clear();
        arena = new byte[0];
        arenaUsed = 0;
        serOff = new int[0];
        serLen = new int[0];
        if (budget != null) {
            budget.release(this);
            charged = 0;
        }
    }

    @Override
    public String toString() {
        return "WindowWriter(" + config.chunkBytes() + "-byte chunks, " + config.index() + ", " + windows + " windows, "
                + responses + " responses, " + chunksCopied + " chunks copied, " + chunksFormatted + " formatted)";
    }
}
