package dev.dsoap.axis2.it;

import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 20 clients at once against one engaged server, each with its own value sequence (similar messages, so
 * that templates and kept messages are reused across clients): every client must get back exactly its
 * own values. Kept state is limited (dsoap.states = 3) so that clients share and outnumber the templates.
 */
class ConcurrencyIT {
    private static final int CLIENTS = 20;
    private static final int CALLS = 40;
    @TempDir
    static Path dir;
    static Axis2Server dsoap;

    @BeforeAll
    static void start() throws Exception {
        dsoap = Axis2Server.start(dir, true, "<parameter name=\"dsoap.states\">3</parameter>");
    }

    @AfterAll
    static void stop() throws Exception {
        if (dsoap != null) {
            dsoap.close();
        }
    }

    @Test
    void everyClientGetsItsOwnValues() throws Exception {
        long seed = 0xA2_C0C0L;
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> done = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            done.add(pool.submit(() -> {
                go.await();
                return run(seed, client);
            }));
        }
        go.countDown();
        int calls = 0;
        for (Future<Integer> f : done) {
            calls += f.get(5, TimeUnit.MINUTES);
        }
        pool.shutdown();
        Stats st = dsoap.stats("echo");
        assertTrue(st.get("MessagesWritten") >= calls / 2, st.toString());
        assertTrue(st.get("ReadsResumed") + st.get("ReadsIdentical") > 0, st.toString());
        assertEquals(0, st.get("MessagesRejected"), st.toString());
    }

    /** One client: schema-shaped requests over raw HTTP, and every fifth call through an Axis2 RPC client. */
    private static Integer run(long seed, int client) throws Exception {
        Random r = new Random(seed + client);
        String ns = dsoap.namespace();
        RPCServiceClient rpc = ServerIT.client(dsoap);
        double[] v = Values.doubles(r, 30 + client);
        v[0] = client; // every client's messages differ from the others' somewhere
        int calls = 0;
        for (int call = 0; call < CALLS; call++) {
            v = Values.next(v, r, 10);
            if (v.length == 0) {
                v = new double[] {client};
            }
            v[0] = client + call / 1000.0;
            if (!Values.finite(v)) {
                continue;
            }
            String where = "seed " + seed + " client " + client + " call " + call;
            double[] got;
            if (call % 5 == 4) {
                got = (double[]) rpc.invokeBlocking(new QName(ns, "echo"), new Object[] {ServerIT.boxed(v)},
                        new Class<?>[] {double[].class})[0];
                rpc.cleanupTransport();
            } else {
                Soap.Response resp = Soap.post11(dsoap.url(), Soap.request(ns, "echo", Soap.doubles("v", v)));
                assertEquals(200, resp.status(), where + ": " + resp.text());
                got = parse(resp.body());
            }
            assertArrayEquals(ServerIT.bits(v), ServerIT.bits(got), where);
            calls++;
        }
        rpc.cleanup();
        return calls;
    }

    static double[] parse(byte[] body) throws Exception {
        String[] lines = Soap.canonical(body).split("\n");
        double[] out = new double[lines.length];
        int n = 0;
        for (String line : lines) {
            int eq = line.indexOf("=d:");
            if (line.contains("}return") && eq > 0) {
                out[n++] = Double.parseDouble(line.substring(eq + 3));
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }
}
