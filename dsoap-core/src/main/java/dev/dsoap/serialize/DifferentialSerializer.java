package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.template.MemoryBudget;
import dev.dsoap.tracked.TrackedDoubleArray;
import dev.dsoap.xml.Base64Text;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

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
    private static final int MAX_BACKOFF = 32;

    private final MessagePlan plan;
    private final SerializerConfig config;
    private final SerializerStats stats;
    private final MemoryBudget budget;
    private final Step.Steps steps;
    private final ChunkedTemplate t;
    private final boolean stealRightFirst;
    private final boolean stealBoth;
    /** The least field width a first send gives each step's leaves (stuffing), by step id. */
    private final int[] stuffWidths;
    /** {@link SerializerConfig#maxFieldPadding()}. */
    private final int maxFieldPadding;

    /** Set by the budget from any thread: drop the template at the next message. */
    private volatile boolean evicted;
    /** Run when the budget evicts this serializer (its pool drops the template there if idle), or {@code null}. */
    Runnable onEvicted;
    /**
     * What this template earns its place in a {@link SerializerPool} with ({@link dev.dsoap.template.Standing};
     * guarded by the pool): one more each time the same sender's message is written on it again.
     */
    int hits = dev.dsoap.template.Standing.START;
    /** The budget refused this template: drop it at the next message. */
    private boolean dropNext;
    /**
     * This template holds more than its share of the budget: it is not charged, and is dropped when given back to
     * its pool ({@link #returned()}) or at the next message, whichever comes first.
     */
    private boolean dropAfterUse;
    /** Messages still to serialize afresh under the adaptive policy. */
    private int adaptiveSkip;
    /** Consecutive messages whose rewrite cost passed the threshold. */
    private int heavyStreak;
    /** Why the template is missing, for the next first send. */
    private SerializerStats.FreshReason missing = SerializerStats.FreshReason.FIRST;

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

    /**
     * The value being handled, its formatted bytes, the estimated bytes of the values the template keeps
     * (strings, byte arrays, decimals), and the tracked arrays this message wrote.
     */
    private final Values value = new Values();
    /** Writes first sends, and the nodes a differential message replaces or appends. */
    private final FreshWalk walk;

    // ---- values that outgrew their field in the chunk being worked on
    private int pendChunk = -1;
    private int pendCount;
    private int[] pendSlot = new int[16];
    private int[] pendOff = new int[16];
    private int[] pendLen = new int[16];
    /** The field width each pending value gets: its length when it outgrew its field, its fresh width when cut. */
    private int[] pendWidth = new int[16];
    private byte[] pendBytes = new byte[1024];
    private int pendUsed;
    /** The most pending values and bytes at once since the last {@link #trimBuffers()}. */
    private int pendPeakCount;
    private int pendPeakBytes;
    /** The most bytes {@link #pendBytes} keeps between messages (it is needed only within one). */
    private static final int PEND_BYTES_FLOOR = 64 * 1024;
    /** Entries below which the pending index arrays are never shrunk. */
    private static final int PEND_FLOOR = 64;

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
        this.walk = new FreshWalk(plan, steps, config, value);
        this.stuffWidths = FreshWalk.stuffWidths(steps, config);
        this.maxFieldPadding = config.maxFieldPadding();
        this.t = new ChunkedTemplate(config.chunkSize(), config.endSlack(), config.splitThreshold(), steps.openLen,
                steps.closeLen, stuffWidths);
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
        if (dropAfterUse) {
            returned();
        }
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
        trimBuffers();
        long length = t.messageLength();
        stats.match(m, length);
        if (budget != null) {
            long held = retainedBytes();
            if (held > config.maxStateShare() * budget.limitBytes()) {
                budget.release(this);
                dropAfterUse = true;
                stats.dropOversized();
            } else if (!budget.charge(this, held)) {
                dropNext = true;
                missing = SerializerStats.FreshReason.EVICTED;
            }
        }
        return m;
    }

    /**
     * The caller is done with the current message (sent, or copied): a template over its share of the memory
     * budget is dropped now rather than at the next message. {@link SerializerPool#release} calls this.
     */
    void returned() {
        if (dropAfterUse) {
            dropAfterUse = false;
            dropTemplate();
            missing = SerializerStats.FreshReason.OVERSIZED;
        }
    }

    /** After a message: gives back buffer capacity a past, larger message left behind, here and in the template. */
    private void trimBuffers() {
        t.trim(config.adaptive() && adaptiveSkip > 0);
        value.trim();
        if (pendBytes.length > PEND_BYTES_FLOOR) {
            pendBytes = new byte[Math.max(1024, Math.min(pendPeakBytes, PEND_BYTES_FLOOR))];
        }
        if (pendSlot.length > PEND_FLOOR && pendSlot.length > 2 * pendPeakCount) {
            int cap = Math.max(PEND_FLOOR, pendPeakCount);
            pendSlot = new int[cap];
            pendOff = new int[cap];
            pendLen = new int[cap];
            pendWidth = new int[cap];
        }
        pendPeakBytes = 0;
        pendPeakCount = 0;
    }

    /** Writes the current message. */
    public void writeTo(OutputStream out) throws IOException {
        t.writeTo(out);
    }

    /** Writes the current message with {@code insert} placed before its byte {@code at}. */
    public void writeTo(OutputStream out, long at, byte[] insert) throws IOException {
        t.writeTo(out, at, insert);
    }

    /**
     * Writes the current message, with {@code insert} placed before its byte {@code at} when {@code insert} is not
     * {@code null}, in writes of up to {@code cap} bytes gathered in {@code stage} (a caller's scratch array, at least
     * {@code cap} long), rather than one write per piece of the template.
     */
    public void writeTo(OutputStream out, long at, byte[] insert, byte[] stage, int cap) throws IOException {
        if (stage == null || cap < 1 || cap > stage.length) {
            throw new IllegalArgumentException("stage of " + (stage == null ? "null" : stage.length) + ", cap " + cap);
        }
        t.writeTo(out, at, insert, stage, cap);
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

    /**
     * Bytes held by this stream's template: every array it keeps, by capacity (chunks, pooled chunks, the DUT
     * table, the writer's and this stream's working buffers), and the values kept for comparison (estimated). What
     * the memory budget is charged.
     */
    public long retainedBytes() {
        return t.retainedBytes() + value.retainedBytes() + value.keptBytes + HeapSize.of(stuffWidths) + HeapSize.of(pendSlot)
                + HeapSize.of(pendOff) + HeapSize.of(pendLen) + HeapSize.of(pendWidth) + HeapSize.of(pendBytes)
                + HeapSize.of(ahead);
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
        Runnable r = onEvicted;
        if (r != null) {
            r.run();
        }
    }

    /** Drops the template if the budget evicted it: called by the owning pool while this serializer is idle. */
    void dropIfEvicted() {
        if (evicted) {
            evicted = false;
            missing = SerializerStats.FreshReason.EVICTED;
            dropTemplate();
        }
    }

    private void dropTemplate() {
        t.clear();
        value.keptBytes = 0;
        value.trim();
        if (budget != null) {
            budget.release(this);
        }
    }

    // ================================================================ first send

    private void fresh(Object[] parts, SerializerStats.FreshReason reason) {
        stats.countFresh(reason);
        ChunkedTemplate.Writer w = t.beginFresh();
        value.keptBytes = 0;
        value.forgetMet();
        try {
            walk.message(w, parts);
        } catch (RuntimeException | Error e) {
            t.abandon();
            dropTemplate();
            missing = SerializerStats.FreshReason.DISCARDED;
            stats.failure();
            throw e;
        }
        t.commitAll();
        missing = SerializerStats.FreshReason.FIRST;
        value.consumeMet(this);
    }

    // ================================================================ differential

    private MatchClass differential(Object[] parts) {
        cursor = 0;
        changed = 0;
        resized = false;
        work = 0;
        grown = 0;
        value.forgetMet();
        pendChunk = -1;
        pendCount = 0;
        pendUsed = 0;
        try {
            diffStructBody(steps.root, parts);
            flushPending();
            if (cursor != t.slotCount()) {
                throw new IllegalStateException("template walk ended at slot " + cursor + " of " + t.slotCount());
            }
            long excess = t.excessPadding();
            if (excess > maxFieldPadding && excess > config.maxPaddingShare() * (t.messageLength() - excess)) {
                work += t.compact();
                stats.compaction();
                resized = true;
            }
        } catch (RuntimeException | Error e) {
            t.abandon();
            dropTemplate();
            missing = SerializerStats.FreshReason.DISCARDED;
            stats.failure();
            throw e;
        }
        value.consumeMet(this);
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

    private void diffStructBody(Step st, Object v) {
        FreshWalk.checkClass(st, v);
        for (Step a : st.attributes) {
            diffProp(a, v);
        }
        for (Step c : st.children) {
            diffProp(c, v);
        }
    }

    private void diffProp(Step st, Object owner) {
        switch (st.kind) {
            case Step.PRIMITIVE -> {
                value.readProp(st, owner);
                diffLeaf(st, cursor++);
            }
            case Step.NULLABLE -> {
                value.readProp(st, owner);
                diffNullable(st);
            }
            case Step.STRUCT -> diffStruct(st, st.node.accessor().get(owner));
            default -> diffArray(st, st.node.accessor().get(owner));
        }
    }

    private void diffNullable(Step st) {
        int s = cursor;
        int p = FreshWalk.presence(st, value.isNull);
        if (t.bits(s) != p) {
            replaceNode(st, s, null);
        } else if (p == FreshWalk.PRESENT) {
            diffLeaf(st, s + 1);
            cursor = s + 3;
        } else {
            cursor = s + 2;
        }
    }

    private void diffStruct(Step st, Object v) {
        int s = cursor;
        int p = FreshWalk.presence(st, v == null);
        if (t.bits(s) != p) {
            replaceNode(st, s, v);
        } else if (p == FreshWalk.PRESENT) {
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
        long count = FreshWalk.arrayCode(st, v);
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
            value.meet(a);
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
                walk.item(w, st, v, i);
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
        // changedLeaf stores bits only while ref is null; an earlier object leaf may have left it set
        value.ref = null;
        double[] values = a.values();
        if (t.ref(start) == a && a.trackedFor(this)) {
            for (int i = a.nextDirty(0); i >= 0 && i < n; i = a.nextDirty(i + 1)) {
                long b = Double.doubleToRawLongBits(values[i]);
                if (b != t.bits(base + i)) {
                    value.bits = b;
                    changedLeaf(it, base + i);
                }
            }
        } else {
            diffDoubles(it, values, base, n);
        }
        cursor = base + n;
    }

    /**
     * Compares {@code a[0, n)} with the leaves from slot {@code base} and rewrites those that differ, a batch of slots
     * at a time: the changed slots first, then the first byte of each one's field read, then their writes. Scattered
     * changes land on template bytes far apart, often out of the caches by the next message; reads with nothing
     * depending on one another have their lines fetched together, instead of each write waiting for its own.
     */
    private void diffDoubles(Step item, double[] a, int base, int n) {
        int end = base + n;
        int[] ahead = this.ahead;
        int s = t.mismatchDoubles(base, a, 0, n);
        while (s < end) {
            int k = 0;
            do {
                ahead[k++] = s;
                s = t.mismatchDoubles(s + 1, a, s + 1 - base, end - s - 1);
            } while (s < end && k < AHEAD);
            touchAhead(k);
            for (int i = 0; i < k; i++) {
                int slot = ahead[i];
                value.bits = Double.doubleToRawLongBits(a[slot - base]);
                changedLeaf(item, slot);
            }
        }
    }

    /** As {@link #diffDoubles} for an {@code int[]}. */
    private void diffInts(Step item, int[] a, int base, int n) {
        int end = base + n;
        int[] ahead = this.ahead;
        int s = t.mismatchInts(base, a, 0, n);
        while (s < end) {
            int k = 0;
            do {
                ahead[k++] = s;
                s = t.mismatchInts(s + 1, a, s + 1 - base, end - s - 1);
            } while (s < end && k < AHEAD);
            touchAhead(k);
            for (int i = 0; i < k; i++) {
                int slot = ahead[i];
                value.bits = a[slot - base];
                changedLeaf(item, slot);
            }
        }
    }

    /** Reads the first byte of the fields of the first {@code k} slots of {@link #ahead}, one after another. */
    private void touchAhead(int k) {
        int[] ahead = this.ahead;
        int touched = 0;
        for (int i = 0; i < k; i++) {
            touched += t.touch(ahead[i]);
        }
        sink += touched;
    }

    /** How many changed slots {@link #diffDoubles} and {@link #diffInts} find before they write them. */
    private static final int AHEAD = 32;
    /** The changed slots found ahead of their writes. */
    private final int[] ahead = new int[AHEAD];
    /** What {@link #touchAhead} read, kept so that its reads are not left out. */
    private int sink;

    private void diffItems(Step arr, Object v, int n) {
        Step it = arr.item;
        int base = cursor;
        // the fast paths set only bits; changedLeaf stores bits only while ref is null
        value.ref = null;
        switch (arr.primitiveArray) {
            case Step.P_DOUBLE -> {
                diffDoubles(it, (double[]) v, base, n);
                cursor = base + n;
            }
            case Step.P_INT -> {
                diffInts(it, (int[]) v, base, n);
                cursor = base + n;
            }
            case Step.P_NONE -> {
                for (int i = 0; i < n; i++) {
                    if (it.kind == Step.STRUCT) {
                        diffStruct(it, Values.objectItem(arr, v, i));
                    } else {
                        value.readItem(arr, v, i);
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
                    value.readItem(arr, v, i);
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

    /** The value in {@link Values} differs from slot's: rewrite it. */
    private void changedLeaf(Step st, int slot) {
        changed++;
        if (st.type == dev.dsoap.binding.ScalarType.BASE64 && patchBase64(slot)) {
            return;
        }
        int n = value.format(st);
        storeShadow(st, slot);
        int width = t.width(slot);
        if (n <= width) {
            if (width - n > maxFieldPadding && trimField(st, slot, n, width)) {
                return;
            }
            t.writeInPlace(slot, value.bytes, 0, n);
            work += n;
            return;
        }
        resized = true;
        grown++;
        if (config.stealDirection() != StealDirection.NONE) {
            int moved = t.steal(slot, n - width, config.stealDistance(), stealRightFirst, stealBoth);
            if (moved >= 0) {
                t.writeInPlace(slot, value.bytes, 0, n);
                work += moved + n;
                stats.steal();
                return;
            }
        }
        addPending(slot, n, n);
    }

    /**
     * A value that shrank far below its field: when the field would keep more than {@code maxFieldPadding} bytes
     * beyond the width a first send gives this value, queue it for its chunk's rebuild at that width instead.
     *
     * @return whether it was queued (else the caller writes it in place)
     */
    private boolean trimField(Step st, int slot, int n, int width) {
        int fresh = Math.max(n, stuffWidths[st.id]);
        if (width - fresh <= maxFieldPadding) {
            return false;
        }
        resized = true;
        stats.fieldTrimmed();
        addPending(slot, n, fresh);
        return true;
    }

    /**
     * A {@code byte[]} of the kept one's length: base64 encodes every 3 bytes as 4 characters at fixed places, so
     * only the groups holding changed bytes are encoded again and written over their old characters, run by run,
     * and the kept copy takes the new bytes. False (nothing done) when the length differs or the template's value
     * is not the kept bytes' encoding as it stands.
     */
    private boolean patchBase64(int slot) {
        byte[] now = (byte[]) value.ref;
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
            value.ensure(Base64Text.encodedLength(to - from));
            int len = Base64Text.write(now, from, to - from, value.bytes, 0);
            t.patchInPlace(slot, from / 3 * 4, value.bytes, 0, len);
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

    private void addPending(int slot, int n, int width) {
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
            pendWidth = Arrays.copyOf(pendWidth, cap);
        }
        if (pendUsed + n > pendBytes.length) {
            pendBytes = Arrays.copyOf(pendBytes, Math.max(pendBytes.length * 2, pendUsed + n));
        }
        System.arraycopy(value.bytes, 0, pendBytes, pendUsed, n);
        pendSlot[pendCount] = slot;
        pendOff[pendCount] = pendUsed;
        pendLen[pendCount] = n;
        pendWidth[pendCount] = width;
        pendCount++;
        pendUsed += n;
        pendPeakCount = Math.max(pendPeakCount, pendCount);
        pendPeakBytes = Math.max(pendPeakBytes, pendUsed);
    }

    /** Rebuilds the chunk holding values that outgrew their fields. Slot indices do not change. */
    private void flushPending() {
        if (pendCount > 0) {
            work += t.rebuildChunk(pendChunk, pendSlot, pendOff, pendLen, pendWidth, pendBytes, pendCount);
            stats.rebuild();
        }
        pendChunk = -1;
        pendCount = 0;
        pendUsed = 0;
    }

    /**
     * The node at START slot {@code s} changed shape (null/nil/present, or an array became or stopped
     * being null): write it afresh in place of its old bytes. Nullable leaves take their value from {@link Values}.
     */
    private void replaceNode(Step st, int s, Object v) {
        flushPending();
        int e = endOf(s);
        forgetRefs(s, e + 1);
        ChunkedTemplate.Writer w = t.beginReplaceNode(s, e);
        switch (st.kind) {
            case Step.NULLABLE -> walk.nullable(w, st);
            case Step.STRUCT -> walk.struct(w, st, v);
            default -> walk.array(w, st, v);
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
                value.keptBytes -= Values.refSize(t.ref(i));
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

    /** Whether the value in {@link Values} equals the one behind leaf {@code slot}. */
    private boolean same(Step st, int slot) {
        Values v = value;
        return switch (st.type) {
            case STRING, DECIMAL, INTEGER -> v.ref.equals(t.ref(slot));
            case ENUM -> v.ref == t.ref(slot);
            case BASE64 -> Arrays.equals((byte[]) v.ref, (byte[]) t.ref(slot));
            default -> v.bits == t.bits(slot);
        };
    }

    /** Stores the value in {@link Values} behind leaf {@code slot} for the next comparison. */
    private void storeShadow(Step st, int slot) {
        if (!st.type.isObject()) {
            t.setBits(slot, value.bits);
        } else {
            Object old = t.ref(slot);
            value.keptBytes -= Values.refSize(old);
            t.setRef(slot, value.keep(st));
        }
    }

    @Override
    public String toString() {
        return "DifferentialSerializer(" + plan + ", " + t.chunkCount() + " chunks, " + t.slotCount() + " slots)";
    }
}
