package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.Zeep;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.handler.Handler;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * zeep (from PyPI, as the CXF tests install it) against Metro endpoints: a plain and a {@code @DifferentialSoap} one of
 * the same service, each with a timing handler and one stamping a header block into every answer. zeep's seeded mix of
 * doubles, ints and strings (edge values, markup, non-ASCII and surrogate pairs, resized arrays) gets the same answers
 * from both, each with the stamped block as zeep reads it; dsoap read and wrote every call of every operation. Skipped,
 * with the reason printed, without python3, venv or the package index.
 */
class MetroZeepTest {
    private static final int CALLS = 30;

    @Test
    @SuppressWarnings("rawtypes")
    void zeepGetsTheSameAnswersFromEndpointsWithHandlers() throws Exception {
        Path python = Zeep.python();
        String base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        List<Endpoint> endpoints = new ArrayList<>();
        MetroHandlerTest.Timing plainTime = new MetroHandlerTest.Timing();
        MetroHandlerTest.Timing dsoapTime = new MetroHandlerTest.Timing();
        try {
            for (Object[] e : new Object[][] {{new HandlerPlainEcho(), "/plainZeep", plainTime},
                    {new HandlerDsoapEcho(), "/dsoapZeep", dsoapTime}}) {
                Endpoint ep = Endpoint.create(e[0]);
                List<Handler> chain = new ArrayList<>();
                chain.add((Handler) e[2]);
                chain.add(new MetroHandlerTest.Stamper(true));
                ep.getBinding().setHandlerChain(chain);
                ep.publish(base + e[1]);
                endpoints.add(ep);
            }
            long seed = 0x41L;
            List<String> want = Zeep.wired(python, base + "/plainZeep", seed, CALLS);
            List<String> got = Zeep.wired(python, base + "/dsoapZeep", seed, CALLS);
            assertEquals(8 * CALLS, want.size(), "zeep's lines against plain Metro: " + want);
            for (int i = 0; i < Math.min(want.size(), got.size()); i++) {
                // zeep addresses its requests (Metro's WSDL names wsa actions): a new wsa:MessageID in every request
                assertEquals(want.get(i).replaceAll("urn:uuid:\\S+", "<id>"), got.get(i).replaceAll("urn:uuid:\\S+", "<id>"),
                        "seed " + seed + ", line " + i + ": zeep's answers and their header blocks (plain Metro first)");
            }
            assertEquals(want.size(), got.size());
            for (String line : got) {
                if (line.startsWith("wire ")) {
                    assertTrue(line.endsWith(" " + MetroHandlerTest.STAMP.getLocalPart()),
                            "the block the handler stamped, as zeep got it: " + line);
                }
            }
            for (String op : new String[] {"echoDoubles", "sum", "echoInts", "echoStrings"}) {
                OperationStatsMXBean s = MetroCarryTest.stats("HandlerDsoapService.HandlerDsoapPort", op);
                assertEquals(CALLS, s.getMessagesRead(), op + " " + s.getReadFallbacks());
                assertEquals(CALLS, s.getMessagesWritten(), op + " " + s.getWriteFallbacks());
                assertEquals(Map.of(), s.getReadFallbacks(), op);
            }
            assertEquals(plainTime.seen.get(), dsoapTime.seen.get(), "messages the timing handler saw");
            assertEquals(8 * CALLS, dsoapTime.seen.get());
        } finally {
            for (Endpoint e : endpoints) {
                e.stop();
            }
        }
    }
}
