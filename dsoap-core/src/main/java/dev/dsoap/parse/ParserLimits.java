package dev.dsoap.parse;

/**
 * Bounds a message must stay within before {@link XmlScanner} gives up on it with an
 * {@link XmlParseException} of kind {@link XmlParseException.Kind#LIMIT}. Each bound is checked where the
 * data enters, before anything is stored, so a hostile message costs at most the bound.
 *
 * <p>The defaults are stricter than Woodstox 7's (which allows depth 1000, 1000 attributes per element,
 * 512000 bytes per attribute value and unbounded text, names and documents):
 * depth 256, 256 attributes, 64 namespace declarations per element, names of 1024 bytes, attribute values
 * of 512000 bytes, 64 MiB of text per text node and 64 MiB per message.
 *
 * <p>Immutable, thread-safe.
 */
public final class ParserLimits {
    private static final ParserLimits DEFAULTS = builder().build();

    /** Most nested open elements. */
    private final int maxDepth;
    /** Most attributes on one element, namespace declarations included. */
    private final int maxAttributes;
    /** Most namespace declarations on one element. */
    private final int maxNamespaceDeclarations;
    /** Longest element or attribute name (with its prefix), in UTF-8 bytes. */
    private final int maxNameBytes;
    /** Longest attribute value as written (before references are resolved), in bytes. */
    private final int maxAttributeValueBytes;
    /** Longest run of character data (text, CDATA and references between two tags), in bytes as written. */
    private final int maxTextBytes;
    /** Longest message, in bytes. */
    private final int maxMessageBytes;
    private final int maxChildElements;

    private ParserLimits(Builder b) {
        this.maxDepth = b.maxDepth;
        this.maxAttributes = b.maxAttributes;
        this.maxNamespaceDeclarations = b.maxNamespaceDeclarations;
        this.maxNameBytes = b.maxNameBytes;
        this.maxAttributeValueBytes = b.maxAttributeValueBytes;
        this.maxTextBytes = b.maxTextBytes;
        this.maxMessageBytes = b.maxMessageBytes;
        this.maxChildElements = b.maxChildElements;
    }

    /** The default limits (see the class comment). */
    public static ParserLimits defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this instance's values. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.maxDepth = maxDepth;
        b.maxAttributes = maxAttributes;
        b.maxNamespaceDeclarations = maxNamespaceDeclarations;
        b.maxNameBytes = maxNameBytes;
        b.maxAttributeValueBytes = maxAttributeValueBytes;
        b.maxTextBytes = maxTextBytes;
        b.maxMessageBytes = maxMessageBytes;
        b.maxChildElements = maxChildElements;
        return b;
    }

    /** Most nested open elements (the root is depth 1). */
    public int maxDepth() {
        return maxDepth;
    }

    /** Most attributes on one element, namespace declarations included. */
    public int maxAttributes() {
        return maxAttributes;
    }

    /** Most namespace declarations on one element. */
    public int maxNamespaceDeclarations() {
        return maxNamespaceDeclarations;
    }

    /** Longest qualified name, in UTF-8 bytes. */
    public int maxNameBytes() {
        return maxNameBytes;
    }

    /** Longest attribute value as written, in bytes. */
    public int maxAttributeValueBytes() {
        return maxAttributeValueBytes;
    }

    /** Longest run of character data between two tags, in bytes as written. */
    public int maxTextBytes() {
        return maxTextBytes;
    }

    /** Longest message, in bytes. */
    public int maxMessageBytes() {
        return maxMessageBytes;
    }

    /**
     * Most items of one array a bound message may carry (a host's limit on the children of one element,
     * such as CXF's {@code org.apache.cxf.stax.maxChildElements}); a message with more goes to the host,
     * which applies its own rule. Default: no limit.
     */
    public int maxChildElements() {
        return maxChildElements;
    }

    @Override
    public String toString() {
        return "ParserLimits[depth=" + maxDepth + ", attributes=" + maxAttributes + ", namespaceDeclarations="
                + maxNamespaceDeclarations + ", nameBytes=" + maxNameBytes + ", attributeValueBytes="
                + maxAttributeValueBytes + ", textBytes=" + maxTextBytes + ", messageBytes=" + maxMessageBytes
                + ", childElements=" + maxChildElements + "]";
    }

    /** Builds {@link ParserLimits}; every bound must be at least 1. Not thread-safe. */
    public static final class Builder {
        private int maxDepth = 256;
        private int maxAttributes = 256;
        private int maxNamespaceDeclarations = 64;
        private int maxNameBytes = 1024;
        private int maxAttributeValueBytes = 512_000;
        private int maxTextBytes = 64 << 20;
        private int maxMessageBytes = 64 << 20;
        private int maxChildElements = Integer.MAX_VALUE;

        private Builder() {
        }

        public Builder maxDepth(int n) {
            maxDepth = positive("maxDepth", n);
            return this;
        }

        public Builder maxAttributes(int n) {
            maxAttributes = positive("maxAttributes", n);
            return this;
        }

        public Builder maxNamespaceDeclarations(int n) {
            maxNamespaceDeclarations = positive("maxNamespaceDeclarations", n);
            return this;
        }

        public Builder maxNameBytes(int n) {
            maxNameBytes = positive("maxNameBytes", n);
            return this;
        }

        public Builder maxAttributeValueBytes(int n) {
            maxAttributeValueBytes = positive("maxAttributeValueBytes", n);
            return this;
        }

        public Builder maxTextBytes(int n) {
            maxTextBytes = positive("maxTextBytes", n);
            return this;
        }

        public Builder maxMessageBytes(int n) {
            maxMessageBytes = positive("maxMessageBytes", n);
            return this;
        }

        public Builder maxChildElements(int n) {
            maxChildElements = positive("maxChildElements", n);
            return this;
        }

        public ParserLimits build() {
            return new ParserLimits(this);
        }

        private static int positive(String name, int n) {
            if (n < 1) {
                throw new IllegalArgumentException(name + " must be at least 1: " + n);
            }
            return n;
        }
    }
}
