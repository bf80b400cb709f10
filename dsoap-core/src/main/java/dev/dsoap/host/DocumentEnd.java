package dev.dsoap.host;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds where an XML document's root element ends while its bytes arrive, so a host stops reading a request
 * there instead of waiting for bytes a sender declared but never sends: an XML parser reading the request
 * itself stops at the same place. Tracks only markup boundaries and element depth (tags, quoted attribute
 * values, comments, CDATA sections, processing instructions); well-formedness is the parser's business. A
 * document type declaration ends the tracking: such a document is read to its end, as before.
 *
 * <p>Runs of character data and of tags are crossed eight bytes at a time (a word's bytes compared at once with the
 * bytes that end the run), so the tracking costs a fraction of the parse that follows it.
 *
 * <p><b>Guessing.</b> {@link #guessing()} tracks the markup only until the root element's start tag is read; from
 * there it looks at nothing but the end of what arrived, and takes the root to have ended when the bytes so far end
 * with the root's end tag (its qualified name as its start tag wrote it), whitespace around its {@code >} allowed. That
 * costs nothing per byte, and is right unless the root holds an element of its own name, or a comment, CDATA section
 * or processing instruction with its end tag in it, whose end arrives last in a read: then the end was guessed early
 * ({@link #guessed()}), and the reader must check the bytes it kept ({@link #ends}) before it takes them for the
 * whole document. After the root, only whitespace is taken for its end: a comment or processing instruction after
 * it leaves the end to the stream.
 *
 * <p>Not thread-safe; one per message.
 */
final class DocumentEnd {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    /** Where the tracker is in the markup. */
    enum State {
        /** Character data or the prolog, between markup. */
        TEXT,
        /** After {@code <}. */
        OPEN,
        /** Inside a start tag (name and attributes). */
        START_TAG,
        /** Inside a quoted attribute value of a start tag. */
        ATTRIBUTE_VALUE,
        /** After {@code /} in a start tag. */
        EMPTY_TAG_SLASH,
        /** Inside an end tag. */
        END_TAG,
        /** Inside a processing instruction or the XML declaration. */
        PI,
        /** After {@code <!}. */
        BANG,
        /** After {@code <!-}. */
        BANG_DASH,
        /** Inside a comment. */
        COMMENT,
        /** Between {@code <![} and the {@code [} that opens a CDATA section's content. */
        CDATA_OPEN,
        /** Inside a CDATA section. */
        CDATA,
        /** The root element has ended. */
        DONE,
        /** A document type declaration: the end is not tracked. */
        UNTRACKED
    }

    private State state = State.TEXT;
    /** Open elements. */
    private int depth;
    /** The quote that closes the current attribute value. */
    private byte quote;
    /** {@code -} (in a comment), {@code ]} (in CDATA) or {@code ?} (in a PI) just seen in a row. */
    private int run;
    /** Bytes fed before the current call. */
    private long fed;
    /** The offset just past the root element's {@code >}, once {@link State#DONE}. */
    private long end = -1;
    /** Whether the end is to be guessed from the root's end tag ({@link #guessing()}). */
    private final boolean guess;
    /** Guessing, once the root's start tag was read: {@code </} and the root's qualified name; else {@code null}. */
    private byte[] rootEnd;
    /** Guessing: the last bytes fed, {@code tail[0..tailLength)}. */
    private byte[] tail;
    private int tailLength;
    /** Whether the end was guessed from the root's end tag. */
    private boolean guessed;
    /** Whitespace allowed after the root's end tag, and within it before its {@code >}, when guessing. */
    private static final int WHITESPACE = 64;

    /** Tracks every byte of the markup. */
    DocumentEnd() {
        this(false);
    }

    private DocumentEnd(boolean guess) {
        this.guess = guess;
    }

    /** Tracks the markup to the root's start tag, then guesses its end from the root's end tag (see the class). */
    static DocumentEnd guessing() {
        return new DocumentEnd(true);
    }

    /** Whether the root's end was guessed from its end tag, without tracking the markup before it. */
    boolean guessed() {
        return guessed;
    }

    /** Whether the root element of the document in {@code b[0..len)} ends there: every byte tracked. */
    static boolean ends(byte[] b, int len) {
        return new DocumentEnd().feed(b, 0, len);
    }

    private static boolean whitespace(byte c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }

    /** Whether the root element has ended. */
    boolean done() {
        return state == State.DONE;
    }

    /** The offset just past the root element's last {@code >}, or -1 while it has not ended. */
    long end() {
        return end;
    }

    State state() {
        return state;
    }

    /**
     * Feeds the next bytes {@code b[off..off+len)} of the document.
     *
     * @return whether the root element has ended (then nothing more need be fed)
     */
    boolean feed(byte[] b, int off, int len) {
        if (rootEnd != null) {
            return feedTail(b, off, len);
        }
        int i = off;
        int stop = off + len;
        State s = state;
        while (i < stop && s != State.DONE && s != State.UNTRACKED) {
            if (s == State.TEXT) {
                // the fast path: character data, end tags and start tags without attributes, each crossed at once
                int lt = find(b, i, stop, ONES * '<');
                if (lt >= stop - 1) {
                    i = stop;
                    s = lt == stop ? State.TEXT : State.OPEN;
                    break;
                }
                byte next = b[lt + 1];
                if (next == '/') {
                    int gt = find(b, lt + 2, stop, ONES * '>');
                    i = gt < stop ? gt + 1 : stop;
                    s = gt < stop ? closed(--depth) : State.END_TAG;
                } else if (next == '?' || next == '!') {
                    i = lt + 1; // the markup of the prolog, comments and CDATA: one byte at a time below
                    s = State.OPEN;
                } else {
                    // a start tag: its quoted attribute values crossed here too, on to its '>' or '/'
                    int at = tagStop(b, lt + 1, stop);
                    while (at < stop - 1 && (b[at] == '"' || b[at] == '\'')) {
                        int close = find(b, at + 1, stop, ONES * (b[at] & 0xFF));
                        at = close < stop ? tagStop(b, close + 1, stop) : stop;
                    }
                    if (at < stop && b[at] == '>') {
                        i = at + 1;
                        if (depth++ == 0 && guess && rootEnd == null && rootName(b, lt + 1, at)) {
                            break; // the root's start tag: from here on, its end is guessed
                        }
                    } else if (at < stop - 1 && b[at] == '/' && b[at + 1] == '>') {
                        i = at + 2; // an empty element
                        s = closed(depth);
                    } else {
                        i = lt + 1; // the buffer ends within the tag (or a stray '/'): the tag again, a byte at a time
                        s = State.START_TAG;
                    }
                }
                continue;
            }
            byte c = b[i++];
            switch (s) {
                case OPEN -> s = c == '/' ? State.END_TAG : c == '?' ? pi() : c == '!' ? State.BANG : State.START_TAG;
                case START_TAG -> { // the name and attribute names: on to a quote, '/' or '>'
                    int at = tagStop(b, i - 1, stop);
                    if (at == stop) {
                        i = stop;
                        continue;
                    }
                    c = b[at];
                    i = at + 1;
                    if (c == '"' || c == '\'') {
                        quote = c;
                        s = State.ATTRIBUTE_VALUE;
                    } else if (c == '/') {
                        s = State.EMPTY_TAG_SLASH;
                    } else if (c == '>') {
                        depth++;
                        s = State.TEXT;
                    }
                }
                case ATTRIBUTE_VALUE -> {
                    int at = find(b, i - 1, stop, ONES * (quote & 0xFF));
                    i = at < stop ? at + 1 : stop;
                    if (at < stop) {
                        s = State.START_TAG;
                    }
                }
                case EMPTY_TAG_SLASH -> s = c == '>' ? closed(depth) : State.START_TAG;
                case END_TAG -> {
                    int at = find(b, i - 1, stop, ONES * '>');
                    i = at < stop ? at + 1 : stop;
                    if (at < stop) {
                        s = closed(--depth);
                    }
                }
                case PI -> {
                    if (c == '>' && run > 0) {
                        s = State.TEXT;
                    }
                    run = c == '?' ? 1 : 0;
                }
                case BANG -> s = c == '-' ? State.BANG_DASH : c == '[' ? State.CDATA_OPEN : State.UNTRACKED;
                case BANG_DASH -> {
                    run = 0;
                    s = c == '-' ? State.COMMENT : State.UNTRACKED;
                }
                case COMMENT -> {
                    if (c == '>' && run >= 2) {
                        s = State.TEXT;
                    }
                    run = c == '-' ? run + 1 : 0;
                }
                case CDATA_OPEN -> {
                    if (c == '[') {
                        run = 0;
                        s = State.CDATA;
                    }
                }
                case CDATA -> {
                    if (c == '>' && run >= 2) {
                        s = State.TEXT;
                    }
                    run = c == ']' ? run + 1 : 0;
                }
                default -> throw new IllegalStateException("state " + s);
            }
        }
        if (s == State.DONE && end < 0) {
            end = fed + (i - off);
        }
        state = s;
        if (rootEnd != null && s == State.TEXT) {
            fed += i - off;
            return feedTail(b, i, stop - i);
        }
        fed += len;
        return s == State.DONE;
    }

    /**
     * Keeps the root's qualified name, written in {@code b[from..to)} from its start, as the end tag to guess the end
     * by; false when it is not all there (the end is then tracked).
     */
    private boolean rootName(byte[] b, int from, int to) {
        int e = from;
        while (e < to && !whitespace(b[e]) && b[e] != '/' && b[e] != '>') {
            e++;
        }
        if (e == from) {
            return false;
        }
        rootEnd = new byte[e - from + 2];
        rootEnd[0] = '<';
        rootEnd[1] = '/';
        System.arraycopy(b, from, rootEnd, 2, e - from);
        tail = new byte[rootEnd.length + 2 * WHITESPACE + 1];
        return true;
    }

    /** Guessing: keeps the last bytes fed, and ends the root when they end with its end tag. */
    private boolean feedTail(byte[] b, int off, int len) {
        if (state != State.TEXT) {
            fed += len;
            return state == State.DONE;
        }
        int keep = Math.min(len, tail.length);
        int old = Math.min(tailLength, tail.length - keep);
        System.arraycopy(tail, tailLength - old, tail, 0, old);
        System.arraycopy(b, off + len - keep, tail, old, keep);
        tailLength = old + keep;
        fed += len;
        int k = tailLength - 1;
        while (k >= 0 && whitespace(tail[k])) {
            k--;
        }
        if (k < 0 || tail[k] != '>') {
            return false;
        }
        int gt = k--;
        while (k >= 0 && whitespace(tail[k])) {
            k--;
        }
        int from = k - rootEnd.length + 1;
        if (from < 0 || !java.util.Arrays.equals(tail, from, k + 1, rootEnd, 0, rootEnd.length)) {
            return false;
        }
        state = State.DONE;
        guessed = true;
        depth = 0;
        end = fed - tailLength + gt + 1;
        return true;
    }

    /** The first index in {@code [from, to)} holding the byte {@code pattern} repeats eight times, or {@code to}. */
    private static int find(byte[] b, int from, int to, long pattern) {
        int i = from;
        for (; i <= to - Long.BYTES; i += Long.BYTES) {
            long z = zeroByte((long) LONGS.get(b, i) ^ pattern);
            if (z != 0) {
                return i + (Long.numberOfTrailingZeros(z) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == (byte) pattern) {
                return i;
            }
        }
        return to;
    }

    /** The first index in {@code [from, to)} holding a quote, {@code /} or {@code >} (what ends a run in a tag), or {@code to}. */
    private static int tagStop(byte[] b, int from, int to) {
        int i = from;
        for (; i <= to - Long.BYTES; i += Long.BYTES) {
            long x = (long) LONGS.get(b, i);
            long z = zeroByte(x ^ ONES * '"') | zeroByte(x ^ ONES * '\'') | zeroByte(x ^ ONES * '/')
                    | zeroByte(x ^ ONES * '>');
            if (z != 0) {
                return i + (Long.numberOfTrailingZeros(z) >>> 3);
            }
        }
        for (; i < to; i++) {
            byte c = b[i];
            if (c == '"' || c == '\'' || c == '/' || c == '>') {
                return i;
            }
        }
        return to;
    }

    /**
     * The high bit of each byte of {@code x} that is zero, and possibly of bytes above the lowest zero byte (a borrow
     * runs on from it): the lowest set bit always marks the lowest zero byte.
     */
    private static long zeroByte(long x) {
        return (x - ONES) & ~x & HIGHS;
    }

    private State pi() {
        run = 0;
        return State.PI;
    }

    /** The state after an element closes, leaving {@code depthNow} open. */
    private static State closed(int depthNow) {
        return depthNow == 0 ? State.DONE : State.TEXT;
    }
}
