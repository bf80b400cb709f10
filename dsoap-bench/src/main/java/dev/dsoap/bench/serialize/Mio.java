package dev.dsoap.bench.serialize;

/**
 * The paper's mesh interface object: {@code [int, int, double]}, two mesh coordinates and a field value.
 * A plain bean so that dsoap's plan compiler and Axis2's {@code BeanUtil} both bind it by its getters.
 */
public final class Mio {
    /** First mesh coordinate. */
    private int a;
    /** Second mesh coordinate. */
    private int b;
    /** Field value. */
    private double v;

    public Mio() {
    }

    public Mio(int a, int b, double v) {
        this.a = a;
        this.b = b;
        this.v = v;
    }

    public int getA() {
        return a;
    }

    public void setA(int a) {
        this.a = a;
    }

    public int getB() {
        return b;
    }

    public void setB(int b) {
        this.b = b;
    }

    public double getV() {
        return v;
    }

    public void setV(double v) {
        this.v = v;
    }

    @Override
    public String toString() {
        return "Mio(" + a + ", " + b + ", " + v + ")";
    }
}
