package dev.dsoap.deserialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.parse.ParserLimits;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Messages as plain serializers write them, with empty elements in their short form ({@code <s/>}) among
 * values that change: a checkpoint may fall right after such an element, whose end is still pending in the
 * parser. Every message, read differentially under every checkpoint strategy at the smallest interval, reads
 * to what the plain reader reads.
 */
class EmptyElementsTest {
    private static final MessagePlan PLAN = new PlanCompiler().compile(MessageShape.wrapped("urn:e", "put",
            Part.of("s", String[].class), Part.of("d", double[].class)), WireConvention.documentLiteralWrapped());

    private static byte[] message(String[] s, double[] d, Random r) {
        StringBuilder b = new StringBuilder("<?xml version='1.0' encoding='UTF-8'?><soap:Envelope"
                + " xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><p:put xmlns:p=\"urn:e\">");
        for (int i = 0; i < s.length; i++) {
            if (s[i].isEmpty()) {
                int form = r.nextInt(3);
                b.append(form == 0 ? "<s/>" : form == 1 ? "<s />" : "<s></s>");
            } else {
                b.append("<s>").append(s[i]).append("</s>");
            }
        }
        for (double v : d) {
            b.append("<d>").append(v).append("</d>");
        }
        return b.append("</p:put></soap:Body></soap:Envelope>").toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void checkpointsAfterEmptyElementsResumeCorrectly() {
        for (CheckpointStrategy strategy : CheckpointStrategy.values()) {
            long seed = 0xE0_0001L + strategy.ordinal();
            Random r = new Random(seed);
            DeserializerStats stats = new DeserializerStats();
            DifferentialDeserializer dds = new DifferentialDeserializer(PLAN, DeserializerConfig.builder()
                    .checkpoints(strategy).interval(32).adaptive(false).build(), stats, null);
            PlanDeserializer plain = new PlanDeserializer(PLAN, ParserLimits.defaults());
            String[] s = new String[60];
            Arrays.fill(s, "");
            double[] d = new double[60];
            for (int msg = 0; msg < 400; msg++) {
                for (int k = r.nextInt(6); k >= 0; k--) {
                    int i = r.nextInt(s.length);
                    s[i] = r.nextInt(3) == 0 ? "" : "v" + r.nextInt(1000);
                    d[r.nextInt(d.length)] = r.nextInt(100_000) / 100.0;
                }
                // the short form of the same empty element ('<s/>' or '<s></s>') may change between messages
                byte[] m = message(s, d, r);
                String want = Arrays.deepToString(plain.deserialize(m, 0, m.length));
                assertEquals(want, Arrays.deepToString(dds.deserialize(m, 0, m.length)),
                        "seed " + seed + " " + strategy + " message " + msg);
            }
            assertTrue(stats.resumed() > 300, strategy + ": messages were not resumed at checkpoints: " + stats);
        }
    }

    /** A struct whose values come and go, written as {@code <b/>} when it has none. */
    public static final class Bean {
        private double[] values;

        public double[] getValues() {
            return values;
        }

        public void setValues(double[] values) {
            this.values = values;
        }
    }

    private static final MessagePlan BEAN_PLAN = new PlanCompiler().compile(MessageShape.wrapped("urn:e", "put",
            Part.of("b", Bean.class)), WireConvention.builder("q").partsQualified(true).fieldsQualified(true)
            .beanStyle(WireConvention.BeanStyle.AXIS2).build());

    private static byte[] beanMessage(double[] v) {
        StringBuilder b = new StringBuilder("<?xml version='1.0' encoding='UTF-8'?><soap:Envelope"
                + " xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><p:put xmlns:p=\"urn:e\">");
        if (v == null) {
            b.append("<q:b xmlns:q=\"urn:e\" xmlns:x=\"urn:a-namespace-long-enough-to-pass-a-checkpoint\"/>");
        } else {
            b.append("<q:b xmlns:q=\"urn:e\" xmlns:x=\"urn:a-namespace-long-enough-to-pass-a-checkpoint\">");
            for (double x : v) {
                b.append("<values>").append(x).append("</values>");
            }
            b.append("                                        </q:b>"); // room for a checkpoint right after it
        }
        return b.append("</p:put></soap:Body></soap:Envelope>").toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String show(Object[] parts) {
        Bean b = (Bean) parts[0];
        return b == null ? "null" : b.values == null ? "[]" : Arrays.toString(b.values);
    }

    /**
     * A struct closed by its own start tag ({@code <q:b xmlns:q="..."/>}, declaring its own prefix) between
     * messages that fill it, its items changing at scattered positions: after the empty form, the parser's state
     * still holds the element the bytes have closed, and a checkpoint there would pair that state with an offset past
     * its end (resuming there lost the prefix's binding, or read the items in the wrong element).
     */
    @Test
    void emptyStructsBetweenFilledOnesResumeCorrectly() {
        for (CheckpointStrategy strategy : CheckpointStrategy.values()) {
            for (int interval : new int[] {32, 128}) {
                long seed = 0xE0_0101L + strategy.ordinal() * 7L + interval;
                Random r = new Random(seed);
                DifferentialDeserializer dds = new DifferentialDeserializer(BEAN_PLAN, DeserializerConfig.builder()
                        .checkpoints(strategy).interval(interval).adaptive(false).states(1).build(), new DeserializerStats(), null);
                PlanDeserializer plain = new PlanDeserializer(BEAN_PLAN, ParserLimits.defaults());
                double[] v = new double[200];
                for (int i = 0; i < v.length; i++) {
                    v[i] = r.nextInt(1000) / 8.0;
                }
                for (int msg = 0; msg < 300; msg++) {
                    for (int k = r.nextInt(12); k >= 0; k--) {
                        v[r.nextInt(v.length)] = r.nextInt(3) == 0 ? r.nextDouble() * 1e6 : r.nextInt(1000);
                    }
                    byte[] m = beanMessage(msg % 7 == 3 ? null : v);
                    String want = show(plain.deserialize(m, 0, m.length));
                    String got;
                    try {
                        got = show(dds.deserialize(m, 0, m.length));
                    } catch (RuntimeException e) {
                        got = e.toString();
                    }
                    assertEquals(want, got, "seed " + seed + ", " + strategy + " N=" + interval + ", message " + msg);
                }
            }
        }
    }
}
