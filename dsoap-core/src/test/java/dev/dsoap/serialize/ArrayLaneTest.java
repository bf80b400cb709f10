package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The differential reader's lane for arrays of numbers: messages as plain clients write them (items back to back),
 * a share of the items changed each time to values of other widths and to the edge values, against the plain reader
 * on the same bytes; and every kind of difference the lane must leave to the general reader (a changed item with an
 * entity, a comment, CDATA, an attribute, a carriage return, non-ASCII, a malformed or refused value, an item added or
 * removed inside a change, whitespace between items, a change before or after the array), each read as the plain
 * reader reads it (or refused as it refuses it), the next message read right.
 */
class ArrayLaneTest {
    private static final String[] EDGES = {"NaN", "-0.0", "0.0", "INF", "-INF", "4.9E-324", "-4.9E-324",
            "1.7976931348623157E308", "-1.7976931348623157E308", "2.2250738585072014E-308", "4.9E-322", "1e-300",
            "123456789.0", "0.1", "1.5", " 2.5 ", "\t3\n", "+7", ".5", "5.", "1E3", "-1.0e+01"};

    private static MessagePlan plan(Class<?> array) {
        return new PlanCompiler().compile(MessageShape.wrapped(CompiledPlanSequenceTest.NS, "feed",
                Part.of("v", array), Part.of("w", int.class)), CompiledPlanSequenceTest.DOC);
    }

    /** The plain reader and a differential one (adaptive bypass off) of one plan, with the latter's statistics. */
    private record Readers(PlanReader reader, PlanDeserializer plain, DeserializerStats stats, DifferentialDeserializer dds) {
        static Readers of(Class<?> array, ParserLimits limits, CheckpointStrategy strategy) {
            MessagePlan plan = plan(array);
            DeserializerStats stats = new DeserializerStats();
            return new Readers(new PlanReader(plan), new PlanDeserializer(plan, limits), stats, new DifferentialDeserializer(
                    plan, DeserializerConfig.builder().checkpoints(strategy).adaptive(false).limits(limits).build(), stats, null));
        }

        static Readers of(Class<?> array) {
            return of(array, ParserLimits.defaults(), CheckpointStrategy.LIGHTWEIGHT);
        }

        boolean same(String xml, String where) {
            return ArrayLaneTest.same(dds, plain, reader, xml, where);
        }
    }

    private static String envelope(List<String> items, String w) {
        StringBuilder sb = new StringBuilder("<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope xmlns:soapenv="
                + "\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body><ns:feed xmlns:ns=\""
                + CompiledPlanSequenceTest.NS + "\">");
        for (String it : items) {
            sb.append(it);
        }
        return sb.append("<w>").append(w).append("</w></ns:feed></soapenv:Body></soapenv:Envelope>").toString();
    }

    private static String item(String text) {
        return "<v>" + text + "</v>";
    }

    private static String doubleText(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> EDGES[r.nextInt(EDGES.length)];
            case 1 -> Double.toString(Math.round(r.nextDouble() * Math.pow(10, 1 + r.nextInt(5)) * 100) / 100.0);
            case 2 -> Double.toString(Double.longBitsToDouble(r.nextLong() & 0x7FEF_FFFF_FFFF_FFFFL) * (r.nextBoolean() ? 1 : -1));
            case 3 -> Double.toString(r.nextDouble() * Math.pow(10, r.nextInt(32) - 16));
            default -> Integer.toString(r.nextInt(100000));
        };
    }

    /**
     * A string item's text as a client writes it: mostly printable ASCII (spaces, tabs and line feeds kept as they
     * are), now and then what the lane leaves to the general reader (an entity, a carriage return, non-ASCII, a
     * surrogate pair, ']', a long text) or an empty string.
     */
    private static String stringText(Random r) {
        String[] odd = {"&amp;", "&lt;", "&gt;", "&#x41;", "\r\n", "\u00e9", "\uD83D\uDE00", "]", "]]&gt;", "'", "\"", "\t", "\n", " "};
        if (r.nextInt(12) == 0) {
            return "";
        }
        if (r.nextInt(300) == 0) {
            return "x".repeat(250 + r.nextInt(20)); // around the lane's longest string
        }
        StringBuilder sb = new StringBuilder();
        boolean oddOne = r.nextInt(150) == 0;
        for (int k = 1 + r.nextInt(12); k > 0; k--) {
            if (oddOne && k == 1) {
                sb.append(odd[r.nextInt(odd.length)]);
            } else {
                char c = (char) (' ' + r.nextInt(95));
                sb.append(c == '&' || c == '<' || c == ']' ? '_' : c); // those three among the odd ones
            }
        }
        return sb.toString();
    }

    /** One step: the same bytes through the differential reader and the plain one, values or refusal alike. */
    private static boolean same(DifferentialDeserializer dds, PlanDeserializer plain, PlanReader reader, String xml,
                                String where) {
        byte[] b = xml.getBytes(StandardCharsets.UTF_8);
        Object[] want;
        try {
            want = plain.deserialize(b, 0, b.length);
        } catch (RuntimeException e) {
            try {
                dds.deserialize(b, 0, b.length);
            } catch (RuntimeException d) {
                return false;
            }
            throw new AssertionError(where + ": the plain reader refuses (" + e + "), the differential one read it");
        }
        Object[] got;
        try {
            got = dds.deserialize(b, 0, b.length);
        } catch (RuntimeException e) {
            throw new AssertionError(where + ": the differential reader refuses what the plain one reads: " + e, e);
        }
        reader.assertEquivalent(want, got, where);
        return true;
    }

    @ParameterizedTest
    @EnumSource(CheckpointStrategy.class)
    void scatteredChangesOfOtherWidthsReadAsThePlainReaderReadsThem(CheckpointStrategy strategy) {
        long seed = 0xA11A_7E5L + strategy.ordinal();
        Random r = new Random(seed);
        Readers rd = Readers.of(double[].class, ParserLimits.defaults(), strategy);
        DeserializerStats stats = rd.stats();
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            items.add(item(doubleText(r)));
        }
        String w = "5";
        int[] percents = {0, 1, 1, 10, 10, 25, 50, 100};
        int messages = 300;
        for (int msg = 0; msg < messages; msg++) {
            int pct = percents[r.nextInt(percents.length)];
            boolean clustered = r.nextInt(4) == 0;
            int at = r.nextInt(items.size() + 1);
            for (int k = items.size() * pct / 100; k > 0 && !items.isEmpty(); k--) {
                int i = clustered ? Math.min(items.size() - 1, at++) : r.nextInt(items.size());
                items.set(i, item(doubleText(r)));
            }
            if (r.nextInt(25) == 0) {
                w = Integer.toString(r.nextInt(100)); // after the array
            }
            if (r.nextInt(25) == 0) {
                int n = Math.max(0, items.size() + r.nextInt(21) - 10); // resized
                while (items.size() > n) {
                    items.remove(items.size() - 1);
                }
                while (items.size() < n) {
                    items.add(item(doubleText(r)));
                }
            }
            rd.same(envelope(items, w), "seed 0x" + Long.toHexString(seed) + " message " + msg
                    + " (" + pct + " %" + (clustered ? ", clustered" : "") + ") " + strategy);
        }
        assertTrue(stats.laneReads() >= messages / 2, "most messages read by the array lane: " + stats);
        assertTrue(stats.bytesSkipped() > 2 * stats.bytesParsed(), stats.toString());
    }

    /**
     * A tenth of 2000 items changed at scattered positions to values of other widths, message after message: every
     * message after the first is read in the lane, none given up on. The lane finds each changed item by adding up the
     * kept items' spans from the last change; an item found at a wrong place would not hold its tags there, and the
     * message would be read the general way, its values right but its lane read lost.
     */
    @Test
    void scatteredChangesAreAllReadInTheLane() {
        long seed = 0xA11A_7E6L;
        Random r = new Random(seed);
        Readers rd = Readers.of(double[].class, ParserLimits.defaults(), CheckpointStrategy.LIGHTWEIGHT);
        DeserializerStats stats = rd.stats();
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            items.add(item(doubleText(r)));
        }
        int messages = 60;
        for (int msg = 0; msg < messages; msg++) {
            for (int k = items.size() / 10; msg > 0 && k > 0; k--) {
                items.set(r.nextInt(items.size()), item(doubleText(r)));
            }
            rd.same(envelope(items, "5"), "seed 0x" + Long.toHexString(seed) + " message " + msg);
        }
        assertEquals(messages - 1, stats.laneReads(), "every message after the first read by the array lane: " + stats);
    }

    /** Changed items the lane must leave to the general reader, and what it reads itself, each beside the plain reader. */
    private static final String[] ODD_ITEMS = {
        "<v>1&#48;</v>", "<v>&#x31;</v>", "<v><!-- c -->1</v>", "<v>1<!-- c --></v>", "<v><![CDATA[12]]></v>",
        "<v xmlns:q=\"urn:q\">4</v>", "<v a=\"1\">4</v>", "<v >4</v>", "<v>\r4</v>", "<v>4\r\n</v>", "<v>\u00a04</v>",
        "<v>4\u00e9</v>", "<v>\uD83D\uDE00</v>", "<v>abc</v>", "<v></v>", "<v/>", "<v>1.0.0</v>", "<v>1</w>",
        "<v>1</v ><v>2</v>", "<v>1</v><v>2</v>", "<v>1</v> <v>2</v>", "", "<v>" + "1".repeat(70) + "</v>",
        "<v>" + " ".repeat(60) + "1</v>", "<v>Infinity</v>", "<v>-Infinity</v>", "<v>inf</v>", "<v>nan</v>",
        "<v>1e400</v>", "<v>1e-400</v>", "<v>0x10</v>", "<v>1_000</v>", "<v>+-1</v>", "<v>1e</v>", "<v>-</v>",
        "<v>\t\n 9 \n\t</v>", "<v>1]]>2</v>", "<v>1<</v>", "<v>1>2</v>", "<v>1'2</v>", "<v>1\"2</v>",
        "<v xsi:nil=\"true\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"/>", "<v>7</v>" + " ",
        "<v>" + "2".repeat(64) + "</v>", "<v>" + "3".repeat(65) + "</v>", "<v>" + " ".repeat(63) + "4</v>",
        "<v>" + " ".repeat(64) + "4</v>", "<w>1</w>", "<v>1</v><w>1</w>",
    };

    @Test
    void everyOtherFormOfAChangedItemIsReadAsThePlainReaderReadsIt() {
        Readers rd = Readers.of(double[].class);
        DeserializerStats stats = rd.stats();
        Random r = new Random(0x0DD17E5L);
        List<String> base = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            base.add(item(doubleText(r)));
        }
        int read = 0;
        for (int round = 0; round < 3; round++) {
            for (String odd : ODD_ITEMS) {
                // good messages first, enough for the lane to index and read them (a give-up soon after another makes
                // it step aside), then one change to the odd item
                List<String> good = new ArrayList<>(base);
                String where = "round " + round + ", item " + odd.replace("\r", "\\r").replace("\n", "\\n");
                for (int k = 0; k < 10; k++) {
                    good.set(r.nextInt(good.size()), item(doubleText(r)));
                    rd.same(envelope(good, "5"), where + " (good message " + k + " before)");
                }
                List<String> bad = new ArrayList<>(good);
                bad.set(round == 0 ? 0 : round == 1 ? bad.size() - 1 : r.nextInt(bad.size()), odd);
                if (rd.same(envelope(bad, "5"), where)) {
                    read++;
                }
                List<String> after = new ArrayList<>(good);
                after.set(r.nextInt(after.size()), item(doubleText(r)));
                rd.same(envelope(after, "5"), where + " (the good message after)");
            }
        }
        assertTrue(read > ODD_ITEMS.length, "some odd items are values: " + read);
        assertTrue(stats.laneReads() > ODD_ITEMS.length * 3 * 7, stats.toString());
    }

    @Test
    void whitespaceBetweenItemsIsPassedOverAsTheReaderPassesOverIt() {
        Readers rd = Readers.of(double[].class);
        DeserializerStats stats = rd.stats();
        Random r = new Random(0x5FACEL);
        String[] blanks = {"", "", "", " ", "\n  ", "\t", "\r\n", "   "};
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            items.add(item(doubleText(r)) + blanks[r.nextInt(blanks.length)]);
        }
        for (int msg = 0; msg < 80; msg++) {
            for (int k = r.nextInt(12); k > 0; k--) {
                // a value and the blank after it, as a template writes a value that shrank or grew
                items.set(r.nextInt(items.size()), item(doubleText(r)) + blanks[r.nextInt(blanks.length)]);
            }
            for (int k = r.nextInt(4); k > 0; k--) {
                int i = r.nextInt(items.size()); // only the blank after an item: a template moving its spare bytes
                items.set(i, items.get(i).substring(0, items.get(i).lastIndexOf('>') + 1) + blanks[r.nextInt(blanks.length)]);
            }
            if (r.nextInt(4) == 0) {
                int last = items.size() - 1; // the blank after the last item, before the array's end
                items.set(last, items.get(last).substring(0, items.get(last).lastIndexOf('>') + 1) + blanks[r.nextInt(blanks.length)]);
            }
            if (r.nextInt(20) == 0) {
                items.set(r.nextInt(items.size()), item(doubleText(r)) + "x"); // text between items: refused
            }
            rd.same(envelope(items, msg % 10 == 9 ? "4" : "3"), "message " + msg);
            items.replaceAll(s -> s.endsWith("x") ? s.substring(0, s.length() - 1) : s);
        }
        assertTrue(stats.laneReads() >= 40, "blanks between items, where templates keep spare bytes: " + stats);
    }

    /**
     * Items whose span (start tag to the next item's, the whitespace after them included) passes the 255 bytes a narrow
     * index holds, among items of one length: a span of 1,290 or 2,570 bytes cut to its low byte would read as 10, one
     * item's length, and put every item after it 128 or 256 items off. A lane read that would make such a span gives up
     * and the general reader indexes the message anew, two bytes an item; changes after the long items, and the long
     * items' own, are read as the plain reader reads them.
     */
    @Test
    void spansLongerThanANarrowIndexHolds() {
        Readers rd = Readers.of(double[].class);
        DeserializerStats stats = rd.stats();
        Random r = new Random(0x5BA45L);
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            items.add(item("1.5")); // 10 bytes each
        }
        rd.same(envelope(items, "3"), "first");
        for (int msg = 0; msg < 120; msg++) {
            int phase = msg % 6;
            if (phase == 0) {
                // an item followed by 1,280 or 2,560 bytes of whitespace: a span of 1,290 or 2,570
                int i = r.nextInt(40);
                items.set(i, item(Double.toString(r.nextInt(10) + 0.5)) + " ".repeat(1280 * (1 + r.nextInt(2))));
            } else if (phase == 3) {
                // the long items shrink back to one length
                items.replaceAll(x -> x.trim().length() < x.length() ? x.trim() : x);
            }
            for (int k = 1 + r.nextInt(6); k > 0; k--) {
                int i = 40 + r.nextInt(24); // after the long items, in their block of the coarse index
                items.set(i, item(Double.toString(r.nextInt(10) + 0.5)));
            }
            rd.same(envelope(items, "3"), "seed 0x5BA45L message " + msg);
        }
        assertTrue(stats.laneReads() >= 60, "changes after long items, read in the lane: " + stats);
    }

    @Test
    void changesOutsideTheArrayEveryOtherMessageLeaveTheGeneralReaderItsCheckpoints() {
        Readers rd = Readers.of(double[].class);
        DeserializerStats stats = rd.stats();
        Random r = new Random(0xA17E_4L);
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            items.add(item(doubleText(r)));
        }
        int messages = 400;
        for (int msg = 0; msg < messages; msg++) {
            for (int k = 0; k < 30; k++) {
                items.set(r.nextInt(items.size()), item(doubleText(r)));
            }
            // every other message also changes the part after the array: such a message goes the general way
            rd.same(envelope(items, msg % 2 == 0 ? "1" : Integer.toString(msg)), "message " + msg);
        }
        // the lane steps aside more and more; the general reads resume from their checkpoints meanwhile
        assertTrue(stats.laneReads() < messages / 8, stats.toString());
        assertTrue(stats.bytesSkipped() > 10 * stats.bytesParsed(), "the general reads kept their checkpoints: " + stats);
    }

    @Test
    void integersLongsFloatsBooleansAndBoxedNumbersToo() {
        Object[][] kinds = {
            {int[].class, (java.util.function.Function<Random, String>) r -> Integer.toString(r.nextInt(2000) - 1000)},
            {Integer[].class, (java.util.function.Function<Random, String>) r -> r.nextInt(9) == 0 ? "2147483647"
                    : r.nextInt(9) == 0 ? "-2147483648" : Integer.toString(r.nextInt())},
            {long[].class, (java.util.function.Function<Random, String>) r -> Long.toString(r.nextLong() >> r.nextInt(64))},
            {float[].class, (java.util.function.Function<Random, String>) r -> r.nextInt(7) == 0 ? "NaN"
                    : r.nextInt(7) == 0 ? "-INF" : Float.toString(r.nextFloat() * (float) Math.pow(10, r.nextInt(20) - 10))},
            {Double[].class, (java.util.function.Function<Random, String>) ArrayLaneTest::doubleText},
            {boolean[].class, (java.util.function.Function<Random, String>) r -> r.nextBoolean() ? "true" : r.nextBoolean() ? "0" : "1"},
            {short[].class, (java.util.function.Function<Random, String>) r -> Integer.toString(r.nextInt(65536) - 32768)},
            {String[].class, (java.util.function.Function<Random, String>) ArrayLaneTest::stringText},
        };
        for (Object[] kind : kinds) {
            Class<?> type = (Class<?>) kind[0];
            @SuppressWarnings("unchecked")
            java.util.function.Function<Random, String> gen = (java.util.function.Function<Random, String>) kind[1];
            Readers rd = Readers.of(type);
            DeserializerStats stats = rd.stats();
            Random r = new Random(0xB0C5L + type.getName().hashCode());
            List<String> items = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                items.add(item(gen.apply(r)));
            }
            for (int msg = 0; msg < 60; msg++) {
                for (int k = r.nextInt(50); k > 0; k--) {
                    items.set(r.nextInt(items.size()), item(gen.apply(r)));
                }
                assertTrue(rd.same(envelope(items, "1"), type.getSimpleName() + " message " + msg));
            }
            assertTrue(stats.laneReads() >= 30, type.getSimpleName() + ": " + stats);
        }
    }

    @Test
    void theHostsLimitsHoldForChangedItems() {
        ParserLimits limits = ParserLimits.defaults().toBuilder().maxTextBytes(12).maxMessageBytes(2600).build();
        Readers rd = Readers.of(long[].class, limits, CheckpointStrategy.LIGHTWEIGHT);
        DeserializerStats stats = rd.stats();
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            items.add(item(Integer.toString(i)));
        }
        Random r = new Random(0x11A175L);
        int refused = 0;
        for (int msg = 0; msg < 200; msg++) {
            List<String> next = new ArrayList<>(items);
            String text = Long.toString(r.nextLong() >> r.nextInt(64)); // 1 to 20 characters: over 12 refused
            next.set(r.nextInt(next.size()), item(text));
            if (r.nextInt(10) == 0) {
                for (int k = 0; k < 3; k++) {
                    next.add(item("7".repeat(5))); // grows past maxMessageBytes
                }
            }
            if (rd.same(envelope(next, "1"), "message " + msg + " (" + text + ")")) {
                items = next;
            } else {
                refused++;
            }
        }
        assertTrue(refused > 20, "texts over maxTextBytes, messages over maxMessageBytes refused: " + refused);
        assertTrue(stats.laneReads() > 20, stats.toString());
    }

    @Test
    void aBadChangedItemIsRefusedAsThePlainReaderRefusesItAndLosesNothing() {
        Readers rd = Readers.of(int[].class);
        PlanDeserializer plain = rd.plain();
        DifferentialDeserializer dds = rd.dds();
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            items.add(item(Integer.toString(i)));
        }
        String good = envelope(items, "1");
        dds.deserialize(good.getBytes(StandardCharsets.UTF_8), 0, good.length());
        dds.deserialize(good.getBytes(StandardCharsets.UTF_8), 0, good.length());
        items.set(50, item("2147483648")); // one past int
        byte[] bad = envelope(items, "1").getBytes(StandardCharsets.UTF_8);
        String plainError = null;
        try {
            plain.deserialize(bad, 0, bad.length);
            fail("the plain reader refuses 2147483648 as an int");
        } catch (RuntimeException e) {
            plainError = e.getMessage();
        }
        try {
            dds.deserialize(bad, 0, bad.length);
            fail("the differential reader refuses it too");
        } catch (RuntimeException e) {
            assertEquals(plainError, e.getMessage());
        }
        items.set(50, item("-7"));
        byte[] next = envelope(items, "1").getBytes(StandardCharsets.UTF_8);
        int[] got = (int[]) dds.deserialize(next, 0, next.length)[0];
        assertEquals(-7, got[50]);
        assertEquals(49, got[49]);
        assertEquals(100, got.length);
    }
}
