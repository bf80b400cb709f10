package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.it.BadInputs.Bad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Two-way operations answer bad input in kind as plain CXF does. The same two-way operation ({@link Keeps#keep}) is
 * published twice per SOAP version, plain and with dsoap (the annotation on SOAP 1.1, the feature on SOAP 1.2), both
 * with the same tight CXF parser limits; each raw request of {@link BadInputs} goes to both. A request plain CXF serves
 * must be served by dsoap with the same answer (its values); any other must get the same HTTP status, a fault of the
 * same SOAP version and the same fault code, and the same fault string unless dsoap's own names what it refused and
 * where; anything but a fault the same body. Requests beyond a CXF parser limit that plain CXF serves anyway are
 * refused by dsoap ({@link #STRICTER}). After each, a good request goes to both: dsoap must read it (its read
 * counter) and answer as CXF does.
 */
class TwoWayParityTest {
    private static final BadInputs.Op KEEP = new BadInputs.Op("keep", Keeps.NS, Keeps.ACTION);
    /**
     * Inputs beyond the endpoint's CXF parser limits that plain CXF still serves (it does not hold an element's
     * attributes to {@code org.apache.cxf.stax.maxAttributeCount} on this path); dsoap holds them to it and refuses.
     */
    private static final Set<String> STRICTER = Set.of("too many attributes");

    private static Cxf cxf;
    private static String plain11At;
    private static String dsoap11At;
    private static String plain12At;
    private static String dsoap12At;

    @BeforeAll
    static void start() throws Exception {
        cxf = new Cxf();
        plain11At = publish(new KeepsImpl(), "plain11", false);
        dsoap11At = publish(new DsoapKeepsImpl(), "dsoap11", false);
        plain12At = publish(new Keeps12Impl(), "plain12", false);
        dsoap12At = publish(new Keeps12Impl(), "dsoap12", true);
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
    void badInputGetsPlainCxfsKindOfAnswerAndTheNextRequestIsRead(boolean soap12) throws Exception {
        String plainAt = soap12 ? plain12At : plain11At;
        String dsoapAt = soap12 ? dsoap12At : dsoap11At;
        String service = soap12 ? "Keeps12Service.Keeps12Port" : "KeepsService.KeepsPort";
        List<String> mismatches = new ArrayList<>();
        int marker = soap12 ? 1_000_000 : 2_000_000;
        for (Bad b : BadInputs.cases(KEEP, soap12)) {
            String[] want = BadInputs.post(plainAt, b);
            String[] got = BadInputs.post(dsoapAt, b);
            String line = b.name() + ": plain " + want[0] + " " + BadInputs.abbreviate(want[1]) + " | dsoap " + got[0] + " "
                    + BadInputs.abbreviate(got[1]);
            System.out.println((soap12 ? "[1.2] " : "[1.1] ") + line);
            // the same, but for the endpoint's address where Jetty's error page names it
            String problem = STRICTER.contains(b.name())
                    ? refused(soap12, got[0], got[2])
                    : differs(want[0], want[2].replace(plainAt, "*"), got[0], got[2].replace(dsoapAt, "*"));
            if (problem != null) {
                mismatches.add(line + "\n    " + problem);
            }
            // the next good request is read by dsoap and answered as CXF answers it
            marker++;
            OperationStatsMXBean s = cxf.stats("server", service, "keep", true);
            long read = s == null ? 0 : s.getMessagesRead();
            String after = "after case " + (marker % 1000);
            Bad good = BadInputs.good(KEEP, soap12, after, marker);
            String[] pr = BadInputs.post(plainAt, good);
            String[] r = BadInputs.post(dsoapAt, good);
            assertEquals("200", r[0], b.name() + ", then a good request: " + r[1]);
            assertEquals(marker + "|" + after, value(r[1]), b.name() + ", then a good request: " + r[1]);
            assertEquals(value(pr[1]), value(r[1]), b.name() + ", then a good request");
            assertEquals(read + 1, cxf.stats("server", service, "keep").getMessagesRead(),
                    "dsoap read the good request after " + b.name());
        }
        if (!mismatches.isEmpty()) {
            fail("dsoap answered otherwise in kind than plain CXF:\n" + String.join("\n", mismatches));
        }
    }

    /**
     * How dsoap's answer differs in kind from CXF's, or {@code null}: the same status; a served request the same value;
     * a fault the same SOAP version, code and string, or dsoap's own string naming what and where; anything else the
     * same body. The bodies are read in the charsets their content types name (CXF answers in the request's charset,
     * dsoap in UTF-8).
     */
    private static String differs(String wantStatus, String want, String gotStatus, String got) {
        if (!wantStatus.equals(gotStatus)) {
            return "status " + wantStatus + " vs " + gotStatus;
        }
        if (want.equals(got)) {
            return null;
        }
        if (wantStatus.equals("200")) {
            String w = value(want);
            return w != null && w.equals(value(got)) ? null : "answer " + want + " vs " + got;
        }
        String ws = faultString(want);
        if (ws == null) {
            return "body";
        }
        String gs = faultString(got);
        if (gs == null) {
            return "no fault from dsoap";
        }
        if (!envelopeNs(want).equals(envelopeNs(got))) {
            return "fault form " + envelopeNs(want) + " vs " + envelopeNs(got);
        }
        if (!BadInputs.faultCode(want).equals(BadInputs.faultCode(got))) {
            return "fault code " + BadInputs.faultCode(want) + " vs " + BadInputs.faultCode(got);
        }
        return ws.equals(gs) || gs.startsWith("dsoap: ") && gs.contains("(line ") ? null
                : "fault string '" + ws + "' vs '" + gs + "'";
    }

    /** Whether dsoap refused the request with its own client fault (HTTP 500) naming what and where, or how not. */
    private static String refused(boolean soap12, String status, String body) {
        String s = faultString(body);
        String code = BadInputs.faultCode(body);
        return status.equals("500") && code.equals(soap12 ? "Sender" : "Client") && s != null && s.startsWith("dsoap: ")
                && s.contains("(line ") ? null : "not dsoap's client fault";
    }

    /** The {@code return} of a keep response, or {@code null}. */
    private static String value(String body) {
        return body.contains("keepResponse") ? BadInputs.between(body, "<return>", "</return>") : null;
    }

    /** The fault string (SOAP 1.1 faultstring, SOAP 1.2 the Reason's Text), or {@code null}. */
    private static String faultString(String body) {
        String s = BadInputs.between(body, "<faultstring>", "</faultstring>");
        if (s == null && body.contains(":Reason>")) {
            String reason = BadInputs.between(body, ":Reason>", ":Reason>");
            int at = reason == null ? -1 : reason.indexOf('>');
            s = at < 0 ? null : reason.substring(at + 1, Math.max(at + 1, reason.indexOf('<', at)));
        }
        return s;
    }

    /** The namespace of the response's Envelope (the SOAP version of its form), or "". */
    private static String envelopeNs(String body) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<(?:[A-Za-z0-9_]+:)?Envelope[^>]*xmlns(?::[A-Za-z0-9_]+)?=\"([^\"]*)\"")
                .matcher(body);
        return m.find() ? m.group(1) : "";
    }
}
