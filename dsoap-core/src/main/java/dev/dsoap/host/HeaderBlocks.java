package dev.dsoap.host;

import dev.dsoap.parse.XmlScanner;

/**
 * Whether a message's SOAP header blocks are all ones a host may hand to dsoap as the operation's declared header
 * parts (each read by {@link dev.dsoap.deserialize.PlanDeserializer#headerBlock}). A host's own mustUnderstand
 * processing counts a declared header part as understood, so reading those in its place changes nothing; any other
 * block (WS-Addressing, WS-Security, an unknown {@code mustUnderstand} block), a block with an envelope attribute
 * other than {@code mustUnderstand} (a role, an actor, {@code relay}), a repeated block, or text in the Header
 * leaves the message to the host, whose own processing then decides, faults included. Stateless.
 */
public final class HeaderBlocks {
    private HeaderBlocks() {
    }

    /**
     * Why the header blocks of {@code b[0..len)} are not all declared header parts, or {@code null} when they are
     * (or there are none). Reads only the envelope's start and its Header, with {@code sc} (reset here).
     *
     * @param namespaces the declared parts' element namespaces, parallel to {@code localNames}
     * @param localNames the declared parts' element local names
     * @throws dev.dsoap.parse.XmlParseException if the start of the message is malformed or breaks a limit
     */
    public static String undeclared(XmlScanner sc, byte[] b, int len, String[] namespaces, String[] localNames) {
        if (namespaces.length != localNames.length) {
            throw new IllegalArgumentException(namespaces.length + " namespaces for " + localNames.length + " names");
        }
        try {
            return firstUndeclared(sc, b, len, namespaces, localNames);
        } finally {
            sc.release();
        }
    }

    private static String firstUndeclared(XmlScanner sc, byte[] b, int len, String[] namespaces, String[] localNames) {
        sc.reset(b, 0, len, true);
        if (sc.nextTag() != XmlScanner.START_ELEMENT || !"Envelope".equals(sc.localName())) {
            return "not a SOAP envelope";
        }
        String envelope = sc.namespaceURI();
        if (sc.nextTag() != XmlScanner.START_ELEMENT || !"Header".equals(sc.localName()) || !envelope.equals(sc.namespaceURI())) {
            return null;
        }
        boolean[] seen = new boolean[localNames.length];
        for (int ev = sc.nextTag(); ev != XmlScanner.END_ELEMENT; ev = sc.nextTag()) {
            if (ev != XmlScanner.START_ELEMENT) {
                return "text in the SOAP Header";
            }
            String ns = sc.namespaceURI();
            String local = sc.localName();
            int k = find(namespaces, localNames, ns, local);
            if (k < 0) {
                return "header block {" + ns + "}" + local + " is not a header part of the operation";
            }
            if (seen[k]) {
                return "header block {" + ns + "}" + local + " occurs twice";
            }
            seen[k] = true;
            for (int i = 0, n = sc.attributeCount(); i < n; i++) {
                if (envelope.equals(sc.attributeNamespace(i)) && !"mustUnderstand".equals(sc.attributeLocalName(i))) {
                    return "header block {" + ns + "}" + local + " carries " + sc.attributeLocalName(i);
                }
            }
            if (!skip(sc)) {
                return "the SOAP Header does not end";
            }
        }
        return null;
    }

    /**
     * Where the SOAP Header of {@code b[0..len)} ends (the offset of the byte after its end tag) when it holds header
     * blocks, or {@code -1} when the message has no Header or an empty one: a host that hands its own handlers the
     * header blocks can build them from {@code b[0..end)}, never reading the body. Reads only the envelope's start and
     * its Header, with {@code sc} (reset here).
     *
     * @throws dev.dsoap.parse.XmlParseException if the start of the message is malformed or breaks a limit
     */
    public static int headerEnd(XmlScanner sc, byte[] b, int len) {
        try {
            sc.reset(b, 0, len, true);
            if (sc.nextTag() != XmlScanner.START_ELEMENT || !"Envelope".equals(sc.localName())) {
                return -1;
            }
            String envelope = sc.namespaceURI();
            if (sc.nextTag() != XmlScanner.START_ELEMENT || !"Header".equals(sc.localName()) || !envelope.equals(sc.namespaceURI())) {
                return -1;
            }
            boolean blocks = false;
            for (int ev = sc.nextTag(); ev != XmlScanner.END_ELEMENT; ev = sc.nextTag()) {
                if (ev != XmlScanner.START_ELEMENT || !skip(sc)) {
                    return -1;
                }
                blocks = true;
            }
            return blocks ? sc.position() : -1;
        } finally {
            sc.release();
        }
    }

    private static int find(String[] namespaces, String[] localNames, String ns, String local) {
        for (int i = 0; i < localNames.length; i++) {
            if (localNames[i].equals(local) && namespaces[i].equals(ns)) {
                return i;
            }
        }
        return -1;
    }

    /** Reads to the end of the element whose start tag was just read; false if the document ends first. */
    private static boolean skip(XmlScanner sc) {
        for (int open = 1; open > 0; ) {
            int ev = sc.next();
            if (ev == XmlScanner.START_ELEMENT) {
                open++;
            } else if (ev == XmlScanner.END_ELEMENT) {
                open--;
            } else if (ev == XmlScanner.END_DOCUMENT || ev == XmlScanner.INCOMPLETE) {
                return false;
            }
        }
        return true;
    }
}
