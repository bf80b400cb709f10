package dev.dsoap.binding;

/**
 * A leaf value written as {@code open + lexical(value) + close}: an element
 * ({@code <ns:v>}, {@code </ns:v>}) or an attribute ({@code  a="}, {@code "}).
 *
 * <p>Immutable, thread-safe.
 */
public final class ScalarNode extends PlanNode {
    /** The value type. */
    private final ScalarType type;
    /** Whether the Java property is a primitive (read with the typed getters, never null). */
    private final boolean primitive;
    /** Whether the value is written as an attribute of the enclosing struct's start tag. */
    private final boolean attribute;
    /** Bytes before the value: {@code <ns:v>} or {@code  a="}. */
    private final byte[] open;
    /** Bytes after the value: {@code </ns:v>} or {@code "}. */
    private final byte[] close;
    /** For {@link ScalarType#ENUM}: the constants' lexical forms by ordinal; otherwise {@code null}. */
    private final String[] enumLexical;
    /** For {@link ScalarType#ENUM}: the enum class; otherwise the Java value class. */
    private final Class<?> javaType;

    public ScalarNode(String path, Accessor accessor, byte[] nil, ScalarType type, boolean primitive,
                      boolean attribute, byte[] open, byte[] close, Class<?> javaType, String[] enumLexical) {
        this(path, accessor, nil, type, primitive, attribute, open, close, javaType, enumLexical, null);
    }

    /** As the constructor without {@code mutator}, plus the {@link #mutator()} used by deserialization. */
    public ScalarNode(String path, Accessor accessor, byte[] nil, ScalarType type, boolean primitive,
                      boolean attribute, byte[] open, byte[] close, Class<?> javaType, String[] enumLexical,
                      Mutator mutator) {
        super(path, accessor, nil, mutator);
        if (primitive && nil != null) {
            throw new IllegalArgumentException(path + ": a primitive cannot be nil");
        }
        if (attribute && nil != null) {
            throw new IllegalArgumentException(path + ": an attribute cannot be nil (it is omitted)");
        }
        if ((type == ScalarType.ENUM) != (enumLexical != null)) {
            throw new IllegalArgumentException(path + ": enum lexical forms go with ENUM and only ENUM");
        }
        this.type = type;
        this.primitive = primitive;
        this.attribute = attribute;
        this.open = open.clone();
        this.close = close.clone();
        this.javaType = javaType;
        this.enumLexical = enumLexical == null ? null : enumLexical.clone();
    }

    public ScalarType type() {
        return type;
    }

    public boolean primitive() {
        return primitive;
    }

    public boolean attribute() {
        return attribute;
    }

    /** Bytes before the value; do not modify. */
    public byte[] open() {
        return open;
    }

    /** Bytes after the value; do not modify. */
    public byte[] close() {
        return close;
    }

    public Class<?> javaType() {
        return javaType;
    }

    /** The lexical form of enum constant {@code ordinal}. */
    public String enumLexical(int ordinal) {
        return enumLexical[ordinal];
    }

    @Override
    public boolean nullable() {
        return !primitive;
    }

    @Override
    public String toString() {
        return "Scalar(" + path() + " " + type + (primitive ? " primitive" : "") + " " + text(open) + "…" + text(close) + ")";
    }
}
