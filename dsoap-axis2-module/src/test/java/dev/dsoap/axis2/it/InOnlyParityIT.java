package dev.dsoap.axis2.it;

import dev.dsoap.axis2.it.BadInputs.Bad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * In-only operations answer bad input as plain Axis2 does. The same in-only POJO operation ({@link NotesService#note},
 * a void method, so Axis2's RPCInOnlyMessageReceiver) is deployed on plain Axis2, on Axis2 with dsoap engaged, and on
 * one engaged with tight dsoap parser limits; each raw request (control characters in text and attributes, malformed
 * XML, bad UTF-8, over-limit documents, wrong actions, other charsets, empty or non-SOAP bodies, the other SOAP
 * version, good input too) goes to each, in SOAP 1.1 and 1.2, and dsoap's status and body must be plain Axis2's, and
 * the service must have received the same notes. After each, a good note goes to dsoap: it must read it (its read
 * counter) and deliver its values.
 */
@org.junit.jupiter.api.Tag("long") // a corpus or memory at length: CI's second JDK pass leaves it out
class InOnlyParityIT {
    private static final String SERVICE = "NotesService";
    @TempDir
    static Path dir;
    static Axis2Server plain;
    static Axis2Server dsoap;
    static Axis2Server limited;

    @BeforeAll
    static void start() throws Exception {
        plain = BadInputs.notesServer(dir, false, false);
        dsoap = BadInputs.notesServer(dir, true, false);
        limited = BadInputs.notesServer(dir, true, true);
    }

    @AfterAll
    static void stop() throws Exception {
        for (Axis2Server s : new Axis2Server[] {plain, dsoap, limited}) {
            if (s != null) {
                s.close();
            }
        }
    }

    @Test
    void badInputGetsPlainAxis2sAnswerAndTheNextNoteIsRead() throws Exception {
        List<String> mismatches = new ArrayList<>();
        int marker = 0;
        for (Axis2Server engaged : new Axis2Server[] {dsoap, limited}) {
            for (boolean soap12 : new boolean[] {false, true}) {
                String ns = dsoap.context.getAxisConfiguration().getService(SERVICE).getTargetNamespace();
                HttpClient http = Soap.client();
                for (Bad b : BadInputs.cases("note", ns, soap12)) {
                    String name = (engaged == limited ? "[limited] " : "") + (soap12 ? "[1.2] " : "[1.1] ") + b.name();
                    NotesService.RECEIVED.clear();
                    Soap.Response want = post(http, plain, b);
                    List<String> wantNotes = drain();
                    Soap.Response got = post(http, engaged, b);
                    List<String> gotNotes = drain();
                    String line = name + ": axis2 " + want.status() + " " + BadInputs.abbreviate(want.text()) + " " + BadInputs.abbreviate(wantNotes.toString())
                            + " | dsoap " + got.status() + " " + BadInputs.abbreviate(got.text()) + " " + BadInputs.abbreviate(gotNotes.toString());
                    System.out.println(line);
                    String wantBody = BadInputs.withoutDetail(want.text());
                    String gotBody = BadInputs.withoutDetail(got.text());
                    boolean same = want.status() == got.status() && wantNotes.equals(gotNotes);
                    if (BadInputs.PRE_DISPATCH.contains(b.name())) {
                        // refused by dsoap's builder before Axis2 dispatches: the same status and fault code, dsoap's
                        // fault string naming what and where
                        same &= BadInputs.faultCode(wantBody).equals(BadInputs.faultCode(gotBody))
                                && gotBody.contains("dsoap: ") && gotBody.contains("(line ");
                    } else {
                        same &= wantBody.equals(gotBody);
                    }
                    if (!same) {
                        mismatches.add(line);
                    }
                    // the next good note is read by dsoap and delivered as it was sent
                    marker++;
                    long read = messagesRead(engaged);
                    Soap.Response r = post(http, engaged, BadInputs.good("note", ns, soap12, "after case " + marker, marker));
                    assertEquals(202, r.status(), name + ", then a good note: " + r.text());
                    awaitNote(marker + "|after case " + marker);
                    assertEquals(read + 1, messagesRead(engaged),
                            "dsoap read the good note after " + name);
                }
            }
        }
        if (!mismatches.isEmpty()) {
            fail("dsoap answered otherwise than plain Axis2:\n" + String.join("\n", mismatches));
        }
    }

    /** The engaged server's count of note requests dsoap read (0 before its first: the MBean is made then). */
    private static long messagesRead(Axis2Server s) throws Exception {
        Stats stats;
        try {
            stats = Stats.find(s.context, "server", SERVICE, "note");
        } catch (AssertionError notYet) {
            return 0;
        }
        return stats.get("MessagesRead");
    }

    private static Soap.Response post(HttpClient http, Axis2Server s, Bad b) throws Exception {
        return Soap.post(http, s.url(SERVICE), b.contentType(), b.body(), b.action());
    }

    /** The notes received since the last drain, once the server is done (in-only calls are served before 202). */
    private static List<String> drain() {
        List<String> l = new ArrayList<>(NotesService.RECEIVED);
        NotesService.RECEIVED.clear();
        return l;
    }

    private static void awaitNote(String note) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!NotesService.RECEIVED.contains(note)) {
            if (System.nanoTime() > deadline) {
                fail("note never arrived: " + note + "; received " + NotesService.RECEIVED);
            }
            Thread.sleep(5);
        }
        NotesService.RECEIVED.clear();
    }
}
