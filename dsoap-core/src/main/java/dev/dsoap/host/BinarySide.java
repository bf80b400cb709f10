package dev.dsoap.host;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.BinaryFormatException;
import dev.dsoap.binary.BinaryReader;
import dev.dsoap.binary.BinaryWriter;
import dev.dsoap.binary.Frame;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.UnsupportedTypeException;
import dev.dsoap.negotiation.BinaryMediaType;
import dev.dsoap.negotiation.BinaryMode;

import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * A {@link Carrier}'s binary stage: the binary forms of one operation's side (one per inbound form that has one,
 * and the outbound form), who is answered in binary, the per-thread readers and a bounded pool of writers, and the
 * refusals, each counted by reason. Thread-safe.
 */
final class BinarySide {
    private final Settings settings;
    private final OperationStats stats;
    /** The binary forms of the inbound forms that have one, the schema's first. */
    private final BinaryFormat[] ins;
    /** The binary form of the outbound messages, or {@code null}. */
    private final BinaryFormat out;
    /** Per-thread readers of {@link #ins}, in the same order. */
    private final ThreadLocal<BinaryReader[]> readers;
    /** Idle writers of {@link #out}, at most {@link Settings#states()}. */
    private final ArrayBlockingQueue<BinaryWriter> writers;

    BinarySide(Settings settings, OperationStats stats, List<BinaryFormat> ins, BinaryFormat out) {
        this.settings = settings;
        this.stats = stats;
        this.ins = ins.toArray(new BinaryFormat[0]);
        this.out = out;
        BinaryFormat[] forms = this.ins;
        this.readers = forms.length == 0 ? null : ThreadLocal.withInitial(() -> {
            BinaryReader[] r = new BinaryReader[forms.length];
            for (int i = 0; i < r.length; i++) {
                r[i] = forms[i].newReader(settings.deserializer().limits());
            }
            return r;
        });
        this.writers = out == null ? null : new ArrayBlockingQueue<>(settings.states());
    }

    /** The binary form of {@code plan}, or {@code null} when it has none (or, to read, its values cannot be built). */
    static BinaryFormat compile(MessagePlan plan, MessageShape shape, boolean read) {
        try {
            BinaryFormat f = BinaryFormat.of(plan, shape.namespace(), shape.localName());
            return read && !f.readable() ? null : f;
        } catch (UnsupportedTypeException e) {
            return null;
        }
    }

    BinaryFormat in() {
        return ins.length > 0 && settings.deserialize() && settings.binary() != BinaryMode.OFF ? ins[0] : null;
    }

    List<BinaryFormat> ins() {
        return in() == null ? List.of() : List.of(ins);
    }

    String inIds() {
        if (in() == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (BinaryFormat f : ins) {
            sb.append(sb.length() == 0 ? "" : ",").append(f.descriptor().idHex());
        }
        return sb.toString();
    }

    BinaryFormat out() {
        return out != null && settings.serialize() && settings.binary() != BinaryMode.OFF ? out : null;
    }

    boolean answers(String accept, String xmlType) {
        BinaryFormat f = out();
        return f != null && accept != null && BinaryMediaType.asked(accept, xmlType, f.descriptor().idHex());
    }

    /**
     * The values of binary message {@code b[0..len)}, read by the form its format id names (the schema's when none
     * does, which then names the difference).
     *
     * @param noForm why there is no binary form, for the refusal when there is none
     * @throws RejectedMessageException counted as rejected and by refusal reason
     */
    Object[] read(byte[] b, int len, String noForm) {
        if (in() == null) {
            String why = ins.length == 0 ? "no binary form: " + noForm : Settings.BINARY + " = off";
            stats.binaryRefused(BinaryRefusal.NOT_OFFERED, why);
            stats.rejected();
            throw new RejectedMessageException("binary messages are not read here (" + why + ")", null, true);
        }
        try {
            BinaryReader[] r = readers.get();
            BinaryReader reader = r[0];
            if (r.length > 1) {
                long id = Frame.formatId(b, 0, len);
                for (BinaryReader each : r) {
                    if (each.format().id() == id) {
                        reader = each;
                    }
                }
            }
            return reader.read(b, 0, len);
        } catch (BinaryFormatException e) {
            BinaryRefusal why = switch (e.kind()) {
                case UNKNOWN_FORMAT -> BinaryRefusal.UNKNOWN_FORMAT;
                case FORMAT_MISMATCH -> BinaryRefusal.FORMAT_MISMATCH;
                default -> BinaryRefusal.MALFORMED;
            };
            stats.binaryRefused(why, e.getMessage());
            stats.rejected();
            throw new RejectedMessageException(e.getMessage(), e, why != BinaryRefusal.MALFORMED);
        }
    }

    /** The binary message of {@code parts}, or {@code null} when none is written (counted when the values refuse). */
    Reply write(Object[] parts, boolean withDescriptor) {
        BinaryFormat f = out();
        if (f == null) {
            return null;
        }
        BinaryWriter w = writers.poll();
        if (w == null) {
            w = f.newWriter();
        }
        try {
            w.write(parts, withDescriptor);
        } catch (RuntimeException e) {
            giveBack(w);
            stats.writeFallback(Fallback.UNSUPPORTED_VALUE, e.getMessage());
            return null;
        }
        stats.binaryWritten(w.length());
        return new Reply(w, this::giveBack, stats);
    }

    private void giveBack(BinaryWriter w) {
        w.trim();
        writers.offer(w);
    }

    /** Bytes the idle writers hold. */
    long retainedBytes() {
        long n = 0;
        if (writers != null) {
            for (BinaryWriter w : writers) {
                n += w.retainedBytes();
            }
        }
        return n;
    }
}
