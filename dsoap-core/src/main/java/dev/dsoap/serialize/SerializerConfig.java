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
        if (chunkSize < 64 || endSlack < 0 || splitThreshold < chunkSize || stuffWidth < 1 || stealDistance < 0
                || !(adaptiveThreshold > 0)) {
            throw new IllegalArgumentException("invalid serializer configuration: " + this);
        }
    }

    /** The defaults: 32 KiB chunks, 1 KiB end slack, split at 64 KiB, no stuffing, steal right then left within 8 slots, adaptive on. */
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

    @Override
    public String toString() {
        return "SerializerConfig{chunkSize=" + chunkSize + ", endSlack=" + endSlack + ", splitThreshold="
                + splitThreshold + ", stuffing=" + stuffing + ", stuffWidth=" + stuffWidth + ", steal="
                + stealDirection + "/" + stealDistance + ", adaptive=" + adaptive + "/" + adaptiveThreshold + "}";
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

        public SerializerConfig build() {
            return new SerializerConfig(this);
        }
    }
}
