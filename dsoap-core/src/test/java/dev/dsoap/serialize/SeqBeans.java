package dev.dsoap.serialize;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlEnumValue;
import jakarta.xml.bind.annotation.XmlType;

import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

/** Beans for the compiled-plan sequence, fault and concurrency tests, and the client's tests. */
public final class SeqBeans {
    private SeqBeans() {
    }

    /** A generic type spelled as a field of {@link Generic}, e.g. {@code type("strings")} is {@code List<String>}. */
    static Type type(String field) {
        try {
            return Generic.class.getDeclaredField(field).getGenericType();
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException(field, e);
        }
    }

    /** Holds generic types for {@link #type}. */
    static final class Generic {
        List<String> strings;
        List<Mio> mios;
    }

    /** The papers' mesh interface object, as a JavaBean. */
    public static class Mio {
        private int a;
        private int b;
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
    }

    /** A subclass the plan of {@link Mio} cannot carry. */
    public static class MioPlus extends Mio {
        private String extra = "lost";

        public String getExtra() {
            return extra;
        }

        public void setExtra(String extra) {
            this.extra = extra;
        }
    }

    /**
     * {@link Mio} as JAXB sees it (fields, explicit order, an attribute, a nillable element); Axis2's bean
     * style ignores the annotations and writes the getters.
     */
    @XmlAccessorType(XmlAccessType.FIELD)
    @XmlType(propOrder = {"v", "note", "b"})
    public static class JaxbMio {
        @XmlAttribute(name = "id")
        private int a;
        private int b;
        private double v;
        @XmlElement(nillable = true)
        private String note;
        @XmlAttribute
        private String tag;

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

        public String getNote() {
            return note;
        }

        public void setNote(String note) {
            this.note = note;
        }

        public String getTag() {
            return tag;
        }

        public void setTag(String tag) {
            this.tag = tag;
        }
    }

    public enum Status {
        @XmlEnumValue("open") OPEN,
        @XmlEnumValue("on-hold") ON_HOLD,
        CLOSED,
        @XmlEnumValue("ünïcödé & <more>") UNICODE;

        /** Axis2 writes enums with toString(): make it need escaping. */
        @Override
        public String toString() {
            return "Status<" + name() + "> & \"" + ordinal() + "\"";
        }
    }

    /** A nested nullable bean with every primitive and some boxes. */
    public static class Inner {
        private String label;
        private Long id;
        private float f;
        private short s;
        private byte by;
        private boolean flag;
        private Boolean maybe;
        private Integer boxed;
        private Float boxedFloat;

        public String getLabel() {
            return label;
        }

        public void setLabel(String label) {
            this.label = label;
        }

        public Long getId() {
            return id;
        }

        public void setId(Long id) {
            this.id = id;
        }

        public float getF() {
            return f;
        }

        public void setF(float f) {
            this.f = f;
        }

        public short getS() {
            return s;
        }

        public void setS(short s) {
            this.s = s;
        }

        public byte getBy() {
            return by;
        }

        public void setBy(byte by) {
            this.by = by;
        }

        public boolean isFlag() {
            return flag;
        }

        public void setFlag(boolean flag) {
            this.flag = flag;
        }

        public Boolean getMaybe() {
            return maybe;
        }

        public void setMaybe(Boolean maybe) {
            this.maybe = maybe;
        }

        public Integer getBoxed() {
            return boxed;
        }

        public void setBoxed(Integer boxed) {
            this.boxed = boxed;
        }

        public Float getBoxedFloat() {
            return boxedFloat;
        }

        public void setBoxedFloat(Float boxedFloat) {
            this.boxedFloat = boxedFloat;
        }
    }

    /** A nested bean: enum, decimal, integer, base64, a list of beans and a nullable nested bean. */
    public static class Order {
        private Status status;
        private BigDecimal amount;
        private BigInteger count;
        private byte[] blob;
        private List<Mio> mios;
        private Inner inner;
        private String name;
        private long seq;
        private double total;

        public Status getStatus() {
            return status;
        }

        public void setStatus(Status status) {
            this.status = status;
        }

        public BigDecimal getAmount() {
            return amount;
        }

        public void setAmount(BigDecimal amount) {
            this.amount = amount;
        }

        public BigInteger getCount() {
            return count;
        }

        public void setCount(BigInteger count) {
            this.count = count;
        }

        public byte[] getBlob() {
            return blob;
        }

        public void setBlob(byte[] blob) {
            this.blob = blob;
        }

        public List<Mio> getMios() {
            return mios;
        }

        public void setMios(List<Mio> mios) {
            this.mios = mios;
        }

        public Inner getInner() {
            return inner;
        }

        public void setInner(Inner inner) {
            this.inner = inner;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public long getSeq() {
            return seq;
        }

        public void setSeq(long seq) {
            this.seq = seq;
        }

        public double getTotal() {
            return total;
        }

        public void setTotal(double total) {
            this.total = total;
        }
    }
}
