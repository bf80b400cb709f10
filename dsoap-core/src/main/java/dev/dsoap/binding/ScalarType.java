package dev.dsoap.binding;

/**
 * The leaf value types a plan can carry, each with its XML Schema type and the widest lexical form
 * it can take (in UTF-8 bytes; {@code -1} where there is no bound).
 *
 * <p>Immutable, thread-safe.
 */
public enum ScalarType {
    /** {@code boolean}/{@link Boolean}: xsd:boolean, "true"/"false". */
    BOOLEAN("boolean", 5),
    /** {@code byte}/{@link Byte}: xsd:byte. */
    BYTE("byte", 4),
    /** {@code short}/{@link Short}: xsd:short. */
    SHORT("short", 6),
    /** {@code int}/{@link Integer}: xsd:int. */
    INT("int", 11),
    /** {@code long}/{@link Long}: xsd:long. */
    LONG("long", 20),
    /** {@code float}/{@link Float}: xsd:float, shortest round-trip form, INF/-INF/NaN. */
    FLOAT("float", 15),
    /** {@code double}/{@link Double}: xsd:double, shortest round-trip form, INF/-INF/NaN. */
    DOUBLE("double", 24),
    /** {@link String}: xsd:string, escaped. */
    STRING("string", -1),
    /** Any {@code enum}: xsd:string holding {@link Enum#name()} (or its {@code @XmlEnumValue}). */
    ENUM("string", -1),
    /** {@link java.math.BigDecimal}: xsd:decimal, plain notation (no exponent). */
    DECIMAL("decimal", -1),
    /** {@link java.math.BigInteger}: xsd:integer. */
    INTEGER("integer", -1),
    /** {@code byte[]}: xsd:base64Binary. */
    BASE64("base64Binary", -1);

    private final String xsdName;
    private final int maxWidth;

    ScalarType(String xsdName, int maxWidth) {
        this.xsdName = xsdName;
        this.maxWidth = maxWidth;
    }

    /** The local name of the XML Schema type, e.g. {@code "double"}. */
    public String xsdName() {
        return xsdName;
    }

    /** The widest lexical form in bytes, or {@code -1} when unbounded (strings, decimals, base64). */
    public int maxWidth() {
        return maxWidth;
    }

    /** Whether values are objects compared with {@code equals} (strings, enums, decimals, byte arrays), not primitive bits. */
    public boolean isObject() {
        return this == STRING || this == ENUM || this == DECIMAL || this == INTEGER || this == BASE64;
    }

    /** Whether values of this type have a bounded width, so stuffing can make every future value fit. */
    public boolean bounded() {
        return maxWidth > 0;
    }
}
