package dev.dsoap.client;

import dev.dsoap.binding.SoapVersion;
import dev.dsoap.host.EnvelopeHead;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.parse.XmlParseException;
import dev.dsoap.parse.XmlScanner;


/**
 * Recognizes a SOAP fault in a response body and reads its code and reason with dsoap's parser. A body
 * that is not a well-formed SOAP envelope is simply not a fault. Not thread-safe: one per connection.
 */
final class Faults {
    /** A SOAP fault's code and reason text (either may be null when the fault leaves it out). */
    record Fault(String code, String reason) {
    }

    /** Created at the first response with a body. */
    private XmlScanner scanner;

    /** The fault {@code body} holds, or {@code null} if it is not a SOAP fault. */
    Fault read(byte[] body) {
        if (body.length == 0) {
            return null;
        }
        if (scanner == null) {
            scanner = new XmlScanner(ParserLimits.defaults());
        }
        try {
            EnvelopeHead head = EnvelopeHead.read(scanner, body, body.length);
            if (!head.fault()) {
                return null;
            }
            return details(head.version(), body);
        } catch (XmlParseException e) {
            return null;
        }
    }

    /** Reads the code and reason of the fault in {@code body}; a malformed tail leaves what was read. */
    private Fault details(SoapVersion version, byte[] body) {
        XmlScanner sc = scanner;
        sc.reset(body, 0, body.length, true);
        String code = null;
        String reason = null;
        boolean soap12 = version == SoapVersion.SOAP_12;
        String env = version.envelopeNamespace();
        // SOAP 1.2: Fault/Code/Value and Fault/Reason/Text; SOAP 1.1: unqualified faultcode and faultstring
        String parent = null;
        try {
            for (int ev = sc.next(); ev != XmlScanner.END_DOCUMENT && (code == null || reason == null); ev = sc.next()) {
                if (ev != XmlScanner.START_ELEMENT) {
                    continue;
                }
                String name = sc.localName();
                String ns = sc.namespaceURI();
                if (soap12 && env.equals(ns)) {
                    if (name.equals("Code") || name.equals("Reason")) {
                        parent = name;
                    } else if (name.equals("Value") && "Code".equals(parent) && code == null) {
                        code = leafText(sc);
                    } else if (name.equals("Text") && "Reason".equals(parent) && reason == null) {
                        reason = leafText(sc);
                    }
                } else if (!soap12 && ns.isEmpty()) {
                    if (name.equals("faultcode") && code == null) {
                        code = leafText(sc);
                    } else if (name.equals("faultstring") && reason == null) {
                        reason = leafText(sc);
                    }
                }
            }
        } catch (XmlParseException e) {
            // keep what was read before the error
        } finally {
            sc.release();
        }
        return new Fault(code, reason);
    }

    private static String leafText(XmlScanner sc) {
        if (!sc.readLeafText()) {
            return null;
        }
        return sc.text().strip();
    }
}
