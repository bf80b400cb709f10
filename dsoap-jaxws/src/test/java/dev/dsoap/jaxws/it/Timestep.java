package dev.dsoap.jaxws.it;

import java.util.Arrays;

/** One timestep of a molecule's bonds: its number and the bond lengths. */
public class Timestep {
    private int step;
    private double[] lengths;

    public Timestep() {
    }

    Timestep(int step, double[] lengths) {
        this.step = step;
        this.lengths = lengths;
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

    /** The timestep {@code step} as the servers make it: edge values included. */
    public static Timestep of(int step) {
        double[] d = {step, -0.0, Double.NaN, Double.MIN_VALUE, 1.0 / (step + 1), Double.MAX_VALUE};
        return new Timestep(step, d);
    }

    public boolean same(Timestep o) {
        return o != null && step == o.step && Arrays.equals(lengths, o.lengths);
    }

    @Override
    public String toString() {
        return "Timestep(" + step + ", " + Arrays.toString(lengths) + ")";
    }
}
