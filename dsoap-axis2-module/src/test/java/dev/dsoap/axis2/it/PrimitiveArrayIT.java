package dev.dsoap.axis2.it;

import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A POJO operation that dsoap never carries: Axis2's own {@code RPCServiceClient} passing a {@code double[]} of
 * 100,000 values, which it writes as one {@code <arg0>} of {@code <array>} items that neither Axis2's RPC receiver
 * nor dsoap binds (docs/axis2.md, "Requests from RPCServiceClient"). Every request goes Axis2's way, counted as
 * {@code REQUEST_SHAPE}, and is answered as plain Axis2 answers it; the operation keeps nothing afterwards: no
 * template for its answers (100,000 values on {@code prices}, none on {@code copy}), no read state, nothing charged to
 * the memory budget. A schema-shaped request of the same operation, sent meanwhile, is still read by dsoap.
 */
@org.junit.jupiter.api.Tag("long") // a corpus or memory at length: CI's second JDK pass leaves it out
class PrimitiveArrayIT {
    private static final int CALLS = 12;
    /** SeriesService's namespace, as Axis2 derives it from the package. */
    private static final String NS = "http://it.axis2.dsoap.dev";
    @TempDir
    static Path dir;
    static Axis2Server plain;
    static Axis2Server dsoap;

    @BeforeAll
    static void start() throws Exception {
        plain = withSeries(Axis2Server.start(dir, false, ""));
        dsoap = withSeries(Axis2Server.start(dir, true, ""));
    }

    private static Axis2Server withSeries(Axis2Server s) throws AxisFault {
        AxisConfiguration ac = s.context.getAxisConfiguration();
        ac.addService(AxisService.createService(SeriesService.class.getName(), ac));
        return s;
    }

    @AfterAll
    static void stop() throws Exception {
        for (Axis2Server s : new Axis2Server[] {plain, dsoap}) {
            if (s != null) {
                s.close();
            }
        }
    }

    private static RPCServiceClient client(Axis2Server s) throws AxisFault {
        RPCServiceClient c = new RPCServiceClient();
        c.getOptions().setTo(new EndpointReference(s.url("SeriesService")));
        c.getOptions().setTimeOutInMilliSeconds(60_000);
        return c;
    }

    /** {@code CALLS} calls of {@code op} with 100,000 doubles, a tenth replaced per call, on both servers. */
    private static void calls(String op, long seed) throws Exception {
        Random r = new Random(seed);
        double[] v = new double[100_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.round(r.nextDouble() * 1e9) / 1e3;
        }
        RPCServiceClient toPlain = client(plain);
        RPCServiceClient toDsoap = client(dsoap);
        QName name = new QName(NS, op);
        try {
            for (int call = 0; call < CALLS; call++) {
                for (int i = 0; i < v.length / 10; i++) {
                    v[r.nextInt(v.length)] = Math.round(r.nextDouble() * 1e9) / 1e3;
                }
                SeriesService.round = call; // both servers answer prices with the same series
                Object want = toPlain.invokeBlocking(name, new Object[] {v}, new Class<?>[] {double[].class})[0];
                Object got = toDsoap.invokeBlocking(name, new Object[] {v}, new Class<?>[] {double[].class})[0];
                toPlain.cleanupTransport();
                toDsoap.cleanupTransport();
                assertEquals(RpcClientIT.render(want), RpcClientIT.render(got), "seed " + seed + " " + op + " call " + call);
            }
        } finally {
            toPlain.cleanup();
            toDsoap.cleanup();
        }
    }

    @Test
    void anOperationNeverCarriedKeepsNothingAndIsAnsweredAsAxis2Answers() throws Exception {
        Stats module = Stats.module(dsoap.context);
        // the other test's schema-shaped requests keep state of their own; the budget's spare read buffers are no
        // operation's
        long used = module.get("MemoryUsedBytes") - module.get("MemorySpareBytes");
        for (String op : new String[] {"copy", "prices"}) {
            calls(op, 0xA2_0031L + op.hashCode());
            Stats st = dsoap.stats("SeriesService", op);
            assertEquals(CALLS, st.readFallbacks("REQUEST_SHAPE"), "every request went Axis2's way: " + st);
            assertEquals(CALLS, st.writeFallbacks("REQUEST_SHAPE") + st.get("MessagesWritten"), st.toString());
            assertEquals(0, st.get("RetainedBytes"), op + ": the operation keeps state: " + st);
            assertEquals(0, st.get("CheckpointBytes"), op + ": " + st);
        }
        // after two failed tries, the operation leaves such requests to Axis2 from their first bytes, before dsoap keeps
        // the rest: Axis2 reads them from its stream and answers them (tries 1, 2 and 7 of 12 are answered by dsoap, on
        // one-message templates)
        Stats prices = dsoap.stats("SeriesService", "prices");
        assertEquals(9, prices.writeFallbacks("REQUEST_SHAPE"), prices.toString());
        assertEquals(3, prices.get("MessagesWritten"), prices.toString());
        assertEquals(used, module.get("MemoryUsedBytes") - module.get("MemorySpareBytes"),
                "the budget holds bytes for operations never carried");
    }

    /**
     * An operation whose types dsoap neither reads nor writes leaves its requests to Axis2 from their first bytes, once
     * its first request showed it: Axis2 reads them from its stream under its own limits, as without dsoap (a request
     * nested deeper than dsoap's {@code maxDepth}, 256, which Axis2 reads, is answered as plain Axis2 answers it; dsoap
     * kept and checked such requests before, and refused this one).
     */
    @Test
    void anOperationDsoapCannotCarryIsLeftToAxis2FromItsFirstBytes() throws Exception {
        Stats st = dsoap.stats("SeriesService", "raw");
        String first = Soap.request(NS, "raw", "<x><a>1</a></x>");
        sameAsPlain(first, "the first request");
        long rejected = st.get("MessagesRejected");
        long fallbacks = st.readFallbacks("UNSUPPORTED_TYPE");
        String deep = Soap.request(NS, "raw", "<x>" + "<a>".repeat(300) + "1" + "</a>".repeat(300) + "</x>");
        Soap.Response got = sameAsPlain(deep, "300 elements deep");
        assertEquals(200, got.status(), "Axis2 serves it: " + got.text());
        assertEquals(rejected, st.get("MessagesRejected"), "dsoap refused it: " + got.text() + " " + st);
        assertEquals(fallbacks + 1, st.readFallbacks("UNSUPPORTED_TYPE"), st.toString());
    }

    /** Posts {@code xml} to both servers' SeriesService; returns dsoap's answer after checking it is plain Axis2's. */
    private static Soap.Response sameAsPlain(String xml, String what) throws Exception {
        Soap.Response want = Soap.post11(plain.url("SeriesService"), xml);
        Soap.Response got = Soap.post11(dsoap.url("SeriesService"), xml);
        assertEquals(want.status(), got.status(), what + ": axis2 " + want.text() + "\ndsoap " + got.text());
        if (want.status() == 200) {
            assertEquals(Soap.canonical(want.body()), Soap.canonical(got.body()), what);
        }
        return got;
    }

    @Test
    void aSchemaShapedRequestIsReadWhileRpcServiceClientsFallBack() throws Exception {
        Stats st = dsoap.stats("SeriesService", "echo");
        String ns = NS;
        String url = dsoap.url("SeriesService");
        String schemaShaped = Soap.request(ns, "echo", Soap.doubles("v", new double[] {1.5, -0.0, 1e300}));
        RPCServiceClient c = client(dsoap);
        try {
            double[] v = new double[1000];
            for (int call = 0; call < 20; call++) {
                v[call] = call;
                c.invokeBlocking(new QName(ns, "echo"), new Object[] {v}, new Class<?>[] {double[].class});
                c.cleanupTransport();
                long shape = st.readFallbacks("REQUEST_SHAPE");
                long read = st.get("MessagesRead");
                Soap.Response ok = Soap.post11(url, schemaShaped);
                assertEquals(200, ok.status(), ok.text());
                assertTrue(Soap.canonical(ok.body()).contains("=d:1.0E300"), ok.text());
                assertEquals(shape, st.readFallbacks("REQUEST_SHAPE"), "call " + call + ": the schema-shaped request fell back: " + st);
                assertEquals(read + 1, st.get("MessagesRead"), "call " + call + ": dsoap did not read the schema-shaped request: " + st);
            }
        } finally {
            c.cleanup();
        }
    }
}
