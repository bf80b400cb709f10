package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.Payload;
import org.apache.axis2.AxisFault;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Axis2ReaderTest extends ReaderContract {
    private final Axis2Reader reader = new Axis2Reader();

    @Override
    double[] read(byte[] message) throws Exception {
        return reader.read(message);
    }

    /**
     * Axis2 2.0.0 cannot read the xsd:double infinities: {@code SimpleTypeMapper} converts a {@code double}
     * with {@code new Double(text)}, which knows only {@code Infinity}, so {@code INF} and {@code -INF} (what
     * xsd, dsoap and Axis2's own {@code ConverterUtil.convertToString} write) are rejected.
     */
    @Override
    @Test
    void readsInfinities() {
        for (double inf : new double[]{Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            byte[] m = DdsMessages.encode(Payload.of(new double[]{1.0, inf}));
            AxisFault f = assertThrows(AxisFault.class, () -> reader.read(m));
            assertTrue(f.getMessage().contains("Invalid value \"" + (inf > 0 ? "INF" : "-INF") + "\""), f.getMessage());
        }
    }

    @Test
    void rejectsTheWrongOperationNamespace() {
        byte[] m = ("<s:Envelope xmlns:s='" + BenchPlans.SOAP11 + "'><s:Body><e:echo xmlns:e='urn:other'><arg0>1</arg0>"
                + "</e:echo></s:Body></s:Envelope>").getBytes(StandardCharsets.UTF_8);
        AxisFault f = assertThrows(AxisFault.class, () -> reader.read(m));
        assertTrue(f.getMessage().contains("namespace mismatch"), f.getMessage());
    }

    @Test
    void theArrayIsTheOneTheMethodGets() throws Exception {
        double[] v = {1.25, -3.5};
        double[] got = reader.read(DdsMessages.encode(Payload.of(v)));
        assertTrue(got == new Axis2Reader.EchoService().echo(got));
        assertBitsEqual(v, got, "echo argument");
    }
}
