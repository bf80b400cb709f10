package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoapFeature;
import org.apache.cxf.ext.logging.LoggingFeature;
import org.apache.cxf.ext.logging.event.EventType;
import org.apache.cxf.ext.logging.event.LogEvent;
import org.apache.cxf.ext.logging.event.LogEventSender;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.transport.common.gzip.GZIPFeature;
import org.apache.cxf.transport.common.gzip.GZIPInInterceptor;
import org.apache.cxf.transport.common.gzip.GZIPOutInterceptor;
import org.junit.jupiter.api.Test;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CXF's standard features with dsoap carrying both ways: {@link LoggingFeature}, {@link GZIPFeature}, both together,
 * and {@link DifferentialSoapFeature} as a bus feature (added to a running bus, or set with {@code setFeatures}).
 * Real endpoints on Jetty over loopback and real JAX-WS proxies with the same features make 30 calls of 10,000
 * doubles, a tenth of them changed per call (edge values among them). Every answer holds the values sent bit for bit;
 * each feature still does its work (the log shows each payload as sent and as received, and as plain CXF logs it; the
 * wire is compressed); dsoap's counters say it read and wrote every message itself, with no fallback.
 */
@org.junit.jupiter.api.Tag("long") // a long matrix of features: CI's second JDK pass leaves it out
class FeaturesTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20260517L);
    private static final int CALLS = 30;
    private static final int ITEMS = 10_000;
    private static final String SERVICE = "EchoService.EchoPort";
    private static final String OPERATION = "echoDoubles";
    /** Logging's payload limit in the tests that log whole messages (about 300 KB each). */
    static final int WHOLE = 4 << 20;
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, 2.0e-310, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE,
            1e-300, 0.1, 7};

    // ------------------------------------------------------------------------------------------------ logging

    /**
     * LoggingFeature on the endpoint and on its clients (a dsoap one and a plain one): each request is logged by the
     * client as sent and by the endpoint as received, the same text; each answer by the endpoint as sent and by the
     * client as received; every payload holds the call's values; and the payloads are the ones plain CXF logs for
     * the same calls, with dsoap on neither side.
     */
    @Test
    void loggingShowsThePayloadsDsoapReadAndWrote() throws Exception {
        List<double[]> calls = sequence();
        try (Cxf cxf = new Cxf(); Cxf plainBus = new Cxf(); Cxf reference = new Cxf()) {
            Captured server = new Captured();
            String address = publish(cxf, new EchoImpl(), new DifferentialSoapFeature(), logging(server, WHOLE));
            Captured dsoapLog = new Captured();
            Echo dsoap = cxf.client(address, Echo.class, "EchoService", "EchoPort", new DifferentialSoapFeature(),
                    logging(dsoapLog, WHOLE));
            run(dsoap, calls, "dsoap client, logging");
            List<String[]> dsoapPairs = logged("dsoap client", calls, dsoapLog, server, 0);

            Captured plainLog = new Captured();
            Echo plain = plainBus.client(address, Echo.class, "EchoService", "EchoPort", logging(plainLog, WHOLE));
            run(plain, calls, "plain client, logging");
            List<String[]> plainPairs = logged("plain client", calls, plainLog, server, CALLS);

            Captured refServer = new Captured();
            String refAddress = publish(reference, new EchoImpl(), logging(refServer, WHOLE));
            Captured refLog = new Captured();
            Echo ref = reference.client(refAddress, Echo.class, "EchoService", "EchoPort", logging(refLog, WHOLE));
            run(ref, calls, "plain CXF, logging");
            List<String[]> refPairs = logged("plain CXF", calls, refLog, refServer, 0);
            for (int i = 0; i < CALLS; i++) {
                assertEquals(refPairs.get(i)[0], plainPairs.get(i)[0], "call " + i + ": request of plain CXF's client");
                assertSameXml(refPairs.get(i)[0], dsoapPairs.get(i)[0], "call " + i + ": request of dsoap's client");
                assertSameXml(refPairs.get(i)[1], dsoapPairs.get(i)[1], "call " + i + ": dsoap's answer to dsoap's client");
                assertSameXml(refPairs.get(i)[1], plainPairs.get(i)[1], "call " + i + ": dsoap's answer to a plain client");
            }
            carried(cxf.stats("server", SERVICE, OPERATION), 2 * CALLS, "endpoint with LoggingFeature");
            carried(cxf.stats("client", SERVICE, OPERATION), CALLS, "client with LoggingFeature");
            assertEquals(0, cxf.stats("client", SERVICE, OPERATION).getBinaryMessagesRead(), "logged messages stay XML");
        }
    }

    /**
     * A payload longer than logging's limit: every entry holds the limit's worth of the message and says it was
     * truncated, as plain CXF's entries do; the endpoint's entry of a request is the client's.
     */
    @Test
    void loggingTruncatesAtItsLimitAsCxfDoes() throws Exception {
        List<double[]> calls = sequence().subList(0, 5);
        int limit = 1000;
        try (Cxf cxf = new Cxf(); Cxf reference = new Cxf()) {
            Captured server = new Captured();
            String address = publish(cxf, new EchoImpl(), new DifferentialSoapFeature(), logging(server, limit));
            Captured client = new Captured();
            Echo dsoap = cxf.client(address, Echo.class, "EchoService", "EchoPort", new DifferentialSoapFeature(),
                    logging(client, limit));
            run(dsoap, calls, "dsoap, logging limit " + limit);
            Captured refServer = new Captured();
            String refAddress = publish(reference, new EchoImpl(), logging(refServer, limit));
            Captured refClient = new Captured();
            run(reference.client(refAddress, Echo.class, "EchoService", "EchoPort", logging(refClient, limit)), calls,
                    "plain CXF, logging limit " + limit);
            server.await(EventType.RESP_OUT, calls.size());
            refServer.await(EventType.RESP_OUT, calls.size());
            for (EventType t : EventType.values()) {
                if (t == EventType.FAULT_IN || t == EventType.FAULT_OUT) {
                    continue;
                }
                Captured mine = t == EventType.REQ_IN || t == EventType.RESP_OUT ? server : client;
                Captured cxfs = t == EventType.REQ_IN || t == EventType.RESP_OUT ? refServer : refClient;
                assertEquals(calls.size(), mine.of(t).size(), t + " entries");
                for (int i = 0; i < calls.size(); i++) {
                    LogEvent e = mine.of(t).get(i);
                    LogEvent r = cxfs.of(t).get(i);
                    assertTrue(r.isTruncated(), "plain CXF's " + t + " entry is truncated");
                    assertTrue(e.isTruncated(), t + " entry " + i + " says it is truncated");
                    assertEquals(r.getPayload().length(), e.getPayload().length(), t + " entry " + i + ": " + e.getPayload());
                    assertTrue(e.getPayload().startsWith("<soap:Envelope"), e.getPayload());
                }
            }
            for (int i = 0; i < calls.size(); i++) {
                assertEquals(client.of(EventType.REQ_OUT).get(i).getPayload(), server.of(EventType.REQ_IN).get(i).getPayload());
                assertEquals(server.of(EventType.RESP_OUT).get(i).getPayload(), client.of(EventType.RESP_IN).get(i).getPayload());
            }
            carried(cxf.stats("server", SERVICE, OPERATION), calls.size(), "endpoint logging with a limit");
            carried(cxf.stats("client", SERVICE, OPERATION), calls.size(), "client logging with a limit");
        }
    }

    // ------------------------------------------------------------------------------------------------ gzip

    /**
     * GZIPFeature on the endpoint and its clients: answers go compressed to every client (which then compresses its
     * requests too), a raw request sent compressed is answered compressed, and dsoap reads and writes the messages
     * inside the compression.
     */
    @Test
    void gzipCompressesWhatDsoapWrites() throws Exception {
        List<double[]> calls = sequence();
        try (Cxf cxf = new Cxf(); Cxf plainBus = new Cxf()) {
            Encodings encodings = new Encodings();
            cxf.bus.setProperty("dsoap.trustedInterceptors", Encodings.class.getName()); // it only looks at a header
            String address = publish(cxf, new EchoImpl(), new DifferentialSoapFeature(), new GZIPFeature(), encodings);
            Echo dsoap = cxf.client(address, Echo.class, "EchoService", "EchoPort", new DifferentialSoapFeature(), new GZIPFeature());
            run(dsoap, calls, "dsoap client, gzip");
            compressed(dsoap, encodings, "dsoap client");
            Echo plain = plainBus.client(address, Echo.class, "EchoService", "EchoPort", new GZIPFeature());
            run(plain, calls, "plain client, gzip");
            compressed(plain, encodings, "plain client");
            rawGzip(address, calls.get(CALLS - 1));
            carried(cxf.stats("server", SERVICE, OPERATION), 2 * CALLS + 1, "endpoint with GZIPFeature");
            carried(cxf.stats("client", SERVICE, OPERATION), CALLS, "client with GZIPFeature");
        }
    }

    /** LoggingFeature and GZIPFeature together on the endpoint and its client: logged as plain CXF logs, compressed. */
    @Test
    void loggingAndGzipTogether() throws Exception {
        List<double[]> calls = sequence();
        try (Cxf cxf = new Cxf(); Cxf reference = new Cxf()) {
            Encodings encodings = new Encodings();
            cxf.bus.setProperty("dsoap.trustedInterceptors", Encodings.class.getName());
            Captured server = new Captured();
            String address = publish(cxf, new EchoImpl(), new DifferentialSoapFeature(), logging(server, WHOLE),
                    new GZIPFeature(), encodings);
            Captured client = new Captured();
            Echo dsoap = cxf.client(address, Echo.class, "EchoService", "EchoPort", new DifferentialSoapFeature(),
                    logging(client, WHOLE), new GZIPFeature());
            run(dsoap, calls, "dsoap, logging and gzip");
            compressed(dsoap, encodings, "dsoap client");
            List<String[]> pairs = logged("dsoap, logging and gzip", calls, client, server, 0);

            Captured refServer = new Captured();
            String refAddress = publish(reference, new EchoImpl(), logging(refServer, WHOLE), new GZIPFeature());
            Captured refClient = new Captured();
            run(reference.client(refAddress, Echo.class, "EchoService", "EchoPort", logging(refClient, WHOLE),
                    new GZIPFeature()), calls, "plain CXF, logging and gzip");
            List<String[]> refPairs = logged("plain CXF, logging and gzip", calls, refClient, refServer, 0);
            for (int i = 0; i < CALLS; i++) {
                assertSameXml(refPairs.get(i)[0], pairs.get(i)[0], "call " + i + ": request");
                assertSameXml(refPairs.get(i)[1], pairs.get(i)[1], "call " + i + ": answer");
            }
            rawGzip(address, calls.get(0));
            carried(cxf.stats("server", SERVICE, OPERATION), CALLS + 1, "endpoint with logging and gzip");
            carried(cxf.stats("client", SERVICE, OPERATION), CALLS, "client with logging and gzip");
        }
    }

    /**
     * Logging, compression and WS-Addressing at once, on the endpoint and on both clients (a dsoap one and a plain
     * one): values, whole log entries holding them, compressed traffic, and every answer relating to its request
     * (its logged {@code wsa:RelatesTo} is the logged request's {@code wsa:MessageID}); dsoap read and wrote all 60
     * exchanges on the endpoint and the dsoap client's 30.
     */
    @Test
    void loggingGzipAndAddressingTogether() throws Exception {
        List<double[]> calls = sequence();
        try (Cxf cxf = new Cxf()) {
            Encodings encodings = new Encodings();
            cxf.bus.setProperty("dsoap.trustedInterceptors", Encodings.class.getName());
            Captured server = new Captured();
            String address = publish(cxf, new EchoImpl(), new DifferentialSoapFeature(), logging(server, WHOLE),
                    new GZIPFeature(), new org.apache.cxf.ws.addressing.WSAddressingFeature(), encodings);
            Captured dsoapLog = new Captured();
            Echo dsoap = cxf.client(address, Echo.class, "EchoService", "EchoPort", new DifferentialSoapFeature(),
                    logging(dsoapLog, WHOLE), new GZIPFeature(), new org.apache.cxf.ws.addressing.WSAddressingFeature());
            run(dsoap, calls, "dsoap client, logging, gzip and addressing");
            compressed(dsoap, encodings, "dsoap client");
            related(logged("dsoap client, logging, gzip and addressing", calls, dsoapLog, server, 0), "dsoap client");
            Captured plainLog = new Captured();
            Echo plain = cxf.client(address, Echo.class, "EchoService", "EchoPort", logging(plainLog, WHOLE),
                    new GZIPFeature(), new org.apache.cxf.ws.addressing.WSAddressingFeature());
            run(plain, calls, "plain client, logging, gzip and addressing");
            compressed(plain, encodings, "plain client");
            related(logged("plain client, logging, gzip and addressing", calls, plainLog, server, CALLS), "plain client");
            carried(cxf.stats("server", SERVICE, OPERATION), 2 * CALLS, "endpoint with logging, gzip and addressing");
            carried(cxf.stats("client", SERVICE, OPERATION), CALLS, "dsoap client with logging, gzip and addressing");
        }
    }

    /** Each logged answer's {@code wsa:RelatesTo} is its logged request's {@code wsa:MessageID}. */
    private static void related(List<String[]> pairs, String what) throws XMLStreamException {
        for (int i = 0; i < pairs.size(); i++) {
            String id = text(pairs.get(i)[0], "MessageID");
            assertTrue(id != null && !id.isEmpty(), what + " call " + i + ": no wsa:MessageID in " + pairs.get(i)[0]);
            assertEquals(id, text(pairs.get(i)[1], "RelatesTo"), what + " call " + i + ": the answer's wsa:RelatesTo");
        }
    }

    /** The text of the first WS-Addressing element {@code name} of a logged payload, or {@code null}. */
    static String text(String payload, String name) throws XMLStreamException {
        XMLStreamReader r = XMLInputFactory.newFactory().createXMLStreamReader(new StringReader(payload));
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals(name)
                    && "http://www.w3.org/2005/08/addressing".equals(r.getNamespaceURI())) {
                return r.getElementText().trim();
            }
        }
        return null;
    }

    // ------------------------------------------------------------------------------------------------ bus-wide

    /**
     * {@code bus.getFeatures().add(new DifferentialSoapFeature())} on a running bus, then {@code Endpoint.publish}:
     * the endpoint and the bus's clients are carried, and dsoap says once that it installed the feature itself.
     */
    @Test
    void aFeatureAddedToARunningBusCarriesItsEndpointsAndClients() throws Exception {
        List<double[]> calls = sequence();
        Logger log = Logger.getLogger("dev.dsoap.jaxws.BusState");
        List<String> said = new CopyOnWriteArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getMessage() != null && r.getMessage().contains("lists DifferentialSoapFeature among its features")) {
                    said.add(r.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(h);
        try (Cxf cxf = new Cxf(); Cxf plainBus = new Cxf()) {
            cxf.bus.getFeatures().add(new DifferentialSoapFeature());
            String address = cxf.publish(new EchoImpl());
            run(cxf.plain(address), calls, "a client of the bus");
            run(cxf.plain(address), calls.subList(0, 3), "another client of the bus");
            run(plainBus.plain(address), calls, "a client of another bus");
            carried(cxf.stats("server", SERVICE, OPERATION), 2 * CALLS + 3, "endpoint of a bus feature added late");
            carried(cxf.stats("client", SERVICE, OPERATION), CALLS + 3, "clients of a bus feature added late");
            assertEquals(null, plainBus.stats("client", SERVICE, OPERATION, true), "the other bus's client is plain");
            assertEquals(1, said.size(), "said once: " + said);
            assertTrue(said.get(0).contains("added after the bus was initialized"), said.get(0));
        } finally {
            log.removeHandler(h);
        }
    }

    /** {@code bus.setFeatures(...)} on a running bus: CXF initializes the feature; the bus's endpoints and clients are carried. */
    @Test
    void featuresSetOnARunningBusCarryItsEndpointsAndClients() throws Exception {
        List<double[]> calls = sequence();
        try (Cxf cxf = new Cxf()) {
            List<Feature> features = new ArrayList<>(cxf.bus.getFeatures());
            features.add(new DifferentialSoapFeature());
            cxf.bus.setFeatures(features);
            String address = cxf.publish(new EchoImpl());
            run(cxf.plain(address), calls, "a client of the bus");
            carried(cxf.stats("server", SERVICE, OPERATION), CALLS, "endpoint of bus.setFeatures");
            carried(cxf.stats("client", SERVICE, OPERATION), CALLS, "client of bus.setFeatures");
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /** Log entries, kept in order. Thread-safe. */
    static final class Captured implements LogEventSender {
        final List<LogEvent> events = new CopyOnWriteArrayList<>();

        @Override
        public void send(LogEvent event) {
            events.add(event);
        }

        List<LogEvent> of(EventType type) {
            return events.stream().filter(e -> e.getType() == type).toList();
        }

        /** Waits for {@code n} entries of {@code type}: an endpoint logs its answer once the stream is closed. */
        void await(EventType type, int n) throws InterruptedException {
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (of(type).size() < n && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        }
    }

    /** Counts requests that arrive compressed (ahead of CXF's GZIPInInterceptor, which removes the header). */
    static final class Encodings extends AbstractPhaseInterceptor<Message> {
        final AtomicInteger gzipped = new AtomicInteger();

        Encodings() {
            super(Phase.RECEIVE);
            addBefore(GZIPInInterceptor.class.getName());
        }

        @Override
        public void handleMessage(Message m) {
            if (m.get(Message.PROTOCOL_HEADERS) instanceof Map<?, ?> headers) {
                for (Map.Entry<?, ?> e : headers.entrySet()) {
                    if ("Content-Encoding".equalsIgnoreCase(String.valueOf(e.getKey()))
                            && String.valueOf(e.getValue()).contains("gzip")) {
                        gzipped.incrementAndGet();
                    }
                }
            }
        }
    }

    static LoggingFeature logging(Captured sender, int limit) {
        LoggingFeature f = new LoggingFeature();
        f.setSender(sender);
        f.setLimit(limit);
        return f;
    }

    /** Publishes {@code impl} with CXF {@code features} (and {@code encodings}, when given, as an in-interceptor). */
    static String publish(Cxf cxf, Object impl, Object... features) throws IOException {
        EndpointImpl e = new EndpointImpl(cxf.bus, impl);
        for (Object f : features) {
            if (f instanceof Feature feature) {
                e.getFeatures().add(feature);
            } else if (f instanceof Encodings enc) {
                e.getInInterceptors().add(enc);
            }
        }
        String address = cxf.address("features");
        e.publish(address);
        cxf.track(e);
        return address;
    }

    /** The values of each call, the same for every configuration: a tenth of the items changed per call. */
    static List<double[]> sequence() {
        Random r = new Random(SEED);
        double[] v = new double[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            v[i] = i < EDGES.length ? EDGES[i] : r.nextDouble() * 1000;
        }
        int[] index = new int[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            index[i] = i;
        }
        List<double[]> calls = new ArrayList<>();
        calls.add(v.clone());
        for (int c = 1; c < CALLS; c++) {
            for (int k = 0; k < ITEMS / 10; k++) { // distinct positions: a partial shuffle
                int j = k + r.nextInt(ITEMS - k);
                int t = index[k];
                index[k] = index[j];
                index[j] = t;
                v[index[k]] = other(r);
            }
            calls.add(v.clone());
        }
        return calls;
    }

    private static double other(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> EDGES[r.nextInt(EDGES.length)];
            case 1 -> r.nextInt(100);
            case 2 -> r.nextDouble() * 1e-200;
            case 3 -> -r.nextDouble() * 1e300;
            default -> Math.round(r.nextDouble() * 1e6) / 100.0;
        };
    }

    /** Makes the calls; every answer must hold the values sent, bit for bit. */
    private static void run(Echo client, List<double[]> calls, String what) {
        for (int c = 0; c < calls.size(); c++) {
            same(calls.get(c), client.echoDoubles(calls.get(c)), what + " (seed " + SEED + ") call " + c);
        }
    }

    static void same(double[] sent, double[] got, String what) {
        assertEquals(sent.length, got.length, what + ": length");
        for (int i = 0; i < sent.length; i++) {
            if (Double.doubleToRawLongBits(sent[i]) != Double.doubleToRawLongBits(got[i])) {
                throw new AssertionError(what + " item " + i + ": sent " + sent[i] + ", got " + got[i]);
            }
        }
    }

    /**
     * Checks the log entries of the calls from {@code from} on: the endpoint logged each request as the client sent
     * it and each answer as the client received it, whole, holding the call's values. Returns each call's request and
     * answer payloads.
     */
    private static List<String[]> logged(String what, List<double[]> calls, Captured client, Captured server, int from)
            throws Exception {
        server.await(EventType.RESP_OUT, from + calls.size());
        List<LogEvent> reqOut = client.of(EventType.REQ_OUT);
        List<LogEvent> reqIn = server.of(EventType.REQ_IN);
        List<LogEvent> respOut = server.of(EventType.RESP_OUT);
        List<LogEvent> respIn = client.of(EventType.RESP_IN);
        assertEquals(calls.size(), reqOut.size(), what + ": requests logged by the client");
        assertEquals(calls.size(), respIn.size(), what + ": answers logged by the client");
        assertEquals(from + calls.size(), reqIn.size(), what + ": requests logged by the endpoint");
        assertEquals(from + calls.size(), respOut.size(), what + ": answers logged by the endpoint");
        List<String[]> pairs = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            String call = what + " call " + i;
            String request = reqOut.get(i).getPayload();
            String answer = respOut.get(from + i).getPayload();
            for (LogEvent e : List.of(reqOut.get(i), reqIn.get(from + i), respOut.get(from + i), respIn.get(i))) {
                assertFalse(e.isTruncated(), call + ": " + e.getType() + " truncated");
            }
            assertEquals(request, reqIn.get(from + i).getPayload(), call + ": the endpoint logged the request as sent");
            assertEquals(answer, respIn.get(i).getPayload(), call + ": the client logged the answer as sent");
            same(calls.get(i), values(request, "values"), call + ": logged request");
            same(calls.get(i), values(answer, "return"), call + ": logged answer");
            pairs.add(new String[] {request, answer});
        }
        return pairs;
    }

    /** The doubles in the elements named {@code name} of a logged payload, parsed as XML. */
    static double[] values(String payload, String name) throws XMLStreamException {
        XMLStreamReader r = XMLInputFactory.newFactory().createXMLStreamReader(new StringReader(payload));
        List<Double> out = new ArrayList<>();
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals(name)) {
                String t = r.getElementText().trim();
                out.add(switch (t) {
                    case "INF" -> Double.POSITIVE_INFINITY;
                    case "-INF" -> Double.NEGATIVE_INFINITY;
                    default -> Double.parseDouble(t);
                });
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * The same message as plain CXF's: the same text, or (dsoap may write a number in another lexical form, or pad with
     * whitespace) the same elements with the same values, bit for bit.
     */
    private static void assertSameXml(String cxfs, String dsoaps, String what) throws XMLStreamException {
        if (cxfs.equals(dsoaps)) {
            return;
        }
        for (String name : new String[] {"values", "return"}) {
            double[] a = values(cxfs, name);
            same(a, values(dsoaps, name), what + " (" + name + ")");
        }
        assertEquals(skeleton(cxfs), skeleton(dsoaps), what + ": elements");
    }

    /** The element names of a payload, in order. */
    private static List<String> skeleton(String payload) throws XMLStreamException {
        XMLStreamReader r = XMLInputFactory.newFactory().createXMLStreamReader(new StringReader(payload));
        List<String> names = new ArrayList<>();
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT) {
                names.add(r.getName().toString());
            }
        }
        return names;
    }

    /** The client's answers arrived compressed, and its requests went compressed from the first answer on. */
    private static void compressed(Echo client, Encodings encodings, String what) {
        Object use = ClientProxy.getClient(client).getEndpoint().get(GZIPOutInterceptor.USE_GZIP_KEY);
        assertEquals(GZIPOutInterceptor.UseGzip.YES, use, what + ": CXF saw compressed answers");
        int before = encodings.gzipped.getAndSet(0);
        assertTrue(before >= CALLS - 1, what + ": " + before + " compressed requests of " + CALLS);
    }

    /** A raw request sent compressed and asking for a compressed answer: it gets one, holding the values sent. */
    /**
     * dsoap knows its answer's length before writing it: where the answer's bytes go to the transport as dsoap writes
     * them and are more than the response's buffer holds, it goes out with a {@code Content-Length} equal to its bytes,
     * not in chunks (as plain CXF streams it). Where
     * GZIPFeature compresses the answer, or LoggingFeature copies it as it goes, the length on the wire is what they make
     * of it: the answer reads back to the values either way.
     */
    @Test
    void answersGoOutWithTheirLengthWhereNothingWrapsTheStream() throws Exception {
        // an answer of some 100 KB, past the response's buffer (32 KiB) and GZIPFeature's threshold, edge values first
        double[] v = java.util.stream.DoubleStream.concat(java.util.stream.DoubleStream.of(1.5, -0.0, Double.NaN,
                Double.POSITIVE_INFINITY, 4.9E-324, 1.7976931348623157E308), new java.util.Random(0xc1L).doubles(3000))
                .toArray();
        try (Cxf cxf = new Cxf()) {
            String bare = publish(cxf, new EchoImpl(), new DifferentialSoapFeature());
            for (int round = 0; round < 3; round++) {
                HttpURLConnection c = rawPost(bare, v, false);
                assertEquals(200, c.getResponseCode());
                byte[] body;
                try (InputStream in = c.getInputStream()) {
                    body = in.readAllBytes();
                }
                assertEquals(Integer.toString(body.length), c.getHeaderField("Content-Length"), "round " + round + ": "
                        + c.getHeaderFields());
                assertEquals(null, c.getHeaderField("Transfer-Encoding"), "round " + round);
                same(v, values(new String(body, StandardCharsets.UTF_8), "return"), "round " + round + "'s answer");
            }
            carried(cxf.stats("server", SERVICE, OPERATION), 3, "bare endpoint");
        }
        try (Cxf cxf = new Cxf()) {
            Encodings encodings = new Encodings();
            cxf.bus.setProperty("dsoap.trustedInterceptors", Encodings.class.getName());
            String zipped = publish(cxf, new EchoImpl(), new DifferentialSoapFeature(), logging(new Captured(),
                    WHOLE), new GZIPFeature(), encodings);
            HttpURLConnection c = rawPost(zipped, v, true);
            assertEquals(200, c.getResponseCode());
            assertEquals("gzip", c.getHeaderField("Content-Encoding"));
            byte[] wire;
            try (InputStream in = c.getInputStream()) {
                wire = in.readAllBytes();
            }
            String length = c.getHeaderField("Content-Length");
            if (length != null) {
                assertEquals(Integer.toString(wire.length), length, "the compressed answer's length");
            }
            byte[] body;
            try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(wire))) {
                body = in.readAllBytes();
            }
            same(v, values(new String(body, StandardCharsets.UTF_8), "return"), "compressed and logged answer");
            carried(cxf.stats("server", SERVICE, OPERATION), 1, "endpoint with LoggingFeature and GZIPFeature");
        }
    }

    /** POSTs an echo of {@code v} as it is (asking for a compressed answer when {@code gzip}); the response is open. */
    private static HttpURLConnection rawPost(String address, double[] v, boolean gzip) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(address).toURL().openConnection();
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        c.setRequestProperty("SOAPAction", "\"\"");
        if (gzip) {
            c.setRequestProperty("Accept-Encoding", "gzip");
        }
        c.getOutputStream().write(echoEnvelope(v));
        return c;
    }

    /** An echoDoubles request of {@code v}, as a plain client writes it (infinities in XML Schema's spelling). */
    private static byte[] echoEnvelope(double[] v) {
        StringBuilder b = new StringBuilder("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soap:Body><ns2:echoDoubles xmlns:ns2=\"urn:dsoap:cxf-echo\">");
        for (double d : v) {
            b.append("<values>").append(Double.isInfinite(d) ? (d > 0 ? "INF" : "-INF") : Double.toString(d)).append("</values>");
        }
        b.append("</ns2:echoDoubles></soap:Body></soap:Envelope>");
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void rawGzip(String address, double[] v) throws Exception {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(zipped)) {
            z.write(echoEnvelope(v));
        }
        HttpURLConnection c = (HttpURLConnection) URI.create(address).toURL().openConnection();
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        c.setRequestProperty("SOAPAction", "\"\"");
        c.setRequestProperty("Content-Encoding", "gzip");
        c.setRequestProperty("Accept-Encoding", "gzip");
        c.getOutputStream().write(zipped.toByteArray());
        assertEquals(200, c.getResponseCode());
        assertEquals("gzip", c.getHeaderField("Content-Encoding"));
        byte[] body;
        try (InputStream in = new GZIPInputStream(c.getInputStream())) {
            body = in.readAllBytes();
        }
        same(v, values(new String(body, StandardCharsets.UTF_8), "return"), "raw compressed request's answer");
    }

    /** dsoap read and wrote {@code n} messages of the operation itself, with no fallback. */
    static void carried(OperationStatsMXBean s, long n, String what) {
        String all = what + ": read " + s.getMessagesRead() + " (binary " + s.getBinaryMessagesRead() + ") written "
                + s.getMessagesWritten() + " (binary " + s.getBinaryMessagesWritten() + ") read fallbacks "
                + s.getReadFallbacks() + " write fallbacks " + s.getWriteFallbacks();
        assertEquals(n, s.getMessagesRead() + s.getBinaryMessagesRead(), all);
        assertEquals(n, s.getMessagesWritten() + s.getBinaryMessagesWritten(), all);
        assertEquals(Map.of(), s.getReadFallbacks(), all);
        assertEquals(Map.of(), s.getWriteFallbacks(), all);
    }
}
