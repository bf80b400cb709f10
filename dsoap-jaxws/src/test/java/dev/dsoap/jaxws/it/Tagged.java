package dev.dsoap.jaxws.it;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;

import java.util.Objects;

/** A bean with an adapter on a field: dsoap's binding does not call adapters inside beans, so this stays CXF's. */
@XmlAccessorType(XmlAccessType.FIELD)
@XmlType(name = "tagged", propOrder = {"label", "value"})
public class Tagged {
    @XmlJavaTypeAdapter(LabelAdapter.class)
    public Label label;
    public double value;

    @Override
    public boolean equals(Object o) {
        return o instanceof Tagged t && Objects.equals(label, t.label) && Double.compare(value, t.value) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(label, value);
    }

    @Override
    public String toString() {
        return "Tagged(" + label + "," + value + ")";
    }
}
