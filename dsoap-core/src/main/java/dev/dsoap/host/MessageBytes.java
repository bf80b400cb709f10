package dev.dsoap.host;

import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.template.MemoryBudget;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A message's bytes as a host hands them to its {@link Carrier}: {@code bytes[0..length)}. Read once from
 * the transport by {@link #readAtMost}, which both hosts use, with the charset rule both apply.
 *
 * @param bytes      the message, from index 0 (the array may be longer)
 * @param length     the message's length in bytes
 * @param endGuessed whether {@link #readDocument} stopped where the bytes ended with the root's end tag, without
 *                   tracking the markup before it: {@link #wholeDocument()} says whether the root really ended there
 */
public record MessageBytes(byte[] bytes, int length, boolean endGuessed) {
    /** The most a first buffer is sized for a declared length: beyond it, buffers grow as bytes arrive. */
    private static final int TRUSTED_DECLARED = 1 << 20;
    /** The bytes a gate is first asked about ({@link Gate}). */
    private static final int HEAD = 2 << 10;
    /** The first buffer when no length is declared, and the smallest one after it. */
    private static final int FIRST = 16 << 10;
    /**
     * The largest buffer after the first: buffers reach it by doubling, then stay at it. Just under 1 MiB, array
     * header included: G1 gives an array of 1 MiB or more regions of its own, and 1 MiB plus a header would take two.
     */
    private static final int CHUNK = (1 << 20) - 64;

    public MessageBytes {
        java.util.Objects.checkFromIndexSize(0, length, bytes.length);
    }

    /** A message read whole, or to its root's end tracked byte by byte. */
    public MessageBytes(byte[] bytes, int length) {
        this(bytes, length, false);
    }

    /**
     * Whether these bytes hold the document's root element to its end: always, unless {@link #endGuessed()}; then
     * every byte is tracked to find out (a cost of about a nanosecond a byte, for the rare path that needs to know:
     * a request dsoap refuses, or one whose answer may be shared).
     */
    public boolean wholeDocument() {
        return !endGuessed || DocumentEnd.ends(bytes, length);
    }

    /**
     * These bytes as a parser of the host reads the message: then, when the end was guessed early (checked once, the
     * first time the parser reads past them), the rest of {@code source}, the stream they were read from. Closing
     * the stream leaves {@code source} open (its host drains it).
     */
    public InputStream readOn(InputStream source) {
        InputStream these = new java.io.ByteArrayInputStream(bytes, 0, length);
        return endGuessed ? new java.io.SequenceInputStream(these, new ReadOn(this, source)) : these;
    }

    /** What follows bytes whose end was guessed: nothing when they hold the whole document, else the rest. */
    private static final class ReadOn extends InputStream {
        private final MessageBytes read;
        private final InputStream source;
        /** 0 undecided, 1 the bytes read are the whole document, 2 read on. */
        private int decided;

        ReadOn(MessageBytes read, InputStream source) {
            this.read = read;
            this.source = source;
        }

        private boolean on() {
            if (decided == 0) {
                decided = read.wholeDocument() ? 1 : 2;
            }
            return decided == 2;
        }

        @Override
        public int read() throws IOException {
            return on() ? source.read() : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return on() ? source.read(b, off, len) : -1;
        }
    }

    /**
     * Whether a message of {@code contentType} is UTF-8: its {@code charset} parameter says UTF-8, or there is
     * none (which for SOAP means UTF-8). dsoap reads only UTF-8; anything else goes the host's way.
     */
    public static boolean utf8(String contentType) {
        if (contentType == null) {
            return true;
        }
        String lower = contentType.toLowerCase(Locale.ROOT);
        int at = lower.indexOf("charset=");
        if (at < 0) {
            return true;
        }
        int end = at + 8;
        while (end < lower.length() && lower.charAt(end) != ';' && lower.charAt(end) != ' ') {
            end++;
        }
        String cs = lower.substring(at + 8, end).replace("\"", "").replace("'", "");
        return cs.equals("utf-8") || cs.equals("utf8");
    }

    /**
     * All of {@code in}, or {@code null} if it holds more than {@code limit} bytes (reading stops one byte past
     * the limit). Memory follows the bytes that arrived, not what the sender claims: a declared length (or -1)
     * sizes the first buffer only up to 1 MiB; past that, buffers of growing size (at most 1 MiB) are added as
     * bytes come and joined once at the end.
     *
     * @throws IOException as {@code in} throws
     */
    public static MessageBytes readAtMost(InputStream in, int limit, long declared) throws IOException {
        return read(in, limit, declared, null, null, null);
    }

    /**
     * As {@link #readAtMost(InputStream, int, long)}; past the limit, {@code overflow[0]} (when given) receives a
     * stream that replays every byte read and then the rest of {@code in}, for the host to read the message its
     * own way. The replay holds at most {@code limit + 1} bytes.
     *
     * @param overflow an array of at least one element, or {@code null}
     */
    public static MessageBytes readAtMost(InputStream in, int limit, long declared, InputStream[] overflow) throws IOException {
        return read(in, limit, declared, null, overflow, null);
    }

    /**
     * As {@link #readAtMost(InputStream, int, long, InputStream[])}, reserving each buffer on {@code budget}
     * before it is allocated ({@link MemoryBudget#reserve}) and giving all back before returning: the joined
     * message is reserved too while the buffers are copied into it ({@link MemoryBudget#reserveCopy}). When a reservation is refused (the bytes of
     * messages in flight reached their bound), reading stops at once and {@code null} is returned with
     * {@code overflow[0]} replaying what was read, as past the limit; {@link #overflowReason} then says
     * {@link Fallback#IN_FLIGHT}. The replay holds its buffers' reservations until the host has read past them
     * (or closes it).
     *
     * @param overflow an array of at least one element, or {@code null}
     * @param budget   the budget to reserve on, or {@code null} for none
     */
    public static MessageBytes readAtMost(InputStream in, int limit, long declared, InputStream[] overflow,
            MemoryBudget budget) throws IOException {
        return read(in, limit, declared, null, overflow, budget);
    }

    /**
     * Drops the buffers of {@code overflow}, a replay that {@code readAtMost} or {@code readDocument} gave, and
     * gives back their reservation, for a message no one will read further; the stream under it is left open
     * (its host drains it). Anything else is left alone.
     */
    public static void discard(InputStream overflow) {
        if (overflow instanceof Replay r) {
            r.discard();
        }
    }

    /**
     * Why {@code overflow}, a replay that {@code readAtMost} or {@code readDocument} gave, goes to the host:
     * {@link Fallback#TOO_LARGE} (past the limit) or {@link Fallback#IN_FLIGHT} (no room in the bound on bytes
     * in flight).
     */
    public static Fallback overflowReason(InputStream overflow) {
        return overflow instanceof Replay r ? r.reason() : Fallback.TOO_LARGE;
    }

    /**
     * As {@link #readAtMost}, but stops reading once the XML document's root element has ended, as an XML parser
     * reading the stream itself would: bytes a sender declared (a {@code Content-Length}) but never sends after
     * the document are not waited for, and are left in {@code in} for the host to drain. Bytes of the same
     * read past the root element are kept. A document with a DTD is read to the end of the stream.
     *
     * <p>The markup is tracked up to the root's start tag only; past it, the root is taken to end where the bytes that
     * arrived end with its end tag (whitespace around its {@code >} allowed), which costs nothing per byte. That is
     * the root's end unless the root holds an element of its own name (or a comment, CDATA section or processing
     * instruction holding its end tag) whose end tag happens to arrive last in a read: then reading stopped early.
     * Such bytes say {@link #endGuessed()}, and {@link #wholeDocument()} tells the two apart; the rest of the
     * document is still in {@code in}. After the root, only whitespace is taken for the end of the document: a
     * sender that follows its envelope with a comment, then stops short of its declared bytes, is waited for.
     *
     * @throws Incomplete when {@code in} fails before the document ends (a read timeout, a connection closed
     *                    early, broken chunked encoding): it carries the bytes that arrived and, as its
     *                    cause, the stream's exception, so the host's own reader can meet the same failure
     *                    at the same place
     */
    public static MessageBytes readDocument(InputStream in, int limit, long declared) throws Incomplete {
        return readDocument(in, limit, declared, null);
    }

    /**
     * As {@link #readDocument(InputStream, int, long)}; past the limit, {@code overflow[0]} (when given)
     * receives a replay of every byte read followed by the rest of {@code in}, as
     * {@link #readAtMost(InputStream, int, long, InputStream[])} gives.
     *
     * @param overflow an array of at least one element, or {@code null}
     */
    public static MessageBytes readDocument(InputStream in, int limit, long declared, InputStream[] overflow) throws Incomplete {
        return readDocument(in, limit, declared, overflow, null);
    }

    /**
     * As {@link #readDocument(InputStream, int, long, InputStream[])}, reserving the buffers on {@code budget} as
     * {@link #readAtMost(InputStream, int, long, InputStream[], MemoryBudget)} does.
     *
     * @param overflow an array of at least one element, or {@code null}
     * @param budget   the budget to reserve on, or {@code null} for none
     */
    public static MessageBytes readDocument(InputStream in, int limit, long declared, InputStream[] overflow,
            MemoryBudget budget) throws Incomplete {
        return readDocument(in, limit, declared, overflow, budget, null);
    }

    /**
     * Decides from a message's first bytes whether the host reads it instead, before the rest is read: see
     * {@link #readDocument(InputStream, int, long, InputStream[], MemoryBudget, Gate)}.
     */
    @FunctionalInterface
    public interface Gate {
        /**
         * Asked first about the message's first 2 KiB (enough for most envelopes' heads); when it reads on and the
         * message is longer, asked again about its first 16 KiB, so that a head longer than 2 KiB is still seen.
         *
         * @param b   the first bytes of the message, {@code b[0..len)}: 2 KiB, then up to 16 KiB (or the declared
         *            length, when smaller), fewer only when the message ends sooner; not to be kept
         * @return why the host reads this message itself, or {@code null} to read it on
         */
        Fallback handOver(byte[] b, int len);
    }

    /**
     * As {@link #readDocument(InputStream, int, long, InputStream[], MemoryBudget)}, asking {@code gate} (when given)
     * about the first bytes ({@link Gate}): when it names a reason, nothing more is read and {@code overflow[0]} (when given)
     * replays those bytes followed by the rest of {@code in}, {@link #overflowReason} giving the gate's reason.
     *
     * @param gate decides from the first bytes whether the host reads the message, or {@code null}; asked only when
     *             {@code overflow} is given
     */
    public static MessageBytes readDocument(InputStream in, int limit, long declared, InputStream[] overflow,
            MemoryBudget budget, Gate gate) throws Incomplete {
        DocumentEnd end = DocumentEnd.guessing();
        try {
            MessageBytes m = read(in, limit, declared, end, overflow, budget, gate);
            return m != null && end.guessed() ? new MessageBytes(m.bytes, m.length, true) : m;
        } catch (Incomplete e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException("a read failure escaped the document reader", e);
        }
    }

    /**
     * A stream failed before the document ended: {@link #received()} holds what arrived, and the cause is the
     * stream's own exception.
     */
    public static final class Incomplete extends IOException {
        private static final long serialVersionUID = 1L;
        /** The bytes that arrived before the failure. */
        private final transient MessageBytes received;

        Incomplete(MessageBytes received, IOException cause) {
            super("the request failed after " + received.length() + " bytes: " + cause.getMessage(), cause);
            this.received = received;
        }

        /** The bytes that arrived before the failure. */
        public MessageBytes received() {
            return received;
        }

        /** The stream's exception. */
        @Override
        public synchronized IOException getCause() {
            return (IOException) super.getCause();
        }
    }

    /**
     * {@link #readAtMost}, stopping at the root element's end when {@code end} is given, past the limit putting a
     * replay in {@code overflow[0]} when {@code overflow} is given, and reserving buffers on {@code budget} when
     * given. What is reserved here is given back before returning, unless a replay took it over.
     */
    private static MessageBytes read(InputStream in, int limit, long declared, DocumentEnd end, InputStream[] overflow,
            MemoryBudget budget) throws IOException {
        return read(in, limit, declared, end, overflow, budget, null);
    }

    private static MessageBytes read(InputStream in, int limit, long declared, DocumentEnd end, InputStream[] overflow,
            MemoryBudget budget, Gate gate) throws IOException {
        if (limit < 0) {
            throw new IllegalArgumentException("limit " + limit);
        }
        int first = declared >= 0 && declared < TRUSTED_DECLARED ? (int) declared + 1 : FIRST;
        int size = (int) Math.min((long) limit + 1, first);
        List<byte[]> full = new ArrayList<>();
        if (budget != null && !budget.reserve(size)) {
            return overflow(full, null, 0, in, overflow, Fallback.IN_FLIGHT, null, 0);
        }
        long reserved = size;
        try {
            // (without somewhere to put the replay, there is no handing over: the message is read on). A message the
            // host reads costs only the bytes the gate looked at and their replay, whatever length was declared: a
            // first look at a head's usual length, a second at FIRST bytes only for a message it reads on
            boolean asking = gate != null && overflow != null;
            int look = asking ? Math.min(size, FIRST) : size;
            byte[] b = new byte[look];
            int n;
            Fallback handOver = null;
            if (asking) {
                int head = Math.min(look, HEAD);
                n = fillSpare(in, b, 0, head, end);
                handOver = gate.handOver(b, n);
                if (handOver == null && n == head && head < look) {
                    n += fillSpare(in, b, n, look, end);
                    if (n > head) {
                        handOver = gate.handOver(b, n);
                    }
                }
            } else {
                n = fill(in, b, end, full, 0);
            }
            if (handOver != null) {
                // the host reads it: a replay of the first bytes takes their reservation over
                if (budget != null && look < size) {
                    budget.unreserve(size - look);
                    reserved = look;
                }
                overflow(full, b, n, in, overflow, handOver, budget, reserved);
                reserved = 0;
                return null;
            }
            if (n == look && look < size) {
                // read on, into one buffer of the declared length
                b = java.util.Arrays.copyOf(b, size);
                n += fillSpare(in, b, n, size, end);
            }
            if (n < b.length) {
                return new MessageBytes(b, n);
            }
            // more than the first buffer: collect buffers, each as large as all before it up to 1 MiB, then join; or,
            // with a spare read buffer of the budget, read on in it (grown as the buffers would have been, as bytes
            // arrive): the message is then that buffer itself when it fits the message as a kept state keeps an array
            // as it is (a spare a kept state released: the sender's message before last), else copied out once with
            // that room to spare. Neither the buffers nor the copies are zeroed first
            full.add(b);
            long total = n;
            Fallback why;
            byte[] last = null;
            int got = 0;
            byte[] spare = budget != null ? budget.takeSpare(Math.max(2 * n, budget.spareWanted())) : null;
            if (spare != null) {
                if (spare.length < 2 * n) {
                    spare = new byte[2 * n];
                }
                System.arraycopy(b, 0, spare, 0, n);
                full.clear();
            }
            while (true) {
                if (total > limit) {
                    why = Fallback.TOO_LARGE;
                    break;
                }
                int nextSize = (int) Math.min(Math.min(Math.max(total, FIRST), CHUNK), (long) limit + 1 - total);
                if (spare != null && total == spare.length && end != null && end.done()) {
                    // the document ended where the spare does: nothing more to read, nor room to grow
                    return spareMessage(spare, (int) total, budget);
                }
                // a spare with room left is read on up to its end; a full one grows by the next buffer's size or more
                int room = spare == null || spare.length == total ? nextSize
                        : (int) Math.min(nextSize, spare.length - total);
                if (budget != null && !budget.reserve(room)) {
                    why = Fallback.IN_FLIGHT;
                    break;
                }
                reserved += room;
                if (spare != null) {
                    if (spare.length == total) {
                        spare = java.util.Arrays.copyOf(spare, (int) Math.min(Math.max(total + nextSize,
                                2L * spare.length), (long) limit + 1));
                    }
                    got = fillSpare(in, spare, (int) total, (int) total + room, end);
                    total += got;
                    if (got < room) {
                        if (total > limit) {
                            why = Fallback.TOO_LARGE;
                            break;
                        }
                        if (!DifferentialDeserializer.keptAsIs(spare.length, (int) total)) {
                            if (!budget.reserveCopy(copyLength(total))) {
                                why = Fallback.IN_FLIGHT;
                                break;
                            }
                            reserved += copyLength(total);
                        }
                        return spareMessage(spare, (int) total, budget);
                    }
                    continue;
                }
                byte[] next = new byte[nextSize];
                got = fill(in, next, end, full, total);
                total += got;
                if (got < next.length) {
                    last = next;
                    if (total > limit) {
                        why = Fallback.TOO_LARGE;
                        break;
                    }
                    if (budget != null && !budget.reserveCopy(total)) {
                        why = Fallback.IN_FLIGHT;
                        break;
                    }
                    reserved += total;
                    MessageBytes joined = new MessageBytes(join(full, next, got, total), (int) total);
                    if (budget != null) {
                        budget.giveSpare(next); // the longest buffer (join copied it), for the next message
                    }
                    return joined;
                }
                full.add(next);
            }
            if (spare != null) {
                // the replay holds what was read: the spare buffer is its only part
                last = spare;
                got = (int) total;
            }
            // the host reads it: a replay of what was read takes the reservation over
            if (overflow != null) {
                overflow[0] = new Replay(full, last, got, in, why, budget, reserved);
                reserved = 0;
            }
            return null;
        } finally {
            if (budget != null && reserved > 0) {
                budget.unreserve(reserved);
            }
        }
    }

    /** Puts in {@code overflow[0]} (when given) a replay of {@code in} that holds nothing, for {@code reason}. */
    private static MessageBytes overflow(List<byte[]> full, byte[] last, int n, InputStream in, InputStream[] overflow,
            Fallback reason, MemoryBudget budget, long reserved) {
        if (overflow != null) {
            overflow[0] = new Replay(full, last, n, in, reason, budget, reserved);
        }
        return null;
    }

    /**
     * The message read into {@code spare}, {@code spare[0, total)}: the spare itself when a kept state would keep it as
     * it is ({@link DifferentialDeserializer#keptAsIs}), else a copy of {@link #copyLength} bytes and the spare given
     * back to {@code budget} (the copy's reservation is the caller's).
     */
    private static MessageBytes spareMessage(byte[] spare, int total, MemoryBudget budget) {
        budget.spareRead(total);
        if (DifferentialDeserializer.keptAsIs(spare.length, total)) {
            return new MessageBytes(spare, total);
        }
        byte[] message = java.util.Arrays.copyOf(spare, (int) copyLength(total));
        budget.giveSpare(spare);
        return new MessageBytes(message, total);
    }

    /**
     * The length of the copy a message of {@code total} bytes gets out of a spare buffer: a 256th more (at most 64
     * KiB), so that once kept and released it takes a next message a little longer without growing.
     */
    private static long copyLength(long total) {
        return Math.min(total + Math.min(total >> 8, 64 << 10), Integer.MAX_VALUE - 8);
    }

    private static byte[] join(List<byte[]> full, byte[] last, int lastLength, long total) {
        if (full.isEmpty()) {
            return last;
        }
        byte[] all = new byte[(int) total];
        int at = 0;
        for (byte[] f : full) {
            System.arraycopy(f, 0, all, at, f.length);
            at += f.length;
        }
        System.arraycopy(last, 0, all, at, lastLength);
        return all;
    }

    /**
     * Reads into {@code b[from, to)} until it is full, the stream ends, or ({@code end} given) the document ends;
     * returns how many bytes it read. {@code b[0, from)} holds the message's bytes before them: with {@code end}
     * given, a failing stream throws {@link Incomplete} holding those and what was read.
     */
    private static int fillSpare(InputStream in, byte[] b, int from, int to, DocumentEnd end) throws IOException {
        int n = from;
        while (n < to) {
            if (end != null && end.done()) {
                break;
            }
            int r;
            try {
                r = in.read(b, n, to - n);
            } catch (IOException e) {
                if (end == null) {
                    throw e;
                }
                throw new Incomplete(new MessageBytes(java.util.Arrays.copyOf(b, n), n), e);
            }
            if (r < 0) {
                break;
            }
            if (end != null) {
                end.feed(b, n, r);
            }
            n += r;
        }
        return n - from;
    }

    /**
     * Reads into {@code b} until it is full, the stream ends, or ({@code end} given) the document ends; returns
     * the bytes now in {@code b}. With {@code end} given, a failing stream throws {@link Incomplete} holding the
     * full buffers before {@code b}, {@code before} bytes in all, and what {@code b} got.
     */
    private static int fill(InputStream in, byte[] b, DocumentEnd end, List<byte[]> full, long before) throws IOException {
        int n = 0;
        while (n < b.length) {
            if (end != null && end.done()) {
                return n;
            }
            int r;
            try {
                r = in.read(b, n, b.length - n);
            } catch (IOException e) {
                if (end == null) {
                    throw e;
                }
                long total = before + n;
                throw new Incomplete(new MessageBytes(join(full, b, n, total), (int) total), e);
            }
            if (r < 0) {
                break;
            }
            if (end != null) {
                end.feed(b, n, r);
            }
            n += r;
        }
        return n;
    }
}
