package dev.dsoap.deserialize;

import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.parse.ParserLimits;

/**
 * Settings of differential deserialization.
 *
 * <ul>
 *   <li>{@code checkpoints}: the {@link CheckpointStrategy} (default {@link CheckpointStrategy#LIGHTWEIGHT}).</li>
 *   <li>{@code interval}: bytes between checkpoints, 32..1024 (default 128): a hint; a checkpoint is taken
 *       at the first suitable point after this many bytes.</li>
 *   <li>{@code states}: previous messages kept per operation, 1..1024 (default 64), so many clients
 *       sending their own message families do not erase each other's state; each call compares with the
 *       most similar one. Only families that occur are kept, and what they keep is charged to the memory
 *       budget, which evicts the least recently used.</li>
 *   <li>{@code adaptive}, {@code bypassThreshold}: a stream where less than this fraction of two
 *       consecutive messages' bytes is skipped (default 0.1) stops checkpointing and parses plainly for 4
 *       messages, doubling up to 256 while it stays dissimilar, then probes again.</li>
 *   <li>{@code limits}: the parser's {@link ParserLimits}.</li>
 *   <li>{@code maxStateShare}: the fraction of the memory budget one kept message (with its checkpoints and
 *       values) may hold, in (0, 1] (default 0.25): a larger message is read and then not kept (counted).</li>
 * </ul>
 *
 * <p>Immutable, thread-safe.
 */
public final class DeserializerConfig {
    private static final DeserializerConfig DEFAULTS = builder().build();

    private final CheckpointStrategy checkpoints;
    private final int interval;
    private final int states;
    private final boolean adaptive;
    private final double bypassThreshold;
    private final ParserLimits limits;
    private final boolean skipHeaderBlocks;
    private final double maxStateShare;

    private DeserializerConfig(Builder b) {
        this.checkpoints = b.checkpoints;
        this.interval = b.interval;
        this.states = b.states;
        this.adaptive = b.adaptive;
        this.bypassThreshold = b.bypassThreshold;
        this.limits = b.limits;
        this.skipHeaderBlocks = b.skipHeaderBlocks;
        this.maxStateShare = b.maxStateShare;
    }

    /** A builder holding this configuration's values. */
    public Builder toBuilder() {
        return builder().checkpoints(checkpoints).interval(interval).states(states).adaptive(adaptive)
                .bypassThreshold(bypassThreshold).limits(limits).skipHeaderBlocks(skipHeaderBlocks)
                .maxStateShare(maxStateShare);
    }

    public static DeserializerConfig defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    public CheckpointStrategy checkpoints() {
        return checkpoints;
    }

    /** Bytes between checkpoints (a hint). */
    public int interval() {
        return interval;
    }

    /** Previous messages kept per operation. */
    public int states() {
        return states;
    }

    public boolean adaptive() {
        return adaptive;
    }

    /** Fraction of bytes skipped below which a stream counts as dissimilar. */
    public double bypassThreshold() {
        return bypassThreshold;
    }

    public ParserLimits limits() {
        return limits;
    }

    /**
     * Whether blocks in the SOAP Header are passed over (checked for well-formedness and limits, bound to
     * nothing), for a host whose own handlers have dealt with them; otherwise a message with header blocks
     * is not read (a {@link MessageBindingException}, for the host's path).
     */
    public boolean skipHeaderBlocks() {
        return skipHeaderBlocks;
    }

    /** The fraction of the memory budget one kept message may hold; a larger one is read and not kept. */
    public double maxStateShare() {
        return maxStateShare;
    }

    @Override
    public String toString() {
        return "DeserializerConfig[" + checkpoints + ", interval=" + interval + ", states=" + states
                + ", adaptive=" + adaptive + ", bypassThreshold=" + bypassThreshold + ", skipHeaderBlocks=" + skipHeaderBlocks
                + ", maxStateShare=" + maxStateShare + ", " + limits + "]";
    }

    /** Not thread-safe. */
    public static final class Builder {
        private CheckpointStrategy checkpoints = CheckpointStrategy.LIGHTWEIGHT;
        private int interval = 128;
        private int states = 64;
        private boolean adaptive = true;
        private double bypassThreshold = 0.1;
        private ParserLimits limits = ParserLimits.defaults();
        private boolean skipHeaderBlocks;
        private double maxStateShare = 0.25;

        private Builder() {
        }

        /** @param fraction of the memory budget one kept message may hold, in (0, 1]; default 0.25 */
        public Builder maxStateShare(double fraction) {
            if (!(fraction > 0 && fraction <= 1)) {
                throw new IllegalArgumentException("maxStateShare " + fraction + " not in (0, 1]");
            }
            maxStateShare = fraction;
            return this;
        }

        /** See {@link DeserializerConfig#skipHeaderBlocks()}; default off. */
        public Builder skipHeaderBlocks(boolean on) {
            this.skipHeaderBlocks = on;
            return this;
        }

        public Builder checkpoints(CheckpointStrategy s) {
            checkpoints = java.util.Objects.requireNonNull(s);
            return this;
        }

        /** @param bytes 32..1024 */
        public Builder interval(int bytes) {
            if (bytes < 32 || bytes > 1024) {
                throw new IllegalArgumentException("checkpoint interval " + bytes + " not in 32..1024 bytes");
            }
            interval = bytes;
            return this;
        }

        /** @param n 1..1024 */
        public Builder states(int n) {
            if (n < 1 || n > 1024) {
                throw new IllegalArgumentException("states " + n + " not in 1..1024");
            }
            states = n;
            return this;
        }

        public Builder adaptive(boolean on) {
            adaptive = on;
            return this;
        }

        /** @param fraction 0..1 */
        public Builder bypassThreshold(double fraction) {
            if (!(fraction >= 0 && fraction <= 1)) {
                throw new IllegalArgumentException("bypass threshold " + fraction + " not in 0..1");
            }
            bypassThreshold = fraction;
            return this;
        }

        public Builder limits(ParserLimits l) {
            limits = java.util.Objects.requireNonNull(l);
            return this;
        }

        public DeserializerConfig build() {
            return new DeserializerConfig(this);
        }
    }
}
