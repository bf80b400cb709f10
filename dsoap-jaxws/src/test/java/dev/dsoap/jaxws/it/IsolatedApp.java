package dev.dsoap.jaxws.it;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * An application run in a class loader of its own by {@link BusShutdownTest}: a CXF bus with a dsoap endpoint and a
 * dsoap client, three calls, then the bus shuts down. Returns what the calls answered.
 */
public final class IsolatedApp implements Supplier<String> {
    @Override
    public String get() {
        double[] v = {1.5, -0.0, 1e300, 7};
        StringBuilder answers = new StringBuilder();
        try (Cxf cxf = new Cxf()) {
            String address = cxf.publish(new DsoapEchoImpl());
            Echo client = cxf.dsoap(address);
            for (int i = 0; i < 3; i++) {
                answers.append(Arrays.toString(client.echoDoubles(v)));
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return answers.toString();
    }
}
