package dev.dsoap.axis2.it;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a raw response says, as the tests compare plain Axis2's with dsoap's: the status (-1 without a status line),
 * whether it arrived whole, the fault code's local name (SOAP 1.1 {@code faultcode}, "" when empty; SOAP 1.2
 * {@code Code/Value}; {@code null} when there is no fault), the fault's reason, the canonical body of a non-fault
 * envelope ({@link Soap#canonical}), and the time from the last byte sent to the end of the response.
 */
record Outcome(int status, boolean complete, String faultCode, String faultString, String body, long millis) {
    private static final Pattern FAULT_CODE = Pattern.compile(
            "<(?:\\w+:)?faultcode\\s*/>|<(?:\\w+:)?faultcode>([^<]*)<|<(?:\\w+:)?Code>\\s*<(?:\\w+:)?Value>([^<]*)<");
    private static final Pattern FAULT_STRING = Pattern.compile("<(?:\\w+:)?(?:faultstring|Text)[^>]*>([^<]*)<");

    static Outcome of(RawHttp.Response r) throws Exception {
        String text = r.text();
        int from = text.indexOf("<?xml");
        int to = text.lastIndexOf("Envelope>");
        String envelope = from >= 0 && to > from ? text.substring(from, to + "Envelope>".length()) : "";
        Matcher code = FAULT_CODE.matcher(envelope);
        String fc = !code.find() ? null : code.group(1) != null ? code.group(1) : code.group(2) != null ? code.group(2) : "";
        Matcher fs = FAULT_STRING.matcher(envelope);
        String body = fc == null && !envelope.isEmpty() ? Soap.canonical(envelope.getBytes(StandardCharsets.UTF_8)) : "";
        return new Outcome(r.status(), r.complete(), fc == null ? null : local(fc), fs.find() ? fs.group(1) : null, body, r.millis());
    }

    private static String local(String qname) {
        return qname.substring(qname.indexOf(':') + 1);
    }
}
