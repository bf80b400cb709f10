package dev.dsoap.axis2.it;

import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.apache.axis2.transport.http.AxisServlet;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Axis2 web application in a real servlet container: an embedded Tomcat on 127.0.0.1 running Axis2's
 * {@code AxisServlet} over the WAR layout ({@code WEB-INF/conf/axis2.xml} engaging dsoap, {@code WEB-INF/modules/}
 * with the built .mar, {@code WEB-INF/services/PlainEcho/META-INF/services.xml} deploying {@link EchoService}).
 * One plain {@code RPCServiceClient} at its default settings (no dsoap on the client) calls {@code echo} 35 times
 * with {@value #ITEMS} doubles, a quarter of them replaced per call at random positions by values of other printed
 * widths (edge values among them). Every answer holds the values sent; dsoap's own counters say each request after
 * the first was read against the client's kept message, only the first answer was a first send, and what the
 * client's state keeps is reported to the memory budget and is at most 2.5x the bytes of its request and answer.
 *
 * <p>Infinities are left out: Axis2 2.0.0's {@code BeanUtil} refuses {@code INF} when the client reads the answer,
 * with dsoap or without it (see {@link RpcClientIT}).
 */
class TomcatIT {
    static final int ITEMS = 100_000;
    private static final int CALLS = 35;
    private static final double[] OTHER = {Double.NaN, -0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 2.0e-310,
            Double.MAX_VALUE, -Double.MAX_VALUE, 1e-300, -1.5, 7, 0.1};

    @TempDir
    static Path dir;
    static Tomcat tomcat;
    static Context webapp;
    /** The same web application with the WS-Addressing stand-in engaged, which also compresses answers on request. */
    static Context featured;
    static int port;

    @BeforeAll
    static void start() throws Exception {
        tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createDirectories(dir.resolve("tomcat")).toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        webapp = webapp("axis2", "");
        featured = webapp("axis2wsa", "<module ref=\"" + WsaHandlers.MODULE + "\"/>");
        tomcat.start();
        port = connector.getLocalPort();
    }

    /**
     * The Axis2 web application at {@code /name}: its axis2.xml engages dsoap and {@code axis2Additions}, its
     * {@code WEB-INF/services/PlainEcho} deploys {@link EchoService}.
     */
    private static Context webapp(String name, String axis2Additions) throws Exception {
        Path repo = Axis2Server.repository(dir, true, axis2Additions);
        Path war = Files.createDirectories(dir.resolve(name));
        Path webInf = Files.createDirectories(war.resolve("WEB-INF"));
        String axis2 = Files.readString(repo.resolve("axis2.xml")).replace(
                "class=\"org.apache.axis2.transport.http.SimpleHTTPServer\"",
                "class=\"org.apache.axis2.transport.http.AxisServletListener\"");
        Files.writeString(Files.createDirectories(webInf.resolve("conf")).resolve("axis2.xml"), axis2);
        Files.move(repo.resolve("modules"), webInf.resolve("modules"));
        Path meta = Files.createDirectories(webInf.resolve("services").resolve("PlainEcho").resolve("META-INF"));
        Files.writeString(meta.resolve("services.xml"), """
                <service name="PlainEcho">
                  <parameter name="ServiceClass">%s</parameter>
                  <messageReceivers>
                    <messageReceiver mep="http://www.w3.org/ns/wsdl/in-out"
                                     class="org.apache.axis2.rpc.receivers.RPCMessageReceiver"/>
                    <messageReceiver mep="http://www.w3.org/ns/wsdl/in-only"
                                     class="org.apache.axis2.rpc.receivers.RPCInOnlyMessageReceiver"/>
                  </messageReceivers>
                </service>
                """.formatted(EchoService.class.getName()));
        Context c = tomcat.addContext("/" + name, war.toString());
        Wrapper servlet = Tomcat.addServlet(c, "AxisServlet", new AxisServlet());
        servlet.setLoadOnStartup(1);
        c.addServletMappingDecoded("/services/*", "AxisServlet");
        return c;
    }

    @AfterAll
    static void stop() throws Exception {
        if (tomcat != null) {
            tomcat.stop();
            tomcat.destroy();
        }
    }

    private static double other(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> OTHER[r.nextInt(OTHER.length)];
            case 1 -> r.nextInt(100);
            case 2 -> r.nextDouble() * 1e-200;
            default -> Math.round(r.nextDouble() * 1e6) / 100.0;
        };
    }

    @Test
    void aPlainClientKeepsOneStateOfItsMessagesSize() throws Exception {
        ConfigurationContext axis2 = (ConfigurationContext) webapp.getServletContext()
                .getAttribute(AxisServlet.CONFIGURATION_CONTEXT);
        assertNotNull(axis2, "AxisServlet did not start");
        Stats st = Stats.find(axis2, "server", "PlainEcho", "echo");
        Stats module = Stats.module(axis2);
        RPCServiceClient client = new RPCServiceClient();
        client.getOptions().setTo(new EndpointReference("http://127.0.0.1:" + port + "/axis2/services/PlainEcho"));
        QName echo = new QName(axis2.getAxisConfiguration().getService("PlainEcho").getTargetNamespace(), "echo");
        long seed = Long.getLong("dsoap.seed", System.nanoTime());
        Random r = new Random(seed);
        String context = "seed " + seed + " (-Ddsoap.seed=" + seed + ")";
        double[] v = new double[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            v[i] = r.nextDouble() * 1000;
        }
        long start = System.nanoTime();
        try {
            for (int call = 0; call < CALLS; call++) {
                if (call > 0) {
                    for (int k = 0; k < ITEMS / 4; k++) {
                        v[r.nextInt(ITEMS)] = other(r);
                    }
                }
                Object[] got = client.invokeBlocking(echo, new Object[] {ServerIT.boxed(v)},
                        new Class<?>[] {double[].class});
                double[] back = (double[]) got[0];
                assertEquals(ITEMS, back.length, context + " call " + call);
                for (int i = 0; i < ITEMS; i++) {
                    if (Double.doubleToLongBits(back[i]) != Double.doubleToLongBits(v[i])) {
                        throw new AssertionError(context + " call " + call + " item " + i + ": sent " + v[i]
                                + ", got " + back[i]);
                    }
                }
                client.cleanupTransport();
            }
        } finally {
            client.cleanup();
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        long read = st.get("MessagesRead");
        long skipped = st.get("BytesSkipped");
        long parsed = st.get("BytesParsed");
        long requestBytes = (skipped + parsed) / CALLS;
        long answerBytes = st.get("BytesWritten") / CALLS;
        long retained = st.get("RetainedBytes");
        String report = context + ": " + CALLS + " calls of " + ITEMS + " doubles in " + ms + " ms; request "
                + requestBytes + " B, answer " + answerBytes + " B; skipped " + (100 * skipped / Math.max(1, skipped + parsed))
                + " % of request bytes; reads by peer " + st.get("ReadsByPeer") + "; retained " + retained + " B ("
                + String.format("%.2f", (double) retained / (requestBytes + answerBytes))
                + "x request + answer), module budget used " + module.get("MemoryUsedBytes") + " B (spare read buffers "
                + module.get("MemorySpareBytes") + " B); " + st;
        System.out.println("TomcatIT " + report);
        assertEquals(CALLS, read, "dsoap did not read every request itself: " + report);
        // found by the connection's hint without a search: a hint is taken when half of its sampled windows match, and
        // a quarter of the values changed leaves fewer now and then (the search then finds the same kept state)
        assertTrue(st.get("ReadsByPeer") >= (CALLS - 1) / 2, "requests not found by their connection: " + report);
        assertEquals(0, st.map("ReadFallbacks").values().stream().mapToLong(Long::longValue).sum(), report);
        assertEquals(CALLS - 1, st.get("ReadsResumed") + st.get("ReadsIdentical"),
                "a request after the first was not read against the client's kept message: " + report);
        assertEquals(1L, st.map("WriteMatches").get("FIRST_SEND"), "first sends: " + report);
        // one client's state about the size of its messages and a half (measured on 2026-11-28: 1.35x, 10.3 MB: Axis2 spells 100K doubles in 7.6 MB of request and answer), the
        // seed's values moving it by a few per cent
        assertTrue(retained <= 1.55 * (requestBytes + answerBytes), report);
        assertEquals(retained, module.get("MemoryUsedBytes") - module.get("MemorySpareBytes"),
                "what the operation keeps is what the budget is charged (besides its spare read buffers): " + report);
    }

    /**
     * WS-Addressing and compression both ways under AxisServlet: a plain {@code RPCServiceClient} with the
     * addressing stand-in engaged and Axis2's gzip options on ({@code MC_GZIP_REQUEST}, {@code MC_ACCEPT_GZIP}) makes
     * 30 calls of 10,000 doubles, a tenth changed; every value comes back, every answer relates to its request,
     * and dsoap read and wrote them all. A raw request that accepts gzip gets a compressed answer
     * ({@code Content-Encoding: gzip}) whose Header holds the addressing blocks before dsoap's Body.
     */
    @Test
    void addressingAndCompressionBothWays() throws Exception {
        ConfigurationContext axis2 = (ConfigurationContext) featured.getServletContext()
                .getAttribute(AxisServlet.CONFIGURATION_CONTEXT);
        assertNotNull(axis2, "AxisServlet did not start");
        Stats st = Stats.find(axis2, "server", "PlainEcho", "echo");
        String url = "http://127.0.0.1:" + port + "/axis2wsa/services/PlainEcho";
        Path clientRepo = Axis2Server.repository(dir, false, "<module ref=\"" + WsaHandlers.MODULE + "\"/>");
        ConfigurationContext clients = org.apache.axis2.context.ConfigurationContextFactory
                .createConfigurationContextFromFileSystem(clientRepo.toString(), clientRepo.resolve("axis2.xml").toString());
        String ns = axis2.getAxisConfiguration().getService("PlainEcho").getTargetNamespace();
        long seed = Long.getLong("dsoap.seed", 0x70_3CA7L);
        Random r = new Random(seed);
        int items = 10_000;
        int calls = 30;
        double[] v = new double[items];
        for (int i = 0; i < items; i++) {
            v[i] = r.nextDouble() * 1000;
        }
        RPCServiceClient client = new RPCServiceClient(clients, null);
        client.getOptions().setTo(new EndpointReference(url));
        client.getOptions().setAction("urn:echo");
        client.getOptions().setProperty(org.apache.axis2.kernel.http.HTTPConstants.MC_GZIP_REQUEST, Boolean.TRUE);
        client.getOptions().setProperty(org.apache.axis2.kernel.http.HTTPConstants.MC_ACCEPT_GZIP, Boolean.TRUE);
        try {
            for (int call = 0; call < calls; call++) {
                String where = "seed " + seed + " call " + call;
                if (call > 0) {
                    for (int k = 0; k < items / 10; k++) {
                        v[r.nextInt(items)] = other(r);
                    }
                }
                Object[] got = client.invokeBlocking(new QName(ns, "echo"), new Object[] {ServerIT.boxed(v)},
                        new Class<?>[] {double[].class});
                double[] back = (double[]) got[0];
                for (int i = 0; i < items; i++) {
                    if (Double.doubleToRawLongBits(back[i]) != Double.doubleToRawLongBits(v[i])) {
                        throw new AssertionError(where + " item " + i + ": sent " + v[i] + ", got " + back[i]);
                    }
                }
                org.apache.axis2.context.MessageContext out = client.getLastOperationContext().getMessageContext("Out");
                org.apache.axis2.context.MessageContext in = client.getLastOperationContext().getMessageContext("In");
                assertNotNull(in.getRelatesTo(), where + ": no wsa:RelatesTo");
                assertEquals(out.getMessageID(), in.getRelatesTo().getValue(), where);
                client.cleanupTransport();
            }
        } finally {
            client.cleanup();
            clients.terminate();
        }
        assertEquals(calls, st.get("MessagesRead"), st.toString());
        assertEquals(calls, st.get("MessagesWritten"), st.toString());
        assertEquals(java.util.Map.of(), st.map("ReadFallbacks"), st.toString());
        assertEquals(java.util.Map.of(), st.map("WriteFallbacks"), st.toString());

        String xml = Soap.request(ns, "echo", Soap.doubles("ns:args0", new double[] {1.25, -0.0, Double.MIN_VALUE}))
                .replace("<soapenv:Header/>", "<soapenv:Header><wsa:MessageID xmlns:wsa=\"" + WsaHandlers.WSA
                        + "\">urn:uuid:tomcat-1</wsa:MessageID></soapenv:Header>");
        java.net.http.HttpResponse<byte[]> answer = Soap.client().send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
                        .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "urn:echo")
                        .header("Content-Encoding", "gzip").header("Accept-Encoding", "gzip")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(Soap.gzip(xml.getBytes(
                                java.nio.charset.StandardCharsets.UTF_8)))).build(),
                java.net.http.HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, answer.statusCode());
        assertEquals("gzip", answer.headers().firstValue("Content-Encoding").orElse(null), "the answer is not compressed");
        byte[] body = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(answer.body())).readAllBytes();
        String text = new String(body, java.nio.charset.StandardCharsets.UTF_8);
        assertEquals("urn:uuid:tomcat-1", Soap.relatesTo(body), text);
        assertTrue(text.indexOf("RelatesTo") < text.indexOf(":Body>"), text);
        assertTrue(Soap.canonical(body).contains("=d:1.25"), text);
        assertEquals(calls + 1, st.get("MessagesWritten"), st.toString()); // (the raw request is Axis2's to read)
        assertEquals(java.util.Map.of(), st.map("WriteFallbacks"), st.toString());
    }
}
