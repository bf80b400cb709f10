package dev.dsoap.xml;

/**
 * A string holds a character that XML 1.0 cannot carry, even as a character reference: a C0 control
 * other than tab, LF and CR, an unpaired or misordered surrogate, U+FFFE or U+FFFF.
 *
 * <p>Immutable, thread-safe.
 */
public final class IllegalXmlCharacterException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** Index of the offending {@code char} in the string. */
    private final int index;
    /** The offending {@code char} (for a surrogate, the unpaired code unit). */
    private final int codePoint;

    IllegalXmlCharacterException(int index, int codePoint) {
        super(String.format("character U+%04X at index %d is not allowed in XML 1.0%s", codePoint, index,
                Character.isSurrogate((char) codePoint) ? " (unpaired surrogate)" : ""));
        this.index = index;
        this.codePoint = codePoint;
    }

    /** The index of the offending {@code char} in the string. */
    public int index() {
        return index;
    }

    /** The offending character; for an unpaired surrogate, that code unit. */
    public int codePoint() {
        return codePoint;
    }
}
