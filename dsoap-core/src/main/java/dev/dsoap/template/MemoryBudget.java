package dev.dsoap.template;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A cap on the bytes held by templates (and other per-stream state) across many streams: each holder
 * reports its size after every change; when the total passes the limit, the least recently used other
 * holders are evicted (told to drop their state at their next use) until it fits.
 *
 * <p>Thread-safe. Holders are called back from whichever thread charges the budget, so
 * {@link Holder#evict()} must only set a flag.
 */
public final class MemoryBudget {
    /** Something that holds budgeted memory. */
    public interface Holder {
        /** Drop your state at your next use; called with the budget's lock held, so only set a flag. */
        void evict();
    }

    /** The cap in bytes. */
    private final long limit;
    /** Holders by recency of use, with their charged bytes. */
    private final LinkedHashMap<Holder, Long> holders = new LinkedHashMap<>(16, 0.75f, true);
    /** Sum of charged bytes. */
    private long used;
    /** Holders evicted so far. */
    private long evictions;
    /** Charges refused because one holder alone exceeded the cap. */
    private long refusals;

    /** @param limitBytes the cap in bytes, > 0 */
    public MemoryBudget(long limitBytes) {
        if (limitBytes <= 0) {
            throw new IllegalArgumentException("memory budget " + limitBytes + " bytes must be > 0");
        }
        this.limit = limitBytes;
    }

    /** A budget that never evicts. */
    public static MemoryBudget unlimited() {
        return new MemoryBudget(Long.MAX_VALUE);
    }

    /**
     * Records that {@code h} now holds {@code bytes} and was just used; evicts others as needed.
     *
     * @return {@code false} if {@code h} alone exceeds the cap: it is then not charged and should drop its state
     */
    public synchronized boolean charge(Holder h, long bytes) {
        Long old = holders.remove(h);
        if (old != null) {
            used -= old;
        }
        if (bytes > limit) {
            refusals++;
            return false;
        }
        holders.put(h, bytes);
        used += bytes;
        Iterator<Map.Entry<Holder, Long>> it = holders.entrySet().iterator();
        while (used > limit && it.hasNext()) {
            Map.Entry<Holder, Long> e = it.next();
            if (e.getKey() == h) {
                continue;
            }
            used -= e.getValue();
            it.remove();
            evictions++;
            e.getKey().evict();
        }
        return true;
    }

    /** Forgets {@code h} (it dropped its state). */
    public synchronized void release(Holder h) {
        Long old = holders.remove(h);
        if (old != null) {
            used -= old;
        }
    }

    public long limitBytes() {
        return limit;
    }

    public synchronized long usedBytes() {
        return used;
    }

    public synchronized int holders() {
        return holders.size();
    }

    public synchronized long evictions() {
        return evictions;
    }

    public synchronized long refusals() {
        return refusals;
    }
}
