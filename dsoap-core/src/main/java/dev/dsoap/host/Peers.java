package dev.dsoap.host;

import dev.dsoap.template.MemoryBudget;

import java.util.Arrays;

/**
 * Which kept state read each known peer's last message: a two-way set-associative table from a peer's key
 * (see {@link Carrier#peerKey}) to a kept state's id, so that a peer's next message is tried first against
 * its own kept message instead of being compared with every other peer's. A bucket holds the two peers whose
 * keys map to it that sent last; a lost or wrong entry is only a missed hint, since the deserializer takes a
 * hinted state only when its kept message is of the message's family.
 *
 * <p>Its fixed size ({@value #BYTES_PER_SLOT} bytes a slot, eight slots per kept state, at least 128) is
 * charged to the memory budget when it is made; when the budget evicts it, it forgets every peer at its next
 * use and is charged again. A budget too small for it leaves it unused.
 *
 * <p>Thread-safe: slots are read and written without a lock (a torn or stale slot is a missed hint).
 */
final class Peers implements MemoryBudget.Holder {
    static final int BYTES_PER_SLOT = 16;
    /**
     * Bucket i: {@code table[4i]} and {@code table[4i + 2]} the keys of its peers, the most recent first;
     * {@code table[4i + 1]} and {@code table[4i + 3]} their kept states' ids.
     */
    private final long[] table;
    private final int mask;
    private final MemoryBudget budget;
    private volatile boolean evicted;
    /** Whether the budget took the table; when not (a budget smaller than it), no peer is remembered. */
    private volatile boolean charged;

    /** @param states the kept states per form of the operation ({@code dsoap.states}) */
    Peers(int states, MemoryBudget budget) {
        int buckets = Integer.highestOneBit(Math.max(64, states * 4) - 1) << 1;
        this.table = new long[4 * buckets];
        this.mask = buckets - 1;
        this.budget = budget;
        charge();
    }

    /** Bytes the table holds. */
    long bytes() {
        return (long) table.length * Long.BYTES;
    }

    /** Whether the table remembers peers now (the budget took it); when not, {@link #stateOf} knows no one. */
    boolean remembers() {
        forgetIfEvicted();
        return charged;
    }

    /** The kept state that read {@code peer}'s last message, or 0. */
    long stateOf(long peer) {
        forgetIfEvicted();
        if (!charged) {
            return 0;
        }
        int i = bucket(peer);
        return table[i] == peer ? table[i + 1] : table[i + 2] == peer ? table[i + 3] : 0;
    }

    /** Notes that kept state {@code state} read {@code peer}'s message. */
    void remember(long peer, long state) {
        forgetIfEvicted();
        if (!charged) {
            return;
        }
        int i = bucket(peer);
        if (table[i] == peer) {
            table[i + 1] = state;
            return;
        }
        if (table[i + 2] != peer) {
            // the older peer of the bucket makes room
            table[i + 3] = 0; // never pair a key with another peer's state
            table[i + 2] = table[i];
            table[i + 3] = table[i + 1];
        } else {
            table[i + 3] = table[i + 1];
            table[i + 2] = table[i];
        }
        table[i + 1] = 0;
        table[i] = peer;
        table[i + 1] = state;
    }

    @Override
    public void evict() {
        evicted = true;
    }

    private void forgetIfEvicted() {
        if (evicted) {
            synchronized (this) {
                if (evicted) {
                    Arrays.fill(table, 0);
                    evicted = false;
                    charge();
                }
            }
        }
    }

    private void charge() {
        charged = budget == null || budget.charge(this, bytes());
    }

    private int bucket(long peer) {
        return ((int) (peer ^ (peer >>> 32)) & mask) << 2;
    }
}
