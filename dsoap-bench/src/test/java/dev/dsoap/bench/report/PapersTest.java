package dev.dsoap.bench.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PapersTest {
    private final Papers papers = Papers.load();

    @Test
    void table1CellsReadAsSpeedups() {
        Papers.Table1 t = papers.table1();
        assertEquals(16, t.rows().size(), "P 25/50/75/100 x 4 array sizes");
        assertEquals(2.92, t.speedup(25, 100_000, 100, 128), 1e-9);   // +192 %
        assertEquals(1.622, t.speedup(50, 100_000, 100, 128), 1e-9);  // +62.2 %
        assertEquals(0.86, t.speedup(100, 100_000, 100, 128), 1e-9);  // -14 %
        assertEquals(3.13, t.speedup(25, 25_000, 200, 32), 1e-9);     // +213 %
        assertEquals(1.027, t.speedup(25, 50_000, 500, 512), 1e-9);   // +2.70 %
        assertTrue(Double.isNaN(t.speedup(25, 100_000, 100, 64)), "N = 64 is not in Table 1");
        assertTrue(Double.isNaN(t.speedup(10, 100_000, 100, 128)));
    }

    @Test
    void statementsNameTheirPaperAndQuoteIt() {
        assertFalse(papers.statements().isEmpty());
        for (Papers.Statement s : papers.statements()) {
            assertFalse(s.quote().isEmpty(), s.id());
            assertFalse(s.paper().title().isEmpty(), s.id());
            assertFalse(Double.isNaN(s.low()) || Double.isNaN(s.high()), s.id());
        }
        assertEquals("approximately 7x", papers.statement("ds-content-mio").text());
        assertEquals("approximately 4-5x slower", papers.statement("ds-worst-shift").text());
        assertEquals("Differential Serialization for Optimized SOAP Performance",
                papers.statement("ds-content-double").paper().title());
        assertThrows(IllegalArgumentException.class, () -> papers.statement("no-such"));
    }

    @Test
    void tableRowsOfTheWrongWidthAreRejected() {
        String json = "{\"papers\": {\"p\": {\"title\": \"T\", \"label\": \"L\"}}, \"statements\": [], \"table1\": {"
                + "\"paper\": \"p\", \"partitions\": [1], \"intervals\": [32, 128], \"rows\": [{\"percent\": 25, \"size\": 10,"
                + " \"values\": [1]}]}}";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Papers.parse(json));
        assertEquals("papers.json Table 1 row P=25 size=10 has 1 values", e.getMessage());
    }
}
