package dev.dsoap.jaxws.it;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlType;

import java.util.Objects;

/** The papers' MIO: two ints and a double, as a JAXB field-access bean. */
@XmlAccessorType(XmlAccessType.FIELD)
@XmlType(name = "mio", propOrder = {"a", "b", "c"})
public class Mio {
    public int a;
    public int b;
    public double c;

    public Mio() {
    }

    public Mio(int a, int b, double c) {
        this.a = a;
        this.b = b;
        this.c = c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Mio m && a == m.a && b == m.b && Double.compare(c, m.c) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(a, b, c);
    }

    @Override
    public String toString() {
        return "Mio(" + a + "," + b + "," + c + ")";
    }
}
