package dev.dsoap.binary;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.UnsupportedTypeException;
import dev.dsoap.parse.ParserLimits;

/**
 * dsoap's binary encoding of one message format, compiled from the same {@link MessagePlan} as its XML: values
 * travel as their bits instead of their text. Primitives take their fixed width, arrays of primitives one block in
 * the sender's byte order, strings their UTF-8 bytes after a length, {@code byte[]} its bytes, big numbers their
 * exact two's-complement digits (and a decimal its scale), enums their ordinal (checked against the constants the
 * format names), structs their members in plan order after a bitmap of which nullable members are present, and
 * arrays their count then their items (after a bitmap of present items when items are nillable). What goes in
 * binary reads back to the values the XML form would read back to: values XML cannot carry are refused the same
 * way, and values XML carries differently are written as XML would read them (a negative decimal scale as 0, an
 * empty array as null where the convention reads it so).
 *
 * <p>The format's {@link Descriptor} names it; a reader decodes only messages of its own format.
 *
 * <p>Immutable, thread-safe: compile once per plan and share; writers and readers are per thread.
 */
public final class BinaryFormat {
    private final MessagePlan plan;
    private final Descriptor descriptor;
    final Slot root;
    /** Why readers cannot build values of this format, or {@code null}. */
    private final String readProblem;
    final boolean emptyArraysNull;
    /** Levels of XML elements the values nest in, envelope and body included. */
    final int depth;

    private BinaryFormat(MessagePlan plan, Descriptor descriptor, Slot root) {
        this.plan = plan;
        this.descriptor = descriptor;
        this.root = root;
        this.readProblem = root.readProblem(true);
        this.emptyArraysNull = plan != null && plan.convention().emptyArraysNull();
        this.depth = root.depth() + 2;
    }

    /**
     * The format a descriptor describes, for reading its messages without the Java types (the converter command):
     * {@link #newReader} then returns a struct as an {@code Object[]} of its members (attributes first), a block of
     * primitives as a primitive array, other arrays as {@code Object[]}, an enum as its lexical form. It has no plan
     * and writes nothing.
     *
     * @throws IllegalArgumentException if the descriptor describes an array of items that take no bytes
     */
    static BinaryFormat generic(Descriptor d) {
        return new BinaryFormat(null, d, Slot.generic(d.root(), d.localName(), -1));
    }

    /**
     * Compiles the binary form of {@code plan}, whose body element is {@code {namespace}localName}.
     *
     * @throws UnsupportedTypeException if a value of the plan has no binary form (an array of items that take no
     *                                  bytes)
     */
    public static BinaryFormat of(MessagePlan plan, String namespace, String localName) {
        return new BinaryFormat(plan, Descriptor.of(plan, namespace, localName), Slot.of(plan.root()));
    }

    public MessagePlan plan() {
        return plan;
    }

    public Descriptor descriptor() {
        return descriptor;
    }

    /** The format id ({@link Descriptor#id()}). */
    public long id() {
        return descriptor.id();
    }

    /** Whether {@link BinaryReader}s can build this format's values (every value can be created and set). */
    public boolean readable() {
        return readProblem == null;
    }

    /** Why {@link #readable()} is false, or {@code null}. */
    public String readProblem() {
        return readProblem;
    }

    /**
     * A writer of this format's messages; not thread-safe.
     *
     * @throws IllegalStateException for a format read from a descriptor alone
     */
    public BinaryWriter newWriter() {
        return newWriter(0);
    }

    /**
     * A differential writer of this format's messages, keeping its last message for the next one: up to
     * {@code keptBytes} bytes of message and as many of its strings and big numbers (see {@link BinaryWriter}).
     * Not thread-safe.
     *
     * @param keptBytes the most bytes kept between messages; 0 for a fresh writer, which keeps nothing but a
     *                  buffer of up to 64 KiB
     * @throws IllegalStateException for a format read from a descriptor alone
     */
    public BinaryWriter newWriter(long keptBytes) {
        if (plan == null) {
            throw new IllegalStateException("a format read from a descriptor writes nothing");
        }
        if (keptBytes < 0) {
            throw new IllegalArgumentException("keptBytes " + keptBytes + " < 0");
        }
        return new BinaryWriter(this, keptBytes);
    }

    /**
     * A reader of this format's messages, held to {@code limits}: message size, nesting depth, the length of a
     * string, decimal or byte array ({@link ParserLimits#maxTextBytes()}) and the items of one array
     * ({@link ParserLimits#maxChildElements()}). Not thread-safe.
     *
     * @throws UnsupportedTypeException if the values cannot be built ({@link #readProblem()})
     */
    public BinaryReader newReader(ParserLimits limits) {
        return newReader(limits, 0);
    }

    /**
     * A differential reader of this format's messages, held to {@code limits} as {@link #newReader(ParserLimits)}
     * is, keeping up to {@code keptBytes} bytes of the last message's strings and big numbers: a value whose bytes
     * equal those at the same place of the last message is taken from it without being decoded again (see
     * {@link BinaryReader}). Not thread-safe.
     *
     * @param keptBytes the most bytes of values kept between messages; 0 keeps nothing
     * @throws UnsupportedTypeException if the values cannot be built ({@link #readProblem()})
     */
    public BinaryReader newReader(ParserLimits limits, long keptBytes) {
        if (readProblem != null) {
            throw new UnsupportedTypeException(plan.root().path(), "values", readProblem);
        }
        if (keptBytes < 0) {
            throw new IllegalArgumentException("keptBytes " + keptBytes + " < 0");
        }
        return new BinaryReader(this, limits, keptBytes);
    }

    @Override
    public String toString() {
        return "BinaryFormat(" + descriptor.idHex() + " " + plan + ")";
    }
}
