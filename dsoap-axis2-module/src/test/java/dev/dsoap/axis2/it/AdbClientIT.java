package dev.dsoap.axis2.it;

import com.sun.net.httpserver.HttpServer;
import dev.dsoap.axis2.it.adb.EchoAdbStub;
import dev.dsoap.axis2.it.adb.types.EchoDoubles;
import dev.dsoap.axis2.it.adb.types.EchoDoublesResponse;
import dev.dsoap.axis2.it.adb.types.Mio;
import dev.dsoap.axis2.it.adb.types.Reading;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMSourcedElement;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static dev.dsoap.axis2.it.AdbIT.doubles;
import static dev.dsoap.axis2.it.AdbIT.expectedReading;
import static dev.dsoap.axis2.it.AdbIT.ints;
import static dev.dsoap.axis2.it.AdbIT.mios;
import static dev.dsoap.axis2.it.AdbIT.outcome;
import static dev.dsoap.axis2.it.AdbIT.reading;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dsoap on the client (issue 4, deliverable 3): the wsdl2java stub of EchoAdb, made on a ConfigurationContext
 * whose axis2.xml engages dsoap.mar, against a plain server and a dsoap server, compared call by call with
 * the same stub on a plain configuration against the plain server. The engaged client writes the stub's
 * requests by differential serialization and hands responses to the stub's parser in their bytes; its
 * counters (JMX, side=client) say so.
 */
class AdbClientIT {
    @TempDir
    static Path dir;
    static Axis2Server plain;
    static Axis2Server dsoap;
    static ConfigurationContext plainClients;
    static ConfigurationContext dsoapClients;

    @BeforeAll
    static void start() throws Exception {
        plain = Axis2Server.start(dir, false, "");
        dsoap = Axis2Server.start(dir, true, "");
        plainClients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
        Path repo = Axis2Server.repository(dir, true, "");
        dsoapClients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(repo.toString(),
                repo.resolve("axis2.xml").toString());
        // the client operations' MBeans appear with the first stub
        stub(dsoapClients, dsoap, SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI).cleanup();
    }

    @AfterAll
    static void stop() throws Exception {
        for (ConfigurationContext c : new ConfigurationContext[] {plainClients, dsoapClients}) {
            if (c != null) {
                c.terminate();
            }
        }
        for (Axis2Server s : new Axis2Server[] {plain, dsoap}) {
            if (s != null) {
                s.close();
            }
        }
    }

    static EchoAdbStub stub(ConfigurationContext clients, Axis2Server server, String soapVersion) throws Exception {
        EchoAdbStub s = new EchoAdbStub(clients, server.url(Axis2Server.ADB));
        s._getServiceClient().getOptions().setSoapVersionURI(soapVersion);
        s._getServiceClient().getOptions().setTimeOutInMilliSeconds(60_000);
        return s;
    }

    static Stats client(String op) throws Exception {
        return Stats.find(dsoapClients, "client", Axis2Server.ADB, op);
    }

    /** The reference stub and the engaged stubs of one SOAP version. */
    record Stubs(EchoAdbStub reference, EchoAdbStub toPlain, EchoAdbStub toDsoap) implements AutoCloseable {
        static Stubs of(String soapVersion) throws Exception {
            return new Stubs(stub(plainClients, plain, soapVersion), stub(dsoapClients, plain, soapVersion),
                    stub(dsoapClients, dsoap, soapVersion));
        }

        /** Asserts that the engaged stubs get what the plain stub gets from the plain server; returns it. */
        String same(AdbIT.Call call, String where) {
            String want = outcome(reference, call);
            assertEquals(want, outcome(toPlain, call), where + ": engaged client, plain server");
            assertEquals(want, outcome(toDsoap, call), where + ": engaged client, engaged server");
            return want;
        }

        @Override
        public void close() throws Exception {
            reference.cleanup();
            toPlain.cleanup();
            toDsoap.cleanup();
        }
    }

    @Test
    void sequencesMatchThePlainClient() throws Exception {
        long seed = 0xC1_0001L;
        Random r = new Random(seed);
        String[] ops = {"echoDoubles", "echoInts", "echoMios", "echoReading"};
        long[] written = new long[ops.length];
        long[] differential = new long[ops.length];
        long[] streamed = new long[ops.length];
        for (int i = 0; i < ops.length; i++) {
            written[i] = client(ops[i]).get("MessagesWritten");
            differential[i] = differential(client(ops[i]));
            streamed[i] = client(ops[i]).get("ResponsesStreamed");
        }
        int faults = 0;
        for (String version : new String[] {SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI, SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI}) {
            try (Stubs s = Stubs.of(version)) {
                double[] v = Values.doubles(r, 150);
                int[] ints = new int[40];
                List<Mio> mios = new ArrayList<>();
                Reading reading = null;
                for (int msg = 0; msg < 120; msg++) {
                    String where = version + " seed " + seed + " message " + msg;
                    v = AdbValues.infinities(Values.next(v, r, msg % 10 == 0 ? 100 : msg % 3 == 0 ? 0 : 5), r);
                    if (msg % 11 == 0) {
                        v = Arrays.copyOf(v, 100 + r.nextInt(100));
                    }
                    double[] sent = msg % 23 == 5 ? null : msg % 19 == 7 ? new double[0] : v;
                    s.same(doubles(sent), where + " doubles");

                    ints[r.nextInt(ints.length)] = Values.intValue(r);
                    s.same(ints(msg % 29 == 3 ? null : ints), where + " ints");

                    if (mios.size() < 15 || r.nextInt(4) == 0) {
                        mios.add(r.nextInt(8) == 0 ? null : AdbValues.mio(r));
                    }
                    if (mios.size() > 25) {
                        mios.subList(0, 5).clear();
                    }
                    Mio[] sentMios = mios.toArray(new Mio[0]);
                    if (msg % 13 == 4) {
                        sentMios[r.nextInt(sentMios.length)] = AdbValues.badMio(r);
                    }
                    if (s.same(mios(sentMios), where + " mios").startsWith("fault: ")) {
                        faults++;
                    }

                    reading = AdbValues.nextReading(reading, r);
                    Reading sentReading = msg % 11 == 6 ? AdbValues.badReading(reading, r) : reading;
                    double scale = msg % 7 == 1 ? Values.EDGE[r.nextInt(Values.EDGE.length)] : 1.5;
                    String got = s.same(reading(sentReading, scale), where + " reading");
                    if (got.startsWith("fault: ")) {
                        faults++;
                    } else {
                        assertEquals(expectedReading(sentReading, scale), got, where + " reading");
                    }
                }
            }
        }
        assertTrue(faults > 0, "seed " + seed + ": the sequences should include values ADB refuses");
        // ADB spells infinite array items Infinity where dsoap writes INF, so those requests stay ADB's
        // (UNSUPPORTED_VALUE), as do values ADB refuses; every other request is dsoap's
        for (int i = 0; i < ops.length; i++) {
            Stats st = client(ops[i]);
            String what = ops[i] + ": " + st;
            assertTrue(st.get("MessagesWritten") - written[i] >= 40, "dsoap wrote the engaged stubs' requests: " + what);
            assertTrue(differential(st) - differential[i] >= 20, "similar requests were written from the template: " + what);
            assertTrue(st.get("ResponsesStreamed") - streamed[i] >= 150, "responses were streamed: " + what);
            Map<String, Long> fallbacks = new TreeMap<>(st.map("WriteFallbacks"));
            fallbacks.keySet().removeAll(List.of("UNSUPPORTED_VALUE", "HEADERS"));
            assertTrue(fallbacks.isEmpty(), what);
        }
    }

    /** Requests written by changing values in a template (content or perfect structural match). */
    static long differential(Stats s) throws Exception {
        Map<String, Long> m = s.map("WriteMatches");
        return m.getOrDefault("CONTENT", 0L) + m.getOrDefault("PERFECT_STRUCTURAL", 0L);
    }

    @Test
    void concurrentEngagedStubsGetTheirOwnValues() throws Exception {
        long seed = 0xC1_C0C0L;
        int clients = 16;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> done = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            Callable<Integer> task = () -> {
                go.await();
                Random r = new Random(seed + client);
                EchoAdbStub stub = stub(dsoapClients, client % 4 == 0 ? plain : dsoap, client % 2 == 0
                        ? SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI : SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI);
                double[] v = Values.doubles(r, 30 + client);
                int calls = 0;
                for (int call = 0; call < 25; call++) {
                    String where = "seed " + seed + " client " + client + " call " + call;
                    v = AdbValues.infinities(Values.next(v, r, 10), r);
                    v[0] = client + call / 1000.0;
                    assertEquals(AdbValues.show(AdbValues.wireDoubles(v)), doubles(v).on(stub), where);
                    Reading reading = AdbValues.nextReading(null, r);
                    reading.setLabel("client " + client + " call " + call);
                    assertEquals(expectedReading(reading, 1.0), reading(reading, 1.0).on(stub), where);
                    calls += 2;
                }
                stub.cleanup();
                return calls;
            };
            done.add(pool.submit(task));
        }
        go.countDown();
        int calls = 0;
        try {
            for (Future<Integer> f : done) {
                calls += f.get(2, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(clients * 50, calls);
    }

    @Test
    void headerBlocksGoWithDsoapsBody() throws Exception {
        Stats stats = client("echoDoubles");
        Stats server = dsoap.stats(Axis2Server.ADB, "echoDoubles");
        long headers = stats.writeFallbacks("HEADERS");
        long written = stats.get("MessagesWritten");
        long serverSawHeaders = server.readFallbacks("HEADERS");
        EchoAdbStub s = stub(dsoapClients, dsoap, SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI);
        s._getServiceClient().addStringHeader(new QName("urn:dsoap:test", "trace", "t"), "abc&<>");
        assertEquals("[1.0, -0.0, 4.9E-324]", doubles(new double[] {1, -0.0, Double.MIN_VALUE}).on(s));
        assertEquals(headers, stats.writeFallbacks("HEADERS"), "a request with a header block is written by dsoap");
        assertEquals(written + 1, stats.get("MessagesWritten"), stats.toString());
        // the block arrived: the server leaves a request with a block it does not know to Axis2
        assertEquals(serverSawHeaders + 1, server.readFallbacks("HEADERS"), server.toString());
        s.cleanup();
    }

    @Test
    void serviceClientGetsAStreamedElementThatReadsLikeAxis2s() throws Exception {
        ServiceClient c = new ServiceClient(dsoapClients, null);
        Options o = c.getOptions();
        o.setTo(new EndpointReference(dsoap.url(Axis2Server.ADB)));
        o.setAction("urn:echoDoubles");
        EchoDoubles q = new EchoDoubles();
        q.setValues(new double[] {Double.NaN, 1.5, Double.NEGATIVE_INFINITY, -0.0, Double.MAX_VALUE});
        OMElement response = c.sendReceive(q.getOMElement(EchoDoubles.MY_QNAME, OMAbstractFactory.getOMFactory()));
        assertTrue(response instanceof OMSourcedElement, "the response element is dsoap's: " + response.getClass());
        ((OMElement) ((OMElement) response.getParent()).getParent()).buildWithAttachments(); // as a generated stub does
        assertFalse(((OMSourcedElement) response).isExpanded(), "building the envelope did not build the element");
        EchoDoublesResponse parsed = EchoDoublesResponse.Factory.parse(response.getXMLStreamReaderWithoutCaching());
        assertEquals("[1.5, -Infinity, -0.0, 1.7976931348623157E308]", AdbValues.show(parsed.get_return()));
        assertFalse(((OMSourcedElement) response).isExpanded(), "reading did not build a tree");
        // walking the element builds the tree from the same bytes
        assertEquals(4, countChildren(response));
        assertTrue(response.toString().contains(">-Infinity<"), response.toString());
        c.cleanup();
    }

    private static int countChildren(OMElement e) {
        int n = 0;
        for (var it = e.getChildElements(); it.hasNext(); it.next()) {
            n++;
        }
        return n;
    }

    @Test
    void rpcServiceClientGetsWhatThePlainClientGets() throws Exception {
        Random r = new Random(0xC1_0005L);
        long rpcFallbacks = Stats.find(dsoapClients, "client", "anonService", "anonOutInOp").writeFallbacks("UNSUPPORTED_TYPE");
        for (int msg = 0; msg < 20; msg++) {
            double[] v = Values.doubles(r, 10 + msg);
            String want = rpc(plainClients, plain, v);
            assertTrue(want.contains(String.valueOf(v[1])), want);
            assertEquals(want, rpc(dsoapClients, plain, v), "message " + msg);
            assertEquals(want, rpc(dsoapClients, dsoap, v), "message " + msg);
        }
        assertEquals(rpcFallbacks + 40, Stats.find(dsoapClients, "client", "anonService", "anonOutInOp").writeFallbacks("UNSUPPORTED_TYPE"),
                "RPCServiceClient's requests are AXIOM trees, written by Axis2");
    }

    /** EchoService.echo(double[]) through an RPCServiceClient of {@code clients}. */
    private static String rpc(ConfigurationContext clients, Axis2Server server, double[] v) throws Exception {
        RPCServiceClient c = new RPCServiceClient(clients, null);
        try {
            c.getOptions().setTo(new EndpointReference(server.url()));
            c.getOptions().setAction("urn:echo");
            Object[] got = c.invokeBlocking(new QName(server.namespace(), "echo"), new Object[] {ServerIT.boxed(v)}, new Class<?>[] {double[].class});
            return Arrays.toString((double[]) got[0]);
        } finally {
            c.cleanup();
        }
    }

    /** A loopback HTTP server answering every POST with {@code body}. */
    private static HttpServer answering(AtomicReference<byte[]> body, java.util.concurrent.atomic.AtomicInteger status) throws Exception {
        HttpServer h = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        h.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            byte[] b = body.get();
            ex.getResponseHeaders().add("Content-Type", "text/xml; charset=UTF-8");
            ex.sendResponseHeaders(status.get(), b.length);
            ex.getResponseBody().write(b);
            ex.close();
        });
        h.start();
        return h;
    }

    @Test
    void hostileResponsesAreRefusedAndTheClientGoesOn() throws Exception {
        String good = "<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope xmlns:soapenv=\"" + Soap.SOAP11 + "\"><soapenv:Body>"
                + "<ns1:echoDoublesResponse xmlns:ns1=\"urn:dsoap:echo-adb\"><ns1:return>1.5</ns1:return><ns1:return>2</ns1:return>"
                + "</ns1:echoDoublesResponse></soapenv:Body></soapenv:Envelope>";
        String dtd = good.replace("?>", "?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>").replace(">2<", ">&e;<");
        String deep = good.replace("<ns1:return>1.5</ns1:return>", "<a>".repeat(5000) + "</a>".repeat(5000));
        String fault = "<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope xmlns:soapenv=\"" + Soap.SOAP11 + "\"><soapenv:Body>"
                + "<soapenv:Fault><faultcode>soapenv:Server</faultcode><faultstring>no &amp; way</faultstring></soapenv:Fault>"
                + "</soapenv:Body></soapenv:Envelope>";
        AtomicReference<byte[]> body = new AtomicReference<>();
        java.util.concurrent.atomic.AtomicInteger status = new java.util.concurrent.atomic.AtomicInteger(200);
        HttpServer h = answering(body, status);
        try {
            EchoAdbStub s = new EchoAdbStub(dsoapClients, "http://127.0.0.1:" + h.getAddress().getPort() + "/axis2/services/EchoAdb");
            s._getServiceClient().getOptions().setSoapVersionURI(SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI);
            long rejected = client("echoDoubles").get("MessagesRejected");
            for (String bad : new String[] {dtd, deep}) {
                body.set(bad.getBytes(StandardCharsets.UTF_8));
                Exception e = assertThrows(Exception.class, () -> doubles(new double[] {1}).on(s));
                assertTrue(String.valueOf(e.getMessage()).contains("dsoap: response rejected"), e.toString());
                body.set(good.getBytes(StandardCharsets.UTF_8));
                assertEquals("[1.5, 2.0]", doubles(new double[] {1}).on(s), "the next good response");
            }
            assertEquals(rejected + 2, client("echoDoubles").get("MessagesRejected"));

            long faults = client("echoDoubles").readFallbacks("FAULT");
            status.set(500);
            body.set(fault.getBytes(StandardCharsets.UTF_8));
            EchoAdbStub reference = new EchoAdbStub(plainClients, "http://127.0.0.1:" + h.getAddress().getPort() + "/axis2/services/EchoAdb");
            reference._getServiceClient().getOptions().setSoapVersionURI(SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI);
            String want = outcome(reference, doubles(new double[] {1}));
            assertEquals("fault: no & way", want);
            assertEquals(want, outcome(s, doubles(new double[] {1})), "a fault reaches the caller as on the plain client");
            assertEquals(faults + 1, client("echoDoubles").readFallbacks("FAULT"), "fault responses are read by Axis2");
            reference.cleanup();
            s.cleanup();
        } finally {
            h.stop(0);
        }
    }
}
