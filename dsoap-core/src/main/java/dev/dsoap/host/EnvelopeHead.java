package dev.dsoap.host;

import dev.dsoap.binding.SoapVersion;
import dev.dsoap.parse.XmlScanner;

/**
 * What the start of a SOAP message says before its body is read: the SOAP version, whether the header holds
 * blocks, and the body's first element (the operation's wrapper or bare part, or a fault), for a host that
 * dispatches on it. Read with dsoap's own parser, so a malformed or hostile start fails here with the
 * parser's message. Immutable once read.
 */
public final class EnvelopeHead {
    private SoapVersion version;
    private boolean headerBlocks;
    private boolean fault;
    private String namespace;
    private String localName;
    /** The local name of the first element inside the body's first element, or {@code null}. */
    private String firstPartName;

    private EnvelopeHead() {
    }

    /** The envelope's version, or {@code null} when the document is not a SOAP envelope. */
    public SoapVersion version() {
        return version;
    }

    /** Whether the SOAP Header holds at least one block. */
    public boolean headerBlocks() {
        return headerBlocks;
    }

    /** Whether the body's first element is a SOAP Fault. */
    public boolean fault() {
        return fault;
    }

    /** The namespace of the body's first element, or {@code null} when the body is empty. */
    public String namespace() {
        return namespace;
    }

    /** The local name of the body's first element, or {@code null} when the body is empty. */
    public String localName() {
        return localName;
    }

    /**
     * The local name of the first element inside the body's first element (a wrapped operation's first part
     * present), or {@code null} when that element is empty, holds text first, or is a fault.
     */
    public String firstPartName() {
        return firstPartName;
    }

    /**
     * Reads the head of {@code b[0..len)} with {@code sc} (reset here; not thread-safe, one per thread).
     *
     * @throws dev.dsoap.parse.XmlParseException if the start is not well-formed or breaks a limit
     */
    public static EnvelopeHead read(XmlScanner sc, byte[] b, int len) {
        try {
            return readHead(sc, b, len);
        } finally {
            sc.release();
        }
    }

    /**
     * As {@link #read(XmlScanner, byte[], int)} for the first {@code len} bytes of a message whose rest may not have
     * arrived: what those bytes do not tell (they end first, or are not well-formed or break a limit before) is
     * {@code null}, not an error. A start tag counts only when its {@code >} is among the bytes.
     */
    public static EnvelopeHead readPrefix(XmlScanner sc, byte[] b, int len) {
        try {
            return readHead(sc, b, len);
        } catch (dev.dsoap.parse.XmlParseException e) {
            return new EnvelopeHead();
        } finally {
            sc.release();
        }
    }

    private static EnvelopeHead readHead(XmlScanner sc, byte[] b, int len) {
        EnvelopeHead h = new EnvelopeHead();
        sc.reset(b, 0, len, true);
        if (sc.nextTag() != XmlScanner.START_ELEMENT || !"Envelope".equals(sc.localName())) {
            return h;
        }
        String env = sc.namespaceURI();
        SoapVersion v = env.equals(SoapVersion.SOAP_11.envelopeNamespace()) ? SoapVersion.SOAP_11
                : env.equals(SoapVersion.SOAP_12.envelopeNamespace()) ? SoapVersion.SOAP_12 : null;
        if (v == null) {
            return h;
        }
        h.version = v;
        int ev = sc.nextTag();
        if (ev == XmlScanner.START_ELEMENT && env.equals(sc.namespaceURI()) && "Header".equals(sc.localName())) {
            // skip the header's blocks, noting that there are some
            for (int open = 1; open > 0; ) {
                ev = sc.next();
                if (ev == XmlScanner.START_ELEMENT) {
                    h.headerBlocks |= open == 1;
                    open++;
                } else if (ev == XmlScanner.END_ELEMENT) {
                    open--;
                } else if (ev == XmlScanner.END_DOCUMENT || ev == XmlScanner.INCOMPLETE) {
                    return h;
                }
            }
            ev = sc.nextTag();
        }
        if (ev != XmlScanner.START_ELEMENT || !env.equals(sc.namespaceURI()) || !"Body".equals(sc.localName())) {
            return h;
        }
        if (sc.nextTag() == XmlScanner.START_ELEMENT) {
            h.namespace = sc.namespaceURI();
            h.localName = sc.localName();
            h.fault = env.equals(h.namespace) && "Fault".equals(h.localName);
            if (!h.fault && sc.nextTag() == XmlScanner.START_ELEMENT) {
                h.firstPartName = sc.localName();
            }
        }
        return h;
    }
}
