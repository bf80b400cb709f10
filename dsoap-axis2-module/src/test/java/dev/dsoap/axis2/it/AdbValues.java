package dev.dsoap.axis2.it;

import dev.dsoap.axis2.it.adb.types.Mio;
import dev.dsoap.axis2.it.adb.types.Reading;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * Generated values of the ADB service's beans, with edge values; a text rendering of beans (ADB beans
 * have no {@code equals}); and what ADB's own rules make of a value on the wire:
 * <ul>
 * <li>a {@code double} array item that is NaN, an {@code int} array item that is {@code Integer.MIN_VALUE},
 * and a {@code null} bean array item are not written (minOccurs 0);</li>
 * <li>an array with no items written is read as {@code null} (an empty array and {@code null} look alike);</li>
 * <li>a required NaN {@code double}/{@code float}, or a {@code MIN_VALUE} {@code int}/{@code long}/{@code short},
 * or a {@code null} non-nillable string, cannot be written ("... cannot be null!!"): a stub throws that
 * ADBException (after sending the HTTP headers and an empty chunked body), a server answers a fault;</li>
 * <li>{@code Integer.MIN_VALUE} as {@code optionalCount} and {@code null} as an optional element mean "absent".</li>
 * </ul>
 */
final class AdbValues {
    static final long[] LONGS = {0, -1, 1, Long.MAX_VALUE, Long.MIN_VALUE + 1, Integer.MIN_VALUE, 1L << 53, 9_007_199_254_740_993L};
    static final float[] FLOATS = {0f, -0f, Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE,
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 1 / 3f, 6.490575E9f, 0.1f};
    static final short[] SHORTS = {0, -1, 1, Short.MAX_VALUE, Short.MIN_VALUE + 1};

    private AdbValues() {
    }

    /** {@code v} with, in about one call of four, one item set to an infinity (Values makes none); in place. */
    static double[] infinities(double[] v, Random r) {
        if (v != null && v.length > 0 && r.nextInt(4) == 0) {
            v[r.nextInt(v.length)] = r.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        }
        return v;
    }

    /** A Mio ADB can write ({@code id} not MIN_VALUE, {@code value} not NaN); {@code name} may be null (nil). */
    static Mio mio(Random r) {
        Mio m = new Mio();
        int id = Values.intValue(r);
        m.setId(id == Integer.MIN_VALUE ? Integer.MIN_VALUE + 1 : id);
        double v = r.nextInt(12) == 0 ? Double.NEGATIVE_INFINITY : Values.value(r);
        m.setValue(Double.isNaN(v) ? -0.0 : v);
        m.setName(Values.string(r));
        return m;
    }

    /** A Mio ADB refuses to write. */
    static Mio badMio(Random r) {
        Mio m = mio(r);
        if (r.nextBoolean()) {
            m.setId(Integer.MIN_VALUE);
        } else {
            m.setValue(Double.NaN);
        }
        return m;
    }

    /** {@code prev} (or a new Reading) with some fields changed; every field ADB can write. */
    static Reading nextReading(Reading prev, Random r) {
        Reading n = new Reading();
        boolean fresh = prev == null;
        n.setLabel(fresh || r.nextInt(5) == 0 ? nonNull(Values.string(r)) : prev.getLabel());
        n.setNote(fresh || r.nextInt(5) == 0 ? Values.string(r) : prev.getNote());
        n.setComment(fresh || r.nextInt(5) == 0 ? Values.string(r) : prev.getComment());
        n.setFlag(fresh || r.nextInt(5) == 0 ? r.nextBoolean() : prev.getFlag());
        n.setCount(fresh || r.nextInt(3) == 0 ? (r.nextBoolean() ? LONGS[r.nextInt(LONGS.length)] : r.nextLong()) : prev.getCount());
        n.setRatio(fresh || r.nextInt(3) == 0 ? (r.nextBoolean() ? FLOATS[r.nextInt(FLOATS.length)] : r.nextInt(100000) / 8f) : prev.getRatio());
        n.setSmall(fresh || r.nextInt(5) == 0 ? (r.nextBoolean() ? SHORTS[r.nextInt(SHORTS.length)] : (short) r.nextInt(1000)) : prev.getSmall());
        int oc = fresh || r.nextInt(5) == 0 ? (r.nextInt(3) == 0 ? Integer.MIN_VALUE : Values.intValue(r)) : prev.getOptionalCount();
        n.setOptionalCount(oc);
        double[] samples = fresh ? null : prev.getSamples();
        if (fresh || r.nextInt(8) == 0) {
            samples = switch (r.nextInt(4)) {
                case 0 -> null;
                case 1 -> new double[0];
                default -> infinities(Values.doubles(r, r.nextInt(40)), r);
            };
        } else if (samples != null) {
            samples = infinities(Values.next(samples, r, 10), r);
        }
        n.setSamples(samples);
        Mio m = fresh ? null : prev.getFirst_mio();
        if (fresh || r.nextInt(6) == 0) {
            m = r.nextInt(3) == 0 ? null : mio(r);
        }
        n.setFirst_mio(m);
        n.setUnit(fresh || r.nextInt(5) == 0 ? (r.nextInt(4) == 0 ? null : Values.string(r)) : prev.getUnit());
        n.setSensor(fresh || r.nextInt(5) == 0 ? (r.nextInt(4) == 0 ? Integer.MIN_VALUE : r.nextInt()) : prev.getSensor());
        return n;
    }

    /** {@code reading} made unwritable for ADB in one field (a copy). */
    static Reading badReading(Reading reading, Random r) {
        Reading b = copy(reading);
        switch (r.nextInt(5)) {
            case 0 -> b.setRatio(Float.NaN);
            case 1 -> b.setCount(Long.MIN_VALUE);
            case 2 -> b.setSmall(Short.MIN_VALUE);
            case 3 -> b.setLabel(null);
            default -> b.setFirst_mio(badMio(r));
        }
        return b;
    }

    static Reading copy(Reading s) {
        Reading c = new Reading();
        c.setLabel(s.getLabel());
        c.setNote(s.getNote());
        c.setComment(s.getComment());
        c.setFlag(s.getFlag());
        c.setCount(s.getCount());
        c.setRatio(s.getRatio());
        c.setSmall(s.getSmall());
        c.setOptionalCount(s.isOptionalCountSpecified() ? s.getOptionalCount() : Integer.MIN_VALUE);
        c.setSamples(s.getSamples() == null ? null : s.getSamples().clone());
        c.setFirst_mio(s.getFirst_mio());
        c.setUnit(s.getUnit());
        c.setSensor(s.getSensor());
        return c;
    }

    /** What the service's echoReading returns as the client reads it: samples scaled, NaN items dropped. */
    static Reading expectedReading(Reading sent, double scale) {
        Reading e = copy(sent);
        double[] received = wireDoubles(sent.isSamplesSpecified() ? sent.getSamples() : null);
        if (received != null) {
            double[] scaled = new double[received.length];
            for (int i = 0; i < received.length; i++) {
                scaled[i] = received[i] * scale;
            }
            received = wireDoubles(scaled);
        }
        e.setSamples(received);
        return e;
    }

    /** What a double array is after ADB wrote and read it: NaN items dropped, no items read as null. */
    static double[] wireDoubles(double[] v) {
        if (v == null) {
            return null;
        }
        double[] w = Arrays.stream(v).filter(d -> !Double.isNaN(d)).toArray();
        return w.length == 0 ? null : w;
    }

    /** What an int array is after ADB wrote and read it: MIN_VALUE items dropped, no items read as null. */
    static int[] wireInts(int[] v) {
        if (v == null) {
            return null;
        }
        int[] w = Arrays.stream(v).filter(i -> i != Integer.MIN_VALUE).toArray();
        return w.length == 0 ? null : w;
    }

    /** What a Mio array is after ADB wrote and read it: null items dropped, no items read as null. */
    static Mio[] wireMios(Mio[] v) {
        if (v == null) {
            return null;
        }
        Mio[] w = Arrays.stream(v).filter(m -> m != null).toArray(Mio[]::new);
        return w.length == 0 ? null : w;
    }

    /** Whether ADB can write every Mio of {@code v}. */
    static boolean writable(Mio... v) {
        return v == null || Arrays.stream(v).allMatch(m -> m == null || (m.getId() != Integer.MIN_VALUE && !Double.isNaN(m.getValue())));
    }

    /** Whether ADB can write {@code r}. */
    static boolean writable(Reading r) {
        return r.getLabel() != null && !Float.isNaN(r.getRatio()) && r.getCount() != Long.MIN_VALUE
                && r.getSmall() != Short.MIN_VALUE && writable(r.getFirst_mio());
    }

    static String show(double[] v) {
        return v == null ? "null" : Arrays.toString(v);
    }

    static String show(int[] v) {
        return v == null ? "null" : Arrays.toString(v);
    }

    static String show(Mio m) {
        return m == null ? "null" : "Mio(" + quote(m.getName()) + ", " + m.getId() + ", " + m.getValue() + ")";
    }

    static String show(Mio[] v) {
        return v == null ? "null" : Arrays.stream(v).map(AdbValues::show).collect(Collectors.joining(", ", "[", "]"));
    }

    /** Every field of {@code r}, and whether each optional one is present. */
    static String show(Reading r) {
        if (r == null) {
            return "null";
        }
        return "Reading(label=" + quote(r.getLabel()) + ", note=" + quote(r.getNote())
                + ", comment=" + (r.isCommentSpecified() ? quote(r.getComment()) : "absent")
                + ", flag=" + r.getFlag() + ", count=" + r.getCount() + ", ratio=" + r.getRatio() + ", small=" + r.getSmall()
                + ", optionalCount=" + (r.isOptionalCountSpecified() ? r.getOptionalCount() : "absent")
                + ", samples=" + (r.isSamplesSpecified() ? show(r.getSamples()) : "absent")
                + ", first_mio=" + (r.isFirst_mioSpecified() ? show(r.getFirst_mio()) : "absent")
                + ", unit=" + quote(r.getUnit()) + ", sensor=" + r.getSensor() + ")";
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }

    private static String quote(String s) {
        return s == null ? "null" : '"' + s + '"';
    }
}
