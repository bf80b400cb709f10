package dev.dsoap.jaxws.it;

import jakarta.jws.WebService;
import jakarta.xml.ws.Holder;

import java.util.Arrays;

/** The plain implementation (CXF's own path). */
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Extras", targetNamespace = Echo.NS, serviceName = "ExtrasService",
        portName = "ExtrasPort")
public class ExtrasImpl implements Extras {
    @Override
    public double split(double[] values, Holder<String> label, Holder<Double> min, Holder<double[]> sorted) {
        label.value = label.value == null ? null : label.value + "|" + (values == null ? -1 : values.length);
        if (values == null) {
            min.value = null;
            sorted.value = null;
            return -1;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        sorted.value = s;
        min.value = s.length == 0 ? null : s[0];
        return Arrays.stream(values).sum();
    }

    @Override
    public void swap(Holder<String[]> words, Holder<Mio[]> mios) {
        if (words.value != null) {
            String[] w = words.value.clone();
            for (int i = 0; i < w.length / 2; i++) {
                String t = w[i];
                w[i] = w[w.length - 1 - i];
                w[w.length - 1 - i] = t;
            }
            words.value = w;
        }
        if (mios.value != null) {
            Mio[] m = new Mio[mios.value.length];
            for (int i = 0; i < m.length; i++) {
                Mio x = mios.value[i];
                m[i] = x == null ? null : new Mio(x.b, x.a, -x.c);
            }
            mios.value = m;
        }
    }

    @Override
    public String stamp(double[] values, String token, Double scale) {
        return "token=" + (token == null ? "null" : "'" + token + "'") + " scale="
                + (scale == null ? "null" : Long.toHexString(Double.doubleToRawLongBits(scale)))
                + " values=" + (values == null ? "null" : Arrays.toString(values));
    }

    @Override
    public Celsius warmer(Celsius t, Holder<Label> label) {
        label.value = label.value == null ? null : new Label(label.value.text + "+");
        return t == null ? null : new Celsius(t.degrees + 1.5);
    }

    @Override
    public Tagged tag(Tagged t) {
        if (t != null) {
            t.value = -t.value;
        }
        return t;
    }
}
