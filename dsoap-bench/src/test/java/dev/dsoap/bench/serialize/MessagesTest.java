package dev.dsoap.bench.serialize;

import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The baselines and dsoap write the same message, so the benchmarks compare like with like. */
class MessagesTest {

    /** Element paths with their values parsed as numbers: formatting differences do not count. */
    static List<String> values(byte[] xml) throws Exception {
        XMLStreamReader r = XMLInputFactory.newFactory().createXMLStreamReader(new ByteArrayInputStream(xml));
        List<String> out = new ArrayList<>();
        List<String> path = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        while (r.hasNext()) {
            int e = r.next();
            if (e == XMLStreamConstants.START_ELEMENT) {
                path.add("{" + r.getNamespaceURI() + "}" + r.getLocalName());
                text.setLength(0);
            } else if (e == XMLStreamConstants.CHARACTERS) {
                text.append(r.getText());
            } else if (e == XMLStreamConstants.END_ELEMENT) {
                String t = text.toString().trim();
                out.add(String.join("/", path) + (t.isEmpty() ? "" : "=" + Double.parseDouble(t)));
                path.remove(path.size() - 1);
                text.setLength(0);
            }
        }
        return out;
    }

    static Payload sample(ValueKind kind) {
        return Values.typical(kind, 7, new Random(1));
    }

    static byte[] dsoap(Payload p) {
        DifferentialSerializer ds = new DifferentialSerializer(BenchPlans.plan(p.kind()), SerializerConfig.defaults(),
                new SerializerStats(), null);
        ds.serialize(p.parts());
        return ds.toByteArray();
    }

    @ParameterizedTest
    @EnumSource(ValueKind.class)
    void woodstoxWritesWhatDsoapWrites(ValueKind kind) throws Exception {
        Payload p = sample(kind);
        ByteArrayOutputStream w = new ByteArrayOutputStream();
        new WoodstoxWriter().write(p, w);
        assertEquals(values(dsoap(p)), values(w.toByteArray()));
    }

    @ParameterizedTest
    @EnumSource(ValueKind.class)
    void axis2WritesWhatDsoapWrites(ValueKind kind) throws Exception {
        Payload p = sample(kind);
        ByteArrayOutputStream w = new ByteArrayOutputStream();
        new Axis2Writer().write(p, w);
        List<String> axis2 = values(w.toByteArray());
        // Axis2's default envelope carries an empty Header; the rest must be the same
        axis2.removeIf(e -> e.endsWith("}Header"));
        assertEquals(values(dsoap(p)), axis2);
    }

    @Test
    void widthsAreExact() {
        Random r = new Random(2);
        for (int w : new int[]{Values.minDoubleWidth(), 18, 24}) {
            for (double d : Values.doubles(w, 1000, r)) {
                assertEquals(w, Values.width(d));
            }
        }
        for (int w = 1; w <= 11; w++) {
            assertEquals(w, Values.width(Values.intOfWidth(w, r, 0)));
        }
        Payload base = Values.ofWidth(ValueKind.MIO, 100, 18, 9, r);
        Payload grown = Values.grown(base, 100, r);
        assertEquals(36 * 100, Values.valueBytes(base));
        assertEquals(46 * 100, Values.valueBytes(grown));
        Payload changed = Values.changed(base, 25, 18, 9, r);
        assertEquals(Values.valueBytes(base), Values.valueBytes(changed));
        int diff = 0;
        for (int i = 0; i < 100; i++) {
            if (base.mios()[i].getV() != changed.mios()[i].getV()) {
                diff++;
            }
        }
        assertEquals(25, diff);
        assertTrue(Values.minDoubleWidth() <= 3);
        assertNotEquals(0, Values.valueBytes(grown));
    }
}
