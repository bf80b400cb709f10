package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.it.BadInputs.Bad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * One-way operations answer bad input as plain CXF does. The same {@code @Oneway} operation is published twice per
 * SOAP version, plain and with dsoap (the annotation on SOAP 1.1, the feature on SOAP 1.2), both with the same tight
 * CXF parser limits; each raw request (control characters in text and attributes, malformed XML, over-limit
 * documents, wrong actions, other charsets, empty or non-SOAP bodies, the other SOAP version, good input too) goes to
 * both, and dsoap's status and body must be plain CXF's. After each, a good note goes to both: dsoap must read it
 * (its read counter) and deliver its values; at the end both implementations must have received the same notes.
 */
class OneWayParityTest {
    private static final BadInputs.Op NOTE = new BadInputs.Op("note", Notes.NS, Notes.ACTION);

    private static Cxf cxf;
    private static NotesImpl plain11;
    private static NotesImpl dsoap11;
    private static NotesImpl plain12;
    private static NotesImpl dsoap12;
    private static String plain11At;
    private static String dsoap11At;
    private static String plain12At;
    private static String dsoap12At;

    @BeforeAll
    static void start() throws Exception {
        cxf = new Cxf();
        plain11 = new NotesImpl();
        dsoap11 = new DsoapNotesImpl();
        plain12 = new Notes12Impl();
        dsoap12 = new Notes12Impl();
        plain11At = publish(plain11, "plain11", false);
        dsoap11At = publish(dsoap11, "dsoap11", false);
        plain12At = publish(plain12, "plain12", false);
        dsoap12At = publish(dsoap12, "dsoap12", true);
    }

    private static String publish(Object impl, String path, boolean feature) {
        return BadInputs.publishLimited(cxf, impl, path, feature);
    }

    @AfterAll
    static void stop() {
        cxf.close();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void badInputGetsPlainCxfsAnswerAndTheNextNoteIsRead(boolean soap12) throws Exception {
        String plainAt = soap12 ? plain12At : plain11At;
        String dsoapAt = soap12 ? dsoap12At : dsoap11At;
        NotesImpl plain = soap12 ? plain12 : plain11;
        NotesImpl dsoap = soap12 ? dsoap12 : dsoap11;
        String service = soap12 ? "Notes12Service.Notes12Port" : "NotesService.NotesPort";
        List<String> mismatches = new ArrayList<>();
        int marker = soap12 ? 1_000_000 : 2_000_000;
        for (Bad b : BadInputs.cases(NOTE, soap12)) {
            String[] want = BadInputs.post(plainAt, b);
            String[] got = BadInputs.post(dsoapAt, b);
            String line = b.name() + ": plain " + want[0] + " " + BadInputs.abbreviate(want[1]) + " | dsoap " + got[0] + " " + BadInputs.abbreviate(got[1]);
            System.out.println((soap12 ? "[1.2] " : "[1.1] ") + line);
            // the same, but for the endpoint's address where Jetty's error page names it
            if (!want[0].equals(got[0]) || !want[1].replace(plainAt, "*").equals(got[1].replace(dsoapAt, "*"))) {
                mismatches.add(line);
            }
            // the next good note is read by dsoap and delivered as it was sent
            marker++;
            OperationStatsMXBean s = cxf.stats("server", service, "note", true);
            long read = s == null ? 0 : s.getMessagesRead();
            String after = "after case " + (marker % 1000);
            Bad good = BadInputs.good(NOTE, soap12, after, marker);
            String[] pr = BadInputs.post(plainAt, good);
            String[] r = BadInputs.post(dsoapAt, good);
            System.out.println("   then good: plain " + pr[0] + " " + BadInputs.abbreviate(pr[1]) + " | dsoap " + r[0] + " " + BadInputs.abbreviate(r[1]));
            if (!pr[0].equals(r[0]) || !pr[1].equals(r[1])) {
                mismatches.add(b.name() + ", then a good note: plain " + pr[0] + " " + BadInputs.abbreviate(pr[1]) + " | dsoap " + r[0] + " " + BadInputs.abbreviate(r[1]));
            }
            awaitNote(plain, marker + "|" + after);
            awaitNote(dsoap, marker + "|" + after);
            assertEquals(read + 1, cxf.stats("server", service, "note").getMessagesRead(),
                    "dsoap read the good note after " + b.name());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (plain.received.size() != dsoap.received.size() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        String[] p = plain.received.toArray(new String[0]);
        String[] d = dsoap.received.toArray(new String[0]);
        Arrays.sort(p);
        Arrays.sort(d);
        assertEquals(Arrays.asList(p), Arrays.asList(d), "the notes each implementation received");
        if (!mismatches.isEmpty()) {
            fail("dsoap answered otherwise than plain CXF:\n" + String.join("\n", mismatches));
        }
    }

    private static void awaitNote(NotesImpl impl, String note) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!impl.received.contains(note)) {
            if (System.nanoTime() > deadline) {
                fail("note never arrived: " + note + "; received " + impl.received);
            }
            Thread.sleep(5);
        }
    }
}
