package dev.dsoap.jaxws.it;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

import java.util.Arrays;
import java.util.Objects;

/** A bean of getters and setters with boxed, nillable, array and nested values. */
@XmlType(name = "reading", propOrder = {"sensor", "value", "samples", "counts", "note", "offset", "origin"})
public class Reading {
    private String sensor;
    private double value;
    private double[] samples;
    private int[] counts;
    private String note;
    private Integer offset;
    private Mio origin;

    public String getSensor() {
        return sensor;
    }

    public void setSensor(String sensor) {
        this.sensor = sensor;
    }

    public double getValue() {
        return value;
    }

    public void setValue(double value) {
        this.value = value;
    }

    public double[] getSamples() {
        return samples;
    }

    public void setSamples(double[] samples) {
        this.samples = samples;
    }

    public int[] getCounts() {
        return counts;
    }

    public void setCounts(int[] counts) {
        this.counts = counts;
    }

    @XmlElement(nillable = true)
    public String getNote() {
        return note;
    }

    public void setNote(String note) {
        this.note = note;
    }

    public Integer getOffset() {
        return offset;
    }

    public void setOffset(Integer offset) {
        this.offset = offset;
    }

    public Mio getOrigin() {
        return origin;
    }

    public void setOrigin(Mio origin) {
        this.origin = origin;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Reading r && Objects.equals(sensor, r.sensor) && Double.compare(value, r.value) == 0
                && Arrays.equals(samples, r.samples) && Arrays.equals(counts, r.counts) && Objects.equals(note, r.note)
                && Objects.equals(offset, r.offset) && Objects.equals(origin, r.origin);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sensor, value, note, offset, origin);
    }

    @Override
    public String toString() {
        return "Reading(" + sensor + "," + value + "," + Arrays.toString(samples) + "," + Arrays.toString(counts) + ","
                + note + "," + offset + "," + origin + ")";
    }
}
