package dev.dsoap.quality;

/**
 * The message type chosen for one peer and operation from a {@link QualityFile}, sample by sample, with
 * SOAP-binQ's protection against oscillation: the current type is kept while the attribute stays within its
 * interval widened by the file's hysteresis margin, and another type is taken only after
 * {@link QualityFile#history} consecutive samples outside that band fall into its interval. The first sample
 * in any interval chooses at once; a sample outside every interval (or NaN) keeps the current type and breaks
 * a pending run. Thread-safe (synchronized).
 */
public final class Selection {
    private final QualityFile file;
    /** Interval now chosen, -1 before the first sample in an interval. */
    private int current = -1;
    /** Interval the pending run of samples falls into, -1 for none. */
    private int pending = -1;
    /** Length of the pending run. */
    private int run;

    public Selection(QualityFile file) {
        this.file = file;
    }

    /**
     * Applies one attribute sample and returns the type now chosen ({@code null} while none is).
     *
     * @param onSwitch told of each change of type (not of the first choice), or {@code null}
     */
    public synchronized String select(double value, Runnable onSwitch) {
        int c = file.interval(value);
        if (current < 0) {
            current = c;
        } else if (c < 0 || c == current || file.holds(current, value)) {
            pending = -1;
            run = 0;
        } else {
            if (c != pending) {
                pending = c;
                run = 0;
            }
            if (++run >= file.history) {
                current = c;
                pending = -1;
                run = 0;
                if (onSwitch != null) {
                    onSwitch.run();
                }
            }
        }
        return current < 0 ? null : file.type(current);
    }

    /** The type now chosen, or {@code null}. */
    public synchronized String current() {
        return current < 0 ? null : file.type(current);
    }
}
