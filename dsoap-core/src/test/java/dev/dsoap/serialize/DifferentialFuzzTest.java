package dev.dsoap.serialize;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.UnsupportedValueException;
import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.MessageBindingException;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.parse.XmlParseException;
import dev.dsoap.xml.IllegalXmlCharacterException;

import java.util.Arrays;

/**
 * Coverage-guided fuzzing of the differential paths against the plain ones, over sequences the fuzzer drives:
 * differential deserialization (kept state across messages, good ones and byte-level mutants of them) reads what
 * the plain reader reads, or both refuse with dsoap's documented exceptions, and the next good message still reads
 * right; differential serialization writes messages that read back to what a fresh serializer's messages read back
 * to, or both refuse the values. Any other exception is a finding. {@code ./mvnw verify} replays the inputs under
 * {@code src/test/resources/dev/dsoap/serialize/DifferentialFuzzTestInputs}; docs/fuzzing.md says how to fuzz.
 */
class DifferentialFuzzTest {
    private static final MessagePlan PLAN = new PlanCompiler().compile(MessageShape.wrapped("urn:dsoap:fuzz", "op",
            Part.of("name", String.class), Part.of("d", double[].class), Part.of("i", int[].class),
            Part.of("b", Double[].class), Part.of("f", float.class)), CompiledPlanSequenceTest.DOC);
    private static final ParserLimits LIMITS = ParserLimits.builder().maxDepth(16).maxTextBytes(4096).build();
    private static final String[] EDGE_TEXT = {"", "&<>\"'", "tab\there", "cr\rlf\r\n", "grüße 中文", "\uD834\uDD1E", "]]>"};

    private static Object[] values(FuzzedDataProvider data) {
        String name = data.consumeBoolean() ? EDGE_TEXT[data.consumeInt(0, EDGE_TEXT.length - 1)] : data.consumeString(40);
        double[] d = new double[data.consumeInt(0, 24)];
        for (int k = 0; k < d.length; k++) {
            d[k] = data.consumeDouble();
        }
        int[] i = data.consumeBoolean() ? null : data.consumeInts(data.consumeInt(0, 12));
        Double[] b = new Double[data.consumeInt(0, 8)];
        for (int k = 0; k < b.length; k++) {
            b[k] = data.consumeBoolean() ? null : data.consumeDouble();
        }
        return new Object[] {data.consumeBoolean() ? null : name, d, i, b, data.consumeFloat()};
    }

    /** The plain outcome of reading {@code b}: its values, or the refusal's class; anything else is thrown on. */
    private static Object read(PlanDeserializer reader, byte[] b) {
        try {
            return Arrays.deepToString(canonical(reader.deserialize(b, 0, b.length)));
        } catch (XmlParseException | MessageBindingException e) {
            return e.getClass();
        }
    }

    private static Object readDifferentially(DifferentialDeserializer reader, byte[] b) {
        try {
            return Arrays.deepToString(canonical(reader.deserialize(b, 0, b.length)));
        } catch (XmlParseException | MessageBindingException e) {
            return e.getClass();
        }
    }

    /** Values with floating-point numbers as their bits, so that NaN payloads and -0.0 compare exactly. */
    private static Object[] canonical(Object[] parts) {
        Object[] c = parts.clone();
        if (c[1] instanceof double[] d) {
            long[] bits = new long[d.length];
            for (int k = 0; k < d.length; k++) {
                bits[k] = Double.doubleToRawLongBits(d[k]);
            }
            c[1] = bits;
        }
        if (c[3] instanceof Double[] b) {
            Object[] bits = new Object[b.length];
            for (int k = 0; k < b.length; k++) {
                bits[k] = b[k] == null ? null : Double.doubleToRawLongBits(b[k]);
            }
            c[3] = bits;
        }
        if (c[4] instanceof Float f) {
            c[4] = Float.floatToRawIntBits(f);
        }
        return c;
    }

    private static byte[] write(DifferentialSerializer s, Object[] parts) {
        try {
            s.serialize(parts);
            return s.toByteArray();
        } catch (IllegalXmlCharacterException | UnsupportedValueException e) {
            return null;
        }
    }

    @FuzzTest(maxDuration = "2m")
    void ddsReadsWhatThePlainReaderReads(FuzzedDataProvider data) {
        CheckpointStrategy strategy = CheckpointStrategy.values()[data.consumeInt(0, CheckpointStrategy.values().length - 1)];
        DifferentialDeserializer dds = new DifferentialDeserializer(PLAN, DeserializerConfig.builder().checkpoints(strategy)
                .interval(32).limits(LIMITS).build(), new DeserializerStats(), null);
        PlanDeserializer plain = new PlanDeserializer(PLAN, LIMITS);
        DifferentialSerializer fresh = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), new SerializerStats(), null);
        byte[] last = null;
        for (int msg = 0; msg < 8 && data.remainingBytes() > 0; msg++) {
            byte[] b;
            if (last != null && data.consumeBoolean()) {
                b = mutate(last, data);
            } else {
                b = write(fresh, values(data));
                if (b == null) {
                    continue;
                }
            }
            Object want = read(plain, b);
            Object got = readDifferentially(dds, b);
            if (!want.equals(got)) {
                throw new AssertionError("message " + msg + " (" + strategy + "): plain " + want + ", differential " + got
                        + "\n" + new String(b, java.nio.charset.StandardCharsets.UTF_8));
            }
            last = b;
        }
    }

    /** A byte-level mutant: a few bytes replaced, inserted or removed at fuzzer-chosen places. */
    private static byte[] mutate(byte[] b, FuzzedDataProvider data) {
        byte[] m = b.clone();
        for (int n = data.consumeInt(1, 4); n > 0 && m.length > 0; n--) {
            int at = data.consumeInt(0, m.length - 1);
            switch (data.consumeInt(0, 2)) {
                case 0 -> m[at] = data.consumeByte();
                case 1 -> {
                    byte[] g = new byte[m.length + 1];
                    System.arraycopy(m, 0, g, 0, at);
                    g[at] = data.consumeByte();
                    System.arraycopy(m, at, g, at + 1, m.length - at);
                    m = g;
                }
                default -> {
                    byte[] g = new byte[m.length - 1];
                    System.arraycopy(m, 0, g, 0, at);
                    System.arraycopy(m, at + 1, g, at, m.length - at - 1);
                    m = g;
                }
            }
        }
        return m;
    }

    @FuzzTest(maxDuration = "2m")
    void dsWritesWhatAFreshSerializerWrites(FuzzedDataProvider data) {
        SerializerConfig config = SerializerConfig.builder().chunkSize(data.pickValue(new Integer[] {64, 256, 32 * 1024}))
                .stuffing(Stuffing.values()[data.consumeInt(0, Stuffing.values().length - 1)]).build();
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, config, new SerializerStats(), null);
        PlanDeserializer reader = new PlanDeserializer(PLAN, ParserLimits.defaults());
        Object[] parts = values(data);
        for (int msg = 0; msg < 16 && data.remainingBytes() > 0; msg++) {
            if (msg > 0) {
                parts = next(parts, data);
            }
            DifferentialSerializer fresh = new DifferentialSerializer(PLAN, config, new SerializerStats(), null);
            byte[] want = write(fresh, parts);
            byte[] got = write(ds, parts);
            if ((want == null) != (got == null)) {
                throw new AssertionError("message " + msg + ": fresh " + (want == null ? "refused" : "wrote") + ", differential "
                        + (got == null ? "refused" : "wrote") + " " + Arrays.deepToString(parts));
            }
            if (want != null && !read(reader, want).equals(read(reader, got))) {
                throw new AssertionError("message " + msg + ": fresh reads back " + read(reader, want) + ", differential "
                        + read(reader, got) + "\n" + new String(got, java.nio.charset.StandardCharsets.UTF_8));
            }
        }
    }

    /** The next message's values: some leaves changed, arrays sometimes resized, the rest kept (as a stream does). */
    private static Object[] next(Object[] parts, FuzzedDataProvider data) {
        Object[] p = parts.clone();
        double[] d = ((double[]) p[1]).clone();
        if (data.consumeBoolean()) {
            d = Arrays.copyOf(d, data.consumeInt(0, 24));
        }
        for (int n = data.consumeInt(0, 4); n > 0 && d.length > 0; n--) {
            d[data.consumeInt(0, d.length - 1)] = data.consumeDouble();
        }
        p[1] = d;
        if (data.consumeBoolean()) {
            p[0] = data.consumeBoolean() ? null : data.consumeString(40);
        }
        if (data.consumeBoolean()) {
            p[2] = data.consumeBoolean() ? null : data.consumeInts(data.consumeInt(0, 12));
        }
        Double[] b = ((Double[]) p[3]).clone();
        for (int n = data.consumeInt(0, 2); n > 0 && b.length > 0; n--) {
            b[data.consumeInt(0, b.length - 1)] = data.consumeBoolean() ? null : data.consumeDouble();
        }
        p[3] = b;
        if (data.consumeBoolean()) {
            p[4] = data.consumeFloat();
        }
        return p;
    }
}
