package dev.dsoap.jaxws.it;

import jakarta.jws.WebService;

import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;

/** The plain implementation (CXF's own path). */
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Echo", targetNamespace = Echo.NS, serviceName = "EchoService",
        portName = "EchoPort")
public class EchoImpl implements Echo {
    /** Values {@link #record} received, in order. */
    final ConcurrentLinkedQueue<Double> recorded = new ConcurrentLinkedQueue<>();

    @Override
    public double[] echoDoubles(double[] values) {
        return values;
    }

    @Override
    public int[] echoInts(int[] values) {
        return values;
    }

    @Override
    public String[] echoStrings(String[] values) {
        return values;
    }

    @Override
    public Mio[] echoMios(Mio[] values) {
        return values;
    }

    @Override
    public Reading echoReading(Reading reading, String label) {
        return reading;
    }

    @Override
    public String describe(Reading reading, double[] values, String label, int count) {
        return "reading=" + reading + " values=" + bits(values) + " label=" + (label == null ? "null" : "'" + label + "'")
                + " count=" + count;
    }

    private static String bits(double[] v) {
        if (v == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder("[");
        for (double d : v) {
            b.append(Long.toHexString(Double.doubleToRawLongBits(d))).append(' ');
        }
        return b.append(']').toString();
    }

    @Override
    public double sum(double[] values, double scale) {
        return values == null ? -1 : Arrays.stream(values).sum() * scale;
    }

    @Override
    public Reading fail(String reason) throws EchoFault {
        if (reason == null) {
            throw new IllegalStateException("unchecked failure");
        }
        throw new EchoFault("refused: " + reason);
    }

    @Override
    public void record(double value) {
        recorded.add(value);
    }
}
