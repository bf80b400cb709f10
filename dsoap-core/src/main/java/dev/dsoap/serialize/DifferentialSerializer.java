package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.UnsupportedValueException;
import dev.dsoap.numbers.XsdFormat;
import dev.dsoap.template.MemoryBudget;
import dev.dsoap.tracked.TrackedDoubleArray;
import dev.dsoap.xml.Base64Text;
import dev.dsoap.xml.XmlText;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static dev.dsoap.serialize.ChunkedTemplate.END;
import static dev.dsoap.serialize.ChunkedTemplate.START;

/**
 * One stream of differential serialization (bSOAP): the messages of one operation in one direction,
 * sent by one sender. The first message is serialized in full and kept as a {@link ChunkedTemplate};
 * each later message is compared with the values behind the template and only what changed is
 * rewritten: in place when it fits (perfect structural match), by stealing padding from a neighbour, or by
 * rebuilding the chunks concerned (partial structural match); an identical message is resent as it is
 * (content match).
 *
 * <p>Usage: {@link #serialize(Object[])} then {@link #writeTo(OutputStream)} or {@link #buffers()}.
 *
 * <p>Not thread-safe: one instance per sender (a connection, a thread, a pooled stub). Several streams may
 * share a {@link SerializerStats} and a {@link MemoryBudget}.
 */
public final class DifferentialSerializer implements MemoryBudget.Holder {
    private static final int ABSENT = 0;
    private static final int NIL = 1;
    private static final int PRESENT = 2;
    private static final long NULL_ARRAY = -1;
    private static final long NIL_ARRAY = -2;
    private static final int MAX_BACKOFF = 32;

    private final MessagePlan plan;
    private final SerializerConfig config;
    private final SerializerStats stats;
    private final MemoryBudget budget;
    private final Step.Steps steps;
    private final ChunkedTemplate t;
    private final boolean stealRightFirst;
    private final boolean stealBoth;

    /** Set by the budget from any thread: drop the template at the next message. */
    private volatile boolean evicted;
    /** The budget refused this template: drop it at the next message. */
    private boolean dropNext;
    /** Messages still to serialize afresh under the adaptive policy. */
    private int adaptiveSkip;
    /** Consecutive messages whose rewrite cost passed the threshold. */
    private int heavyStreak;
    /** Why the template is missing, for the next first send. */
    private SerializerStats.FreshReason missing = SerializerStats.FreshReason.FIRST;
    /** Estimated bytes of the values referenced by the template (strings, byte arrays, decimals). */
    private long refBytes;

    // ---- the walk's state
    /** Slot under the cursor. */
    private int cursor;
    /** Values changed in this message. */
    private int changed;
    /** Whether this message resized the template. */
    private boolean resized;
    /** Bytes written into the template by this message. */
    private long work;
    /** Values in this message that outgrew their field. */
    private int grown;

    /** Tracked arrays written by this message: marked consumed once it succeeds. */
    private TrackedDoubleArray[] tracked = new TrackedDoubleArray[4];
    private int trackedCount;

    // ---- the value being handled
    private long vBits;
    private Object vRef;
    private boolean vNull;
    /** Formatted value bytes. */
    private byte[] val = new byte[64];

    // ---- values that outgrew their field in the chunk being worked on
    private int pendChunk = -1;
    private int pendCount;
    private int[] pendSlot = new int[16];
    private int[] pendOff = new int[16];
    private int[] pendLen = new int[16];
    private byte[] pendBytes = new byte[1024];
    private int pendUsed;

    /**
     * @param plan   the message shape
     * @param config chunking, stuffing, stealing and adaptive settings
     * @param stats  counters to update (may be shared)
     * @param budget memory cap shared with other streams, or {@code null} for none
     */
    public DifferentialSerializer(MessagePlan plan, SerializerConfig config, SerializerStats stats, MemoryBudget budget) {
        this.plan = plan;
        this.config = config;
        this.stats = stats;
        this.budget = budget;
        this.steps = new Step.Steps(plan.root());
        this.t = new ChunkedTemplate(config.chunkSize(), config.endSlack(), config.splitThreshold(), steps.openLen,
                steps.closeLen);
        StealDirection d = config.stealDirection();
        this.stealRightFirst = d == StealDirection.RIGHT || d == StealDirection.RIGHT_THEN_LEFT;
        this.stealBoth = d == StealDirection.RIGHT_THEN_LEFT || d == StealDirection.LEFT_THEN_RIGHT;
    }

    public MessagePlan plan() {
        return plan;
    }

    /**
     * Makes the message for {@code parts} (the operation's parameters, or its single return value, in
     * plan order) the current one.
     *
     * @return how the message matched the previous one
     * @throws RuntimeException whatever the values cause (an unsupported character, a failing getter); the
     *                          template is then discarded and the next message is serialized afresh
     */
    public MatchClass serialize(Object[] parts) {
        if (evicted || dropNext) {
            missing = evicted ? SerializerStats.FreshReason.EVICTED : missing;
            dropTemplate();
            evicted = false;
            dropNext = false;
        }
        MatchClass m;
        if (t.isEmpty()) {
            fresh(parts, missing);
            m = MatchClass.FIRST_SEND;
        } else if (config.adaptive() && adaptiveSkip > 0) {
            adaptiveSkip--;
            fresh(parts, SerializerStats.FreshReason.ADAPTIVE);
            m = MatchClass.FIRST_SEND;
        } else {
            m = differential(parts);
        }
        long length = t.messageLength();
        stats.match(m, length);
        if (budget != null && !budget.charge(this, retainedBytes())) {
            dropNext = true;
            missing = SerializerStats.FreshReason.EVICTED;
        }
        return m;
    }

    /** Writes the current message. */
    public void writeTo(OutputStream out) throws IOException {
        t.writeTo(out);
    }

    /** The current message as buffers for a gathering write; valid until the next {@link #serialize}. */
    public ByteBuffer[] buffers() {
        return t.buffers();
    }

    /** Length of the current message in bytes. */
    public long messageLength() {
        return t.messageLength();
    }

    /** A copy of the current message. */
    public byte[] toByteArray() {
        return t.toByteArray();
    }

    /** Bytes held by this stream's template, including the values kept for comparison. */
    public long retainedBytes() {
        return t.retainedBytes() + refBytes;
    }

    /** Number of template chunks. */
    public int chunkCount() {
        return t.chunkCount();
    }

    /** Drops the template and the adaptive policy's history; the next message is a first send. */
    public void reset() {
        dropTemplate();
        missing = SerializerStats.FreshReason.FIRST;
        adaptiveSkip = 0;
        heavyStreak = 0;
    }

    @Override
    public void evict() {
        evicted = true;
    }

    private void dropTemplate() {
        t.clear();
        refBytes = 0;
        if (budget != null) {
            budget.release(this);
        }
    }

    // ================================================================ first send

    private void fresh(Object[] parts, SerializerStats.FreshReason reason) {
        stats.countFresh(reason);
        ChunkedTemplate.Writer w = t.beginFresh();
        refBytes = 0;
        trackedCount = 0;
        try {
            w.literal(plan.prolog());
            freshStructBody(w, steps.root, parts);
            w.literal(plan.epilog());
        } catch (RuntimeException | Error e) {
            t.abandon();
            dropTemplate();
            missing = SerializerStats.FreshReason.DISCARDED;
            stats.failure();
            throw e;
        }
        t.commitAll();
        missing = SerializerStats.FreshReason.FIRST;
        consumeTracked();
    }

    private void meetTracked(TrackedDoubleArray a) {
        if (trackedCount == tracked.length) {
            tracked = Arrays.copyOf(tracked, trackedCount * 2);
        }
        tracked[trackedCount++] = a;
    }

    private void consumeTracked() {
        for (int i = 0; i < trackedCount; i++) {
            tracked[i].consumed(this);
            tracked[i] = null;
        }
        trackedCount = 0;
    }

    /** Writes the whole message for {@code parts} into {@code sink}, leaving the template alone. */
    void writeFresh(ByteSink sink, Object[] parts) {
        long kept = refBytes;
        trackedCount = 0;
        try {
            sink.literal(plan.prolog());
            freshStructBody(sink, steps.root, parts);
            sink.literal(plan.epilog());
        } finally {
            // nothing is kept for a sink other than the template
            Arrays.fill(tracked, 0, trackedCount, null);
            trackedCount = 0;
            refBytes = kept;
        }
    }

    /** The numbered plan nodes. */
    Step.Steps steps() {
        return steps;
    }

    private void freshStructBody(ByteSink w, Step st, Object value) {
        checkClass(st, value);
        w.literal(st.struct.openStart());
        for (Step a : st.attributes) {
            freshProp(w, a, value);
        }
        w.literal(st.struct.openEnd());
        for (Step c : st.children) {
            freshProp(w, c, value);
        }
        w.literal(st.struct.close());
    }

    private void freshProp(ByteSink w, Step st, Object owner) {
        switch (st.kind) {
            case Step.PRIMITIVE -> {
                readProp(st, owner);
                freshLeaf(w, st);
            }
            case Step.NULLABLE -> {
                readProp(st, owner);
                freshNullable(w, st);
            }
            case Step.STRUCT -> freshStruct(w, st, st.node.accessor().get(owner));
            default -> freshArray(w, st, st.node.accessor().get(owner));
        }
    }

    private void freshLeaf(ByteSink w, Step st) {
        int n = format(st);
        ScalarNode s = st.scalar;
        byte[] open = s.open();
        byte[] close = s.close();
        w.leaf(st.id, open, 0, open.length, val, 0, n, close, 0, close.length, fieldWidth(st, n), vBits, keep(st));
    }

    private void freshNullable(ByteSink w, Step st) {
        int p = presence(st, vNull);
        w.marker(START, st.id, p, null);
        if (p == PRESENT) {
            freshLeaf(w, st);
        } else if (p == NIL) {
            w.literal(st.node.nil());
        }
        w.marker(END, st.id, 0, null);
    }

    private void freshStruct(ByteSink w, Step st, Object v) {
        int p = presence(st, v == null);
        w.marker(START, st.id, p, null);
        if (p == PRESENT) {
            freshStructBody(w, st, v);
        } else if (p == NIL) {
            w.literal(st.node.nil());
        }
        w.marker(END, st.id, 0, null);
    }

    private void freshArray(ByteSink w, Step st, Object v) {
        long count = arrayCode(st, v);
        Object ref = null;
        if (v instanceof TrackedDoubleArray a) {
            meetTracked(a);
            ref = a;
        }
        w.marker(START, st.id, count, ref);
        if (count == NIL_ARRAY) {
            w.literal(st.node.nil());
        }
        for (int i = 0; i < count; i++) {
            freshItem(w, st, v, i);
        }
        w.marker(END, st.id, 0, null);
    }

    private void freshItem(ByteSink w, Step arr, Object v, int i) {
        Step it = arr.item;
        if (it.kind == Step.STRUCT) {
            freshStruct(w, it, objectItem(arr, v, i));
        } else {
            readItem(arr, v, i);
            if (it.kind == Step.PRIMITIVE) {
                freshLeaf(w, it);
            } else {
                freshNullable(w, it);
            }
        }
    }

    private int fieldWidth(Step st, int n) {
        if (!st.type.bounded()) {
            return n;
        }
        return switch (config.stuffing()) {
            case NONE -> n;
            case TYPE_MAX -> Math.max(n, st.type.maxWidth());
            case FIXED -> Math.max(n, config.stuffWidth());
        };
    }

    // ================================================================ differential

    private MatchClass differential(Object[] parts) {
        cursor = 0;
        changed = 0;
        resized = false;
        work = 0;
        grown = 0;
        trackedCount = 0;
        pendChunk = -1;
        pendCount = 0;
        pendUsed = 0;
        try {
            diffStructBody(steps.root, parts);
            flushPending();
            if (cursor != t.slotCount()) {
                throw new IllegalStateException("template walk ended at slot " + cursor + " of " + t.slotCount());
            }
        } catch (RuntimeException | Error e) {
            t.abandon();
            dropTemplate();
            missing = SerializerStats.FreshReason.DISCARDED;
            stats.failure();
            throw e;
        }
        consumeTracked();
        stats.rewritten(changed, work);
        if (config.adaptive()) {
            adapt();
        }
        if (resized) {
            return MatchClass.PARTIAL_STRUCTURAL;
        }
        return changed == 0 ? MatchClass.CONTENT : MatchClass.PERFECT_STRUCTURAL;
    }

    /**
     * Backs off to fresh serialization while most values keep changing and outgrowing their fields: then
     * comparing and resizing costs more than writing the message afresh. The back-off doubles (up to
     * {@value #MAX_BACKOFF} messages) while it lasts, and every back-off ends with a differential try.
     */
    private void adapt() {
        if (grown > config.adaptiveThreshold() * t.slotCount()) {
            heavyStreak++;
            adaptiveSkip = Math.min(MAX_BACKOFF, 1 << Math.min(heavyStreak - 1, 5));
        } else {
            heavyStreak = 0;
        }
    }

    private void diffStructBody(Step st, Object value) {
        checkClass(st, value);
        for (Step a : st.attributes) {
            diffProp(a, value);
        }
        for (Step c : st.children) {
            diffProp(c, value);
        }
    }

    private void diffProp(Step st, Object owner) {
        switch (st.kind) {
            case Step.PRIMITIVE -> {
                readProp(st, owner);
                diffLeaf(st, cursor++);
            }
            case Step.NULLABLE -> {
                readProp(st, owner);
                diffNullable(st);
            }
            case Step.STRUCT -> diffStruct(st, st.node.accessor().get(owner));
            default -> diffArray(st, st.node.accessor().get(owner));
        }
    }

    private void diffNullable(Step st) {
        int s = cursor;
        int p = presence(st, vNull);
        if (t.bits(s) != p) {
            replaceNode(st, s, null);
        } else if (p == PRESENT) {
            diffLeaf(st, s + 1);
            cursor = s + 3;
        } else {
            cursor = s + 2;
        }
    }

    private void diffStruct(Step st, Object v) {
        int s = cursor;
        int p = presence(st, v == null);
        if (t.bits(s) != p) {
            replaceNode(st, s, v);
        } else if (p == PRESENT) {
            cursor = s + 1;
            diffStructBody(st, v);
            cursor++;
        } else {
            cursor = s + 2;
        }
    }

    private void diffArray(Step st, Object v) {
        int s = cursor;
        long old = t.bits(s);
        long count = arrayCode(st, v);
        if (old < 0 || count < 0) {
            if (old != count) {
                replaceNode(st, s, v);
            } else {
                cursor = s + 2;
            }
            return;
        }
        cursor = s + 1;
        int common = (int) Math.min(old, count);
        if (v instanceof TrackedDoubleArray a) {
            diffTracked(st, a, s, common);
            meetTracked(a);
            t.setRef(s, a);
        } else {
            diffItems(st, v, common);
            // no tracked array wrote these values: a tracked one given later must be compared in full
            t.setRef(s, null);
        }
        if (count < old) {
            int e = endOf(s);
            flushPending();
            forgetRefs(cursor, e);
            t.beginReplace(cursor, e);
            t.commitReplace();
            resized = true;
        } else if (count > old) {
            int e = cursor;
            flushPending();
            ChunkedTemplate.Writer w = t.beginReplace(e, e);
            for (int i = common; i < count; i++) {
                freshItem(w, st, v, i);
            }
            int added = w.slotsWritten();
            work += w.bytesWritten();
            t.commitReplace();
            cursor = e + added;
            resized = true;
        }
        t.setBits(s, count);
        if (t.kind(cursor) != END) {
            throw new IllegalStateException("slot " + cursor + ": expected the END of " + st.node.path());
        }
        cursor++;
    }

    /**
     * A tracked array: when this stream wrote this very array last (the START slot holds it) and nobody
     * else wrote it since, only its dirty elements can differ; otherwise compare them all.
     */
    private void diffTracked(Step arr, TrackedDoubleArray a, int start, int n) {
        Step it = arr.item;
        int base = cursor;
        // changedLeaf stores vBits only while vRef is null; an earlier object leaf may have left it set
        vRef = null;
        double[] values = a.values();
        if (t.ref(start) == a && a.trackedFor(this)) {
            for (int i = a.nextDirty(0); i >= 0 && i < n; i = a.nextDirty(i + 1)) {
                long b = Double.doubleToRawLongBits(values[i]);
                if (b != t.bits(base + i)) {
                    vBits = b;
                    changedLeaf(it, base + i);
                }
            }
        } else {
            diffDoubles(it, values, base, n);
        }
        cursor = base + n;
    }

    /** Compares {@code a[0, n)} with the leaves from slot {@code base}; rewrites those that differ. */
    private void diffDoubles(Step item, double[] a, int base, int n) {
        int end = base + n;
        for (int s = t.mismatchDoubles(base, a, 0, n); s < end; s = t.mismatchDoubles(s + 1, a, s + 1 - base, end - s - 1)) {
            vBits = Double.doubleToRawLongBits(a[s - base]);
            changedLeaf(item, s);
        }
    }

    private void diffItems(Step arr, Object v, int n) {
        Step it = arr.item;
        int base = cursor;
        // the fast paths set only vBits; changedLeaf stores vBits only while vRef is null
        vRef = null;
        switch (arr.primitiveArray) {
            case Step.P_DOUBLE -> {
                diffDoubles(it, (double[]) v, base, n);
                cursor = base + n;
            }
            case Step.P_INT -> {
                int[] a = (int[]) v;
                int end = base + n;
                for (int s = t.mismatchInts(base, a, 0, n); s < end; s = t.mismatchInts(s + 1, a, s + 1 - base, end - s - 1)) {
                    vBits = a[s - base];
                    changedLeaf(it, s);
                }
                cursor = end;
            }
            case Step.P_NONE -> {
                for (int i = 0; i < n; i++) {
                    if (it.kind == Step.STRUCT) {
                        diffStruct(it, objectItem(arr, v, i));
                    } else {
                        readItem(arr, v, i);
                        if (it.kind == Step.PRIMITIVE) {
                            diffLeaf(it, cursor++);
                        } else {
                            diffNullable(it);
                        }
                    }
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    readItem(arr, v, i);
                    diffLeaf(it, cursor++);
                }
            }
        }
    }

    private void diffLeaf(Step st, int slot) {
        if (!same(st, slot)) {
            changedLeaf(st, slot);
        }
    }

    /** The value in vBits/vRef differs from slot's: rewrite it. */
    private void changedLeaf(Step st, int slot) {
        changed++;
        if (st.type == dev.dsoap.binding.ScalarType.BASE64 && patchBase64(slot)) {
            return;
        }
        int n = format(st);
        storeShadow(st, slot);
        int width = t.width(slot);
        if (n <= width) {
            t.writeInPlace(slot, val, 0, n);
            work += n;
            return;
        }
        resized = true;
        grown++;
        if (config.stealDirection() != StealDirection.NONE) {
            int moved = t.steal(slot, n - width, config.stealDistance(), stealRightFirst, stealBoth);
            if (moved >= 0) {
                t.writeInPlace(slot, val, 0, n);
                work += moved + n;
                stats.steal();
                return;
            }
        }
        addPending(slot, n);
    }

    /**
     * A {@code byte[]} of the kept one's length: base64 encodes every 3 bytes as 4 characters at fixed places, so
     * only the groups holding changed bytes are encoded again and written over their old characters, run by run,
     * and the kept copy takes the new bytes. False (nothing done) when the length differs or the template's value
     * is not the kept bytes' encoding as it stands.
     */
    private boolean patchBase64(int slot) {
        byte[] now = (byte[]) vRef;
        if (!(t.ref(slot) instanceof byte[] old) || old.length != now.length
                || t.length(slot) != Base64Text.encodedLength(now.length)) {
            return false;
        }
        int n = now.length;
        int at = Arrays.mismatch(old, now);
        while (at >= 0) {
            int from = at - at % 3;
            int to = Math.min(from + 3, n);
            while (to < n && groupDiffers(old, now, to, n)) {
                to = Math.min(to + 3, n);
            }
            ensureVal(Base64Text.encodedLength(to - from));
            int len = Base64Text.write(now, from, to - from, val, 0);
            t.patchInPlace(slot, from / 3 * 4, val, 0, len);
            System.arraycopy(now, from, old, from, to - from);
            work += len;
            int next = to < n ? Arrays.mismatch(old, to, n, now, to, n) : -1;
            at = next < 0 ? -1 : to + next;
        }
        return true;
    }

    /** Whether bytes {@code [at, min(at + 3, n))} of the two arrays differ: one base64 group. */
    private static boolean groupDiffers(byte[] a, byte[] b, int at, int n) {
        if (at + 3 <= n) {
            return a[at] != b[at] || a[at + 1] != b[at + 1] || a[at + 2] != b[at + 2];
        }
        for (int i = at; i < n; i++) {
            if (a[i] != b[i]) {
                return true;
            }
        }
        return false;
    }

    private void addPending(int slot, int n) {
        int c = t.chunkOf(slot);
        if (c != pendChunk) {
            flushPending();
            pendChunk = c;
        }
        if (pendCount == pendSlot.length) {
            int cap = pendCount * 2;
            pendSlot = Arrays.copyOf(pendSlot, cap);
            pendOff = Arrays.copyOf(pendOff, cap);
            pendLen = Arrays.copyOf(pendLen, cap);
        }
        if (pendUsed + n > pendBytes.length) {
            pendBytes = Arrays.copyOf(pendBytes, Math.max(pendBytes.length * 2, pendUsed + n));
        }
        System.arraycopy(val, 0, pendBytes, pendUsed, n);
        pendSlot[pendCount] = slot;
        pendOff[pendCount] = pendUsed;
        pendLen[pendCount] = n;
        pendCount++;
        pendUsed += n;
    }

    /** Rebuilds the chunk holding values that outgrew their fields. Slot indices do not change. */
    private void flushPending() {
        if (pendCount > 0) {
            work += t.rebuildChunk(pendChunk, pendSlot, pendOff, pendLen, pendBytes, pendCount);
            stats.rebuild();
        }
        pendChunk = -1;
        pendCount = 0;
        pendUsed = 0;
    }

    /**
     * The node at START slot {@code s} changed shape (null/nil/present, or an array became or stopped
     * being null): write it afresh in place of its old bytes. Nullable leaves take their value from vBits/vRef.
     */
    private void replaceNode(Step st, int s, Object v) {
        flushPending();
        int e = endOf(s);
        forgetRefs(s, e + 1);
        ChunkedTemplate.Writer w = t.beginReplaceNode(s, e);
        switch (st.kind) {
            case Step.NULLABLE -> freshNullable(w, st);
            case Step.STRUCT -> freshStruct(w, st, v);
            default -> freshArray(w, st, v);
        }
        int added = w.slotsWritten();
        work += w.bytesWritten();
        t.commitReplace();
        cursor = s + added;
        changed++;
        resized = true;
    }

    /** Stops counting the values kept behind the leaves in slots {@code [from, to)}, which are being replaced or removed. */
    private void forgetRefs(int from, int to) {
        for (int i = from; i < to; i++) {
            if (t.kind(i) == ChunkedTemplate.LEAF) {
                refBytes -= refSize(t.ref(i));
            }
        }
    }

    /** The END slot matching the START at {@code s}. */
    private int endOf(int s) {
        int depth = 0;
        for (int i = s, n = t.slotCount(); i < n; i++) {
            byte k = t.kind(i);
            if (k == START) {
                depth++;
            } else if (k == END && --depth == 0) {
                return i;
            }
        }
        throw new IllegalStateException("slot " + s + ": START without END");
    }

    // ================================================================ values

    /** A plan describes declared types: a subclass would lose its own properties, so it is refused. */
    private static void checkClass(Step st, Object value) {
        Class<?> planned = st.struct.javaType();
        if (value.getClass() != planned) {
            throw new UnsupportedValueException(st.node.path() + ": runtime class " + value.getClass().getName()
                    + " is not the planned " + planned.getName());
        }
    }

    private static int presence(Step st, boolean isNull) {
        if (!isNull) {
            return PRESENT;
        }
        return st.node.nil() != null ? NIL : ABSENT;
    }

    private static long arrayCode(Step st, Object v) {
        if (v == null) {
            return st.node.nil() != null ? NIL_ARRAY : NULL_ARRAY;
        }
        if (v instanceof TrackedDoubleArray a) {
            return a.length();
        }
        return switch (st.array.container()) {
            case PRIMITIVE_ARRAY -> java.lang.reflect.Array.getLength(v);
            case OBJECT_ARRAY -> ((Object[]) v).length;
            case LIST -> ((List<?>) v).size();
        };
    }

    private static Object objectItem(Step arr, Object v, int i) {
        return arr.array.container() == dev.dsoap.binding.ArrayNode.Container.LIST
                ? ((List<?>) v).get(i) : ((Object[]) v)[i];
    }

    /** Reads property {@code st} of {@code owner} into vBits/vRef/vNull. */
    private void readProp(Step st, Object owner) {
        if (st.kind == Step.PRIMITIVE) {
            vNull = false;
            vRef = null;
            var a = st.node.accessor();
            vBits = switch (st.type) {
                case DOUBLE -> Double.doubleToRawLongBits(a.getDouble(owner));
                case FLOAT -> Float.floatToRawIntBits(a.getFloat(owner));
                case LONG -> a.getLong(owner);
                case BOOLEAN -> a.getBoolean(owner) ? 1 : 0;
                default -> a.getInt(owner);
            };
        } else {
            fromObject(st, st.node.accessor().get(owner));
        }
    }

    /** Reads item {@code i} of array {@code v} of {@code arr} into vBits/vRef/vNull. */
    private void readItem(Step arr, Object v, int i) {
        switch (arr.primitiveArray) {
            case Step.P_NONE -> fromObject(arr.item, objectItem(arr, v, i));
            case Step.P_DOUBLE -> primitive(Double.doubleToRawLongBits(v instanceof TrackedDoubleArray a
                    ? a.values()[i] : ((double[]) v)[i]));
            case Step.P_INT -> primitive(((int[]) v)[i]);
            case Step.P_LONG -> primitive(((long[]) v)[i]);
            case Step.P_FLOAT -> primitive(Float.floatToRawIntBits(((float[]) v)[i]));
            case Step.P_SHORT -> primitive(((short[]) v)[i]);
            case Step.P_BYTE -> primitive(((byte[]) v)[i]);
            default -> primitive(((boolean[]) v)[i] ? 1 : 0);
        }
    }

    private void primitive(long bits) {
        vBits = bits;
        vRef = null;
        vNull = false;
    }

    private void fromObject(Step st, Object o) {
        vRef = null;
        vBits = 0;
        vNull = o == null;
        if (o == null) {
            return;
        }
        switch (st.type) {
            case DOUBLE -> vBits = Double.doubleToRawLongBits((Double) o);
            case FLOAT -> vBits = Float.floatToRawIntBits((Float) o);
            case LONG -> vBits = (Long) o;
            case INT -> vBits = (Integer) o;
            case SHORT -> vBits = (Short) o;
            case BYTE -> vBits = (Byte) o;
            case BOOLEAN -> vBits = ((Boolean) o) ? 1 : 0;
            default -> vRef = o;
        }
    }

    /** Whether the value in vBits/vRef equals the one behind leaf {@code slot}. */
    private boolean same(Step st, int slot) {
        return switch (st.type) {
            case STRING, DECIMAL, INTEGER -> vRef.equals(t.ref(slot));
            case ENUM -> vRef == t.ref(slot);
            case BASE64 -> Arrays.equals((byte[]) vRef, (byte[]) t.ref(slot));
            default -> vBits == t.bits(slot);
        };
    }

    /** The object to keep behind a leaf for later comparison (a copy where the caller may mutate it). */
    private Object keep(Step st) {
        if (!st.type.isObject() || vRef == null) {
            return null;
        }
        Object k = st.type == dev.dsoap.binding.ScalarType.BASE64 ? ((byte[]) vRef).clone() : vRef;
        refBytes += refSize(k);
        return k;
    }

    private void storeShadow(Step st, int slot) {
        if (!st.type.isObject()) {
            t.setBits(slot, vBits);
        } else {
            Object old = t.ref(slot);
            refBytes -= refSize(old);
            t.setRef(slot, keep(st));
        }
    }

    private static long refSize(Object o) {
        if (o instanceof String s) {
            return 40 + 2L * s.length();
        }
        if (o instanceof byte[] b) {
            return 16 + b.length;
        }
        return o == null || o instanceof Enum ? 0 : 48;
    }

    /** Formats the value in vBits/vRef into {@link #val}; returns its length. */
    private int format(Step st) {
        ensureVal(32);
        switch (st.type) {
            case DOUBLE:
                return XsdFormat.writeDouble(Double.longBitsToDouble(vBits), val, 0);
            case FLOAT:
                return XsdFormat.writeFloat(Float.intBitsToFloat((int) vBits), val, 0);
            case INT:
                return XsdFormat.writeInt((int) vBits, val, 0);
            case LONG:
                return XsdFormat.writeLong(vBits, val, 0);
            case SHORT:
                return XsdFormat.writeShort((short) vBits, val, 0);
            case BYTE:
                return XsdFormat.writeByte((byte) vBits, val, 0);
            case BOOLEAN:
                return XsdFormat.writeBoolean(vBits != 0, val, 0);
            default:
                return formatObject(st);
        }
    }

    private int formatObject(Step st) {
        Object o = vRef;
        switch (st.type) {
            case STRING: {
                CharSequence s = (CharSequence) o;
                ensureVal(XmlText.encodedLength(s, st.attribute));
                return XmlText.write(s, st.attribute, val, 0);
            }
            case ENUM: {
                String s = st.scalar.enumLexical(((Enum<?>) o).ordinal());
                ensureVal(XmlText.encodedLength(s, st.attribute));
                return XmlText.write(s, st.attribute, val, 0);
            }
            case DECIMAL:
                return ascii(((BigDecimal) o).toPlainString());
            case INTEGER:
                return ascii(((BigInteger) o).toString());
            case BASE64: {
                byte[] b = (byte[]) o;
                ensureVal(Base64Text.encodedLength(b.length));
                return Base64Text.write(b, 0, b.length, val, 0);
            }
            default:
                throw new IllegalStateException("unhandled type " + st.type + " at " + st.node.path());
        }
    }

    private int ascii(String s) {
        ensureVal(s.length());
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, val, 0, b.length);
        return b.length;
    }

    private void ensureVal(int n) {
        if (n > val.length) {
            val = new byte[Math.max(n, val.length * 2)];
        }
    }

    @Override
    public String toString() {
        return "DifferentialSerializer(" + plan + ", " + t.chunkCount() + " chunks, " + t.slotCount() + " slots)";
    }
}
