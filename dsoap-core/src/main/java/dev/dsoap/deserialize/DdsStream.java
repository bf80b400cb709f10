package dev.dsoap.deserialize;

import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.template.MemoryBudget;

import java.util.Arrays;

/**
 * Differential deserialization of one message family: the previous message's bytes, its values (a
 * {@link Tape}) and its checkpoints, and the reading of the next message against them.
 *
 * <p>Fast mode compares the new message with the previous one byte for byte ({@link Arrays#mismatch}),
 * never by checksum. From the first difference, regular mode resumes at the last checkpoint before it
 * with the lane segments up to that checkpoint copied; at each later boundary, progressive matching
 * looks for the previous message's checkpoint at the same structural position with the same parser
 * state, compares the bytes from there, and when they match past at least one more checkpoint jumps
 * to the last checkpoint the match covers, copying the values in between. Checkpoints of the previous
 * message inside matched regions are carried over (shifted), so the next message can resume there too.
 *
 * <p>Not thread-safe: {@link DifferentialDeserializer} lends each stream to one call at a time.
 */
final class DdsStream implements Binder.Engine, MemoryBudget.Holder {
    private static final byte[] EMPTY = new byte[0];
    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    /** A kept message's array is reallocated when more than a 128th (plus this) over what the message needs. */
    static final int SHRINK_SLACK = 256;
    private static final int INITIAL_BACKOFF = 4;
    private static final int MAX_BACKOFF = 256;

    private final ReadPlan plan;
    private final DeserializerConfig config;
    private final DeserializerStats stats;
    private final MemoryBudget budget;
    private final Binder binder;
    private final ReadNode[] nodes;
    private final Materializer materializer = new Materializer();
    /** The lane for changes inside the plan's array of numbers, or {@code null}. */
    private final ArrayLane lane;
    private final boolean lightweight;
    private final int interval;
    /**
     * Spacing of new checkpoints where changes are scattered: 3/16 of the interval, at least 24 bytes. Values of 24
     * bytes or more (a full-precision double and its tags) then get a checkpoint at every boundary of the regions read,
     * so the read after a changed value resumes at the value after it (at 32 bytes, every second double: twice the
     * bytes parsed). Dense checkpoints are added only while the log is under a twelfth of the message.
     */
    private final int dense;
    /** Bytes between the new checkpoints of the message being read: {@link #interval} or {@link #dense}. */
    private int spacing;
    /** Whether the next message takes its new checkpoints {@link #dense}ly: the last one's changes were short. */
    private boolean denseNext;
    /** Jumps back to fast mode in the message being read. */
    private int reentries;

    // the previous message
    private byte[] prev = EMPTY;
    /**
     * Whether {@link #prev} is a message's own array, handed over by the caller ({@link #read}'s {@code handOver}):
     * it is never written here, since the caller's code may still read it; the next message kept by copy gets an
     * array of its own.
     */
    private boolean prevHandedOver;
    /**
     * Whether the caller released {@link #prev} with it ({@link DifferentialDeserializer#RELEASE}): no one reads it
     * once it is replaced, so it goes to the budget as a spare read buffer then.
     */
    private boolean prevReleased;
    /** A released array just replaced as {@link #prev}, given to the budget once the stream's charge is updated. */
    private byte[] retired;
    private int prevLen = -1;
    private int epoch;
    private Tape prevTape = new Tape();
    private CheckpointLog prevLog;

    // the message being read
    private Tape tape = new Tape();
    private CheckpointLog log;
    private byte[] msg;
    private int msgOff;
    private int msgLen;
    private int nextCheckpointAt;
    private int lastCheckpointAt;
    private long skipped;
    private int regularFrom;
    private long parsed;

    // progressive matching
    private int cursor;
    private boolean candValid;
    private final Checkpoint cand = new Checkpoint();
    private int candVersion = -1;
    private int upperRel;
    /** Cache of {@link #stateMatches()}: reader frames version and candidate group it was computed for. */
    private int stateVersion = -1;
    private int stateGroup = -2;
    private boolean stateOk;
    private final Checkpoint tmp = new Checkpoint();
    private final Checkpoint fill = new Checkpoint();
    /** Group mapping while carrying checkpoints over: previous log's group, this log's group. */
    private int mapOld;
    private int mapNew;

    // adaptivity
    private int lowStreak;
    private int bypassLeft;
    private int backoff = INITIAL_BACKOFF;
    /** Gives each stream its {@link #id}. */
    private static final java.util.concurrent.atomic.AtomicLong IDS = new java.util.concurrent.atomic.AtomicLong();
    /** This stream's identity, unique in the JVM (> 0). */
    final long id = IDS.incrementAndGet();

    /** Windows {@link #similarity} samples. */
    static final int WINDOWS = 16;

    /** Fraction of the last compared message that was skipped; 1 before any comparison. */
    double lastSimilarity = 1;
    long lastUsed;
    boolean busy;
    /**
     * The key of the sender whose message this stream read last ({@link DifferentialDeserializer#deserialize(byte[],
     * int, int, long[], boolean)}), or 0; guarded by the owning {@link DifferentialDeserializer}.
     */
    long peer;
    /**
     * What this stream earns its place with ({@link dev.dsoap.template.Standing}; guarded by the owning
     * {@link DifferentialDeserializer}): one more for each message it reads skipping at least the bypass threshold,
     * halved by each poorly matching message.
     */
    int hits = dev.dsoap.template.Standing.START;

    /** Whether a message keeps nothing here (none read yet, or dropped). Called by the owner while idle. */
    boolean keeps() {
        return prevLen >= 0;
    }

    /** Whether another family's message may take this stream over: it keeps nothing, or no longer pays. */
    boolean cold() {
        return hits == 0 || prevLen < 0;
    }
    private volatile boolean evicted;
    /** Whether the last message read was compared with a kept one and skipped at least the bypass threshold. */
    boolean paid;
    /** Whether the last message read was compared with a kept one. */
    boolean compared;
    /** Run when the budget evicts this stream (the owner drops it there if idle), or {@code null}. */
    Runnable onEvicted;
    private long chargedCheckpoint;
    private long chargedRetained;

    DdsStream(ReadPlan plan, DeserializerConfig config, DeserializerStats stats, MemoryBudget budget) {
        this.plan = plan;
        this.config = config;
        this.stats = stats;
        this.budget = budget;
        this.binder = new Binder(plan, config.limits(), config.skipHeaderBlocks());
        this.lane = ArrayLane.of(plan, plan.plan().convention().javaInfinity(), config.limits().maxTextBytes(),
                config.limits().maxMessageBytes());
        this.nodes = plan.nodes();
        this.prevLog = CheckpointLog.create(config.checkpoints());
        this.log = CheckpointLog.create(config.checkpoints());
        this.lightweight = config.checkpoints() == CheckpointStrategy.LIGHTWEIGHT;
        this.interval = config.interval();
        this.dense = Math.max(24, interval * 3 / 16);
        this.spacing = interval;
    }

    @Override
    public void evict() {
        evicted = true;
        Runnable r = onEvicted;
        if (r != null) {
            r.run();
        }
    }

    /** Drops the kept message if the budget evicted it: called by the owner while this stream is idle. */
    void dropIfEvicted() {
        if (evicted) {
            evicted = false;
            drop();
            stats.onEvicted();
        }
    }

    /**
     * How far either way, in bytes, {@link #similarity} looks for a window around its relative position: values of
     * other widths shift everything after them, and scattered changes add up their shifts like a random walk (25 %
     * of 100,000 doubles changed to values of other widths drift a window by some 500 bytes from where the length
     * ratio puts it).
     */
    static final int MAX_RADIUS = 4096;

    /**
     * How much {@code b} looks like the kept message: how many of 16 sampled 32-byte windows of {@code b}
     * occur in the kept message near the same relative position (within 1/32 of its length, at most
     * {@value #MAX_RADIUS} bytes either way); 0 when nothing is kept.
     */
    int similarity(byte[] b, int off, int len) {
        return similarity(b, off, len, 0);
    }

    /**
     * As {@link #similarity(byte[], int, int)}, giving up (with a lower score) as soon as the remaining windows
     * can no longer bring the score to {@code atLeast}: most of a search among many clients' kept messages is
     * spent on those that share nothing with the message.
     */
    int similarity(byte[] b, int off, int len, int atLeast) {
        return similarity(b, off, len, atLeast, WINDOWS);
    }

    /**
     * As {@link #similarity(byte[], int, int, int)}, also stopping (with a score of {@code enough}) as soon as
     * {@code enough} windows were found: a caller that only asks whether the score reaches a bar needs no more. A
     * window holding a changed value is not found, and costs a search of its whole radius: at 100K doubles of every
     * width, a tenth changed, the search for all 16 took about 1 % of dsoap's work on a request.
     */
    int similarity(byte[] b, int off, int len, int atLeast, int enough) {
        // may run while another thread starts reading into this stream: work on one consistent view
        byte[] prev = this.prev;
        int prevLen = Math.min(this.prevLen, prev.length);
        if (prevLen < 0 || evicted) {
            return 0;
        }
        int w = 32;
        int radius = Math.min(MAX_RADIUS, prevLen / 32);
        int score = 0;
        for (int k = 1; k <= WINDOWS; k++) {
            if (score + WINDOWS - k + 1 < atLeast) {
                return score;
            }
            int pn = (int) ((long) len * k / (WINDOWS + 1));
            if (pn + w > len) {
                continue;
            }
            int center = (int) ((long) prevLen * k / (WINDOWS + 1));
            int from = Math.max(0, center - radius);
            int to = Math.min(prevLen - w, center + radius);
            // the window's first 8 bytes as one long: in XML numbers a first byte alone (a digit, '<') matches at
            // most positions, and each such match cost a 32-byte compare
            long head = (long) LONGS.get(b, off + pn);
            if (from <= to && occurs(b, off + pn, w, head, prev, Math.max(from, Math.min(center, to)), from, to)
                    && ++score >= enough) {
                return score;
            }
        }
        return score;
    }

    /**
     * Whether the {@code w} bytes at {@code b[at]} (their first eight {@code head}) occur in {@code prev} at a position
     * in {@code [from, to]}, looking outwards from {@code center}: a window of the same family's message has drifted
     * from where the length ratio puts it by the width changes before it, some hundreds of bytes at most, so it is
     * found after about twice its drift instead of after the radius and its drift (searching from {@code from} cost
     * a quarter of a 10K-double read).
     */
    static boolean occurs(byte[] b, int at, int w, long head, byte[] prev, int center, int from, int to) {
        int left = center;
        int right = center + 1;
        while (left >= from || right <= to) {
            if (left >= from) {
                if ((long) LONGS.get(prev, left) == head && Arrays.equals(b, at, at + w, prev, left, left + w)) {
                    return true;
                }
                left--;
            }
            if (right <= to) {
                if ((long) LONGS.get(prev, right) == head && Arrays.equals(b, at, at + w, prev, right, right + w)) {
                    return true;
                }
                right++;
            }
        }
        return false;
    }

    /**
     * A cheap first look for ordering candidates: how many bytes the message shares with the kept one at its
     * start and at its end (up to 64 KiB each, vectorized compares). Another client's message parts from the
     * kept one at its first value; the same client's goes on to its first changed value.
     */
    int quickSimilarity(byte[] b, int off, int len) {
        byte[] prev = this.prev;
        int prevLen = Math.min(this.prevLen, prev.length);
        if (prevLen < 0 || evicted) {
            return 0;
        }
        int n = Math.min(Math.min(len, prevLen), 1 << 16);
        int head = Arrays.mismatch(b, off, off + n, prev, 0, n);
        if (head < 0) {
            head = n;
        }
        int tail = 0;
        while (tail < n && b[off + len - 1 - tail] == prev[prevLen - 1 - tail]) {
            tail++;
        }
        return head + tail;
    }

    /**
     * Reads a message, and keeps it for the next.
     *
     * @param handOver whether the caller gives {@code b} up: nothing writes it any more (readers may remain), so it
     *                 may be kept as it is instead of copied
     * @param released whether, besides, no one reads {@code b} once this returns ({@link DifferentialDeserializer#RELEASE})
     */
    Object[] read(byte[] b, int off, int len, boolean handOver, boolean released) {
        if (evicted) {
            evicted = false;
            drop();
            stats.onEvicted();
        }
        stats.onMessage();
        paid = false;
        compared = false;
        try {
            if (bypassLeft > 0) {
                return bypass(b, off, len);
            }
            return differential(b, off, len, handOver, released);
        } catch (RuntimeException e) {
            drop();
            stats.onDiscarded();
            throw e;
        } finally {
            msg = null;
            binder.sc.release();
        }
    }

    private Object[] bypass(byte[] b, int off, int len) {
        stats.onBypassed();
        if (--bypassLeft == 0) {
            // probe again from a fresh state
            drop();
            lowStreak = 1;
        }
        return plain(b, off, len);
    }

    private Object[] plain(byte[] b, int off, int len) {
        binder.engine = null;
        binder.lane = null;
        binder.parse(b, off, len, tape);
        stats.onBytes(0, len);
        Object[] parts = materializer.parts(plan, tape);
        tape.clear();
        if (tape.retainedBytes() >= Tape.KEEP_WORKING_BELOW) {
            tape = new Tape();
        }
        return parts;
    }

    private Object[] differential(byte[] b, int off, int len, boolean handOver, boolean released) {
        boolean havePrev = prevLen >= 0;
        int m = -1;
        if (havePrev) {
            m = Arrays.mismatch(b, off, off + len, prev, 0, prevLen);
            if (m < 0) {
                stats.onIdentical();
                stats.onBytes(len, 0);
                adapt(1.0);
                return materializer.parts(plan, prevTape);
            }
            if (lane != null && lane.ready() && lane.read(b, off, len, m, prev, prevLen)) {
                return laneRead(b, off, len, handOver, released);
            }
        }
        binder.engine = this;
        binder.lane = lane;
        if (lane != null) {
            lane.forgetCurrent();
        }
        tape.reserve(prevTape);
        binder.start(b, off, len, tape);
        if (havePrev && binder.sc.symbolEpoch() != epoch) {
            havePrev = false;
        }
        msg = b;
        msgOff = off;
        msgLen = len;
        log.clear();
        skipped = 0;
        parsed = 0;
        candValid = false;
        mapOld = -1;
        reentries = 0;
        spacing = havePrev && denseNext ? dense : interval;
        int c = havePrev ? prevLog.floor(m) : -1;
        if (c >= 0) {
            stats.onResumed();
            prevLog.read(c, tmp);
            carry(0, c, 0, 0, 0, 0, 0);
            tape.append(prevTape, 0, 0, 0, 0, tmp.s, tmp.j, tmp.d, tmp.o);
            if (lane != null) {
                lane.copied(0, tmp.offset, 0, 0, 0);
            }
            restore(tmp, tmp.offset);
            skipped = tmp.offset;
            regularFrom = tmp.offset;
            lastCheckpointAt = tmp.offset;
            nextCheckpointAt = tmp.offset + spacing;
            startCursor(c + 1);
        } else {
            if (havePrev) {
                stats.onResumed();
                startCursor(0);
            } else {
                stats.onFirst();
            }
            binder.prologue();
            regularFrom = 0;
            lastCheckpointAt = 0;
            nextCheckpointAt = 0;
        }
        binder.run();
        if (!binder.finished) {
            parsed += len - regularFrom;
        }
        stats.onBytes(skipped, parsed);
        // changes in short regions (scattered values) are skipped past sooner with denser checkpoints: the parse
        // after a change goes on to the next checkpoint whose bytes match up to the one after it
        boolean shortChanges = havePrev && parsed < (reentries + 1L) * 4 * interval;
        Tape read = tape; // commit keeps it, unless the message is not to be kept
        commit(b, off, len, handOver, released);
        if (lane != null) {
            lane.keptGeneral(prev, prevLen);
            account();
        }
        // dense checkpoints are carried from message to message: they are added while the log is under a twelfth of
        // the message, so that changes at new places each time do not fill the whole message with them
        denseNext = shortChanges && prevLog.checkpointBytes() * 12 < len;
        if (havePrev) {
            adapt((double) skipped / len);
        }
        return materializer.parts(plan, read);
    }

    /**
     * Completes a read of {@link ArrayLane}: the kept values with the changed items' own, no checkpoints, and the
     * message kept.
     */
    private Object[] laneRead(byte[] b, int off, int len, boolean handOver, boolean released) {
        stats.onResumed();
        stats.onLaneRead();
        // the kept values are the new message's but for the changed items: they are changed where they are, the
        // message read being the one kept from here on
        lane.patch(prevTape);
        // the kept checkpoints are dropped rather than moved: while the changes stay in the array the next message is
        // read here too, without them, and a message that goes the general way is read from its start (moving them
        // cost a third of a read here, some 20,000 checkpoints for a tenth of 100K doubles changed): the working log,
        // empty, becomes the kept one
        int parsedHere = lane.parsedBytes();
        stats.onReentries(lane.changes());
        stats.onBytes(len - parsedHere, parsedHere);
        keepLog();
        keepBytes(b, off, len, handOver, released);
        prevLen = len;
        lane.keptLane();
        account();
        recycle();
        adapt((double) (len - parsedHere) / len);
        return materializer.parts(plan, prevTape);
    }

    /** The message read becomes the kept one: {@code b} itself when handed over and no longer than a copy would be. */
    private void commit(byte[] b, int off, int len, boolean handOver, boolean released) {
        Tape t = prevTape;
        prevTape = tape;
        tape = t;
        tape.clear();
        keepLog();
        keepBytes(b, off, len, handOver, released);
        prevTape.trim(prevTape);
        if (tape.retainedBytes() >= Tape.KEEP_WORKING_BELOW) {
            // the working tape is needed only while a message is read: a large one is not kept with the sender's
            // state (it would add the size of the kept values again), and is sized afresh for the next message
            tape = new Tape();
        } else {
            tape.trim(prevTape);
        }
        prevLen = len;
        epoch = binder.sc.symbolEpoch();
        account();
        recycle();
    }

    /** The log of the message read becomes the kept one. */
    private void keepLog() {
        CheckpointLog l = prevLog;
        prevLog = log;
        log = l;
        log.clear();
        prevLog.fit();
        if (log.retainedBytes() >= Tape.KEEP_WORKING_BELOW) {
            // as the working tape: a large working log is not kept with the sender's state, and grows afresh
            log = CheckpointLog.create(config.checkpoints());
        }
    }

    /** The message's bytes become the kept ones; a released array they replace is {@link #retired}. */
    private void keepBytes(byte[] b, int off, int len, boolean handOver, boolean released) {
        byte[] old = prevHandedOver && prevReleased ? prev : null;
        if (handOver && off == 0 && DifferentialDeserializer.keptAsIs(b.length, len)) {
            // the message's own array: copying 2.9 MB (100K doubles) cost a tenth of dsoap's own work on a request
            prev = b;
            prevHandedOver = true;
            prevReleased = released;
        } else {
            if (prevHandedOver || prev.length < len || prev.length > len + (len >> 7) + SHRINK_SLACK) {
                // a 512th of headroom: values of other widths move a message's length a little each time
                prev = new byte[len + (len >> 9)];
                prevHandedOver = false;
                prevReleased = false;
            }
            System.arraycopy(b, off, prev, 0, len);
        }
        if (old != null && old != prev) {
            retired = old;
        }
    }

    /**
     * Gives the budget the array {@link #keepBytes} retired, as a spare read buffer: after {@link #account()}, so
     * that the budget no longer counts it in this stream's charge when it checks its room.
     */
    private void recycle() {
        byte[] r = retired;
        if (r != null) {
            retired = null;
            if (budget != null) {
                budget.giveSpare(r);
            }
        }
    }

    private void adapt(double similarity) {
        lastSimilarity = similarity;
        compared = true;
        paid = similarity >= config.bypassThreshold();
        if (!config.adaptive()) {
            return;
        }
        if (similarity < config.bypassThreshold()) {
            if (++lowStreak >= 2) {
                bypassLeft = backoff;
                backoff = Math.min(backoff * 2, MAX_BACKOFF);
                lowStreak = 0;
                stats.onBypassEntered();
            }
        } else {
            lowStreak = 0;
            backoff = INITIAL_BACKOFF;
        }
    }

    /** Forgets the kept message (after a failure, an eviction, or to probe). */
    void drop() {
        forget();
        account();
        if (budget != null) {
            budget.release(this);
        }
    }

    private void forget() {
        if (lane != null) {
            lane.drop();
        }
        prevLen = -1;
        prev = EMPTY;
        prevHandedOver = false;
        prevReleased = false;
        retired = null;
        prevTape = new Tape();
        tape = new Tape();
        binder.tape = tape;
        prevLog = CheckpointLog.create(config.checkpoints());
        log = CheckpointLog.create(config.checkpoints());
    }

    /** Reads without keeping anything: for a call that found every kept state in use. */
    Object[] readPlain(byte[] b, int off, int len) {
        stats.onMessage();
        return plain(b, off, len);
    }

    private void account() {
        long cp = prevLen < 0 ? 0 : prevLog.checkpointBytes();
        long ret = prevLen < 0 ? 0 : prev.length + prevTape.retainedBytes() + tape.retainedBytes()
                + prevLog.retainedBytes() + log.retainedBytes() + binder.sc.retainedBytes()
                + (lane == null ? 0 : lane.retainedBytes());
        stats.onMemory(cp - chargedCheckpoint, ret - chargedRetained);
        chargedCheckpoint = cp;
        chargedRetained = ret;
        if (budget != null && ret > config.maxStateShare() * budget.limitBytes()) {
            forget();
            stats.onMemory(-chargedCheckpoint, -chargedRetained);
            chargedCheckpoint = 0;
            chargedRetained = 0;
            budget.release(this);
            stats.onOversized();
        } else if (budget != null && ret > 0 && !budget.charge(this, ret)) {
            forget();
            stats.onMemory(-chargedCheckpoint, -chargedRetained);
            chargedCheckpoint = 0;
            chargedRetained = 0;
            stats.onEvicted();
        }
    }

    /** Bytes the kept checkpoints take. */
    long checkpointBytes() {
        return chargedCheckpoint;
    }

    // ------------------------------------------------------------------------------------------- engine

    @Override
    public boolean boundary() {
        if (binder.sc.pendingEnd()) {
            // after <x/>, the state still holds x, which the bytes before here have closed: a checkpoint taken or
            // matched here would pair a state with an offset past its end
            return false;
        }
        int p = binder.sc.position();
        if (candValid) {
            int rel = relation();
            while (rel > 0 && advance()) {
                rel = relation();
            }
            if (candValid && rel == 0 && stateMatches()) {
                if (jump(p)) {
                    return true;
                }
                advance();
            }
        }
        if (p >= nextCheckpointAt) {
            checkpoint(p);
        }
        return false;
    }

    private void startCursor(int i) {
        cursor = i - 1;
        candValid = true;
        candVersion = -1;
        stateVersion = -1;
        cand.framesLength = 0;
        cand.group = -2;
        advance();
    }

    /** Moves the candidate to the next checkpoint of the previous message; false at the end. */
    private boolean advance() {
        if (++cursor >= prevLog.size()) {
            candValid = false;
            return false;
        }
        int group = cand.group;
        if (lightweight && group >= 0 && cand.framesLength > 0) {
            prevLog.readPosition(cursor, cand);
            if (cand.group == group) {
                return true;
            }
        }
        prevLog.read(cursor, cand);
        candVersion = -1;
        stateVersion = -1;
        return true;
    }

    /**
     * Where the candidate stands against the reader's position in document order: positive when it is
     * behind, 0 at the same position, negative ahead. Frame keys: a frame below the top is inside its
     * child {@code index - 1} ({@code 2 * index - 1}); the top frame is before child or item {@code index}
     * ({@code 2 * index}).
     */
    private int relation() {
        Binder b = binder;
        int bn = b.top + 1;
        int cn = cand.framesLength >> 1;
        if (b.version != candVersion) {
            candVersion = b.version;
            upperRel = 0;
            int[] cf = cand.frames;
            for (int l = 0; l < bn - 1 && l < cn; l++) {
                int ck = cf[2 * l + 1] * 2 - (l == cn - 1 ? 0 : 1);
                int bk = b.fIndex[l] * 2 - 1;
                if (ck != bk || cf[2 * l] != b.fNode[l]) {
                    upperRel = ck < bk || (ck == bk) ? 1 : -1;
                    break;
                }
            }
        }
        if (upperRel != 0) {
            return upperRel;
        }
        int l = bn - 1;
        int bk = b.fIndex[l] * 2;
        int ck = l == cn - 1 ? cand.frames[2 * l + 1] * 2 : cand.frames[2 * l + 1] * 2 - 1;
        if (ck != bk) {
            return ck < bk ? 1 : -1;
        }
        return cand.frames[2 * l] == b.fNode[l] ? 0 : 1;
    }

    private boolean stateMatches() {
        if (lightweight && stateVersion == binder.version && cand.group == stateGroup) {
            return stateOk;
        }
        stateOk = binder.sc.stateEquals(cand.scanner, 0, cand.scannerLength);
        stateVersion = binder.version;
        stateGroup = cand.group;
        return stateOk;
    }

    /** The reader stands where the candidate stood: compare bytes from here, and jump if they match far enough. */
    private boolean jump(int p) {
        int q = cand.offset;
        int delta = p - q;
        int mm = Arrays.mismatch(msg, msgOff + p, msgOff + msgLen, prev, q, prevLen);
        int ds = tape.ns - cand.s;
        int dj = tape.nj - cand.j;
        int dd = tape.nd - cand.d;
        int dobj = tape.no - cand.o;
        if (mm < 0) {
            // the rest of the message is the rest of the previous one
            parsed += p - regularFrom;
            regularFrom = msgLen;
            if (lightweight && binder.fGroup[binder.top] >= 0) {
                mapOld = cand.group;
                mapNew = binder.fGroup[binder.top];
            }
            carry(cursor, prevLog.size() - 1, delta, ds, dj, dd, dobj);
            tape.append(prevTape, cand.s, cand.j, cand.d, cand.o, prevTape.ns, prevTape.nj, prevTape.nd, prevTape.no);
            if (lane != null) {
                lane.copied(q, prevLen + 1, delta, ds, lane.pick(dj, dd, dobj));
            }
            skipped += prevLen - q;
            binder.finished = true;
            stats.onReentry();
            return true;
        }
        int d = prevLog.floor(q + mm, cursor);
        if (d <= cursor) {
            // the match does not reach the next checkpoint: nothing to skip
            return false;
        }
        parsed += p - regularFrom;
        if (lightweight && binder.fGroup[binder.top] >= 0) {
            // the candidate stands in the container the reader is in: its checkpoints join that group
            mapOld = cand.group;
            mapNew = binder.fGroup[binder.top];
        }
        carry(cursor, d, delta, ds, dj, dd, dobj);
        // a checkpoint of the candidate's own container: its group's state is the candidate's, which the parser's
        // matched, so only the position, the innermost index and the lanes are read
        boolean within = false;
        if (lightweight && cand.group >= 0 && cand.framesLength > 0) {
            tmp.framesLength = 0;
            prevLog.readPosition(d, tmp);
            within = tmp.group == cand.group;
        }
        if (!within) {
            prevLog.read(d, tmp);
        }
        tape.append(prevTape, cand.s, cand.j, cand.d, cand.o, tmp.s, tmp.j, tmp.d, tmp.o);
        if (lane != null) {
            lane.copied(q, tmp.offset, delta, ds, lane.pick(dj, dd, dobj));
        }
        int np = tmp.offset + delta;
        if (within) {
            binder.restoreFrames(cand.frames, 0, cand.framesLength);
            binder.fIndex[binder.top] = tmp.index;
            binder.sc.moveTo(np);
            if (cand.group == mapOld) {
                binder.fGroup[binder.top] = mapNew;
            }
            stateVersion = binder.version;
            stateGroup = cand.group;
            stateOk = true;
        } else if (lightweight && tmp.group == cand.group && tmp.group >= 0
                && binder.sc.stateEquals(tmp.scanner, 0, tmp.scannerLength)) {
            // the same container, and the parser already in its state: only the frames' innermost index and the
            // position move
            binder.restoreFrames(tmp.frames, 0, tmp.framesLength);
            binder.sc.moveTo(np);
            if (tmp.group == mapOld) {
                binder.fGroup[binder.top] = mapNew;
            }
        } else {
            restore(tmp, np);
        }
        skipped += tmp.offset - q;
        regularFrom = np;
        lastCheckpointAt = np;
        nextCheckpointAt = np + spacing;
        stats.onReentry();
        cursor = d;
        if (!within) {
            cand.group = -2;
            cand.framesLength = 0;
        }
        reentries++;
        advance();
        return true;
    }

    /** Restores the reader at a checkpoint, at offset {@code at} of the current message. */
    private void restore(Checkpoint c, int at) {
        binder.restoreFrames(c.frames, 0, c.framesLength);
        binder.sc.restoreState(c.scanner, 0, c.scannerLength, at);
        if (lightweight && c.group >= 0 && c.group == mapOld) {
            binder.fGroup[binder.top] = mapNew;
        }
    }

    /** Copies the previous log's checkpoints {@code from..to} into this message's log, shifted. */
    private void carry(int from, int to, int delta, int ds, int dj, int dd, int dobj) {
        Checkpoint c = fill;
        for (int i = from; i <= to; i++) {
            if (lightweight) {
                prevLog.readPosition(i, c);
                if (c.group == mapOld && c.group >= 0) {
                    // the rest of this run, in one piece
                    LightweightLog src = (LightweightLog) prevLog;
                    int end = Math.min(to, src.runEnd(i));
                    ((LightweightLog) log).appendShifted(src, i, end, mapNew, delta, ds, dj, dd, dobj);
                    i = end;
                    continue;
                }
                if (c.group != mapOld) {
                    prevLog.read(i, c);
                    mapOld = c.group;
                    c.offset += delta;
                    c.s += ds;
                    c.j += dj;
                    c.d += dd;
                    c.o += dobj;
                    mapNew = log.add(c);
                    continue;
                }
                log.addLight(mapNew, c.offset + delta, c.index, c.s + ds, c.j + dj, c.d + dd, c.o + dobj);
            } else {
                prevLog.read(i, c);
                c.offset += delta;
                c.s += ds;
                c.j += dj;
                c.d += dd;
                c.o += dobj;
                log.add(c);
            }
        }
        c.framesLength = 0;
        c.group = -2;
    }

    private void checkpoint(int p) {
        Binder b = binder;
        int top = b.top;
        if (top < 0) {
            return;
        }
        ReadNode n = nodes[b.fNode[top]];
        if (lightweight) {
            int g = b.fGroup[top];
            if (g >= 0) {
                log.addLight(g, p, b.fIndex[top], tape.ns, tape.nj, tape.nd, tape.no);
                created(p);
                return;
            }
            if (n.kind != ReadNode.ARRAY && !spine(top) && p < lastCheckpointAt + 2 * spacing) {
                return;
            }
        }
        Checkpoint c = fill;
        c.offset = p;
        c.s = tape.ns;
        c.j = tape.nj;
        c.d = tape.nd;
        c.o = tape.no;
        int fl = b.framesLength();
        b.saveFrames(c.frames(fl), 0);
        c.framesLength = fl;
        int sl = b.sc.stateLength();
        b.sc.saveState(c.scanner(sl), 0);
        c.scannerLength = sl;
        if (n.kind == ReadNode.ARRAY && n.item.fixedSize()) {
            c.strideS = n.item.sizeS;
            c.strideJ = n.item.sizeJ;
            c.strideD = n.item.sizeD;
            c.strideO = n.item.sizeO;
        } else {
            c.strideS = -1;
        }
        int g = log.add(c);
        if (lightweight) {
            b.fGroup[top] = g;
        }
        c.framesLength = 0;
        c.group = -2;
        created(p);
    }

    private void created(int p) {
        stats.onCheckpoint();
        lastCheckpointAt = p;
        nextCheckpointAt = p + spacing;
    }

    /** Whether no array frame is below {@code top}: a struct read once per message, not per item. */
    private boolean spine(int top) {
        for (int f = 0; f < top; f++) {
            if (nodes[binder.fNode[f]].kind == ReadNode.ARRAY) {
                return false;
            }
        }
        return true;
    }
}
