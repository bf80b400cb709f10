package dev.dsoap.binding;

/**
 * Thrown by {@link PlanCompiler} when a Java type (or an annotation on it) has no faithful plan, e.g.
 * {@code "echoResponse/return/items: java.util.Map<java.lang.String, java.lang.Integer> is not supported
 * (maps have no document/literal form here)"}. Nothing is compiled for such a shape: the host keeps
 * using its own serialization for the operation.
 */
public final class UnsupportedTypeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Where in the message the type occurs, e.g. {@code "echoResponse/return/items"}. */
    private final String path;
    /** The type's name as {@link java.lang.reflect.Type#getTypeName()} gives it. */
    private final String typeName;

    /**
     * @param path     where in the message the type occurs
     * @param typeName the type's name
     * @param reason   why it is not supported, or {@code null}
     */
    public UnsupportedTypeException(String path, String typeName, String reason) {
        super(path + ": " + typeName + " is not supported" + (reason == null ? "" : " (" + reason + ")"));
        this.path = path;
        this.typeName = typeName;
    }

    /** A fresh exception for a failure remembered by {@link PlanCache}, caused by the original. */
    UnsupportedTypeException(UnsupportedTypeException original) {
        super(original.getMessage(), original);
        this.path = original.path;
        this.typeName = original.typeName;
    }

    /** Where in the message the type occurs, e.g. {@code "echoResponse/return/items"}. */
    public String path() {
        return path;
    }

    /** The unsupported type's name. */
    public String typeName() {
        return typeName;
    }
}
