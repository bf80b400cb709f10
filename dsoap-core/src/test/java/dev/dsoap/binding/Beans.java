package dev.dsoap.binding;

import jakarta.xml.bind.annotation.XmlAccessOrder;
import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorOrder;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlEnumValue;
import jakarta.xml.bind.annotation.XmlRootElement;
import jakarta.xml.bind.annotation.XmlTransient;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.XmlValue;
import java.math.BigDecimal;
import java.util.Date;
import java.util.List;
import java.util.Map;

/** Test beans. */
final class Beans {
    private Beans() {
    }

    /** The papers' mesh interface object: {int a, int b, double value}. */
    public static class MIO {
        private int a;
        private int b;
        private double value;

        public MIO() {
        }

        public MIO(int a, int b, double value) {
            this.a = a;
            this.b = b;
            this.value = value;
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

        public double getValue() {
            return value;
        }

        public void setValue(double value) {
            this.value = value;
        }
    }

    public enum Status {
        @XmlEnumValue("open") OPEN,
        @XmlEnumValue("on-hold") ON_HOLD,
        CLOSED;

        @Override
        public String toString() {
            return "Status:" + name();
        }
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Line {
        String sku;
        int qty;
        double price;

        public Line() {
        }

        Line(String sku, int qty, double price) {
            this.sku = sku;
            this.qty = qty;
            this.price = price;
        }
    }

    @XmlRootElement(name = "order", namespace = "urn:orders")
    @XmlType(name = "OrderType", namespace = "urn:orders", propOrder = {"customer", "total", "lines", "note", "status"})
    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Order {
        static int instances;
        @XmlAttribute(name = "id", required = true)
        int id;
        @XmlAttribute
        String currency;
        @XmlElement(name = "cust")
        String customer;
        BigDecimal total;
        @XmlElement(name = "line")
        List<Line> lines;
        @XmlElement(nillable = true)
        String note;
        Status status;
        @XmlTransient
        String secret = "do not write";
        transient int cache = 42;
    }

    /** Nested structs through getters (PUBLIC_MEMBER). */
    public static class Outer {
        private MIO mio;
        private Line line;
        private String label;

        public MIO getMio() {
            return mio;
        }

        public void setMio(MIO mio) {
            this.mio = mio;
        }

        public Line getLine() {
            return line;
        }

        public void setLine(Line line) {
            this.line = line;
        }

        public String getLabel() {
            return label;
        }

        public void setLabel(String label) {
            this.label = label;
        }
    }

    public static class Box<T> {
        private T value;
        private List<T> more;

        public T getValue() {
            return value;
        }

        public void setValue(T value) {
            this.value = value;
        }

        public List<T> getMore() {
            return more;
        }

        public void setMore(List<T> more) {
            this.more = more;
        }
    }

    /** Order rules: public field, getter pairs, read-only getter, boolean is-getter. */
    public static class Mixed {
        public String pub = "p";
        private int zeta = 26;
        private int alpha = 1;
        private boolean on = true;

        public int getZeta() {
            return zeta;
        }

        public void setZeta(int zeta) {
            this.zeta = zeta;
        }

        public int getAlpha() {
            return alpha;
        }

        public void setAlpha(int alpha) {
            this.alpha = alpha;
        }

        public boolean isOn() {
            return on;
        }

        public void setOn(boolean on) {
            this.on = on;
        }

        public String getReadOnly() {
            return "ro";
        }
    }

    public static class Base {
        private int zBase = 1;

        public int getZBase() {
            return zBase;
        }

        public void setZBase(int zBase) {
            this.zBase = zBase;
        }
    }

    public static class Derived extends Base {
        private int aDerived = 2;

        public int getADerived() {
            return aDerived;
        }

        public void setADerived(int aDerived) {
            this.aDerived = aDerived;
        }
    }

    public static class Overriding extends Derived {
        @Override
        public int getZBase() {
            return 10;
        }
    }

    /** PROPERTY access: every pair, whatever its visibility; fields only when annotated. */
    @XmlAccessorType(XmlAccessType.PROPERTY)
    public static class PropAccess {
        public String ignoredField = "f";
        private int hidden = 5;

        int getHidden() {
            return hidden;
        }

        void setHidden(int hidden) {
            this.hidden = hidden;
        }

        @XmlElement(name = "computed")
        public String getComputed() {
            return "c" + hidden;
        }
    }

    /** NONE: only annotated members. */
    @XmlAccessorType(XmlAccessType.NONE)
    public static class NoneAccess {
        public String plain = "p";
        @XmlElement
        String chosen = "c";

        public String getOther() {
            return "o";
        }

        public void setOther(String other) {
        }
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    @XmlAccessorOrder(XmlAccessOrder.ALPHABETICAL)
    public static class Alpha {
        int zulu = 26;
        int alpha = 1;
        int mike = 13;
    }

    /** Every primitive and a few boxes, as fields (FIELD access). */
    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Prims {
        boolean bool = true;
        byte b = -8;
        short s = 300;
        int i = -7;
        long l = Long.MIN_VALUE;
        float f = 1.5f;
        double d = Double.NaN;
        Integer boxed;
        @XmlElement(nillable = true)
        Long nilLong;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Attrs {
        @XmlAttribute
        double weight = 2.5;
        @XmlAttribute(name = "label")
        String text = "a\"b<c&d";
        @XmlAttribute
        String missing;
        @XmlAttribute(namespace = "urn:attr")
        Status status = Status.ON_HOLD;
        String body = "x";
    }

    public static class Holder {
        private Map<String, Integer> items;

        public Map<String, Integer> getItems() {
            return items;
        }

        public void setItems(Map<String, Integer> items) {
            this.items = items;
        }
    }

    public static class Node {
        private Node next;

        public Node getNext() {
            return next;
        }

        public void setNext(Node next) {
            this.next = next;
        }
    }

    public static class Ping {
        private List<Pong> pongs;

        public List<Pong> getPongs() {
            return pongs;
        }

        public void setPongs(List<Pong> pongs) {
            this.pongs = pongs;
        }
    }

    public static class Pong {
        private Ping ping;

        public Ping getPing() {
            return ping;
        }

        public void setPing(Ping ping) {
            this.ping = ping;
        }
    }

    public static class NoCtor {
        private int x;

        public NoCtor(int x) {
            this.x = x;
        }

        public int getX() {
            return x;
        }

        public void setX(int x) {
            this.x = x;
        }
    }

    public record Rec(int a) {
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class WithValue {
        @XmlValue
        String v;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    @XmlType(propOrder = {"a"})
    public static class BadOrder {
        int a;
        int b;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Gadget {
        char c;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Dated {
        Date when;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Grid {
        int[][] cells;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    @SuppressWarnings("rawtypes")
    public static class RawList {
        List items;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Runner {
        Runnable task;
    }
}
