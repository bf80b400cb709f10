package dev.dsoap.binding;

/**
 * A whole SOAP message compiled for one Java shape and one {@link WireConvention}:
 * {@code prolog + root + epilog}, where the prolog runs from the XML declaration (if any) to the
 * {@code Body} start tag and the epilog closes Body and Envelope. The root's value is the operation's
 * parts as an {@code Object[]}.
 *
 * <p>Immutable, thread-safe: compile once (see {@link PlanCompiler}) and share.
 */
public final class MessagePlan {
    /** Envelope start through the Body start tag. */
    private final byte[] prolog;
    /** The body content: a struct over the parts array. */
    private final StructNode root;
    /** Body and Envelope end tags. */
    private final byte[] epilog;
    /** The convention the bytes follow. */
    private final WireConvention convention;

    public MessagePlan(byte[] prolog, StructNode root, byte[] epilog, WireConvention convention) {
        if (root.nullable()) {
            throw new IllegalArgumentException("the root of a plan cannot be nullable: " + root.path());
        }
        this.prolog = prolog.clone();
        this.root = root;
        this.epilog = epilog.clone();
        this.convention = convention;
    }

    /** Do not modify. */
    public byte[] prolog() {
        return prolog;
    }

    public StructNode root() {
        return root;
    }

    /** Do not modify. */
    public byte[] epilog() {
        return epilog;
    }

    public WireConvention convention() {
        return convention;
    }

    @Override
    public String toString() {
        return "MessagePlan(" + root.path() + ", " + convention + ")";
    }
}
