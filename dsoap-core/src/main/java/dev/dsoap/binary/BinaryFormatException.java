package dev.dsoap.binary;

/**
 * A binary message or format descriptor that cannot be read: what is wrong, at which byte of the input, and, in a
 * message body, at which value of the plan. Thrown before anything is kept: a reader that throws holds no state
 * of the message.
 *
 * <p>Immutable, thread-safe.
 */
public final class BinaryFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What is wrong. */
    public enum Kind {
        /** The input ends before a value it announces (a length, a count, a fixed-width value). */
        TRUNCATED,
        /** The input does not start with a binary message's magic bytes. */
        NOT_BINARY,
        /** A version or flag this reader does not know. */
        VERSION,
        /** The message names a format the receiver has no descriptor for and carries none: resend it with one. */
        UNKNOWN_FORMAT,
        /** The message's format is not the receiver's (the difference is named), or its descriptor lies about its id. */
        FORMAT_MISMATCH,
        /** A length, count, depth or size over the configured limit. */
        LIMIT,
        /** A value no sender writes: an unknown enum ordinal, a boolean other than 0 or 1, malformed UTF-8, ... */
        MALFORMED,
        /** Bytes after the last value. */
        TRAILING
    }

    private final Kind kind;
    private final long offset;
    private final String path;
    private final String what;

    BinaryFormatException(Kind kind, long offset, String path, String what) {
        super("binary message: " + what + " at byte " + offset + (path == null ? "" : " (" + path + ")"));
        this.kind = kind;
        this.offset = offset;
        this.path = path;
        this.what = what;
    }

    /**
     * This error with its offset counted from {@code base} bytes earlier: a part read on its own (a format descriptor
     * inside a message) reports its offsets from the start of the message, as every other error does.
     */
    BinaryFormatException from(long base) {
        BinaryFormatException e = new BinaryFormatException(kind, offset + base, path, what);
        e.setStackTrace(getStackTrace());
        return e;
    }

    public Kind kind() {
        return kind;
    }

    /** Offset of the offending byte from the start of the input given to the reader. */
    public long offset() {
        return offset;
    }

    /** The plan path of the value being read (e.g. {@code "echo/d[]"}), or {@code null} outside the body. */
    public String path() {
        return path;
    }
}
