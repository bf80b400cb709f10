package dev.dsoap.host;

/**
 * Finds where an XML document's root element ends while its bytes arrive, so a host stops reading a request
 * there instead of waiting for bytes a sender declared but never sends: an XML parser reading the request
 * itself stops at the same place. Tracks only markup boundaries and element depth (tags, quoted attribute
 * values, comments, CDATA sections, processing instructions); well-formedness is the parser's business. A
 * document type declaration ends the tracking: such a document is read to its end, as before.
 *
 * <p>Not thread-safe; one per message.
 */
final class DocumentEnd {
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
        int i = off;
        int stop = off + len;
        State s = state;
        while (i < stop && s != State.DONE && s != State.UNTRACKED) {
            byte c = b[i++];
            switch (s) {
                case TEXT -> {
                    while (c != '<' && i < stop) { // the fast path: character data
                        c = b[i++];
                    }
                    if (c == '<') {
                        s = State.OPEN;
                    }
                }
                case OPEN -> s = c == '/' ? State.END_TAG : c == '?' ? pi() : c == '!' ? State.BANG : State.START_TAG;
                case START_TAG -> {
                    while (c != '"' && c != '\'' && c != '/' && c != '>' && i < stop) { // the name and attribute names
                        c = b[i++];
                    }
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
                    while (c != quote && i < stop) {
                        c = b[i++];
                    }
                    if (c == quote) {
                        s = State.START_TAG;
                    }
                }
                case EMPTY_TAG_SLASH -> s = c == '>' ? closed(depth) : State.START_TAG;
                case END_TAG -> {
                    while (c != '>' && i < stop) {
                        c = b[i++];
                    }
                    if (c == '>') {
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
        fed += len;
        state = s;
        return s == State.DONE;
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
