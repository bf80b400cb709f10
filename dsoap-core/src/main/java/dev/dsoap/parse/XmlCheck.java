package dev.dsoap.parse;

/**
 * A whole-document check: well-formedness, the {@link ParserLimits}, and no DTD. Hosts run it on a message
 * they are about to hand to a parser of their own (a fallback path), so that dsoap's limits hold there too.
 */
public final class XmlCheck {
    private XmlCheck() {
    }

    /**
     * Scans {@code b[off..off+len)} to its end.
     *
     * @throws XmlParseException where the document is malformed, over a limit, carries a DTD, or is in an
     *                           encoding dsoap does not read ({@link XmlParseException.Kind#UNSUPPORTED})
     */
    public static void check(byte[] b, int off, int len, ParserLimits limits) {
        XmlScanner sc = new XmlScanner(limits);
        sc.reset(b, off, len, true);
        while (sc.next() != XmlScanner.END_DOCUMENT) {
            // events are not needed: scanning enforces everything
        }
    }
}
