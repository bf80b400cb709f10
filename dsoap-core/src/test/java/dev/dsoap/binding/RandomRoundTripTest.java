package dev.dsoap.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.Xml.El;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Random values through every convention: the parsed message holds exactly the values written. */
class RandomRoundTripTest {
    private static final long SEED = 0x5EED_D50A_2004L;
    private static final List<WireConvention> CONVENTIONS = List.of(WireConvention.documentLiteralWrapped(),
            PlanCompilerTest.AXIS2, PlanCompilerTest.CXF,
            PlanCompilerTest.CXF.toBuilder("cxf-12-typed").soapVersion(SoapVersion.SOAP_12).xsiType(true).build());

    @Test
    void valuesSurviveWriteAndParse() {
        Random random = new Random(SEED);
        PlanCompiler compiler = new PlanCompiler();
        MessageShape shape = MessageShape.wrapped(PlanCompilerTest.SVC, "op", Part.of("d", double[].class),
                Part.of("m", Beans.MIO[].class), Part.of("s", PlanCompilerTest.listOf(String.class)));
        for (WireConvention conv : CONVENTIONS) {
            MessagePlan plan = compiler.compile(shape, conv);
            for (int round = 0; round < 200; round++) {
                String where = "seed " + SEED + ", " + conv + ", round " + round;
                double[] d = new double[random.nextInt(5)];
                for (int i = 0; i < d.length; i++) {
                    d[i] = random.nextInt(8) == 0 ? special(random) : Double.longBitsToDouble(random.nextLong());
                }
                Beans.MIO[] m = new Beans.MIO[random.nextInt(4)];
                for (int i = 0; i < m.length; i++) {
                    m[i] = new Beans.MIO(random.nextInt(), random.nextInt(), random.nextGaussian() * 1e6);
                }
                List<String> s = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    s.add(string(random));
                }
                El w = Xml.bodyChild(Xml.parse(ReferenceWriter.write(plan, d, m, s)));
                List<El> ds = w.children("d");
                assertEquals(d.length, ds.size(), where);
                for (int i = 0; i < d.length; i++) {
                    assertEquals(Double.doubleToLongBits(d[i]), Double.doubleToLongBits(Xml.xsdDouble(ds.get(i).text())), where);
                }
                List<El> ms = w.children("m");
                assertEquals(m.length, ms.size(), where);
                for (int i = 0; i < m.length; i++) {
                    assertEquals(Integer.toString(m[i].getA()), ms.get(i).child("a").text(), where);
                    assertEquals(Integer.toString(m[i].getB()), ms.get(i).child("b").text(), where);
                    assertEquals(m[i].getValue(), Xml.xsdDouble(ms.get(i).child("value").text()), where);
                }
                assertEquals(s, w.children("s").stream().map(El::text).toList(), where);
            }
        }
    }

    private static double special(Random r) {
        double[] s = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE};
        return s[r.nextInt(s.length)];
    }

    /** A string of XML-legal characters, markup characters and non-ASCII ones included. */
    private static String string(Random r) {
        String pool = "ab <>&\"'\t€ü\u00e9\u4e2d";
        StringBuilder b = new StringBuilder();
        for (int i = r.nextInt(12); i > 0; i--) {
            b.append(pool.charAt(r.nextInt(pool.length())));
        }
        return b.toString();
    }
}
