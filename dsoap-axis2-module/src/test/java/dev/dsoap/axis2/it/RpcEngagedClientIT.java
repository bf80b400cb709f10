package dev.dsoap.axis2.it;

import dev.dsoap.axis2.DsoapRpcServiceClient;
import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DsoapRpcServiceClient} on a configuration that engages dsoap.mar, against a plain Axis2 server and
 * one with dsoap.mar, compared call by call with Axis2's own {@code RPCServiceClient} on a plain configuration
 * against the plain server: the same values (or the same fault), over long generated sequences with edge
 * values, and dsoap's client counters show that it wrote the requests and read the responses itself, most of
 * them differentially.
 *
 * <p>Runs in its own failsafe execution with dsoap's classes on the class path (as an application using the
 * client class has them); Axis2 then loads the module's classes from there, parent first.
 */
class RpcEngagedClientIT {
    @TempDir
    static Path dir;
    static Axis2Server plain;
    static Axis2Server dsoap;
    static ConfigurationContext plainClients;
    static ConfigurationContext dsoapClients;
    /** Engaged clients in performance mode ({@code dsoap.binary = performance}): binary requests too. */
    static ConfigurationContext performanceClients;
    static RPCServiceClient reference;
    static DsoapRpcServiceClient toPlain;
    static DsoapRpcServiceClient toDsoap;

    @BeforeAll
    static void start() throws Exception {
        plain = Axis2Server.start(dir, false, "");
        dsoap = Axis2Server.start(dir, true, "");
        plainClients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
        Path repo = Axis2Server.repository(dir, true, "");
        dsoapClients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(repo.toString(),
                repo.resolve("axis2.xml").toString());
        Path fast = Axis2Server.repository(dir, true, "<parameter name=\"dsoap.binary\">performance</parameter>");
        performanceClients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(fast.toString(),
                fast.resolve("axis2.xml").toString());
        reference = aim(new RPCServiceClient(plainClients, null), plain);
        toPlain = aim(new DsoapRpcServiceClient(dsoapClients, null), plain);
        toDsoap = aim(new DsoapRpcServiceClient(dsoapClients, null), dsoap);
    }

    private static <C extends RPCServiceClient> C aim(C c, Axis2Server server) {
        c.getOptions().setTo(new EndpointReference(server.url()));
        c.getOptions().setTimeOutInMilliSeconds(60_000);
        return c;
    }

    @AfterAll
    static void stop() throws Exception {
        for (RPCServiceClient c : new RPCServiceClient[] {reference, toPlain, toDsoap}) {
            if (c != null) {
                c.cleanup();
            }
        }
        for (ConfigurationContext c : new ConfigurationContext[] {plainClients, dsoapClients, performanceClients}) {
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

    static Stats client() throws Exception {
        return Stats.find(dsoapClients, "client", "anonService", "anonOutInOp");
    }

    /**
     * Calls {@code op} through the three clients; asserts that the engaged ones get what the plain one gets
     * from the plain server, and returns it.
     */
    private static String same(String op, Object[] args, Class<?> result, String where) {
        QName name = new QName(plain.namespace(), op);
        String want = call(reference, name, args, result);
        assertEquals(want, call(toPlain, name, args, result), where + ": engaged client, plain server");
        assertEquals(want, call(toDsoap, name, args, result), where + ": engaged client, dsoap server");
        return want;
    }

    private static String call(RPCServiceClient c, QName op, Object[] args, Class<?> result) {
        try {
            c.getOptions().setAction("urn:" + op.getLocalPart());
            Object[] r = c.invokeBlocking(op, args, new Class<?>[] {result});
            return RpcClientIT.render(r[0]);
        } catch (AxisFault f) {
            return "fault: " + f.getMessage();
        } finally {
            try {
                c.cleanupTransport();
            } catch (AxisFault ignored) {
                // the next call opens a new connection
            }
        }
    }

    @Test
    void arraysAreWrittenAndReadDifferentially() throws Exception {
        long seed = 0xE7_0017L;
        Random r = new Random(seed);
        Stats st = client();
        long written = st.get("MessagesWritten");
        long read = st.get("MessagesRead");
        long binaryRead = st.get("BinaryMessagesRead");
        long differential = st.get("ReadsIdentical") + st.get("ReadsResumed");
        Stats server = dsoap.stats("echo");
        long byPeer = server.get("ReadsByPeer");
        long binaryWritten = server.get("BinaryMessagesWritten");
        double[] v = Values.doubles(r, 400);
        int calls = 0;
        for (int msg = 0; msg < 100; msg++) {
            v = Values.next(v, r, msg % 20 == 0 ? 100 : msg % 5 == 0 ? 0 : 8);
            if (msg % 33 == 9) {
                v = Arrays.copyOf(v, r.nextInt(3) == 0 ? 0 : v.length + r.nextInt(50) - 25);
            }
            if (!Values.finite(v)) {
                // RPCServiceClient writes infinities as Axis2's server refuses them (docs/axis2.md)
                continue;
            }
            same("echo", new Object[] {ServerIT.boxed(v)}, double[].class, "seed " + seed + " message " + msg);
            calls++;
        }
        assertTrue(st.get("MessagesWritten") - written >= 2L * calls, "dsoap did not write the requests: " + st);
        // the plain server answers in XML, read differentially; the dsoap server answers in binary, as asked
        assertTrue(st.get("MessagesRead") - read >= calls, "dsoap did not read the XML responses: " + st);
        assertTrue(st.get("ReadsIdentical") + st.get("ReadsResumed") - differential > calls / 2,
                "responses were not read differentially: " + st);
        assertEquals(calls, st.get("BinaryMessagesRead") - binaryRead, "binary answers read: " + st);
        assertEquals(calls, server.get("BinaryMessagesWritten") - binaryWritten, "binary answers written: " + server);
        // each engaged client names itself with an id of its own, by which the server finds its kept request
        Object one = toPlain.getServiceContext().getProperty("dev.dsoap.clientId");
        Object other = toDsoap.getServiceContext().getProperty("dev.dsoap.clientId");
        assertTrue(one instanceof String s && s.matches("[0-9a-f]{32}"), String.valueOf(one));
        assertTrue(other instanceof String s && s.matches("[0-9a-f]{32}") && !s.equals(one), one + " and " + other);
        long found = server.get("ReadsByPeer") - byPeer;
        assertTrue(found >= 3L * calls / 4, "the server found the client's kept request by its id for " + found
                + " of " + calls + " calls: " + server);
    }

    @Test
    void argumentsAndResultsOfEveryKindMatchAxis2() throws Exception {
        long seed = 0xE7_0018L;
        Random r = new Random(seed);
        Stats st = client();
        long written = st.get("MessagesWritten");
        long read = st.get("MessagesRead") + st.get("BinaryMessagesRead");
        double[] v = Values.doubles(r, 30);
        Mio[] mios = new Mio[0];
        String[] strings = new String[0];
        for (int msg = 0; msg < 50; msg++) {
            String where = "seed " + seed + " message " + msg;
            v = Values.next(v, r, 10);
            double f = Values.value(r);
            double[] scaled = new EchoService().scale(v, f);
            if (Values.finite(v) && Values.finite(scaled)) {
                // Axis2's BeanUtil refuses the INF it reads, which dsoap reads (docs/axis2.md)
                same("scale", new Object[] {ServerIT.boxed(v), f}, double[].class, where + " scale");
            }

            String s = Values.STRINGS[r.nextInt(Values.STRINGS.length)] + r.nextInt(10) + (r.nextBoolean() ? "\r\t" : "");
            same("hello", new Object[] {s, Values.intValue(r)}, String.class, where + " hello");

            if (mios.length < 10 || r.nextInt(4) == 0) {
                mios = Arrays.copyOf(mios, mios.length + 1);
                mios[mios.length - 1] = r.nextInt(7) == 0 ? null : new Mio(Values.intValue(r), Values.value(r), Values.string(r));
            }
            Mio changed = mios.length > 0 ? mios[r.nextInt(mios.length)] : null;
            if (changed != null) {
                changed.setA(Values.intValue(r));
            }
            same("echoMios", new Object[] {mios}, Mio[].class, where + " mios");

            if (r.nextInt(5) == 0) {
                strings = Arrays.copyOf(strings, r.nextInt(8));
            }
            for (int i = 0; i < strings.length; i++) {
                if (strings[i] == null || r.nextInt(3) == 0) {
                    strings[i] = r.nextInt(9) == 0 ? null : Values.string(r);
                }
            }
            same("echoStrings", new Object[] {strings}, String[].class, where + " strings " + Arrays.toString(strings));
        }
        assertTrue(st.get("MessagesWritten") - written >= 2 * 3 * 50, "dsoap wrote too few requests: " + st);
        assertTrue(st.get("MessagesRead") + st.get("BinaryMessagesRead") - read >= 2 * 3 * 50, "dsoap read too few responses: " + st);
    }

    @Test
    void whatDsoapDoesNotCarryGoesAxis2sWayWithTheSameResult() throws Exception {
        Stats st = client();
        long typeFallbacks = st.writeFallbacks("UNSUPPORTED_TYPE");
        long faults = st.readFallbacks("FAULT");
        // a null argument: RPCServiceClient numbers the rest differently, so Axis2 writes the request
        same("hello", new Object[] {null, 3}, String.class, "null argument");
        assertEquals(typeFallbacks + 2, st.writeFallbacks("UNSUPPORTED_TYPE"), st.toString());
        // a fault: Axis2 reads it and the caller gets the same AxisFault
        String fault = same("boom", new Object[] {ServerIT.boxed(new double[] {1, 2})}, double[].class, "fault");
        assertTrue(fault.startsWith("fault: "), fault);
        assertEquals(faults + 2, st.readFallbacks("FAULT"), st.toString());
        // the response element, for callers that take it: the same XML values through BeanUtil
        QName echo = new QName(plain.namespace(), "echo");
        toDsoap.getOptions().setAction("urn:echo");
        Object[] got = org.apache.axis2.databinding.utils.BeanUtil.deserialize(
                toDsoap.invokeBlocking(echo, new Object[] {new Double[] {-0.0, 4.9E-324, Double.NaN}}),
                new Object[] {double[].class}, new org.apache.axis2.engine.DefaultObjectSupplier());
        toDsoap.cleanupTransport();
        assertEquals(RpcClientIT.render(new double[] {-0.0, 4.9E-324, Double.NaN}), RpcClientIT.render(got[0]));
    }

    /**
     * dsoap's binary form: a plain client is never answered in binary; an engaged client is (it asks, naming the
     * format it reads); an engaged client in performance mode also sends its requests in binary once the server
     * has said it reads them. Every value equals the plain client's from the plain server. A binary request of a
     * format no operation reads is refused with HTTP 415.
     */
    @Test
    void binaryForThoseWhoAskAndBinaryRequestsInPerformanceMode() throws Exception {
        long seed = 0xE7_0019L;
        Random r = new Random(seed);
        Stats echoStats = dsoap.stats("echo");
        Stats miosStats = dsoap.stats("echoMios");
        long written = echoStats.get("BinaryMessagesWritten");
        long miosRead = miosStats.get("BinaryMessagesRead");
        long echoRead = echoStats.get("BinaryMessagesRead");
        RPCServiceClient plainToDsoap = aim(new RPCServiceClient(plainClients, null), dsoap);
        DsoapRpcServiceClient fast = aim(new DsoapRpcServiceClient(performanceClients, null), dsoap);
        QName echo = new QName(plain.namespace(), "echo");
        QName echoMios = new QName(plain.namespace(), "echoMios");
        double[] v = Values.doubles(r, 200);
        Mio[] mios = new Mio[0];
        int calls = 0;
        try {
            for (int msg = 0; msg < 60; msg++) {
                String where = "seed " + seed + " message " + msg;
                v = Values.next(v, r, msg % 10 == 0 ? 100 : 5);
                if (Values.finite(v)) {
                    Object[] args = {ServerIT.boxed(v)};
                    String want = call(reference, echo, args, double[].class);
                    assertEquals(want, call(plainToDsoap, echo, args, double[].class), where + ": plain client, dsoap server");
                    assertEquals(want, call(fast, echo, args, double[].class), where + ": performance client, dsoap server");
                    calls++;
                }
                if (mios.length < 12 || r.nextInt(4) == 0) {
                    mios = Arrays.copyOf(mios, mios.length + 1);
                    mios[mios.length - 1] = r.nextInt(7) == 0 ? null : new Mio(Values.intValue(r), Values.value(r), Values.string(r));
                }
                Mio changed = mios.length > 0 ? mios[r.nextInt(mios.length)] : null;
                if (changed != null) {
                    changed.setA(Values.intValue(r));
                }
                Object[] args = {mios};
                assertEquals(call(reference, echoMios, args, Mio[].class), call(fast, echoMios, args, Mio[].class),
                        where + ": performance client, dsoap server, mios");
            }
        } finally {
            plainToDsoap.cleanup();
            fast.cleanup();
        }
        assertEquals(calls, echoStats.get("BinaryMessagesWritten") - written, "only the engaged client is answered in binary: " + echoStats);
        // a Double[] argument travels item by item, the service's double[] as a block: other formats, so those
        // requests stay XML; Mio[] is Mio[] on both sides, so those go binary after the first binary answer
        assertEquals(0, echoStats.get("BinaryMessagesRead") - echoRead, echoStats.toString());
        assertEquals(59, miosStats.get("BinaryMessagesRead") - miosRead, "binary requests after the first binary answer: " + miosStats);
        Stats client = Stats.find(performanceClients, "client", "anonService", "anonOutInOp");
        assertEquals(calls + 60, client.get("BinaryMessagesRead"), client.toString());

        // refused before dispatch: counted by reason, answered 415 in the SOAP version of the XML the request takes
        Stats refused = dsoap.stats("*", "*");
        long unknowns = refused.map("BinaryRefusals").getOrDefault("UNKNOWN_FORMAT", 0L);
        byte[] unknown = {(byte) 0x89, 'D', 'S', 'B', 1, 0, 1, 2, 3, 4, 5, 6, 7, 8};
        java.net.HttpURLConnection c = binaryPost(unknown, null);
        assertEquals(415, c.getResponseCode());
        String body = new String(c.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(body.contains("Fault") && body.contains("0102030405060708"), body);
        assertTrue(c.getContentType().startsWith("text/xml"), "a SOAP 1.1 fault: " + c.getContentType());
        assertTrue(body.contains("http://schemas.xmlsoap.org/soap/envelope/") && body.contains(":Client<"), body);
        c = binaryPost(unknown, "application/vnd.dsoap.binary, application/soap+xml");
        assertEquals(415, c.getResponseCode());
        body = new String(c.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(c.getContentType().startsWith("application/soap+xml"), "a SOAP 1.2 fault: " + c.getContentType());
        assertTrue(body.contains("http://www.w3.org/2003/05/soap-envelope") && body.contains(":Sender<")
                && !body.contains(":Client<"), body);
        assertEquals(unknowns + 2, refused.map("BinaryRefusals").getOrDefault("UNKNOWN_FORMAT", 0L), refused.toString());

        // a request describing itself in a format that differs from the operation's: the first difference is named
        long mismatches = refused.map("BinaryRefusals").getOrDefault("FORMAT_MISMATCH", 0L);
        dev.dsoap.binding.MessageShape boxed = dev.dsoap.binding.MessageShape.wrapped(plain.namespace(), "echo",
                dev.dsoap.binding.MessageShape.Part.of("", "v", Double[].class, true));
        dev.dsoap.binary.BinaryWriter w = dev.dsoap.binary.BinaryFormat.of(new dev.dsoap.binding.PlanCompiler().compile(boxed,
                dev.dsoap.binding.WireConvention.documentLiteralWrapped()), plain.namespace(), "echo").newWriter();
        w.write(new Object[] {new Double[] {1.0}}, true);
        c = binaryPost(w.toByteArray(), null);
        assertEquals(415, c.getResponseCode());
        body = new String(c.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(body.contains("is not {" + plain.namespace() + "}echo's") && body.contains(": echo/v: "), body);
        assertEquals(mismatches + 1, refused.map("BinaryRefusals").getOrDefault("FORMAT_MISMATCH", 0L), refused.toString());
    }

    /** A raw binary POST to the dsoap server's echo, with {@code accept} when given. */
    private static java.net.HttpURLConnection binaryPost(byte[] body, String accept) throws java.io.IOException {
        java.net.HttpURLConnection c = (java.net.HttpURLConnection) java.net.URI.create(dsoap.url()).toURL().openConnection();
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "application/vnd.dsoap.binary");
        c.setRequestProperty("SOAPAction", "urn:echo");
        if (accept != null) {
            c.setRequestProperty("Accept", accept);
        }
        c.getOutputStream().write(body);
        return c;
    }

    /**
     * A binary request of a format the server reads but whose body is wrong (cut short, a lying count, trailing
     * bytes): a sender fault naming what is wrong and where, nothing served, and the next request is served.
     */
    @Test
    void badBinaryRequestsAreRefusedAndTheNextIsServed() throws Exception {
        QName echoMios = new QName(plain.namespace(), "echoMios");
        // the server names the formats it reads in its binary answers
        java.net.HttpURLConnection c = post(("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soapenv:Body><ns:echoMios xmlns:ns=\"" + plain.namespace() + "\"/></soapenv:Body></soapenv:Envelope>")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8), "text/xml; charset=UTF-8", "application/vnd.dsoap.binary");
        assertEquals(200, c.getResponseCode());
        assertEquals("Accept", c.getHeaderField("Vary"), "a binary answer's form depended on Accept");
        java.net.HttpURLConnection xml = post(("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soapenv:Body><ns:echoMios xmlns:ns=\"" + plain.namespace() + "\"/></soapenv:Body></soapenv:Envelope>")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8), "text/xml; charset=UTF-8", null);
        assertEquals(200, xml.getResponseCode());
        assertTrue(xml.getContentType().startsWith("text/xml"), xml.getContentType());
        assertEquals("Accept", xml.getHeaderField("Vary"), "so did an XML one's");
        String formats = c.getHeaderField("X-Dsoap-Request-Format");
        assertTrue(formats != null && formats.matches("[0-9a-f]{16}(,[0-9a-f]{16})*"), String.valueOf(formats));
        Stats st = dsoap.stats("echoMios");
        long rejected = st.get("MessagesRejected");
        for (String id : formats.split(",")) {
            byte[] head = new byte[14];
            head[0] = (byte) 0x89;
            head[1] = 'D';
            head[2] = 'S';
            head[3] = 'B';
            head[4] = 1;
            head[5] = 1;
            for (int i = 0; i < 8; i++) {
                head[6 + i] = (byte) Integer.parseInt(id.substring(2 * i, 2 * i + 2), 16);
            }
            byte[][] bodies = {{}, {1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x7F}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}};
            for (byte[] body : bodies) {
                byte[] frame = java.util.Arrays.copyOf(head, head.length + body.length);
                System.arraycopy(body, 0, frame, head.length, body.length);
                java.net.HttpURLConnection bad = post(frame, "application/vnd.dsoap.binary", null);
                int status = bad.getResponseCode();
                String fault = new String(bad.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                assertEquals(400, status, fault); // Axis2's status for a sender (Client) fault
                assertTrue(fault.contains("Client") && fault.contains("binary message: ") && fault.contains("at byte"), fault);
            }
        }
        assertEquals(rejected + 3L * formats.split(",").length, st.get("MessagesRejected"), st.toString());
        // a good frame's format sent with another operation's SOAPAction: refused, as Axis2 would dispatch it elsewhere
        java.net.HttpURLConnection other = (java.net.HttpURLConnection) java.net.URI.create(dsoap.url()).toURL().openConnection();
        other.setDoOutput(true);
        other.setRequestProperty("Content-Type", "application/vnd.dsoap.binary");
        other.setRequestProperty("SOAPAction", "urn:echo");
        byte[] frame = new byte[15];
        System.arraycopy(new byte[] {(byte) 0x89, 'D', 'S', 'B', 1, 1}, 0, frame, 0, 6);
        String id = formats.split(",")[0];
        for (int i = 0; i < 8; i++) {
            frame[6 + i] = (byte) Integer.parseInt(id.substring(2 * i, 2 * i + 2), 16);
        }
        other.getOutputStream().write(frame);
        assertEquals(400, other.getResponseCode());
        String fault = new String(other.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(fault.contains("action 'urn:echo' names echo"), fault);
        Mio[] mios = {new Mio(1, 2.5, "x"), null};
        assertEquals(call(reference, echoMios, new Object[] {mios}, Mio[].class), call(toDsoap, echoMios, new Object[] {mios}, Mio[].class));
    }

    private static java.net.HttpURLConnection post(byte[] body, String type, String accept) throws java.io.IOException {
        java.net.HttpURLConnection c = (java.net.HttpURLConnection) java.net.URI.create(dsoap.url()).toURL().openConnection();
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", type);
        c.setRequestProperty("SOAPAction", "urn:echoMios");
        if (accept != null) {
            c.setRequestProperty("Accept", accept);
        }
        c.getOutputStream().write(body);
        return c;
    }
}
