package dev.dsoap.parse;

/**
 * A message is not well-formed XML 1.0 with namespaces, breaks a {@link ParserLimits} bound, holds a
 * DOCTYPE, or uses an encoding or XML version dsoap does not read. The message says what was wrong;
 * {@link #offset()}, {@link #line()}, {@link #column()} say where, and {@link #state()} what the parser
 * was reading (e.g. {@code "attribute value of <ns1:echo> in /soapenv:Envelope/soapenv:Body"}).
 *
 * <p>Immutable, thread-safe.
 */
public final class XmlParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why the message was refused. */
    public enum Kind {
        /** Not well-formed. */
        MALFORMED,
        /** Well-formed as far as read, but beyond a configured {@link ParserLimits} bound. */
        LIMIT,
        /** A DOCTYPE declaration: never read, so no DTD, external entity or entity expansion can happen. */
        FORBIDDEN,
        /** An encoding other than UTF-8 or an XML version other than 1.0: a host should fall back to its own parser. */
        UNSUPPORTED
    }

    /** Why. */
    private final Kind kind;
    /** Byte offset of the problem from the start of the message. */
    private final long offset;
    /** 1-based line of the offset. */
    private final int line;
    /** 1-based column of the offset, in characters. */
    private final int column;
    /** What the parser was reading. */
    private final String state;
    /** The bare reason, without position. */
    private final String reason;

    XmlParseException(Kind kind, String reason, long offset, int line, int column, String state) {
        super(reason + " at byte " + offset + " (line " + line + ", column " + column + ") in " + state);
        this.kind = kind;
        this.reason = reason;
        this.offset = offset;
        this.line = line;
        this.column = column;
        this.state = state;
    }

    public Kind kind() {
        return kind;
    }

    /** Byte offset of the problem from the start of the message. */
    public long offset() {
        return offset;
    }

    /** 1-based line (LF, CR and CR LF each end a line). */
    public int line() {
        return line;
    }

    /** 1-based column, counted in characters (code points). */
    public int column() {
        return column;
    }

    /** What the parser was reading when it stopped, with the path of open elements. */
    public String state() {
        return state;
    }

    /** What was wrong, without the position. */
    public String reason() {
        return reason;
    }
}
