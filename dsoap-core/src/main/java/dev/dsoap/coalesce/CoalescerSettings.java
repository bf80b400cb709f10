package dev.dsoap.coalesce;

/**
 * Settings of request coalescing for one operation. Times are in nanoseconds.
 *
 * <p>Immutable, thread-safe; build with {@link #builder()}.
 */
public final class CoalescerSettings {
    /** Default of {@link #maxWaiters()}. */
    public static final int DEFAULT_MAX_WAITERS = 64;
    /** Default of {@link #waitTimeoutNanos()}: 10 s. */
    public static final long DEFAULT_WAIT_TIMEOUT_NANOS = 10_000_000_000L;
    /** The longest linger window allowed: 1 s (the paper batched for 2 ms). */
    public static final long MAX_LINGER_NANOS = 1_000_000_000L;

    /** Whether a host puts coalescing on an operation's path. */
    private final boolean enabled;
    /** Requests that may wait for one in-flight request at once. */
    private final int maxWaiters;
    /** How long a waiter waits for the leader's outcome before running the work itself, ns. */
    private final long waitTimeoutNanos;
    /** How long a new leader waits for identical requests before it runs the work, ns; 0 = not at all. */
    private final long lingerNanos;
    /** Request headers that do not shape answers, lower case. */
    private final java.util.Set<String> ignoredHeaders;

    private CoalescerSettings(Builder b) {
        if (b.lingerNanos > b.waitTimeoutNanos) {
            throw new IllegalArgumentException("coalescing linger " + b.lingerNanos
                    + " ns exceeds the wait timeout " + b.waitTimeoutNanos + " ns: every waiter would time out");
        }
        this.enabled = b.enabled;
        this.maxWaiters = b.maxWaiters;
        this.waitTimeoutNanos = b.waitTimeoutNanos;
        this.lingerNanos = b.lingerNanos;
        this.ignoredHeaders = b.ignoredHeaders;
    }

    /** The defaults: disabled, 64 waiters, a 10 s wait timeout, no linger. */
    public static CoalescerSettings defaults() {
        return builder().build();
    }

    /** A builder starting from {@link #defaults()}. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Whether a host puts coalescing on an operation's path; off unless configured. A {@link Coalescer} does not
     * read it: once constructed, it coalesces what it is given.
     */
    public boolean enabled() {
        return enabled;
    }

    /** Requests that may wait for one in-flight request at once; one more runs the work itself. At least 1. */
    public int maxWaiters() {
        return maxWaiters;
    }

    /** How long a waiter waits for the leader's outcome before running the work itself, in nanoseconds; > 0. */
    public long waitTimeoutNanos() {
        return waitTimeoutNanos;
    }

    /**
     * How long a new leader waits, in nanoseconds, for identical requests to join before it runs the work; 0 (the
     * default) = it runs at once. At most {@link #MAX_LINGER_NANOS} and at most {@link #waitTimeoutNanos()}.
     */
    public long lingerNanos() {
        return lingerNanos;
    }

    /**
     * Request headers, lower case, that the operator said do not shape answers ({@code dsoap.coalesceIgnore}): left
     * out of the caller's identity ({@link Callers}). Empty by default: every header but the framing ones counts.
     */
    public java.util.Set<String> ignoredHeaders() {
        return ignoredHeaders;
    }

    /** A copy of these settings as a builder. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.enabled = enabled;
        b.maxWaiters = maxWaiters;
        b.waitTimeoutNanos = waitTimeoutNanos;
        b.lingerNanos = lingerNanos;
        b.ignoredHeaders = ignoredHeaders;
        return b;
    }

    @Override
    public String toString() {
        return "CoalescerSettings{enabled=" + enabled + ", maxWaiters=" + maxWaiters + ", waitTimeoutNanos="
                + waitTimeoutNanos + ", lingerNanos=" + lingerNanos + ", ignoredHeaders=" + ignoredHeaders + "}";
    }

    /** Builds {@link CoalescerSettings}; each setter checks its argument. Not thread-safe. */
    public static final class Builder {
        private boolean enabled;
        private int maxWaiters = DEFAULT_MAX_WAITERS;
        private long waitTimeoutNanos = DEFAULT_WAIT_TIMEOUT_NANOS;
        private long lingerNanos;
        private java.util.Set<String> ignoredHeaders = java.util.Set.of();

        private Builder() {
        }

        /**
         * @param names request headers that do not shape answers (case-insensitive), such as {@code traceparent},
         *              {@code User-Agent} or {@code X-Request-Id}
         * @throws IllegalArgumentException for a header that carries credentials or a session
         *                                  ({@link Callers#CREDENTIALS}), or a name that is not an HTTP token
         * @see CoalescerSettings#ignoredHeaders()
         */
        public Builder ignoreHeaders(java.util.Collection<String> names) {
            java.util.Set<String> s = new java.util.TreeSet<>();
            for (String n : names) {
                String h = n.strip().toLowerCase(java.util.Locale.ROOT);
                if (h.isEmpty() || !h.chars().allMatch(c -> c > 32 && c < 127 && "()<>@,;:\\\"/[]?={}".indexOf(c) < 0)) {
                    throw new IllegalArgumentException("coalescing ignores header '" + n + "': not an HTTP header name");
                }
                if (Callers.CREDENTIALS.contains(h)) {
                    throw new IllegalArgumentException("coalescing cannot ignore header '" + n
                            + "': it carries credentials or a session, which always tell callers apart");
                }
                s.add(h);
            }
            this.ignoredHeaders = java.util.Collections.unmodifiableSet(s);
            return this;
        }

        /** @see CoalescerSettings#enabled() */
        public Builder enabled(boolean on) {
            this.enabled = on;
            return this;
        }

        /**
         * @param n requests that may wait for one in-flight request at once, >= 1
         * @see CoalescerSettings#maxWaiters()
         */
        public Builder maxWaiters(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("coalescing maxWaiters " + n + " must be >= 1");
            }
            this.maxWaiters = n;
            return this;
        }

        /**
         * @param nanos how long a waiter waits, in nanoseconds, > 0
         * @see CoalescerSettings#waitTimeoutNanos()
         */
        public Builder waitTimeoutNanos(long nanos) {
            if (nanos <= 0) {
                throw new IllegalArgumentException("coalescing waitTimeout " + nanos + " ns must be > 0");
            }
            this.waitTimeoutNanos = nanos;
            return this;
        }

        /**
         * @param nanos the linger window in nanoseconds, 0 (off) to {@link #MAX_LINGER_NANOS}
         * @see CoalescerSettings#lingerNanos()
         */
        public Builder lingerNanos(long nanos) {
            if (nanos < 0 || nanos > MAX_LINGER_NANOS) {
                throw new IllegalArgumentException("coalescing linger " + nanos + " ns must be within 0 and "
                        + MAX_LINGER_NANOS + " ns");
            }
            this.lingerNanos = nanos;
            return this;
        }

        /**
         * @throws IllegalArgumentException when the linger window is longer than the wait timeout
         */
        public CoalescerSettings build() {
            return new CoalescerSettings(this);
        }
    }
}
