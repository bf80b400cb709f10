package dev.dsoap.deserialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.parse.XmlParseException;
import dev.dsoap.template.MemoryBudget;
import dev.dsoap.template.Standing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Differential deserialization (DDS) of one operation's messages: each message is compared byte for byte
 * with the most similar of the last few messages kept, regions that match are not parsed (their values
 * are copied), and parsing resumes from lightweight checkpoints around the regions that differ. What
 * {@link #deserialize} returns always equals what {@link PlanDeserializer} returns for the same bytes, and
 * is always made of fresh objects.
 *
 * <p>Up to {@link DeserializerConfig#states()} kept messages ("streams"): a call borrows the idle stream
 * whose kept message looks most like its own (16 sampled windows), or starts a new one when fewer than a
 * quarter of the windows match any kept message while the stream used last was doing well (another
 * client's message family). A caller that knows the message's sender passes the sender's key: the stream
 * that read that sender's last message is taken without a search when half of its windows match, or
 * whenever it is idle for a sender that names itself, and a sender that names itself and that no stream
 * has read starts a stream of its own while there is room. Each stream remembers the sender it read last,
 * so no sender is ever forgotten while its stream is kept.
 * With every kept state taken, a message of no kept state's family takes over only a state that no longer pays its
 * own sender (one that keeps nothing, or whose {@link Standing} fell to 0), else it is read plainly (counted as
 * {@link DeserializerStats#full()}): more senders than states lose only the excess.
 * A stream whose messages keep differing stops checkpointing for a while (adaptive bypass). A failure
 * while reading drops the stream's state; the next message is read from scratch.
 *
 * <p>Thread-safe: concurrent calls use different streams (a call that finds every stream busy reads
 * plainly, counted as {@link DeserializerStats#busy()}).
 */
public final class DifferentialDeserializer {
    private final ReadPlan plan;
    private final DeserializerConfig config;
    private final DeserializerStats stats;
    private final MemoryBudget budget;
    private final List<DdsStream> streams = new ArrayList<>();
    /** A similarity (of {@link DdsStream#WINDOWS}) taken as the message's own family: the search stops there. */
    private static final int SAME_FAMILY = DdsStream.WINDOWS * 3 / 4;
    /**
     * A similarity at which a hinted stream (the one that read the same peer's last message) is taken without
     * looking at the others: half the windows alike. Lower, a stream another sender took over meanwhile (all
     * messages of an operation share their markup) would be taken on a stale hint.
     */
    private static final int HINT_TAKEN = DdsStream.WINDOWS / 2;
    /** Orders uses of the streams; guarded by this. */
    private long clock;
    /** Ages the streams' standing, counting every borrow, taken or not; guarded by this. */
    private final Standing standing;

    /**
     * @param budget caps the bytes all streams of all operations sharing it keep, or {@code null} for no cap
     */
    public DifferentialDeserializer(MessagePlan plan, DeserializerConfig config, DeserializerStats stats,
                                    MemoryBudget budget) {
        this.plan = new ReadPlan(plan);
        this.config = config;
        this.stats = stats;
        this.budget = budget;
        this.standing = new Standing(config.states());
    }

    public DeserializerStats stats() {
        return stats;
    }

    public DeserializerConfig config() {
        return config;
    }

    /**
     * Reads the message in {@code b[off..off+len)} into fresh parts. The bytes are copied where they are
     * kept, so the caller may reuse {@code b} afterwards.
     *
     * @throws XmlParseException       if the bytes are not well-formed UTF-8 XML 1.0 within the limits
     * @throws MessageBindingException if the message does not match the plan, or is not one dsoap carries
     */
    public Object[] deserialize(byte[] b, int off, int len) {
        return deserialize(b, off, len, null);
    }

    /**
     * As {@link #deserialize(byte[], int, int)}, naming the message's sender, and telling which kept state read the
     * message.
     *
     * @param state if not {@code null}: on entry, {@code state[0]} is the key of the message's sender (any value
     *              the caller derives from what tells its senders apart; 0 when it cannot tell), and, when the array
     *              has a second slot and it is not 0, the key names the sender for certain (a client that names
     *              itself): the state that read its last message is taken whenever it is idle, however much the
     *              message changed, rather than another sender's that looks more alike, and a sender no state
     *              has read starts a state of its own while there is room, instead of taking over the kept message
     *              of another sender that happens to look like it (all of an operation's messages share their
     *              markup). Without the second slot, the state that read the same key's last message is taken
     *              when it is clearly of the message's family. On return {@code state[0]} holds the id of the kept
     *              state that read the message (unique in this JVM, so a caller can keep other state beside it), or
     *              0 when the message was read by a state that keeps nothing
     */
    public Object[] deserialize(byte[] b, int off, int len, long[] state) {
        return deserialize(b, off, len, state, false);
    }

    /** {@link #deserialize(byte[], int, int, long[], int)}: the caller keeps {@code b}; a kept state copies the message. */
    public static final int COPY = 0;
    /**
     * {@link #deserialize(byte[], int, int, long[], int)}: the caller gives {@code b} up; nothing writes it after the
     * call, though the caller's code may still read it while its message is handled. A kept state may keep {@code b}
     * itself instead of a copy of the message. For a host's fresh array of one request.
     */
    public static final int HAND_OVER = 1;
    /**
     * {@link #deserialize(byte[], int, int, long[], int)}: as {@link #HAND_OVER}, and the caller neither writes nor
     * reads {@code b} once the call returns. A kept state that kept {@code b} gives it to its memory budget as a
     * spare read buffer ({@link dev.dsoap.template.MemoryBudget#giveSpare}) when the next message replaces it, so
     * that the message after is read into it and kept without a copy.
     */
    public static final int RELEASE = 2;

    /**
     * As {@link #deserialize(byte[], int, int, long[])}; with {@code handOver}, the caller gives {@code b} up
     * ({@link #HAND_OVER}) or not ({@link #COPY}).
     */
    public Object[] deserialize(byte[] b, int off, int len, long[] state, boolean handOver) {
        return deserialize(b, off, len, state, handOver ? HAND_OVER : COPY);
    }

    /**
     * Whether a kept state keeps an array of {@code capacity} bytes holding a message of {@code len} bytes as it is,
     * when handed over: it is at most a 128th of the message (and 256 bytes) longer. A host reading a message into an
     * array of its own hands that array over when this holds, and a copy sized to the message otherwise.
     */
    public static boolean keptAsIs(int capacity, int len) {
        return capacity <= len + (len >> 7) + DdsStream.SHRINK_SLACK;
    }

    /**
     * As {@link #deserialize(byte[], int, int, long[])}, with what becomes of {@code b}: {@link #COPY},
     * {@link #HAND_OVER} or {@link #RELEASE}.
     */
    public Object[] deserialize(byte[] b, int off, int len, long[] state, int handOver) {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        boolean named = state != null && state.length > 1 && state[1] != 0;
        DdsStream s = borrow(b, off, len, state == null ? 0 : state[0], named);
        if (state != null) {
            state[0] = s == null ? 0 : s.id;
        }
        if (s == null) {
            // every kept state is in use, or paying its own sender: read plainly with a stream that keeps nothing
            return new DdsStream(plan, config, stats, null).readPlain(b, off, len);
        }
        try {
            return s.read(b, off, len, handOver != COPY, handOver == RELEASE);
        } finally {
            release(s);
        }
    }

    /** Stably orders {@code idle} by {@code quick}, highest first (insertion sort: a few dozen streams). */
    private static void sortByQuick(DdsStream[] idle, int[] quick) {
        for (int i = 1; i < idle.length; i++) {
            DdsStream s = idle[i];
            int q = quick[i];
            int j = i - 1;
            while (j >= 0 && quick[j] < q) {
                idle[j + 1] = idle[j];
                quick[j + 1] = quick[j];
                j--;
            }
            idle[j + 1] = s;
            quick[j + 1] = q;
        }
    }

    /** Drops the kept messages the budget evicted from streams now idle (busy ones drop theirs when done). */
    private synchronized void reclaim() {
        for (DdsStream s : streams) {
            if (!s.busy) {
                s.dropIfEvicted();
            }
        }
    }

    /** Drops every kept message. */
    public synchronized void reset() {
        for (DdsStream s : streams) {
            if (!s.busy) {
                s.drop();
            }
        }
        streams.removeIf(s -> !s.busy);
    }

    /** Bytes the kept checkpoints of this operation take now. */
    public synchronized long checkpointBytes() {
        long n = 0;
        for (DdsStream s : streams) {
            n += s.checkpointBytes();
        }
        return n;
    }

    /**
     * The stream to read {@code b} with, noted as {@code peer}'s: the idle stream that read {@code peer}'s last
     * message when the sender is {@code named}, or when at least half of its kept message's windows match; a new
     * stream for a {@code named} sender no stream has read, while there is room; else the idle stream whose kept
     * message looks most like it, compared outside the lock (each comparison reads only a few sampled windows); a new
     * stream when the message looks like none of them while the stream used last was doing well, unless the
     * sender's stream is idle and shares at least one window with it (the sender's message changed a lot: it replaces
     * the sender's kept message rather than adding one; another sender's message on the same connection shares no
     * window of values); {@code null} when every stream is busy or pays its own sender.
     */
    private DdsStream borrow(byte[] b, int off, int len, long peer, boolean named) {
        DdsStream[] idle;
        DdsStream recent = null;
        DdsStream hinted = null;
        DdsStream senders = null; // the stream that read the sender's last message, idle or not
        synchronized (this) {
            age();
            idle = new DdsStream[streams.size()];
            int n = 0;
            for (DdsStream s : streams) {
                if (peer != 0 && s.peer == peer && (senders == null || s.lastUsed > senders.lastUsed)) {
                    senders = s;
                }
                if (!s.busy) {
                    idle[n++] = s;
                }
                if (recent == null || s.lastUsed > recent.lastUsed) {
                    recent = s;
                }
            }
            if (senders == null && named && streams.size() < config.states()) {
                return take(fresh(), peer);
            }
            if (senders != null && !senders.busy) {
                hinted = senders;
            }
            if (n < idle.length) {
                idle = Arrays.copyOf(idle, n);
            }
            // most recently used first, so that a client sending again finds its own stream early (sorted here:
            // lastUsed changes only under this lock)
            Arrays.sort(idle, (x, y) -> Long.compare(y.lastUsed, x.lastUsed));
        }
        // candidates whose kept message matches at the very same positions come first (a client's own last
        // message usually does); the search stops at one clearly of the same family, and gives up on each other
        // candidate as soon as it cannot beat the best so far
        DdsStream best = null;
        int bestScore = -1;
        if (hinted != null && (named || hinted.similarity(b, off, len, HINT_TAKEN, HINT_TAKEN) >= HINT_TAKEN)) {
            synchronized (this) {
                if (!hinted.busy && hinted.peer == peer) {
                    stats.onHinted();
                    return take(hinted, peer);
                }
            }
        }
        if (idle.length > 1) {
            int[] quick = new int[idle.length];
            for (int i = 0; i < idle.length; i++) {
                quick[i] = idle[i].quickSimilarity(b, off, len);
            }
            sortByQuick(idle, quick);
        }
        int hintedScore = 0;
        for (DdsStream s : idle) {
            int score = s.similarity(b, off, len, bestScore + 1, SAME_FAMILY);
            if (s == hinted) {
                hintedScore = score;
            }
            if (score > bestScore) {
                best = s;
                bestScore = score;
                if (score >= SAME_FAMILY) {
                    break;
                }
            }
        }
        synchronized (this) {
            if (best != null && best.busy) {
                best = null; // taken meanwhile: read with a new stream if there is room, else plainly
                bestScore = -1;
            }
            // fewer than a quarter of the windows alike, while the sender's last stream (else the stream used last) was
            // doing well: another family. Judged by the sender's own stream where the sender is known, since the stream
            // used last may be another sender's that just read a newcomer's first message badly; one such read must
            // not make every sender after it take over someone else's kept message
            DdsStream judge = senders != null ? senders : recent;
            boolean family = best != null && bestScore >= DdsStream.WINDOWS / 4;
            boolean newFamily = best == null
                    || (bestScore < DdsStream.WINDOWS / 4 && judge != null && judge.lastSimilarity >= config.bypassThreshold());
            if (newFamily && hinted != null && !hinted.busy && hintedScore > 0) {
                // the sender's own last state, changed beyond recognition but not unlike it: its message replaces
                // the kept one instead of adding a state beside it (the sender would never come back to the old one)
                best = hinted;
            } else if (newFamily && streams.size() < config.states()) {
                best = fresh();
            } else if (!family && streams.size() >= config.states() && (newFamily || best != judge)) {
                // no kept message of its family, no room, and the closest is not the stream its sender (or, not knowing
                // it, the last message) was read with: it may take over only a state that no longer pays its own
                // sender (more senders than states lose only the excess, instead of taking turns in each other's
                // states until none of them skips anything)
                DdsStream cold = best != null && best.cold() ? best : coldest(idle);
                if (cold == null) {
                    if (anyIdle(idle)) {
                        stats.onFull();
                    } else {
                        stats.onBusy();
                    }
                    return null;
                }
                best = cold;
                best.hits = Standing.START;
            }
            return take(best, peer);
        }
    }

    /** A new stream, added to the streams. Called under this lock. */
    private DdsStream fresh() {
        DdsStream s = new DdsStream(plan, config, stats, budget);
        s.onEvicted = this::reclaim;
        streams.add(s);
        return s;
    }

    /** Marks {@code s} busy and read for {@code peer}. Called under this lock. */
    private DdsStream take(DdsStream s, long peer) {
        s.busy = true;
        s.lastUsed = ++clock;
        s.peer = peer;
        return s;
    }

    /**
     * Of {@code idle}, still idle: one that keeps nothing, else the least recently used that no longer pays
     * ({@link DdsStream#cold()}), or {@code null}. Called under this lock.
     */
    private static DdsStream coldest(DdsStream[] idle) {
        DdsStream c = null;
        for (DdsStream s : idle) {
            if (!s.busy && s.cold()) {
                if (!s.keeps()) {
                    return s;
                }
                if (c == null || s.lastUsed < c.lastUsed) {
                    c = s;
                }
            }
        }
        return c;
    }

    private static boolean anyIdle(DdsStream[] idle) {
        for (DdsStream s : idle) {
            if (!s.busy) {
                return true;
            }
        }
        return false;
    }

    /** Counts a borrow, halving every stream's {@link DdsStream#hits} when it is time. Called under this lock. */
    private void age() {
        if (standing.tick()) {
            for (DdsStream s : streams) {
                s.hits = Standing.halved(s.hits);
            }
        }
    }

    private synchronized void release(DdsStream s) {
        s.busy = false;
        if (s.paid) {
            s.hits = Standing.paid(s.hits);
        } else if (s.compared) {
            s.hits = Standing.halved(s.hits);
        }
        s.dropIfEvicted();
    }
}
