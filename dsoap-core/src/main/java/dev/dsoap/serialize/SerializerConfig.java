package dev.dsoap.serialize;

/**
 * Settings of differential serialization. Sizes are in bytes.
 *
 * <p>Immutable, thread-safe; build with {@link #builder()}.
 */
public final class SerializerConfig {
    /** Target content bytes per template chunk. */
    private final int chunkSize;
    /** Spare bytes at the end of each chunk. */
    private final int endSlack;
    /** A chunk that grows beyond this is split. */
    private final int splitThreshold;
    /** Field widths at first send. */
    private final Stuffing stuffing;
    /** Width for {@link Stuffing#FIXED}. */
    private final int stuffWidth;
    /** Where to steal padding from. */
    private final StealDirection stealDirection;
    /** Halting criterion: how many slots away a steal may look. */
    private final int stealDistance;
    /** Adaptive policy: the fraction of slots outgrowing their fields in one message above which the next is serialized afresh. */
    private final double adaptiveThreshold;
    /** Whether the adaptive policy is on. */
    private final boolean adaptive;
    /** Padding bytes a field may keep beyond its fresh width once its value shrank; past it the field is cut. */
    private final int maxFieldPadding;
    /** Padding beyond fresh widths a template may carry, as a fraction of the rest of the message; past it the template is compacted. */
    private final double maxPaddingShare;
    /** Fraction of the memory budget one template may hold; a larger one serves its message and is dropped. */
    private final double maxStateShare;

    private SerializerConfig(Builder b) {
        this.chunkSize = b.chunkSize;
        this.endSlack = b.endSlack;
        this.splitThreshold = b.splitThreshold > 0 ? b.splitThreshold : 2 * b.chunkSize;
        this.stuffing = b.stuffing;
        this.stuffWidth = b.stuffWidth;
        this.stealDirection = b.stealDirection;
        this.stealDistance = b.stealDistance;
        this.adaptiveThreshold = b.adaptiveThreshold;
        this.adaptive = b.adaptive;
        this.maxFieldPadding = b.maxFieldPadding;
        this.maxPaddingShare = b.maxPaddingShare;
        this.maxStateShare = b.maxStateShare;
        if (chunkSize < 64 || endSlack < 0 || splitThreshold < chunkSize || stuffWidth < 1 || stealDistance < 0
                || !(adaptiveThreshold > 0) || maxFieldPadding < 0 || !(maxPaddingShare >= 0)
                || !(maxStateShare > 0 && maxStateShare <= 1)) {
            throw new IllegalArgumentException("invalid serializer configuration: " + this);
        }
    }

    /**
     * The defaults: 32 KiB chunks, 1 KiB end slack, split at 64 KiB, no stuffing, steal right then left within 8
     * slots, adaptive on; a shrunk field keeps at most 256 bytes of padding, a template at most half its size, and
     * a template may hold at most a quarter of the memory budget.
     */
    public static SerializerConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public int chunkSize() {
        return chunkSize;
    }

    public int endSlack() {
        return endSlack;
    }

    public int splitThreshold() {
        return splitThreshold;
    }

    public Stuffing stuffing() {
        return stuffing;
    }

    public int stuffWidth() {
        return stuffWidth;
    }

    public StealDirection stealDirection() {
        return stealDirection;
    }

    public int stealDistance() {
        return stealDistance;
    }

    public boolean adaptive() {
        return adaptive;
    }

    public double adaptiveThreshold() {
        return adaptiveThreshold;
    }

    /**
     * Bytes of padding a field may keep beyond the width a first send would give its value (its stuffing) after
     * the value shrank; a field with more is cut back to that width in the same message.
     */
    public int maxFieldPadding() {
        return maxFieldPadding;
    }

    /**
     * The padding beyond first-send widths that a template may carry, as a fraction of the rest of the message
     * (and at least {@link #maxFieldPadding()} bytes); past it the whole template is compacted. So a message is
     * never longer than {@code fresh + max(maxFieldPadding, maxPaddingShare * fresh)} bytes.
     */
    public double maxPaddingShare() {
        return maxPaddingShare;
    }

    /**
     * The fraction of its memory budget one template may hold. A larger template writes its message and is then
     * dropped (not charged to the budget), as if written by a one-message serializer.
     */
    public double maxStateShare() {
        return maxStateShare;
    }

    @Override
    public String toString() {
        return "SerializerConfig{chunkSize=" + chunkSize + ", endSlack=" + endSlack + ", splitThreshold="
                + splitThreshold + ", stuffing=" + stuffing + ", stuffWidth=" + stuffWidth + ", steal="
                + stealDirection + "/" + stealDistance + ", adaptive=" + adaptive + "/" + adaptiveThreshold
                + ", maxFieldPadding=" + maxFieldPadding + ", maxPaddingShare=" + maxPaddingShare
                + ", maxStateShare=" + maxStateShare + "}";
    }

    /** Not thread-safe. */
    public static final class Builder {
        private int chunkSize = 32 * 1024;
        private int endSlack = 1024;
        private int splitThreshold;
        private Stuffing stuffing = Stuffing.NONE;
        private int stuffWidth = 24;
        private StealDirection stealDirection = StealDirection.RIGHT_THEN_LEFT;
        private int stealDistance = 8;
        private double adaptiveThreshold = 0.5;
        private boolean adaptive = true;
        private int maxFieldPadding = 256;
        private double maxPaddingShare = 0.5;
        private double maxStateShare = 0.25;

        private Builder() {
        }

        public Builder chunkSize(int bytes) {
            this.chunkSize = bytes;
            return this;
        }

        public Builder endSlack(int bytes) {
            this.endSlack = bytes;
            return this;
        }

        /** Default: twice the chunk size. */
        public Builder splitThreshold(int bytes) {
            this.splitThreshold = bytes;
            return this;
        }

        public Builder stuffing(Stuffing s) {
            this.stuffing = s;
            return this;
        }

        public Builder stuffWidth(int bytes) {
            this.stuffWidth = bytes;
            return this;
        }

        public Builder steal(StealDirection d, int distance) {
            this.stealDirection = d;
            this.stealDistance = distance;
            return this;
        }

        public Builder adaptive(boolean on) {
            this.adaptive = on;
            return this;
        }

        public Builder adaptiveThreshold(double fraction) {
            this.adaptiveThreshold = fraction;
            return this;
        }

        /** Default 256 bytes; see {@link SerializerConfig#maxFieldPadding()}. */
        public Builder maxFieldPadding(int bytes) {
            this.maxFieldPadding = bytes;
            return this;
        }

        /** Default 0.5; see {@link SerializerConfig#maxPaddingShare()}. */
        public Builder maxPaddingShare(double fraction) {
            this.maxPaddingShare = fraction;
            return this;
        }

        /** Default 0.25, in (0, 1]; see {@link SerializerConfig#maxStateShare()}. */
        public Builder maxStateShare(double fraction) {
            this.maxStateShare = fraction;
            return this;
        }

        public SerializerConfig build() {
            return new SerializerConfig(this);
        }
    }
}
