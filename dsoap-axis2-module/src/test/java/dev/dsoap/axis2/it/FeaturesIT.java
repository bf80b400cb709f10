package dev.dsoap.axis2.it;

import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.addressing.RelatesTo;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.apache.axis2.wsdl.WSDLConstants;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Axis2 with the features production servers switch on, each alone and together, on SimpleHTTPServer: the
 * WS-Addressing handlers (the stand-in {@link WsaHandlers}, in the addressing module's phases, since the real
 * {@code addressing.mar} is not obtainable here) engaged on the server and on the client, and compressed requests
 * ({@code Content-Encoding: gzip}, Axis2's client option {@code MC_GZIP_REQUEST}). Real clients call: a plain
 * {@code RPCServiceClient} and raw HTTP ({@link EngagedClientFeaturesIT}: dsoap's own client). Each configuration makes 30
 * calls of 10,000 doubles with a tenth changed (edge values among them): every value comes back bit for bit,
 * the feature does what it does without dsoap (the answer relates to the request's message id, carries the
 * handler's header blocks), and dsoap's counters say it read and wrote all 30 messages, with no fallback.
 * Compressed answers need AxisServlet (SimpleHTTPServer does not label them); {@code TomcatIT} covers them.
 */
class FeaturesIT {
    static final int ITEMS = 10_000;
    static final int CALLS = 30;
    private static final String WSA = WsaHandlers.WSA;
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 2.0e-310,
            Double.MAX_VALUE, -Double.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, 1e-300, -1.5};

    @TempDir
    static Path dir;
    static Axis2Server server;
    static ConfigurationContext plainClients;

    @BeforeAll
    static void start() throws Exception {
        String wsa = "<module ref=\"" + WsaHandlers.MODULE + "\"/>";
        server = Axis2Server.start(dir, true, wsa);
        Path plain = Axis2Server.repository(dir, false, wsa);
        plainClients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(plain.toString(),
                plain.resolve("axis2.xml").toString());
    }

    @AfterAll
    static void stop() throws Exception {
        for (ConfigurationContext c : new ConfigurationContext[] {plainClients}) {
            if (c != null) {
                c.terminate();
            }
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void plainClientWithAddressing() throws Exception {
        calls(server, new RPCServiceClient(plainClients, null), false, "plain RPCServiceClient, addressing");
    }

    @Test
    void plainClientWithAddressingAndCompressedRequests() throws Exception {
        calls(server, new RPCServiceClient(plainClients, null), true, "plain RPCServiceClient, addressing, gzip");
    }

    /**
     * 30 calls of {@code c}: values, the answer's addressing (its RelatesTo is the request's MessageID, read by the
     * client's handler), and the server's counters.
     */
    static void calls(Axis2Server server, RPCServiceClient c, boolean gzip, String what) throws Exception {
        c.getOptions().setTo(new EndpointReference(server.url()));
        c.getOptions().setTimeOutInMilliSeconds(60_000);
        c.getOptions().setAction("urn:echo");
        if (gzip) {
            c.getOptions().setProperty(HTTPConstants.MC_GZIP_REQUEST, Boolean.TRUE);
        }
        Stats st = server.stats("echo");
        long read = st.get("MessagesRead");
        long written = st.get("MessagesWritten");
        Map<String, Long> readFallbacks = st.map("ReadFallbacks");
        Map<String, Long> writeFallbacks = st.map("WriteFallbacks");
        long seed = Long.getLong("dsoap.seed", 0xFEA7_0001L) ^ what.hashCode();
        Random r = new Random(seed);
        double[] v = new double[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            v[i] = r.nextDouble() * 1000;
        }
        QName echo = new QName(server.namespace(), "echo");
        try {
            for (int call = 0; call < CALLS; call++) {
                String where = what + ", seed " + seed + ", call " + call;
                if (call > 0) {
                    for (int k = 0; k < ITEMS / 10; k++) {
                        v[r.nextInt(ITEMS)] = r.nextInt(5) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextDouble() * 1e5;
                    }
                }
                Object[] got = c.invokeBlocking(echo, new Object[] {ServerIT.boxed(v)}, new Class<?>[] {double[].class});
                double[] back = (double[]) got[0];
                assertEquals(ITEMS, back.length, where);
                for (int i = 0; i < ITEMS; i++) {
                    if (Double.doubleToRawLongBits(back[i]) != Double.doubleToRawLongBits(v[i])) {
                        throw new AssertionError(where + " item " + i + ": sent " + v[i] + ", got " + back[i]);
                    }
                }
                MessageContext out = c.getLastOperationContext().getMessageContext(WSDLConstants.MESSAGE_LABEL_OUT_VALUE);
                MessageContext in = c.getLastOperationContext().getMessageContext(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
                RelatesTo relates = in.getRelatesTo();
                assertNotNull(relates, where + ": the answer carries no wsa:RelatesTo");
                assertEquals(out.getMessageID(), relates.getValue(), where);
                c.cleanupTransport();
            }
        } finally {
            c.cleanup();
        }
        assertEquals(read + CALLS, st.get("MessagesRead"), what + ": " + st);
        assertEquals(written + CALLS, st.get("MessagesWritten"), what + ": " + st);
        assertEquals(readFallbacks, st.map("ReadFallbacks"), what);
        assertEquals(writeFallbacks, st.map("WriteFallbacks"), what);
    }

    @Test
    void answersCarryTheHandlersHeaderBlocksBeforeDsoapsBody() throws Exception {
        Stats st = server.stats("echo");
        long written = st.get("MessagesWritten");
        Map<String, Long> writeFallbacks = st.map("WriteFallbacks");
        HttpClient http = Soap.client();
        double[] v = {1.5, -0.0, Double.MIN_VALUE, 1e300, 0.1};
        for (int call = 0; call < 5; call++) {
            v[call] = call + 0.25;
            String id = "urn:uuid:dsoap-" + call + "-&amp;é";
            String xml = Soap.request(server.namespace(), "echo", Soap.doubles("v", v)).replace("<soapenv:Header/>",
                    "<soapenv:Header><wsa:MessageID xmlns:wsa=\"" + WSA + "\">" + id + "</wsa:MessageID>"
                            + "<wsa:Action xmlns:wsa=\"" + WSA + "\">urn:echo</wsa:Action></soapenv:Header>");
            for (boolean gzip : new boolean[] {false, true}) {
                byte[] body = xml.getBytes(StandardCharsets.UTF_8);
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url()))
                        .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "urn:echo");
                if (gzip) {
                    body = Soap.gzip(body);
                    b.header("Content-Encoding", "gzip");
                }
                HttpResponse<byte[]> r = http.send(b.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                String text = new String(r.body(), StandardCharsets.UTF_8);
                String where = "call " + call + (gzip ? ", gzip" : "") + ": " + text;
                assertEquals(200, r.statusCode(), where);
                String canonical = Soap.canonical(r.body());
                assertEquals("urn:uuid:dsoap-" + call + "-&é", Soap.relatesTo(r.body()), where);
                assertTrue(canonical.contains("=d:" + (call + 0.25)), where);
                int header = text.indexOf(":Header>");
                int body0 = text.indexOf(":Body>");
                assertTrue(header > 0 && header < body0 && text.indexOf("RelatesTo") < body0, where);
            }
        }
        assertEquals(written + 10, st.get("MessagesWritten"), st.toString());
        assertEquals(writeFallbacks, st.map("WriteFallbacks"), st.toString());
    }
}
