package dev.dsoap.jaxws.it;

import org.apache.cxf.ext.logging.event.EventType;
import org.apache.cxf.ext.logging.event.LogEvent;
import org.apache.cxf.transport.common.gzip.GZIPFeature;
import org.apache.cxf.ws.addressing.WSAddressingFeature;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.Zeep;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * zeep, the Python SOAP client, installed from PyPI into a virtual environment under the build's
 * {@code target/} by the test itself, calls a plain CXF endpoint and a {@code @DifferentialSoap} one: both
 * must answer every call alike (doubles compared by bits), and dsoap's counters must show it read zeep's
 * requests itself, differentially; and zeep with its WS-Addressing plugin calls a {@code @DifferentialSoap} endpoint
 * that has CXF's logging, compression and addressing features on. Without python3, venv or the package index, the
 * tests are skipped with the reason printed.
 */
class ZeepTest {
    private static final int CALLS = 40;
    static Cxf cxf;
    static String plain;
    static String dsoap;
    static Path python;

    @BeforeAll
    static void start() throws Exception {
        python = Zeep.python();
        cxf = new Cxf();
        plain = cxf.publish(new EchoImpl());
        dsoap = cxf.publish(new DsoapEchoImpl());
    }

    @AfterAll
    static void stop() {
        if (cxf != null) {
            cxf.close();
        }
    }

    private static List<String> calls(String address, long seed) throws Exception {
        Zeep.Run r = Zeep.run(List.of(python.toString(), Zeep.script().toString(), address, Long.toString(seed), Integer.toString(CALLS),
                "cxf"), 300);
        assertEquals(0, r.code(), "zeep against " + address + ": " + r.output());
        // zeep reads the endpoint's WSDL with dsoap's assertion in it and says nothing about it (a warning of zeep's
        // would name it; Python prints warnings and unhandled log records to standard error, merged here)
        assertFalse(r.output().contains("urn:dsoap:policy") || r.output().contains("BinaryEncoding"), r.output());
        List<String> lines = new ArrayList<>();
        for (String line : r.output().split("\n")) {
            if (line.matches("^(echoDoubles|sum|echoInts|echoStrings) \\d+ .*")) {
                lines.add(line);
            }
        }
        assertEquals(4 * CALLS, lines.size(), "zeep's output: " + r.output());
        return lines;
    }

    @Test
    void zeepGetsTheSameAnswersAndDsoapReadsItsRequests() throws Exception {
        long seed = 0x2EE9CL;
        String[] ops = {"echoDoubles", "sum", "echoInts", "echoStrings"};
        List<String> want = calls(plain, seed);
        List<String> got = calls(dsoap, seed);
        for (int i = 0; i < want.size(); i++) {
            assertEquals(want.get(i), got.get(i), "seed " + seed + ", call " + i + " (plain CXF first, dsoap second)");
        }
        for (String op : ops) {
            OperationStatsMXBean st = cxf.stats("server", "EchoService.EchoPort", op);
            assertEquals(CALLS, st.getMessagesRead(), op + ": dsoap did not read zeep's requests itself: " + st.getReadFallbacks());
            assertTrue(st.getReadFallbacks().isEmpty(), op + ": " + st.getReadFallbacks());
        }
        OperationStatsMXBean echo = cxf.stats("server", "EchoService.EchoPort", "echoDoubles");
        assertTrue(echo.getReadsResumed() + echo.getReadsIdentical() > CALLS / 2, "zeep's requests were not read differentially");
    }

    /**
     * zeep with {@code zeep.wsa.WsAddressingPlugin} against a {@code @DifferentialSoap} endpoint with LoggingFeature,
     * GZIPFeature and WSAddressingFeature, making {@link FeaturesTest}'s 30 calls of 10,000 doubles (a tenth changed per
     * call, edge values among them; NaN and the infinities in their xsd:double forms, which zeep sends as given). zeep
     * finds every answer bit for bit as sent, gzip-encoded (python requests accepts gzip by default) and with a
     * {@code wsa:RelatesTo} equal to its request's {@code wsa:MessageID}; the endpoint's log holds each request and
     * answer whole, with the call's values and those ids; dsoap read and wrote all 30 itself, with no fallback.
     */
    @Test
    void zeepWithAddressingAgainstLoggingGzipAndAddressing(@TempDir Path tmp) throws Exception {
        List<double[]> calls = FeaturesTest.sequence();
        Path values = tmp.resolve("values.txt");
        StringBuilder b = new StringBuilder();
        for (double[] call : calls) {
            for (double d : call) {
                b.append(Long.toHexString(Double.doubleToRawLongBits(d))).append(' ');
            }
            b.append('\n');
        }
        Files.writeString(values, b);
        try (Cxf features = new Cxf()) {
            FeaturesTest.Captured log = new FeaturesTest.Captured();
            String address = FeaturesTest.publish(features, new DsoapEchoImpl(),
                    FeaturesTest.logging(log, FeaturesTest.WHOLE), new GZIPFeature(), new WSAddressingFeature());
            Zeep.Run r = Zeep.run(List.of(python.toString(), Zeep.script().toString(), address, "0", Integer.toString(calls.size()), "cxf",
                    "--values", values.toString(), "--wsa", "--wire"), 300);
            assertEquals(0, r.code(), "zeep against " + address + ": " + r.output());
            List<String> answers = new ArrayList<>();
            List<String[]> wire = new ArrayList<>();
            for (String line : r.output().split("\n")) {
                if (line.startsWith("echoDoubles ")) {
                    answers.add(line);
                } else if (line.startsWith("wire echoDoubles ")) {
                    wire.add(line.split(" "));
                }
            }
            assertEquals(calls.size(), answers.size(), "zeep's output: " + r.output());
            assertEquals(calls.size(), wire.size(), "zeep's output: " + r.output());
            log.await(EventType.RESP_OUT, calls.size());
            List<LogEvent> requests = log.of(EventType.REQ_IN);
            List<LogEvent> sent = log.of(EventType.RESP_OUT);
            assertEquals(calls.size(), requests.size(), "requests logged");
            assertEquals(calls.size(), sent.size(), "answers logged");
            for (int i = 0; i < calls.size(); i++) {
                String call = "call " + i;
                assertEquals("echoDoubles " + i + " same " + calls.get(i).length, answers.get(i), call + ", zeep's check");
                String[] w = wire.get(i); // wire, op, n, Content-Encoding, MessageID blocks, MessageID, RelatesTo
                assertEquals(Integer.toString(i), w[2], call);
                assertEquals("gzip", w[3], call + ": the answer's Content-Encoding");
                assertEquals("1", w[4], call + ": wsa:MessageID blocks in zeep's request");
                assertTrue(w[5].startsWith("urn:uuid:"), call + ": zeep's wsa:MessageID " + w[5]);
                assertEquals(w[5], w[6], call + ": the answer's wsa:RelatesTo, as zeep got it");
                String request = requests.get(i).getPayload();
                String answer = sent.get(i).getPayload();
                assertFalse(requests.get(i).isTruncated(), call + ": request entry truncated");
                assertFalse(sent.get(i).isTruncated(), call + ": answer entry truncated");
                FeaturesTest.same(calls.get(i), FeaturesTest.values(request, "values"), call + ": logged request");
                FeaturesTest.same(calls.get(i), FeaturesTest.values(answer, "return"), call + ": logged answer");
                assertEquals(w[5], FeaturesTest.text(request, "MessageID"), call + ": logged request's wsa:MessageID");
                assertEquals(w[5], FeaturesTest.text(answer, "RelatesTo"), call + ": logged answer's wsa:RelatesTo");
            }
            FeaturesTest.carried(features.stats("server", "EchoService.EchoPort", "echoDoubles"), calls.size(),
                    "endpoint with logging, gzip and addressing, called by zeep");
        }
    }

    /**
     * zeep against endpoints with a JAX-WS handler chain: a timing handler (context properties only), a handler reading
     * the request's SOAP header, and the {@code @HandlerChain} file's handler stamping a {@code Ticket} block into every
     * answer. The same chain on a plain CXF endpoint and on a {@code @DifferentialSoap} one: zeep gets the same answers
     * from both (the seeded mix of doubles, ints and strings), each with the stamped block; dsoap read and wrote every
     * call of every operation itself, the handlers saw every message.
     */
    @Test
    @SuppressWarnings("rawtypes")
    void zeepAgainstEndpointsWithHandlers() throws Exception {
        long seed = 0x42L;
        HandlerChainTest.Timing plainTime = new HandlerChainTest.Timing();
        HandlerChainTest.Timing dsoapTime = new HandlerChainTest.Timing();
        HandlerChainTest.Correlating plainRead = new HandlerChainTest.Correlating();
        HandlerChainTest.Correlating dsoapRead = new HandlerChainTest.Correlating();
        try (Cxf handlers = new Cxf()) {
            String p = handlers.publish(new EchoImpl());
            handlers.lastEndpoint().getBinding().setHandlerChain(List.<jakarta.xml.ws.handler.Handler>of(plainTime,
                    plainRead, new TicketHandler()));
            String d = handlers.publish(new DsoapEchoImpl());
            handlers.lastEndpoint().getBinding().setHandlerChain(List.<jakarta.xml.ws.handler.Handler>of(dsoapTime,
                    dsoapRead, new TicketHandler()));
            List<String> want = wired(p, seed);
            List<String> got = wired(d, seed);
            assertEquals(want, got, "seed " + seed + ": zeep's answers and the answers' header blocks (plain CXF first)");
            assertEquals(8 * CALLS, got.size());
            for (String line : got) {
                if (line.startsWith("wire ")) {
                    List<String> blocks = List.of(line.substring(line.lastIndexOf(' ') + 1).split(","));
                    assertTrue(blocks.contains("Ticket") && blocks.contains("AnswerId"),
                            "the blocks the handlers stamped, as zeep got them: " + line);
                }
            }
            for (String op : new String[] {"echoDoubles", "sum", "echoInts", "echoStrings"}) {
                FeaturesTest.carried(handlers.stats("server", "EchoService.EchoPort", op, true), CALLS,
                        op + " with handlers, called by zeep");
            }
            assertEquals(8 * CALLS, dsoapTime.messages.get(), "the timing handler saw every message both ways");
            assertEquals(plainTime.messages.get(), dsoapTime.messages.get());
            assertEquals(List.copyOf(plainRead.seen), List.copyOf(dsoapRead.seen), "what the header reader found");
        }
    }

    /** zeep's answers and wire lines (the answer's header blocks last) calling {@code address} with the seeded mix. */
    private static List<String> wired(String address, long seed) throws Exception {
        return Zeep.wired(python, address, seed, CALLS);
    }
}
