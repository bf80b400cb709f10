package dev.dsoap.deserialize;

/**
 * A well-formed message does not match the operation's plan (an unexpected or missing element, a value
 * outside its type's lexical space), or carries something dsoap does not read ({@link #unsupported()}:
 * a SOAP Header, a different SOAP version), in which case a host should fall back to its normal path.
 * The message names the plan path and the byte offset.
 *
 * <p>Immutable, thread-safe.
 */
public final class MessageBindingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Plan path of the value being read, e.g. {@code "echo/arg0[]"}. */
    private final String path;
    /** Byte offset in the message where reading stopped. */
    private final int offset;
    /** Whether the message is valid but outside what dsoap carries. */
    private final boolean unsupported;

    MessageBindingException(String path, int offset, String reason, boolean unsupported, Throwable cause) {
        super(path + ": " + reason + " at byte " + offset, cause);
        this.path = path;
        this.offset = offset;
        this.unsupported = unsupported;
    }

    /** Plan path of the value being read when reading stopped. */
    public String path() {
        return path;
    }

    /** Byte offset in the message where reading stopped. */
    public int offset() {
        return offset;
    }

    /** Whether the message is outside what dsoap carries (a host should fall back, not fault). */
    public boolean unsupported() {
        return unsupported;
    }
}
