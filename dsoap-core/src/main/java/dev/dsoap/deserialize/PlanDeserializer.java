package dev.dsoap.deserialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.parse.XmlParseException;

/**
 * Plain (non-differential) deserialization of a SOAP message into the operation's parts: dsoap's own
 * parser and binding, every byte parsed every time. The baseline that {@link DifferentialDeserializer}
 * is measured against, and what it does when differential work does not pay.
 *
 * <p>Not thread-safe: one per thread (it keeps its parser and buffers for reuse).
 */
public final class PlanDeserializer {
    private final ReadPlan plan;
    private final Binder binder;
    private final Tape tape = new Tape();
    private final Materializer materializer = new Materializer();

    public PlanDeserializer(MessagePlan plan, ParserLimits limits) {
        this(plan, limits, false);
    }

    private PlanDeserializer(MessagePlan plan, ParserLimits limits, boolean headerBlock) {
        this.plan = new ReadPlan(plan);
        this.binder = new Binder(this.plan, limits, false, headerBlock);
    }

    /**
     * A reader of one SOAP header block: the bare {@code plan}'s element is looked for among the blocks of the
     * message's {@code Header} (the first of its name; other blocks, and their attributes such as
     * {@code mustUnderstand}, are passed over) and read as the plan's one part, {@code null} when no block has
     * its name. Reading stops at the end of the Header: the Body is left to the operation's own reader.
     *
     * @throws IllegalArgumentException if {@code plan} is wrapped
     */
    public static PlanDeserializer headerBlock(MessagePlan plan, ParserLimits limits) {
        return new PlanDeserializer(plan, limits, true);
    }

    /**
     * Reads the message in {@code b[off..off+len)} into fresh parts.
     *
     * @throws XmlParseException       if the bytes are not well-formed UTF-8 XML 1.0 within the limits
     * @throws MessageBindingException if the message does not match the plan, or is not one dsoap carries
     *                                 (for a {@linkplain #headerBlock header block reader}: has no SOAP Header)
     */
    public Object[] deserialize(byte[] b, int off, int len) {
        try {
            binder.parse(b, off, len, tape);
            return materializer.parts(plan, tape);
        } finally {
            tape.clear();
            binder.sc.release();
        }
    }
}
