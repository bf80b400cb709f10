package dev.dsoap.quality;

/**
 * SOAP-binQ's own protection against oscillation, kept as the baseline dsoap's {@link BandSelection} is measured
 * against: the current type is kept while the attribute stays within its interval widened by {@code hysteresis}
 * times each bound, and another type is taken only after {@code history} consecutive samples outside that band fall
 * into its interval. The first sample in any interval chooses at once; a sample outside every interval (or NaN)
 * keeps the current type and breaks a pending run.
 */
final class PaperSelection {
    private final QualityFile file;
    private final double hysteresis;
    private final int history;
    private int current = -1;
    private int pending = -1;
    private int run;

    PaperSelection(QualityFile file, double hysteresis, int history) {
        this.file = file;
        this.hysteresis = hysteresis;
        this.history = history;
    }

    String select(double value, Runnable onSwitch) {
        int c = file.interval(value);
        if (current < 0) {
            current = c;
        } else if (c < 0 || c == current || holds(current, value)) {
            pending = -1;
            run = 0;
        } else {
            if (c != pending) {
                pending = c;
                run = 0;
            }
            if (++run >= history) {
                current = c;
                pending = -1;
                run = 0;
                if (onSwitch != null) {
                    onSwitch.run();
                }
            }
        }
        return current();
    }

    String current() {
        return current < 0 ? null : file.type(current);
    }

    private boolean holds(int i, double value) {
        return value >= file.low(i) - margin(file.low(i)) && value < file.high(i) + margin(file.high(i));
    }

    private double margin(double bound) {
        return hysteresis == 0 || Double.isInfinite(bound) ? 0 : hysteresis * Math.abs(bound);
    }
}
