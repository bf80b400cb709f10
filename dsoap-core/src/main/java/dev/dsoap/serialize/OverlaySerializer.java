package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * Chunk overlaying (bSOAP section 3.3): streams whole messages through one reused chunk, so memory stays at
 * one chunk however large the arrays. The items of primitive arrays are laid out in the chunk at a fixed
 * stride (open tag, a field of the type's widest form, closer); the open tags are written once and stay in
 * place from portion to portion and message to message, and each portion rewrites only values and closers
 * before it is sent. Everything else is streamed as written. Nothing is kept for the next message, so every
 * value is serialized every time: this trades the template's savings for bounded memory.
 *
 * <p>Not thread-safe: one instance per sender.
 */
public final class OverlaySerializer {
    /** The value being written; nothing is kept from one message to the next. */
    private final Values value = new Values();
    private final FreshWalk walk;
    private final Sink sink;
    private final SerializerStats stats;

    /**
     * @param plan      the message shape
     * @param chunkSize bytes of the one chunk (>= 256)
     * @param stats     counters (messages and bytes are counted as first sends)
     */
    public OverlaySerializer(MessagePlan plan, int chunkSize, SerializerStats stats) {
        if (chunkSize < 256) {
            throw new IllegalArgumentException("overlay chunk " + chunkSize + " bytes < 256");
        }
        Step.Steps steps = new Step.Steps(plan.root());
        this.walk = new FreshWalk(plan, steps, SerializerConfig.defaults(), value);
        boolean[] overlaid = new boolean[steps.all.length];
        int[] width = new int[steps.all.length];
        for (Step s : steps.all) {
            if (s.primitiveArray != Step.P_NONE) {
                overlaid[s.item.id] = true;
                width[s.item.id] = s.item.type.maxWidth();
            }
        }
        this.sink = new Sink(new byte[chunkSize], overlaid, width);
        this.stats = stats;
    }

    /**
     * Writes the message for {@code parts} to {@code out}, one chunk at a time.
     *
     * @return the number of bytes written
     */
    public long write(Object[] parts, OutputStream out) throws IOException {
        sink.begin(out);
        try {
            walk.message(sink, parts);
            sink.finish();
        } catch (UncheckedIOException e) {
            sink.abort();
            stats.failure();
            throw e.getCause();
        } catch (RuntimeException | Error e) {
            sink.abort();
            stats.failure();
            throw e;
        } finally {
            // nothing is kept for the next message
            value.forgetMet();
            value.keptBytes = 0;
        }
        stats.countFresh(SerializerStats.FreshReason.FIRST);
        stats.match(MatchClass.FIRST_SEND, sink.written);
        return sink.written;
    }

    /** The one chunk and its fixed-stride layout. */
    private static final class Sink implements ByteSink {
        private static final byte SPACE = ' ';
        private final byte[] chunk;
        /** By node id: whether the node is a primitive array item laid out at a fixed stride. */
        private final boolean[] overlaid;
        /** By node id: the field width of overlaid items. */
        private final int[] width;
        private OutputStream out;
        private int used;
        private long written;
        /** Node whose open tags are laid out in the chunk, or -1. */
        private int layoutNode = -1;
        private int stride;
        private int slots;
        /** Bytes at the start of the chunk overwritten by other content since the layout was made. */
        private int clobbered;
        /** Whether items are being laid out now, and the next item's position. */
        private boolean inRun;
        private int runPos;

        Sink(byte[] chunk, boolean[] overlaid, int[] width) {
            this.chunk = chunk;
            this.overlaid = overlaid;
            this.width = width;
        }

        void begin(OutputStream out) {
            this.out = out;
            this.used = 0;
            this.written = 0;
            this.inRun = false;
        }

        @Override
        public void literal(byte[] b, int o, int n) {
            endRun();
            while (n > 0) {
                if (used == chunk.length) {
                    flush();
                }
                int k = Math.min(n, chunk.length - used);
                System.arraycopy(b, o, chunk, used, k);
                used += k;
                o += k;
                n -= k;
                clobbered = Math.max(clobbered, used);
            }
        }

        @Override
        public int leaf(int node, byte[] op, int oo, int on, byte[] v, int vo, int vn, byte[] c, int co, int cn,
                        int w, long bits, Object ref) {
            if (!overlaid[node]) {
                literal(op, oo, on);
                literal(v, vo, vn);
                literal(c, co, cn);
                return -1;
            }
            if (!inRun) {
                flush();
                int s = on + width[node] + cn;
                if (layoutNode != node || stride != s) {
                    layoutNode = node;
                    stride = s;
                    slots = chunk.length / s;
                    for (int i = 0; i < slots; i++) {
                        System.arraycopy(op, oo, chunk, i * s, on);
                    }
                    clobbered = 0;
                }
                inRun = true;
                runPos = 0;
            }
            if (runPos == slots) {
                used = runPos * stride;
                flush();
                runPos = 0;
            }
            int p = runPos * stride;
            if (p < clobbered) {
                System.arraycopy(op, oo, chunk, p, on);
            }
            int q = p + on;
            System.arraycopy(v, vo, chunk, q, vn);
            System.arraycopy(c, co, chunk, q + vn, cn);
            Arrays.fill(chunk, q + vn + cn, p + stride, SPACE);
            runPos++;
            used = runPos * stride;
            return runPos - 1;
        }

        @Override
        public int marker(byte kind, int node, long bits, Object ref) {
            endRun();
            return -1;
        }

        private void endRun() {
            if (inRun) {
                inRun = false;
                used = runPos * stride;
                flush();
            }
        }

        void finish() {
            endRun();
            flush();
            out = null;
        }

        void abort() {
            inRun = false;
            used = 0;
            out = null;
        }

        private void flush() {
            if (used > 0) {
                try {
                    out.write(chunk, 0, used);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                written += used;
                used = 0;
            }
        }
    }
}
