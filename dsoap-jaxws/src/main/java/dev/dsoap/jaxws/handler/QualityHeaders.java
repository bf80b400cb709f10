package dev.dsoap.jaxws.handler;

import dev.dsoap.quality.QualityAttributes;

import jakarta.xml.soap.Node;
import jakarta.xml.soap.SOAPElement;
import jakarta.xml.soap.SOAPEnvelope;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.soap.SOAPHeaderElement;
import jakarta.xml.soap.SOAPMessage;

import javax.xml.namespace.QName;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes and reads the two header blocks of the quality protocol (format in docs/jaxws.md) on a SAAJ message.
 * Touches the header only, never the body. Incoming blocks are checked against fixed limits; a block that
 * breaks one is refused whole with a {@link Malformed} naming the reason. Stateless, thread-safe.
 */
final class QualityHeaders {
    static final String NS = "urn:dsoap:quality";
    static final String PREFIX = "dq";
    /** Client to server: who asks, its timestamp, the type it requests and its attributes. */
    static final QName QUALITY = new QName(NS, "Quality", PREFIX);
    /** Server to client: the echoed timestamp, the type chosen and the server's attributes. */
    static final QName ANSWER = new QName(NS, "QualityAnswer", PREFIX);
    private static final QName CLIENT = new QName(NS, "client", PREFIX);
    private static final QName SENT = new QName(NS, "sent", PREFIX);
    private static final QName TYPE = new QName(NS, "type", PREFIX);
    private static final QName ATTRIBUTE = new QName(NS, "attribute", PREFIX);
    /** Longest client id, timestamp or type accepted, in characters. */
    static final int MAX_TEXT = 64;

    private QualityHeaders() {
    }

    /** A quality header block as read: text fields are {@code null} when absent; attributes immutable, sorted. */
    record Block(String client, String sent, String type, Map<String, Double> attributes) {
    }

    /** An incoming block refused, and why. */
    static final class Malformed extends RuntimeException {
        Malformed(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Adds a {@link #QUALITY} block to {@code msg}'s header (created if absent), replacing any there. Null fields
     * are left out.
     */
    static void writeQuality(SOAPMessage msg, String client, String sent, String type, Map<String, Double> attributes)
            throws SOAPException {
        write(msg, QUALITY, client, sent, type, attributes);
    }

    /**
     * Adds an {@link #ANSWER} block to {@code msg}'s header (created if absent), replacing any there. Null fields
     * are left out.
     */
    static void writeAnswer(SOAPMessage msg, String sent, String type, Map<String, Double> attributes)
            throws SOAPException {
        write(msg, ANSWER, null, sent, type, attributes);
    }

    private static void write(SOAPMessage msg, QName block, String client, String sent, String type,
                              Map<String, Double> attributes) throws SOAPException {
        SOAPEnvelope env = msg.getSOAPPart().getEnvelope();
        SOAPHeader header = env.getHeader();
        if (header == null) {
            header = env.addHeader();
        }
        for (Iterator<Node> old = header.getChildElements(block); old.hasNext(); ) {
            // a message handled twice (a resend) carries one block, the new one
            old.next();
            old.remove();
        }
        SOAPHeaderElement e = header.addHeaderElement(block);
        // mustUnderstand is left out (false): peers without the handler ignore the block
        if (client != null) {
            e.addChildElement(CLIENT).addTextNode(client);
        }
        if (sent != null) {
            e.addChildElement(SENT).addTextNode(sent);
        }
        if (type != null) {
            e.addChildElement(TYPE).addTextNode(type);
        }
        for (Map.Entry<String, Double> a : attributes.entrySet()) {
            e.addChildElement(ATTRIBUTE).addAttribute(new QName("name"), a.getKey())
                    .addTextNode(Double.toString(a.getValue()));
        }
    }

    /**
     * The {@code block} header block of {@code msg}, or {@code null} when there is none.
     *
     * @throws Malformed when there are several, or one breaks a limit or holds a malformed value
     */
    static Block read(SOAPMessage msg, QName block) throws SOAPException {
        SOAPHeader header = msg.getSOAPHeader();
        if (header == null) {
            return null;
        }
        Iterator<Node> blocks = header.getChildElements(block);
        SOAPElement e = next(blocks);
        if (e == null) {
            return null;
        }
        if (next(blocks) != null) {
            throw new Malformed("more than one " + block.getLocalPart() + " block");
        }
        String client = null;
        String sent = null;
        String type = null;
        TreeMap<String, Double> attributes = new TreeMap<>();
        for (Iterator<Node> it = e.getChildElements(); it.hasNext(); ) {
            if (!(it.next() instanceof SOAPElement c) || !NS.equals(c.getNamespaceURI())) {
                continue;
            }
            switch (c.getLocalName()) {
                case "client" -> client = text(c, client);
                case "sent" -> sent = text(c, sent);
                case "type" -> type = text(c, type);
                case "attribute" -> {
                    String name = c.getAttribute("name");
                    if (!QualityAttributes.validName(name)) {
                        throw new Malformed("attribute name '" + clip(name) + "' is malformed");
                    }
                    double v;
                    String s = c.getValue() == null ? "" : c.getValue().strip();
                    try {
                        v = Double.parseDouble(s);
                    } catch (NumberFormatException x) {
                        v = Double.NaN;
                    }
                    if (!Double.isFinite(v)) {
                        throw new Malformed("attribute " + name + " = '" + clip(s) + "' is not a finite number");
                    }
                    if (attributes.put(name, v) != null) {
                        throw new Malformed("attribute " + name + " appears twice");
                    }
                    if (attributes.size() > QualityAttributes.MAX_ATTRIBUTES) {
                        throw new Malformed("more than " + QualityAttributes.MAX_ATTRIBUTES + " attributes");
                    }
                }
                default -> {
                    // an element of a later version: ignored
                }
            }
        }
        return new Block(client, sent, type, Collections.unmodifiableMap(attributes));
    }

    private static SOAPElement next(Iterator<Node> it) {
        while (it.hasNext()) {
            if (it.next() instanceof SOAPElement e) {
                return e;
            }
        }
        return null;
    }

    private static String text(SOAPElement c, String before) {
        if (before != null) {
            throw new Malformed(c.getLocalName() + " appears twice");
        }
        String s = c.getValue() == null ? "" : c.getValue().strip();
        if (s.isEmpty() || s.length() > MAX_TEXT) {
            throw new Malformed(c.getLocalName() + " has " + s.length() + " characters, expected 1 to " + MAX_TEXT);
        }
        return s;
    }

    private static String clip(String s) {
        return s == null ? "null" : s.length() <= MAX_TEXT ? s : s.substring(0, MAX_TEXT) + "...";
    }
}
