package dev.dsoap.jaxws.it;

/** A value class JAXB cannot bind by itself (no default constructor): it travels through {@link CelsiusAdapter}. */
public final class Celsius {
    final double degrees;

    public Celsius(double degrees) {
        this.degrees = degrees;
    }

    public double degrees() {
        return degrees;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Celsius c && Double.compare(degrees, c.degrees) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(degrees);
    }

    @Override
    public String toString() {
        return degrees + "C";
    }
}
