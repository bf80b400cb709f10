package dev.dsoap.axis2.it;

import java.util.Objects;

/** A bean of the papers' MIO shape (int, double, string), written by Axis2's BeanUtil. */
public class Mio {
    private int a;
    private double b;
    private String c;

    public Mio() {
    }

    public Mio(int a, double b, String c) {
        this.a = a;
        this.b = b;
        this.c = c;
    }

    public int getA() {
        return a;
    }

    public void setA(int a) {
        this.a = a;
    }

    public double getB() {
        return b;
    }

    public void setB(double b) {
        this.b = b;
    }

    public String getC() {
        return c;
    }

    public void setC(String c) {
        this.c = c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Mio m && a == m.a && Double.doubleToLongBits(b) == Double.doubleToLongBits(m.b)
                && Objects.equals(c, m.c);
    }

    @Override
    public int hashCode() {
        return Objects.hash(a, b, c);
    }

    @Override
    public String toString() {
        return "Mio(" + a + ", " + b + ", " + c + ")";
    }
}
