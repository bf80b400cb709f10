package dev.dsoap.binding;

import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link WireConvention.BeanStyle#ADB}: beans shaped exactly as ADB generates them (fields {@code localX},
 * trackers set by the setters, {@code isXSpecified()}) are written and read by ADB's rules.
 */
class AdbBeanStyleTest {
    static final String NS = "urn:adb";

    /** As ADB generates {@code <complexType name="Mio">}: name nillable, id, value. */
    public static final class Mio {
        protected String localName;
        protected int localId;
        protected double localValue;

        public String getName() {
            return localName;
        }

        public void setName(String p) {
            localName = p;
        }

        public int getId() {
            return localId;
        }

        public void setId(int p) {
            localId = p;
        }

        public double getValue() {
            return localValue;
        }

        public void setValue(double p) {
            localValue = p;
        }
    }

    /** label, note (nillable), comment?, count, optionalCount?, samples*, first_mio?. */
    public static final class Reading {
        protected String localLabel;
        protected String localNote;
        protected String localComment;
        protected boolean localCommentTracker = false;
        protected long localCount;
        protected int localOptionalCount;
        protected boolean localOptionalCountTracker = false;
        protected double[] localSamples;
        protected boolean localSamplesTracker = false;
        protected Mio localFirst_mio;
        protected boolean localFirst_mioTracker = false;

        public String getLabel() {
            return localLabel;
        }

        public void setLabel(String p) {
            localLabel = p;
        }

        public String getNote() {
            return localNote;
        }

        public void setNote(String p) {
            localNote = p;
        }

        public boolean isCommentSpecified() {
            return localCommentTracker;
        }

        public String getComment() {
            return localComment;
        }

        public void setComment(String p) {
            localCommentTracker = p != null;
            localComment = p;
        }

        public long getCount() {
            return localCount;
        }

        public void setCount(long p) {
            localCount = p;
        }

        public boolean isOptionalCountSpecified() {
            return localOptionalCountTracker;
        }

        public int getOptionalCount() {
            return localOptionalCount;
        }

        public void setOptionalCount(int p) {
            localOptionalCountTracker = p != Integer.MIN_VALUE;
            localOptionalCount = p;
        }

        public boolean isSamplesSpecified() {
            return localSamplesTracker;
        }

        public double[] getSamples() {
            return localSamples;
        }

        public void setSamples(double[] p) {
            localSamplesTracker = p != null;
            localSamples = p;
        }

        public boolean isFirst_mioSpecified() {
            return localFirst_mioTracker;
        }

        public Mio getFirst_mio() {
            return localFirst_mio;
        }

        public void setFirst_mio(Mio p) {
            localFirst_mioTracker = p != null;
            localFirst_mio = p;
        }
    }

    /** The request element {@code <echoReading><reading/><scale/><_return/>}-like wrapper, with a keyword name. */
    public static final class EchoReading {
        protected Reading localReading;
        protected double localScale;
        protected Mio[] local_return;
        protected boolean local_returnTracker = false;

        public Reading getReading() {
            return localReading;
        }

        public void setReading(Reading p) {
            localReading = p;
        }

        public double getScale() {
            return localScale;
        }

        public void setScale(double p) {
            localScale = p;
        }

        public boolean is_returnSpecified() {
            return local_returnTracker;
        }

        public Mio[] get_return() {
            return local_return;
        }

        public void set_return(Mio[] p) {
            local_returnTracker = p != null;
            local_return = p;
        }
    }

    static final Map<String, BeanSchema.Element> ELEMENTS = Map.ofEntries(
            Map.entry("Mio.Name", new BeanSchema.Element("name", NS, false, true)),
            Map.entry("Mio.Id", new BeanSchema.Element("id", NS, false, false)),
            Map.entry("Mio.Value", new BeanSchema.Element("value", NS, false, false)),
            Map.entry("Reading.Label", new BeanSchema.Element("label", NS, false, false)),
            Map.entry("Reading.Note", new BeanSchema.Element("note", NS, false, true)),
            Map.entry("Reading.Comment", new BeanSchema.Element("comment", NS, false, false)),
            Map.entry("Reading.Count", new BeanSchema.Element("count", NS, false, false)),
            Map.entry("Reading.OptionalCount", new BeanSchema.Element("optionalCount", NS, false, false)),
            Map.entry("Reading.Samples", new BeanSchema.Element("samples", NS, false, false)),
            Map.entry("Reading.First_mio", new BeanSchema.Element("first_mio", NS, false, false)),
            Map.entry("EchoReading.Reading", new BeanSchema.Element("reading", NS, false, false)),
            Map.entry("EchoReading.Scale", new BeanSchema.Element("scale", NS, false, false)),
            Map.entry("EchoReading._return", new BeanSchema.Element("return", "", false, false)));
    static final BeanSchema SCHEMA = (bean, javaName) -> ELEMENTS.get(bean.getSimpleName() + "." + javaName);
    static final WireConvention ADB = WireConvention.builder("adb").wrapperPrefix("ns1").adb(SCHEMA).build();

    private static MessagePlan plan() {
        return new PlanCompiler().compile(MessageShape.bare(NS, "echoReading", EchoReading.class), ADB);
    }

    private static EchoReading sample() {
        Reading r = new Reading();
        r.setLabel("a&<>\"' \u00e9\ud83d\ude00");
        r.setCount(-7);
        r.setSamples(new double[] {1.5, -0.0, 1e-310, Double.MIN_VALUE, -Double.MAX_VALUE});
        EchoReading e = new EchoReading();
        e.setReading(r);
        e.setScale(2.5);
        return e;
    }

    @Test
    void writesAdbsNamesAndLeavesUnsetPropertiesOut() {
        DifferentialSerializer ds = new DifferentialSerializer(plan(), SerializerConfig.defaults(), new SerializerStats(), null);
        ds.serialize(new Object[] {sample()});
        String xml = new String(ds.toByteArray(), StandardCharsets.UTF_8);
        assertTrue(xml.contains("<ns1:echoReading xmlns:ns1=\"urn:adb\"><ns1:reading><ns1:label>a&amp;&lt;&gt;"), xml);
        assertTrue(xml.contains("<ns1:note xsi:nil=\"true\"/><ns1:count>-7</ns1:count><ns1:samples>1.5</ns1:samples>"), xml);
        assertTrue(xml.contains("</ns1:reading><ns1:scale>2.5</ns1:scale></ns1:echoReading>"), xml);
        assertFalse(xml.contains("comment") || xml.contains("optionalCount") || xml.contains("first_mio") || xml.contains("return"), xml);
    }

    @Test
    void readsUnsetPropertiesBackAsAdbDoes() {
        MessagePlan plan = plan();
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        DifferentialDeserializer dds = new DifferentialDeserializer(plan, DeserializerConfig.defaults(), new DeserializerStats(), null);
        EchoReading sent = sample();
        ds.serialize(new Object[] {sent});
        byte[] b = ds.toByteArray();
        EchoReading got = (EchoReading) dds.deserialize(b, 0, b.length)[0];
        Reading r = got.getReading();
        assertEquals(sent.getReading().getLabel(), r.getLabel());
        assertNull(r.getNote());
        assertFalse(r.isCommentSpecified());
        assertEquals(Integer.MIN_VALUE, r.getOptionalCount(), "ADB reads an absent optional int as MIN_VALUE");
        assertFalse(r.isOptionalCountSpecified());
        assertTrue(r.isSamplesSpecified());
        assertArrayEquals(sent.getReading().getSamples(), r.getSamples());
        assertFalse(r.isFirst_mioSpecified());
        assertFalse(got.is_returnSpecified());
        assertEquals(2.5, got.getScale());
    }

    @Test
    void refusesWhatAdbRefusesOrDrops() {
        MessagePlan plan = plan();
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        EchoReading e = sample();
        e.getReading().setCount(Long.MIN_VALUE);
        assertThrows(UnsupportedValueException.class, () -> ds.serialize(new Object[] {e}));
        EchoReading nan = sample();
        nan.getReading().setSamples(new double[] {1, Double.NaN});
        assertThrows(UnsupportedValueException.class, () -> ds.serialize(new Object[] {nan}));
        EchoReading noLabel = sample();
        noLabel.getReading().setLabel(null);
        assertThrows(UnsupportedValueException.class, () -> ds.serialize(new Object[] {noLabel}));
        EchoReading nullItem = sample();
        nullItem.set_return(new Mio[] {new Mio(), null});
        assertThrows(UnsupportedValueException.class, () -> ds.serialize(new Object[] {nullItem}));
        EchoReading nanScale = sample();
        nanScale.setScale(Double.NaN);
        assertThrows(UnsupportedValueException.class, () -> ds.serialize(new Object[] {nanScale}));
        // and the next good message is still written whole
        ds.serialize(new Object[] {sample()});
        assertTrue(new String(ds.toByteArray(), StandardCharsets.UTF_8).contains("<ns1:scale>2.5</ns1:scale>"));
    }

    @Test
    void aPropertyTheSchemaDoesNotDescribeHasNoPlan() {
        WireConvention partial = WireConvention.builder("adb-partial").adb((bean, name) ->
                name.equals("Id") ? null : ELEMENTS.get(bean.getSimpleName() + "." + name)).build();
        UnsupportedTypeException e = assertThrows(UnsupportedTypeException.class, () -> new PlanCompiler()
                .compile(MessageShape.bare(NS, "echoReading", EchoReading.class), partial));
        assertTrue(e.getMessage().contains("Id"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> WireConvention.builder("x").beanStyle(WireConvention.BeanStyle.ADB).build());
    }

    @Test
    void longSimilarSequencesReadToTheValuesSent() {
        long seed = 0xADB0L;
        Random rnd = new Random(seed);
        MessagePlan plan = plan();
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        DeserializerStats stats = new DeserializerStats();
        DifferentialDeserializer dds = new DifferentialDeserializer(plan, DeserializerConfig.defaults(), stats, null);
        EchoReading e = sample();
        double[] edge = {0.0, -0.0, Double.MIN_VALUE,
                Double.MAX_VALUE, -Double.MIN_NORMAL / 3, 1e-310, 123.456};
        for (int i = 0; i < 300; i++) {
            Reading r = e.getReading();
            int what = rnd.nextInt(8);
            if (what == 0) {
                r.setSamples(rnd.nextBoolean() ? null : new double[rnd.nextInt(20)]);
            } else if (what == 1 && r.getSamples() != null && r.getSamples().length > 0) {
                r.getSamples()[rnd.nextInt(r.getSamples().length)] = edge[rnd.nextInt(edge.length)];
            } else if (what == 2) {
                r.setOptionalCount(rnd.nextBoolean() ? Integer.MIN_VALUE : rnd.nextInt());
            } else if (what == 3) {
                r.setComment(rnd.nextBoolean() ? null : "c" + rnd.nextInt(100) + "\ud83d\ude00<&>");
            } else if (what == 4) {
                r.setNote(rnd.nextBoolean() ? null : "n" + rnd.nextInt());
            } else if (what == 5) {
                Mio m = new Mio();
                m.setName(rnd.nextBoolean() ? null : "m");
                m.setId(rnd.nextInt());
                m.setValue(edge[rnd.nextInt(edge.length)]);
                r.setFirst_mio(rnd.nextBoolean() ? null : m);
            } else if (what == 6) {
                Mio[] ms = new Mio[rnd.nextInt(4)];
                for (int k = 0; k < ms.length; k++) {
                    ms[k] = new Mio();
                    ms[k].setId(k);
                    ms[k].setValue(rnd.nextDouble());
                }
                e.set_return(rnd.nextBoolean() ? null : ms);
            } else {
                r.setCount(rnd.nextLong() == Long.MIN_VALUE ? 0 : rnd.nextLong());
            }
            ds.serialize(new Object[] {e});
            byte[] b = ds.toByteArray();
            EchoReading got = (EchoReading) dds.deserialize(b, 0, b.length)[0];
            String where = "seed " + seed + " message " + i + ": " + new String(b, StandardCharsets.UTF_8);
            assertSame(e, got, where);
        }
        assertTrue(stats.identical() + stats.resumed() > 100, stats.toString());
    }

    private static void assertSame(EchoReading want, EchoReading got, String where) {
        assertEquals(want.getScale(), got.getScale(), where);
        Reading a = want.getReading();
        Reading b = got.getReading();
        assertEquals(a.getLabel(), b.getLabel(), where);
        assertEquals(a.getNote(), b.getNote(), where);
        assertEquals(a.isCommentSpecified(), b.isCommentSpecified(), where);
        assertEquals(a.getComment(), b.getComment(), where);
        assertEquals(a.getCount(), b.getCount(), where);
        assertEquals(a.isOptionalCountSpecified(), b.isOptionalCountSpecified(), where);
        assertEquals(a.isOptionalCountSpecified() ? a.getOptionalCount() : Integer.MIN_VALUE, b.getOptionalCount(), where);
        // an empty array has no elements: ADB reads it back as unset, as dsoap does
        boolean samples = a.getSamples() != null && a.getSamples().length > 0;
        assertEquals(samples, b.isSamplesSpecified(), where);
        if (samples) {
            assertEquals(Arrays.toString(a.getSamples()), Arrays.toString(b.getSamples()), where);
        }
        assertEquals(a.isFirst_mioSpecified(), b.isFirst_mioSpecified(), where);
        if (a.isFirst_mioSpecified()) {
            assertMio(a.getFirst_mio(), b.getFirst_mio(), where);
        }
        boolean ret = want.get_return() != null && want.get_return().length > 0;
        assertEquals(ret, got.is_returnSpecified(), where);
        if (ret) {
            assertEquals(want.get_return().length, got.get_return().length, where);
            for (int i = 0; i < want.get_return().length; i++) {
                assertMio(want.get_return()[i], got.get_return()[i], where);
            }
        }
    }

    private static void assertMio(Mio a, Mio b, String where) {
        assertEquals(a.getName(), b.getName(), where);
        assertEquals(a.getId(), b.getId(), where);
        assertEquals(Double.doubleToLongBits(a.getValue()), Double.doubleToLongBits(b.getValue()), where);
    }
}
