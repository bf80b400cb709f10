package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.Mio;
import dev.dsoap.bench.serialize.Payload;
import dev.dsoap.bench.serialize.ValueKind;
import dev.dsoap.bench.serialize.Values;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The message streams have the paper's P/T properties, hard values, and are the same on every run. */
class DdsMessagesTest {
    /** The paper's parameters (Table 1). */
    private static final int[] PERCENTS = {0, 25, 50, 75, 100};
    private static final int[] PARTITIONS = {1, 100, 200, 500};

    @Test
    void changedCountIsRoundedPercentOfSize() {
        assertEquals(0, DdsMessages.changedCount(1000, 0));
        assertEquals(250, DdsMessages.changedCount(1000, 25));
        assertEquals(25_000, DdsMessages.changedCount(100_000, 25));
        assertEquals(1000, DdsMessages.changedCount(1000, 100));
        assertEquals(1, DdsMessages.changedCount(2, 25), "0.5 rounds up");
        assertEquals(0, DdsMessages.changedCount(1, 25), "0.25 rounds down");
        assertEquals(2, DdsMessages.changedCount(7, 25), "1.75 rounds up");
        assertEquals(0, DdsMessages.changedCount(0, 100));
    }

    /** Every size up to 60 with every T up to 70 and every P: exact count, centred runs, shares in proportion. */
    @Test
    void placementHoldsForSmallSizesExhaustively() {
        for (int n = 0; n <= 60; n++) {
            for (int t = 1; t <= 70; t++) {
                for (int p = 0; p <= 100; p++) {
                    checkPlacement(n, p, t);
                }
            }
        }
    }

    @Test
    void placementHoldsForThePapersParameters() {
        for (int n : new int[]{25_000, 50_000, 75_000, 100_000, 1000, 999}) {
            for (int p : PERCENTS) {
                for (int t : PARTITIONS) {
                    checkPlacement(n, p, t);
                }
            }
        }
    }

    /** One centred run per partition, with the partition's proportional share; all sum to the changed count. */
    static void checkPlacement(int n, int percent, int partitions) {
        Supplier<String> where = () -> "n " + n + ", P " + percent + ", T " + partitions;
        int[] idx = DdsMessages.changedIndices(n, percent, partitions);
        int c = DdsMessages.changedCount(n, percent);
        assertEquals(c, idx.length, where);
        for (int i = 1; i < idx.length; i++) {
            assertTrue(idx[i - 1] < idx[i], where);
        }
        int k = 0;
        for (int p = 0; p < partitions; p++) {
            int part = p;
            int start = DdsMessages.partitionStart(n, partitions, p);
            int end = DdsMessages.partitionStart(n, partitions, p + 1);
            int len = end - start;
            assertTrue(len == n / partitions || len == n / partitions + 1,
                    () -> where.get() + ": partition " + part + " length " + len);
            int first = k;
            while (k < idx.length && idx[k] < end) {
                assertTrue(idx[k] >= start, where);
                k++;
            }
            int inside = k - first;
            assertTrue(inside <= len, () -> where.get() + ": partition " + part);
            // the proportional share: floor or ceil of len * c / n
            if (n > 0) {
                double exact = (double) len * c / n;
                assertTrue(inside >= Math.floor(exact) - 1e-9 && inside <= Math.ceil(exact) + 1e-9,
                        () -> where.get() + ": partition " + part + " has " + inside + ", proportional share " + exact);
            }
            if (inside > 0) {
                assertEquals(inside - 1, idx[k - 1] - idx[first],
                        () -> where.get() + ": one contiguous run in partition " + part);
                int left = idx[first] - start;
                int right = end - 1 - idx[k - 1];
                assertTrue(left == right || left + 1 == right, () -> where.get() + ": run centred in partition "
                        + part + " (left gap " + left + ", right gap " + right + ")");
            }
        }
        assertEquals(idx.length, k, where);
    }

    @Test
    void examplesOfPlacement() {
        // T = 1, P = 50 %: the middle half
        int[] half = DdsMessages.changedIndices(1000, 50, 1);
        assertEquals(250, half[0]);
        assertEquals(749, half[half.length - 1]);
        // T = 100 over 1000: partitions of 10, 25 % = 2 or 3 each (250 in all), around index 5 of each
        int[] spread = DdsMessages.changedIndices(1000, 25, 100);
        assertEquals(250, spread.length);
        int[] perPartition = new int[100];
        for (int i : spread) {
            perPartition[i / 10]++;
            assertTrue(i % 10 >= 3 && i % 10 <= 6, "index " + i + " is near the centre of its partition");
        }
        for (int c : perPartition) {
            assertTrue(c == 2 || c == 3);
        }
        // T larger than the array: empty partitions, still exactly the count
        assertArrayEquals(new int[]{0, 1, 2}, DdsMessages.changedIndices(3, 100, 500));
        assertArrayEquals(new int[0], DdsMessages.changedIndices(0, 100, 7));
    }

    /** Between consecutive messages exactly the listed indices differ, by their bits. */
    @Test
    void consecutiveMessagesDifferExactlyAtTheChangedIndices() {
        for (int p : PERCENTS) {
            for (int t : PARTITIONS) {
                DdsMessages s = DdsMessages.doubles(1000, p, t, 4);
                int[] want = s.changedIndices();
                assertArrayEquals(DdsMessages.changedIndices(1000, p, t), want);
                for (int i = 1; i < s.count(); i++) {
                    assertArrayEquals(want, differing(s.doubles(i - 1), s.doubles(i)), s + ", message " + i);
                }
            }
        }
    }

    @Test
    void scatteredAndEveryKthChangesFallWhereTheySayAndChangingWidthsChangeWidth() {
        for (int p : new int[] {1, 10, 25}) {
            DdsMessages s = DdsMessages.generate(ValueKind.DOUBLE, 1000, p, 1, DdsMessages.Pattern.SCATTERED,
                    DdsMessages.Widths.CHANGING, 3);
            int[] want = s.changedIndices();
            assertEquals(DdsMessages.changedCount(1000, p), want.length, s.toString());
            for (int i = 1; i < want.length; i++) {
                assertTrue(want[i] > want[i - 1], "ascending, no repeats: " + s);
            }
            for (int i = 1; i < s.count(); i++) {
                double[] a = s.doubles(i - 1);
                double[] b = s.doubles(i);
                assertArrayEquals(want, differing(a, b), s + ", message " + i);
                for (int k : want) {
                    assertNotEquals(dev.dsoap.bench.serialize.Values.width(a[k]), dev.dsoap.bench.serialize.Values.width(b[k]),
                            s + ": value " + k + " keeps its width");
                }
            }
            DdsMessages same = DdsMessages.generate(ValueKind.DOUBLE, 1000, p, 1, DdsMessages.Pattern.SCATTERED,
                    DdsMessages.Widths.SAME, 3);
            assertEquals(same.message(0).length, same.message(2).length, "same widths keep the length: " + same);
            DdsMessages kth = DdsMessages.generate(ValueKind.DOUBLE, 1000, p, 1, DdsMessages.Pattern.EVERY_KTH,
                    DdsMessages.Widths.HARD, 2);
            int k = Math.round(100f / p);
            int[] every = kth.changedIndices();
            for (int i = 0; i < every.length; i++) {
                assertEquals(i * k, every[i], kth.toString());
            }
            assertArrayEquals(every, differing(kth.doubles(0), kth.doubles(1)));
        }
        // the clustered stream is the one the paper's benchmarks always had
        assertArrayEquals(DdsMessages.doubles(1000, 10, 100, 2).message(1),
                DdsMessages.generate(ValueKind.DOUBLE, 1000, 10, 100, DdsMessages.Pattern.CLUSTERED,
                        DdsMessages.Widths.HARD, 2).message(1));
    }

    /**
     * Values of every width: full-precision doubles spread over sixteen decades, integers, quarter-integers, prices
     * and edge values from the first message on; each changed value takes another width; and dsoap's plain reader reads
     * each message back to its values bit for bit.
     */
    @Test
    void mixedValuesSpanEveryWidthAndReadBack() {
        DdsMessages s = DdsMessages.generate(ValueKind.DOUBLE, 20_000, 10, 1, DdsMessages.Pattern.SCATTERED,
                DdsMessages.Widths.MIXED, 3);
        double[] first = s.doubles(0);
        java.util.Set<Integer> widths = new java.util.TreeSet<>();
        int edges = 0;
        int integers = 0;
        int quarters = 0;
        java.util.Set<Integer> decades = new java.util.TreeSet<>();
        for (double v : first) {
            widths.add(Values.width(v));
            if (!Double.isFinite(v) || v == 0 || Math.abs(v) < Double.MIN_NORMAL || Math.abs(v) == Double.MAX_VALUE) {
                edges++;
            } else if (v == Math.rint(v)) {
                integers++;
            } else if (v * 4 == Math.rint(v * 4)) {
                quarters++;
            } else {
                decades.add((int) Math.floor(Math.log10(Math.abs(v))));
            }
        }
        assertTrue(widths.size() >= 15, "printed widths " + widths + ": " + s);
        assertTrue(edges > 20_000 / 32 && integers > 20_000 / 16 && quarters > 20_000 / 32, edges + " edge values, "
                + integers + " integers, " + quarters + " quarter-integers: " + s);
        assertTrue(decades.size() >= 16, "decades " + decades + ": " + s);
        int[] want = s.changedIndices();
        dev.dsoap.deserialize.PlanDeserializer plain = new dev.dsoap.deserialize.PlanDeserializer(
                DdsMessages.requestPlan(ValueKind.DOUBLE), dev.dsoap.parse.ParserLimits.defaults());
        for (int i = 0; i < s.count(); i++) {
            if (i > 0) {
                assertArrayEquals(want, differing(s.doubles(i - 1), s.doubles(i)), s + ", message " + i);
                for (int k : want) {
                    assertNotEquals(Values.width(s.doubles(i - 1)[k]), Values.width(s.doubles(i)[k]), s + ": value " + k);
                }
            }
            byte[] m = s.message(i);
            double[] got = (double[]) plain.deserialize(m, 0, m.length)[0];
            for (int k = 0; k < got.length; k++) {
                assertEquals(Double.doubleToRawLongBits(s.doubles(i)[k]), Double.doubleToRawLongBits(got[k]),
                        s + ", message " + i + ", value " + k);
            }
        }
    }

    @Test
    void scatteredPositionsDrawnForEachMessageAndPrices() {
        for (DdsMessages.Widths w : new DdsMessages.Widths[] {DdsMessages.Widths.CHANGING, DdsMessages.Widths.PRICES}) {
            DdsMessages once = DdsMessages.generate(ValueKind.DOUBLE, 2000, 10, 1, DdsMessages.Pattern.SCATTERED, w, 4);
            DdsMessages each = DdsMessages.generate(ValueKind.DOUBLE, 2000, 10, 1, DdsMessages.Pattern.SCATTERED, w, 4, true);
            // the first two messages are those of the stream drawn once
            assertArrayEquals(once.message(1), each.message(1), each.toString());
            int[] first = differing(each.doubles(0), each.doubles(1));
            for (int i = 2; i < each.count(); i++) {
                double[] a = each.doubles(i - 1);
                double[] b = each.doubles(i);
                int[] at = differing(a, b);
                assertEquals(DdsMessages.changedCount(2000, 10), at.length, each + ", message " + i);
                assertNotEquals(Arrays.toString(first), Arrays.toString(at), "drawn anew: " + each + ", message " + i);
                for (int k : at) {
                    assertNotEquals(dev.dsoap.bench.serialize.Values.width(a[k]), dev.dsoap.bench.serialize.Values.width(b[k]),
                            each + ": value " + k + " keeps its width");
                }
            }
        }
        DdsMessages prices = DdsMessages.generate(ValueKind.DOUBLE, 2000, 10, 1, DdsMessages.Pattern.SCATTERED,
                DdsMessages.Widths.PRICES, 3, true);
        for (int i = 0; i < prices.count(); i++) {
            for (double v : prices.doubles(i)) {
                int width = dev.dsoap.bench.serialize.Values.width(v);
                assertTrue(width >= 1 && width <= 13 && v >= 0 && v <= 1e5, v + " is no price (" + width + " bytes)");
            }
        }
    }

    static int[] differing(double[] a, double[] b) {
        assertEquals(a.length, b.length);
        int[] out = new int[a.length];
        int k = 0;
        for (int i = 0; i < a.length; i++) {
            if (Double.doubleToRawLongBits(a[i]) != Double.doubleToRawLongBits(b[i])) {
                out[k++] = i;
            }
        }
        return Arrays.copyOf(out, k);
    }

    @Test
    void identicalAndAllDifferStreams() {
        DdsMessages same = DdsMessages.identical(ValueKind.DOUBLE, 500, 3);
        for (int i = 1; i < 3; i++) {
            assertArrayEquals(same.message(0), same.message(i));
        }
        DdsMessages all = DdsMessages.allDiffer(ValueKind.DOUBLE, 500, 3);
        for (int i = 1; i < 3; i++) {
            assertEquals(500, differing(all.doubles(i - 1), all.doubles(i)).length);
            assertFalse(Arrays.equals(all.message(i - 1), all.message(i)));
        }
    }

    /** Hard doubles: finite, at least 23 bytes, about the paper's 23 on average. */
    @Test
    void hardDoublesAreWideAndAverageAbout23Bytes() {
        DdsMessages s = DdsMessages.doubles(20_000, 100, 1, 2);
        long sum = 0;
        int count = 0;
        for (int m = 0; m < s.count(); m++) {
            for (double d : s.doubles(m)) {
                assertTrue(Double.isFinite(d));
                int w = Values.width(d);
                assertTrue(w >= DdsMessages.HARD_MIN_WIDTH && w <= Values.maxDoubleWidth(), d + " has width " + w);
                sum += w;
                count++;
            }
        }
        double mean = (double) sum / count;
        assertTrue(mean >= 23.0 && mean <= 23.4, "mean width " + mean);
        // the value bytes dominate: about 23 + 13 (<arg0></arg0>) bytes per item
        double perItem = (double) s.message(0).length / s.size();
        assertTrue(perItem > 35 && perItem < 37.5, "bytes per item " + perItem);
    }

    @Test
    void sameWidthKeepsEveryMessageTheSameLength() {
        for (ValueKind kind : ValueKind.values()) {
            DdsMessages s = DdsMessages.generate(kind, 2000, 50, 100, 4, true);
            for (int i = 1; i < s.count(); i++) {
                assertEquals(s.message(0).length, s.message(i).length, s.toString());
                assertFalse(Arrays.equals(s.message(i - 1), s.message(i)));
            }
        }
        DdsMessages d = DdsMessages.generate(ValueKind.DOUBLE, 2000, 50, 100, 3, true);
        for (int j = 0; j < 2000; j++) {
            assertEquals(Values.width(d.doubles(0)[j]), Values.width(d.doubles(2)[j]));
        }
    }

    @Test
    void streamsAreDeterministic() {
        DdsMessages a = DdsMessages.doubles(1000, 25, 100, 3);
        DdsMessages b = DdsMessages.doubles(1000, 25, 100, 3);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(a.message(i), b.message(i), "seed " + DdsMessages.SEED + ", message " + i);
        }
        // the first message depends only on kind and size
        DdsMessages c = DdsMessages.generate(ValueKind.DOUBLE, 1000, 75, 500, 2, true);
        assertArrayEquals(a.message(0), c.message(0));
        assertFalse(Arrays.equals(a.message(1), c.message(1)));
        // and on the seed's first draws: a pinned value catches an accidental change of seed or draw order
        assertEquals(Double.doubleToRawLongBits(DdsMessages.hardDouble(new java.util.Random(DdsMessages.SEED))),
                Double.doubleToRawLongBits(a.doubles(0)[0]));
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> DdsMessages.doubles(-1, 0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> DdsMessages.doubles(10, 101, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> DdsMessages.doubles(10, 50, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> DdsMessages.doubles(10, 50, 1, 0));
    }

    /** The bytes are the request the plan describes, carrying the stream's values, for every kind. */
    @ParameterizedTest
    @EnumSource(ValueKind.class)
    void messagesCarryThePayloadAsEchoArg0(ValueKind kind) throws Exception {
        DdsMessages s = DdsMessages.generate(kind, 300, 25, 7, 3, false);
        for (int i = 0; i < s.count(); i++) {
            assertEquals(expected(s.payload(i)), leaves(s.message(i)), s + ", message " + i);
        }
    }

    @Test
    void intAndMioStreamsChangeOnlyTheChangedIndices() {
        DdsMessages ints = DdsMessages.generate(ValueKind.INT, 1000, 50, 200, 3, false);
        int[] want = ints.changedIndices();
        for (int i = 1; i < 3; i++) {
            int[] a = ints.payload(i - 1).ints();
            int[] b = ints.payload(i).ints();
            List<Integer> diff = new ArrayList<>();
            for (int j = 0; j < a.length; j++) {
                if (a[j] != b[j]) {
                    diff.add(j);
                }
            }
            assertArrayEquals(want, diff.stream().mapToInt(Integer::intValue).toArray());
        }
        DdsMessages mios = DdsMessages.generate(ValueKind.MIO, 1000, 75, 1, 3, false);
        want = mios.changedIndices();
        for (int i = 1; i < 3; i++) {
            Mio[] a = mios.payload(i - 1).mios();
            Mio[] b = mios.payload(i).mios();
            double[] va = new double[a.length];
            double[] vb = new double[b.length];
            for (int j = 0; j < a.length; j++) {
                assertEquals(a[j].getA(), b[j].getA());
                assertEquals(a[j].getB(), b[j].getB());
                assertNotEquals(a[j], b[j], "a new Mio per message");
                va[j] = a[j].getV();
                vb[j] = b[j].getV();
            }
            assertArrayEquals(want, differing(va, vb));
        }
    }

    /** {@code {ns}local=value} for every leaf element, in document order, with its path. */
    static List<String> leaves(byte[] xml) throws Exception {
        XMLStreamReader r = XMLInputFactory.newFactory().createXMLStreamReader(new ByteArrayInputStream(xml));
        List<String> out = new ArrayList<>();
        List<String> path = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        boolean leaf = false;
        while (r.hasNext()) {
            int e = r.next();
            if (e == XMLStreamConstants.START_ELEMENT) {
                path.add("{" + r.getNamespaceURI() + "}" + r.getLocalName());
                text.setLength(0);
                leaf = true;
            } else if (e == XMLStreamConstants.CHARACTERS) {
                text.append(r.getText());
            } else if (e == XMLStreamConstants.END_ELEMENT) {
                if (leaf) {
                    out.add(String.join("/", path) + "=" + text);
                }
                leaf = false;
                path.remove(path.size() - 1);
            }
        }
        return out;
    }

    /** What {@link #leaves} must find in the request carrying {@code p}. */
    static List<String> expected(Payload p) {
        String prefix = "{" + BenchPlans.SOAP11 + "}Envelope/{" + BenchPlans.SOAP11 + "}Body/{" + BenchPlans.NS
                + "}echo/{}arg0";
        List<String> out = new ArrayList<>();
        for (int i = 0; i < p.length(); i++) {
            switch (p.kind()) {
                case DOUBLE -> out.add(prefix + "=" + xsd(p.doubles()[i]));
                case INT -> out.add(prefix + "=" + p.ints()[i]);
                case MIO -> {
                    Mio m = p.mios()[i];
                    out.add(prefix + "/{}a=" + m.getA());
                    out.add(prefix + "/{}b=" + m.getB());
                    out.add(prefix + "/{}v=" + xsd(m.getV()));
                }
            }
        }
        return out;
    }

    /** The lexical form dsoap writes; checked against the JDK's value, not its spelling. */
    private static String xsd(double d) {
        byte[] b = new byte[32];
        int n = dev.dsoap.numbers.XsdFormat.writeDouble(d, b, 0);
        String s = new String(b, 0, n, java.nio.charset.StandardCharsets.US_ASCII);
        assertEquals(Double.doubleToRawLongBits(d), Double.doubleToRawLongBits(Double.parseDouble(s)), s);
        return s;
    }
}
