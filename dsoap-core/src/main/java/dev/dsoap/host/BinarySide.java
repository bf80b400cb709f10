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
import dev.dsoap.template.MemoryBudget;

import java.util.ArrayDeque;
import java.util.List;

/**
 * A {@link Carrier}'s binary stage: the binary forms of one operation's side (one per inbound form that has one,
 * and the outbound form), who is answered in binary, bounded pools of differential readers and writers, and the
 * refusals, each counted by reason.
 *
 * <p>Readers and writers are differential: each keeps its last message (see {@link BinaryWriter} and
 * {@link BinaryReader}), charged to the memory budget as one kept state, at most
 * {@link dev.dsoap.serialize.SerializerConfig#maxStateShare()} of it. The pools hand out the one used last, so a
 * peer that calls again and again, one call at a time, meets its own last message. At most {@link Settings#states()}
 * of each are kept idle. Thread-safe.
 */
final class BinarySide {
    private final Settings settings;
    private final OperationStats stats;
    /** The binary forms of the inbound forms that have one, the schema's first. */
    private final BinaryFormat[] ins;
    /** The binary form of the outbound messages, or {@code null}. */
    private final BinaryFormat out;
    /** Charged with what idle readers and writers keep, or {@code null}. */
    private final MemoryBudget budget;
    /** The most bytes one reader or writer keeps between messages. */
    private final long keep;
    /** Idle readers of {@link #ins} (one per form, in the same order), the last used on top. */
    private final Pool<BinaryReader[]> readers;
    /** Idle writers of {@link #out}, the last used on top. */
    private final Pool<BinaryWriter> writers;

    BinarySide(Settings settings, OperationStats stats, List<BinaryFormat> ins, BinaryFormat out, MemoryBudget budget) {
        this.settings = settings;
        this.stats = stats;
        this.ins = ins.toArray(new BinaryFormat[0]);
        this.out = out;
        this.budget = budget;
        long cap = budget == null ? Settings.DEFAULT_BUDGET : budget.limitBytes();
        this.keep = (long) Math.min(Integer.MAX_VALUE, settings.serializer().maxStateShare() * cap);
        this.readers = new Pool<>(settings.states());
        this.writers = new Pool<>(settings.states());
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
        Held<BinaryReader[]> h = readers.take();
        if (h == null) {
            BinaryReader[] r = new BinaryReader[ins.length];
            for (int i = 0; i < r.length; i++) {
                r[i] = ins[i].newReader(settings.deserializer().limits(), keep);
            }
            h = new Held<>(r, readers, BinarySide::forget);
        } else {
            h.forgetIfEvicted();
        }
        try {
            BinaryReader[] r = h.it;
            BinaryReader reader = r[0];
            if (r.length > 1) {
                long id = Frame.formatId(b, 0, len);
                for (BinaryReader each : r) {
                    if (each.format().id() == id) {
                        reader = each;
                    }
                }
            }
            Object[] values = reader.read(b, 0, len);
            stats.binaryReused(reader.reusedBytes(), 0);
            return values;
        } catch (BinaryFormatException e) {
            BinaryRefusal why = switch (e.kind()) {
                case UNKNOWN_FORMAT -> BinaryRefusal.UNKNOWN_FORMAT;
                case FORMAT_MISMATCH -> BinaryRefusal.FORMAT_MISMATCH;
                default -> BinaryRefusal.MALFORMED;
            };
            stats.binaryRefused(why, e.getMessage());
            stats.rejected();
            throw new RejectedMessageException(e.getMessage(), e, why != BinaryRefusal.MALFORMED);
        } finally {
            readersBack(h);
        }
    }

    /** The binary message of {@code parts}, or {@code null} when none is written (counted when the values refuse). */
    Reply write(Object[] parts, boolean withDescriptor) {
        BinaryFormat f = out();
        if (f == null) {
            return null;
        }
        Held<BinaryWriter> h = writers.take();
        if (h == null) {
            h = new Held<>(f.newWriter(keep), writers, BinaryWriter::forget);
        } else {
            h.forgetIfEvicted();
        }
        BinaryWriter w = h.it;
        try {
            w.write(parts, withDescriptor);
        } catch (RuntimeException e) {
            written(h);
            stats.writeFallback(Fallback.UNSUPPORTED_VALUE, e.getMessage());
            return null;
        }
        stats.binaryWritten(w.length());
        stats.binaryReused(0, w.reusedBytes());
        Held<BinaryWriter> held = h;
        return new Reply(w, x -> written(held), stats, w.length());
    }

    private void written(Held<BinaryWriter> h) {
        BinaryWriter w = h.it;
        w.trim();
        if (w.retainedBytes() > keep) {
            w.forget();
        }
        if (!charge(h, w.retainedBytes())) {
            w.forget();
        }
        pool(writers, h);
    }

    private void readersBack(Held<BinaryReader[]> h) {
        long n = retained(h.it);
        if (n > keep || !charge(h, n)) {
            for (BinaryReader r : h.it) {
                r.forget();
            }
        }
        pool(readers, h);
    }

    private static void forget(BinaryReader[] r) {
        for (BinaryReader each : r) {
            each.forget();
        }
    }

    private static long retained(BinaryReader[] r) {
        long n = 0;
        for (BinaryReader each : r) {
            n += each.retainedBytes();
        }
        return n;
    }

    /** Charges {@code h}'s {@code bytes} to the budget; {@code false} when it alone exceeds the budget. */
    private boolean charge(MemoryBudget.Holder h, long bytes) {
        return budget == null || budget.charge(h, bytes);
    }

    /** Pools {@code h}, or lets it go (released from the budget) when the pool is full. */
    private <T> void pool(Pool<T> pool, Held<T> h) {
        if (!pool.put(h) && budget != null) {
            budget.release(h);
        }
    }

    /** Bytes the idle readers and writers hold. */
    long retainedBytes() {
        long n = 0;
        for (Held<BinaryWriter> h : writers.snapshot()) {
            n += h.it.retainedBytes();
        }
        for (Held<BinaryReader[]> h : readers.snapshot()) {
            n += retained(h.it);
        }
        return n;
    }

    /**
     * A reader set or a writer as the budget knows it: evicted, it forgets its last message at once if it is idle
     * in its pool, else at its next use.
     */
    private static final class Held<T> implements MemoryBudget.Holder {
        final T it;
        /** The pool it idles in. */
        private final Pool<T> home;
        /** Makes {@link #it} forget its last message. */
        private final java.util.function.Consumer<T> forget;
        volatile boolean evicted;

        Held(T it, Pool<T> home, java.util.function.Consumer<T> forget) {
            this.it = it;
            this.home = home;
            this.forget = forget;
        }

        @Override
        public void evict() {
            evicted = true;
            home.forgetIfIdle(this);
        }

        /** Forgets the last message if the budget evicted it; by the thread that holds it, or under its pool's lock. */
        void forgetIfEvicted() {
            if (evicted) {
                evicted = false;
                forget.accept(it);
            }
        }
    }

    /** A bounded stack of idle holders: the last given back is the first taken. */
    private static final class Pool<T> {
        private final ArrayDeque<Held<T>> idle = new ArrayDeque<>();
        private final int max;

        Pool(int max) {
            this.max = max;
        }

        synchronized Held<T> take() {
            return idle.pollFirst();
        }

        synchronized boolean put(Held<T> h) {
            if (idle.size() >= max) {
                return false;
            }
            idle.addFirst(h);
            return true;
        }

        /** Makes {@code h} forget its last message now if it idles here (else its user does at its next use). */
        synchronized void forgetIfIdle(Held<T> h) {
            if (idle.contains(h)) {
                h.forgetIfEvicted();
            }
        }

        synchronized List<Held<T>> snapshot() {
            return List.copyOf(idle);
        }
    }
}
