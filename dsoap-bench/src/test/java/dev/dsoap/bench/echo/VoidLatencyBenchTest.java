package dev.dsoap.bench.echo;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One tiny trial of each method of the echoVoid benchmark on each host, as JMH runs it. */
class VoidLatencyBenchTest {

    @ParameterizedTest
    @CsvSource({"axis2, false", "axis2, true", "cxf, false", "cxf, true"})
    void aTinyTrialMeasuresTheRightServer(String host, boolean dsoap) throws Exception {
        VoidLatencyBench bench = new VoidLatencyBench();
        bench.host = host;
        bench.start(dsoap);
        try {
            assertEquals(bench.pair.server(dsoap), bench.pair.server(bench.dsoap));
            VoidLatencyBench.Client client = new VoidLatencyBench.Client();
            client.open(bench);
            ServerCpu cpu = new ServerCpu();
            for (int iteration = 0; iteration < 2; iteration++) {
                cpu.clear();
                bench.openWindow();
                for (int call = 0; call < 20; call++) {
                    if (dsoap) {
                        bench.dsoapVoid(client, cpu);
                    } else {
                        bench.baselineVoid(client, cpu);
                    }
                }
                long[] window = bench.window.close();
                assertEquals(20, window[1]);
                assertTrue(window[0] > 0, "no server CPU time in the window");
            }
            String stats = bench.pair.describe();
            assertTrue(stats.contains("read fallbacks {}, write fallbacks {}"), stats);
        } finally {
            bench.tearDown();
        }
    }

    @org.junit.jupiter.api.Test
    void anUnknownHostIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> VoidPair.start("jetty"));
    }
}
