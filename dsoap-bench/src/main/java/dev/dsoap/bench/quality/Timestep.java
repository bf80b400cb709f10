package dev.dsoap.bench.quality;

/**
 * One timestep of a molecule's bonds: its number and {@value #BONDS} bond lengths (about 4 KB in dsoap's binary
 * form, as the paper's timesteps).
 */
public class Timestep {
    /** Bond lengths per timestep. */
    public static final int BONDS = 512;

    private int step;
    private double[] lengths;

    public Timestep() {
    }

    /** Timestep {@code step} as the server computes it (deterministic). */
    static Timestep of(int step) {
        Timestep t = new Timestep();
        t.step = step;
        t.lengths = new double[BONDS];
        for (int i = 0; i < BONDS; i++) {
            t.lengths[i] = 1.0 + 0.1 * Math.sin(0.01 * step + i);
        }
        return t;
    }

    public int getStep() {
        return step;
    }

    public void setStep(int step) {
        this.step = step;
    }

    public double[] getLengths() {
        return lengths;
    }

    public void setLengths(double[] lengths) {
        this.lengths = lengths;
    }
}
