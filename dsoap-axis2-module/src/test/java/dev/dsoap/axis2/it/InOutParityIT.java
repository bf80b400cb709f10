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
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * In-out operations answer bad input in kind as plain Axis2 does. The same in-out POJO operation ({@link
 * NotesService#keep}, so Axis2's RPCMessageReceiver) is deployed on plain Axis2, on Axis2 with dsoap engaged, and on one
 * engaged with tight dsoap parser limits; each raw request of {@link BadInputs} goes to each, in SOAP 1.1 and 1.2. A
 * request plain Axis2 serves must be served by dsoap with the same answer (its values); any other must get the same
 * HTTP status, a fault of the same SOAP version and the same fault code (the prefix aside: Axis2 makes one up), and
 * the same fault string unless dsoap's own names what it refused and where (malformed XML up to the end of the
 * wrapper element, a DOCTYPE, no document). On the limited server, requests beyond its limits, which plain Axis2 serves, are
 * refused with dsoap's fault; and the one input plain Axis2 drops the connection on gets dsoap's fault. After each, a good request goes to both: dsoap must read it (its read counter) and answer as Axis2 does.
 */
@org.junit.jupiter.api.Tag("long") // a corpus or memory at length: CI's second JDK pass leaves it out
class InOutParityIT {
    private static final String SERVICE = "NotesService";
    /** Inputs beyond the limited server's dsoap limits, which plain Axis2 serves and dsoap refuses as the client's. */
    private static final Set<String> BEYOND_LIMITS = Set.of("too deep", "too many attributes", "too long text");
    /**
     * Inputs plain Axis2 answers with no response at all (its SimpleHTTPServer closes the connection: Woodstox reports
     * the undeclared entity only when Axis2 writes the fault about it).
     */
    private static final Set<String> HOST_DROPS = Set.of("undeclared entity");
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
    void badInputGetsPlainAxis2sKindOfAnswerAndTheNextRequestIsRead() throws Exception {
        List<String> mismatches = new ArrayList<>();
        int marker = 0;
        String ns = dsoap.context.getAxisConfiguration().getService(SERVICE).getTargetNamespace();
        for (Axis2Server engaged : new Axis2Server[] {dsoap, limited}) {
            for (boolean soap12 : new boolean[] {false, true}) {
                HttpClient http = Soap.client();
                for (Bad b : BadInputs.cases("keep", ns, soap12)) {
                    String name = (engaged == limited ? "[limited] " : "") + (soap12 ? "[1.2] " : "[1.1] ") + b.name();
                    Soap.Response want = post(http, plain, b);
                    Soap.Response got = post(http, engaged, b);
                    String line = name + ": axis2 " + summary(want) + " | dsoap " + summary(got);
                    System.out.println(line);
                    String problem = differs(b.name(), soap12, want, got, engaged == limited && BEYOND_LIMITS.contains(b.name()));
                    if (problem != null) {
                        mismatches.add(line + "\n    " + problem);
                    }
                    // the next good request is read by dsoap and answered as Axis2 answers it
                    marker++;
                    long read = messagesRead(engaged);
                    Bad good = BadInputs.good("keep", ns, soap12, "after case " + marker, marker);
                    Soap.Response pr = post(http, plain, good);
                    Soap.Response r = post(http, engaged, good);
                    assertEquals(200, r.status(), name + ", then a good request: " + r.text());
                    assertEquals(Soap.canonical(pr.body()), Soap.canonical(r.body()), name + ", then a good request");
                    assertEquals(true, r.text().contains(marker + "|after case " + marker), r.text());
                    assertEquals(read + 1, messagesRead(engaged), "dsoap read the good request after " + name);
                }
            }
        }
        if (!mismatches.isEmpty()) {
            fail("dsoap answered otherwise in kind than plain Axis2:\n" + String.join("\n", mismatches));
        }
    }

    /**
     * How dsoap's answer {@code got} differs in kind from Axis2's {@code want}, or {@code null}: the same status; a
     * served request the same values; a fault the same SOAP version, code and string, or dsoap's own string naming what
     * and where. {@code beyondLimits}: a request beyond dsoap's limits, which dsoap refuses with its fault whatever
     * Axis2 answers.
     */
    private static String differs(String name, boolean soap12, Soap.Response want, Soap.Response got, boolean beyondLimits)
            throws Exception {
        if (beyondLimits || want.status() == 0 && HOST_DROPS.contains(name)) {
            // refused by dsoap with the fault Axis2 gives requests its parser fails on, naming what and where
            return got.status() == 500 && dsoapsOwn(got.text(), soap12) ? null : "not dsoap's parser fault";
        }
        if (want.status() != got.status()) {
            return "status " + want.status() + " vs " + got.status();
        }
        String w = BadInputs.withoutDetail(want.text());
        String g = BadInputs.withoutDetail(got.text());
        if (want.status() == 200) {
            String cw = Soap.canonical(want.body());
            String cg = Soap.canonical(got.body());
            return cw.equals(cg) ? null : "answer " + cw + " vs " + cg;
        }
        String ws = BadInputs.faultString(w);
        if (ws == null) {
            return w.equals(g) ? null : "body";
        }
        String gs = BadInputs.faultString(g);
        if (gs == null) {
            return "no fault from dsoap";
        }
        if (!BadInputs.envelopeNs(w).equals(BadInputs.envelopeNs(g))) {
            return "fault form " + BadInputs.envelopeNs(w) + " vs " + BadInputs.envelopeNs(g);
        }
        if (!BadInputs.local(BadInputs.faultCode(w)).equals(BadInputs.local(BadInputs.faultCode(g)))) {
            return "fault code " + BadInputs.faultCode(w) + " vs " + BadInputs.faultCode(g);
        }
        return ws.equals(gs) || dsoapsOwn(g, soap12) ? null : "fault string '" + ws + "' vs '" + gs + "'";
    }

    /**
     * Whether {@code body} is dsoap's refusal: its message naming what and where, with the code Axis2 gives a request
     * its parser fails on (SOAP 1.1 {@code Server}, 1.2 {@code Receiver}; {@code Envelope} parse failures have none).
     */
    private static boolean dsoapsOwn(String body, boolean soap12) {
        String s = BadInputs.faultString(body);
        String code = BadInputs.local(BadInputs.faultCode(body));
        return s != null && s.startsWith("dsoap: ") && s.contains("(line ")
                && (code.equals(soap12 ? "Receiver" : "Server") || code.equals("null") || code.isEmpty());
    }

    /** The engaged server's count of keep requests dsoap read (0 before its first: the MBean is made then). */
    private static long messagesRead(Axis2Server s) throws Exception {
        Stats stats;
        try {
            stats = Stats.find(s.context, "server", SERVICE, "keep");
        } catch (AssertionError notYet) {
            return 0;
        }
        return stats.get("MessagesRead");
    }

    /**
     * Posts {@code b}; a connection the server closes without an answer (plain Axis2 does so for some bad requests) is
     * status 0 with the failure as its text.
     */
    private static Soap.Response post(HttpClient http, Axis2Server s, Bad b) throws Exception {
        try {
            return Soap.post(http, s.url(SERVICE), b.contentType(), b.body(), b.action());
        } catch (java.io.IOException closed) {
            return new Soap.Response(0, ("no answer: " + closed.getMessage()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    /** The status and the fault code and string, or the status and the body. */
    private static String summary(Soap.Response r) {
        String body = BadInputs.withoutDetail(r.text());
        String f = BadInputs.faultString(body);
        return r.status() + " " + (f == null ? BadInputs.abbreviate(body) : BadInputs.faultCode(body) + " '" + BadInputs.abbreviate(f) + "'");
    }
}
