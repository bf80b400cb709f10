package dev.dsoap.host;

import dev.dsoap.template.MemoryBudget;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Cleaner;
import java.util.List;

/**
 * The bytes {@link MessageBytes} read before it handed a message to its host, then the rest of the transport
 * stream. Each buffer's reservation on the memory budget is given back, and the buffer dropped, as soon as the
 * host has read past it; whatever is left is given back at the end of the stream, on {@link #close()}, on a
 * failing read, or (a host that abandons the stream) when the stream is collected.
 *
 * <p>Not thread-safe, as any input stream; giving back is thread-safe.
 */
final class Replay extends InputStream {
    /** Gives back the reservations of replays no one closed. */
    private static final Cleaner CLEANER = Cleaner.create();

    /** The buffers still to replay; a replayed one is set to {@code null}. */
    private final byte[][] parts;
    /** Bytes of the last buffer that hold message bytes (the others are full). */
    private final int lastLength;
    /** The transport stream after the buffers. */
    private final InputStream in;
    /** Why the host reads this message. */
    private final Fallback reason;
    /** The reservation still held. */
    private final Reservation reservation;
    /** Cancels the collection-time release once everything is given back. */
    private final Cleaner.Cleanable cleanable;
    /** Index of the buffer being replayed. */
    private int part;
    /** Position in that buffer. */
    private int at;

    Replay(List<byte[]> full, byte[] last, int lastLength, InputStream in, Fallback reason, MemoryBudget budget, long reserved) {
        int n = full.size() + (last != null ? 1 : 0);
        this.parts = full.toArray(new byte[n][]);
        if (last != null) {
            parts[n - 1] = last;
        }
        this.lastLength = last != null ? lastLength : n > 0 ? parts[n - 1].length : 0;
        this.in = in;
        this.reason = reason;
        this.reservation = new Reservation(budget, reserved);
        this.cleanable = budget != null && reserved > 0 ? CLEANER.register(this, reservation) : null;
    }

    /** Why the host reads this message: {@link Fallback#TOO_LARGE} or {@link Fallback#IN_FLIGHT}. */
    Fallback reason() {
        return reason;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int r = read(one, 0, 1);
        return r < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        while (part < parts.length) {
            byte[] p = parts[part];
            int end = part == parts.length - 1 ? lastLength : p.length;
            if (at < end) {
                int n = Math.min(len, end - at);
                System.arraycopy(p, at, b, off, n);
                at += n;
                return n;
            }
            drop();
        }
        try {
            int r = in.read(b, off, len);
            if (r < 0) {
                giveBack();
            }
            return r;
        } catch (IOException | RuntimeException e) {
            giveBack();
            throw e;
        }
    }

    @Override
    public int available() throws IOException {
        if (part < parts.length) {
            return (part == parts.length - 1 ? lastLength : parts[part].length) - at;
        }
        return in.available();
    }

    @Override
    public void close() throws IOException {
        giveBack();
        in.close();
    }

    /** Drops every buffer and gives back the reservation, leaving the stream under it open. */
    void discard() {
        giveBack();
    }

    /** Drops the buffer just replayed and gives back its reservation. */
    private void drop() {
        reservation.release(parts[part].length);
        parts[part] = null;
        part++;
        at = 0;
        if (part == parts.length) {
            giveBack();
        }
    }

    /** Drops every buffer and gives back all that is still reserved. */
    private void giveBack() {
        for (int i = part; i < parts.length; i++) {
            parts[i] = null;
        }
        part = parts.length;
        if (cleanable != null) {
            cleanable.clean();
        }
    }

    /** The bytes a replay still holds on its budget; the collection-time action. */
    private static final class Reservation implements Runnable {
        /** The budget the bytes are reserved on, or {@code null}. */
        private final MemoryBudget budget;
        /** Bytes still reserved. Guarded by this. */
        private long bytes;

        Reservation(MemoryBudget budget, long bytes) {
            this.budget = budget;
            this.bytes = budget != null ? bytes : 0;
        }

        synchronized void release(long n) {
            long give = Math.min(n, bytes);
            if (give > 0) {
                bytes -= give;
                budget.unreserve(give);
            }
        }

        @Override
        public void run() {
            release(Long.MAX_VALUE);
        }
    }
}
