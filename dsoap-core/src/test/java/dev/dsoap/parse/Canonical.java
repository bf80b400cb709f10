package dev.dsoap.parse;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * A document reduced to a canonical event list, once by Woodstox (the oracle) and once by {@link XmlScanner}, so
 * the two can be compared as strings. One event a line:
 * <pre>
 * S{uri}local prefix [p="uri", ="uri"] [{uri}local="value", ...]   start tag: declarations in order (but see
 *                                                                 {@link #declare}), attributes sorted
 * E{uri}local                                                     end tag
 * T"text"          adjacent CHARACTERS/CDATA merged; none outside the root element
 * C"comment"   P"target"|"data"   END
 * </pre>
 * Strings are quoted with control characters, backslashes, quotes, lone surrogates and U+FFFE/U+FFFF escaped.
 * A document either side refuses is {@link #ERROR}.
 */
final class Canonical {
    /** The canonical form of a rejected document. */
    static final String ERROR = "ERROR";
    /** Junk around the document in the buffer handed to {@code reset}, to catch reads outside {@code [off, off+len)}. */
    private static final int PAD = 7;

    /** One parse's outcome: the canonical events or {@link #ERROR}, and why it failed. */
    record Result(String events, Throwable failure) {
        boolean isError() {
            return failure != null;
        }

        /** dsoap's exception, or null when it accepted the document. */
        XmlParseException dsoapFailure() {
            return (XmlParseException) failure;
        }

        @Override
        public String toString() {
            return failure == null ? events : ERROR + " (" + failure + ")";
        }
    }

    /** XML 1.0 production [23] XMLDecl, as far as {@code ?>}. */
    private static final Pattern XML_DECL = Pattern.compile("<\\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(\"1\\.[0-9]+\"|'1\\.[0-9]+')"
            + "([ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(\"[A-Za-z][A-Za-z0-9._-]*\"|'[A-Za-z][A-Za-z0-9._-]*'))?"
            + "([ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(\"(yes|no)\"|'(yes|no)'))?[ \t\r\n]*\\?>");

    private Canonical() {
    }

    /**
     * The oracle: Woodstox, except where Woodstox is more lenient than the specifications, which make these an
     * {@link #ERROR}: a document that is not well-formed UTF-8 (Woodstox decodes overlong forms such as
     * {@code C1 81}), and an XML declaration that does not match production [23] (Woodstox takes any control
     * character for whitespace there, and lets control characters into the encoding name).
     */
    static Result oracle(byte[] doc) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(doc)).toString();
        } catch (CharacterCodingException e) {
            return new Result(ERROR, e);
        }
        text = text.startsWith("\uFEFF") ? text.substring(1) : text;
        if (text.startsWith("<?xml") && text.length() > 5 && text.charAt(5) <= ' ' && !XML_DECL.matcher(text).lookingAt()) {
            return new Result(ERROR, new IllegalArgumentException("XML declaration does not match production [23]"));
        }
        return woodstox(doc);
    }

    /** Woodstox's reading: namespace-aware, coalescing, no DTD support, entity references replaced. */
    static Result woodstox(byte[] doc) {
        XMLInputFactory f = new com.ctc.wstx.stax.WstxInputFactory();
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, true);
        Events out = new Events();
        try {
            XMLStreamReader r = f.createXMLStreamReader(new ByteArrayInputStream(doc));
            while (r.hasNext()) {
                switch (r.next()) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        List<String> ns = new ArrayList<>();
                        for (int i = 0; i < r.getNamespaceCount(); i++) {
                            declare(ns, nz(r.getNamespacePrefix(i)), nz(r.getNamespaceURI(i)));
                        }
                        Map<String, String> attrs = new TreeMap<>();
                        for (int i = 0; i < r.getAttributeCount(); i++) {
                            attrs.put("{" + nz(r.getAttributeNamespace(i)) + "}" + r.getAttributeLocalName(i),
                                    r.getAttributeValue(i));
                        }
                        out.start(nz(r.getNamespaceURI()), r.getLocalName(), nz(r.getPrefix()), ns, attrs);
                    }
                    case XMLStreamConstants.END_ELEMENT -> out.end(nz(r.getNamespaceURI()), r.getLocalName());
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
                            out.text(r.getText());
                    case XMLStreamConstants.COMMENT -> out.comment(r.getText());
                    case XMLStreamConstants.PROCESSING_INSTRUCTION -> out.pi(r.getPITarget(), nz(r.getPIData()));
                    case XMLStreamConstants.DTD -> out.line("DOCTYPE");
                    case XMLStreamConstants.ENTITY_REFERENCE -> out.line("R" + r.getLocalName());
                    case XMLStreamConstants.END_DOCUMENT -> out.line("END");
                    default -> {
                    }
                }
            }
            r.close();
        } catch (XMLStreamException | RuntimeException e) {
            return new Result(ERROR, e);
        }
        return new Result(out.toString(), null);
    }

    /** dsoap's reading of the whole document in one buffer (with junk either side of it). */
    static Result dsoap(byte[] doc, ParserLimits limits) {
        byte[] padded = new byte[doc.length + 2 * PAD];
        Arrays.fill(padded, (byte) '<');
        System.arraycopy(doc, 0, padded, PAD, doc.length);
        XmlScanner s = new XmlScanner(limits);
        Result failed = reset(s, padded, PAD, doc.length, true);
        return failed != null ? failed : read(s, doc, new int[0], false);
    }

    /**
     * dsoap's reading when the first {@code k} bytes come with {@code reset} and the rest with one {@code feed} on the
     * first INCOMPLETE, followed at once by {@code endOfInput}.
     */
    static Result dsoapSplit(XmlScanner s, byte[] doc, int k) {
        Result failed = reset(s, doc, 0, k, false);
        return failed != null ? failed : read(s, doc, new int[] {k, doc.length}, true);
    }

    /**
     * dsoap's reading when the input arrives one byte per INCOMPLETE; {@code endOfInput} comes only on the
     * INCOMPLETE after the last byte.
     */
    static Result dsoapBytewise(XmlScanner s, byte[] doc) {
        Result failed = reset(s, doc, 0, 0, false);
        if (failed != null) {
            return failed;
        }
        int[] cuts = new int[doc.length + 1];
        for (int i = 0; i <= doc.length; i++) {
            cuts[i] = i;
        }
        return read(s, doc, cuts, false);
    }

    /** Starts a document; the failure if {@code reset} itself refuses it. */
    private static Result reset(XmlScanner s, byte[] buf, int off, int len, boolean complete) {
        try {
            s.reset(buf, off, len, complete);
            return null;
        } catch (XmlParseException x) {
            return new Result(ERROR, x);
        } catch (RuntimeException x) {
            throw new AssertionError("XmlScanner.reset threw " + x + " instead of XmlParseException", x);
        }
    }

    /**
     * Reads to the end. {@code cuts} are chunk boundaries, {@code cuts[0]} being what {@code reset} got (none: the
     * input was complete); each INCOMPLETE feeds the next chunk. {@code endWithLastFeed}: {@code endOfInput} right
     * after the last chunk, else on the INCOMPLETE after it.
     */
    private static Result read(XmlScanner s, byte[] doc, int[] cuts, boolean endWithLastFeed) {
        Events out = new Events();
        int fed = 0;
        boolean ended = cuts.length == 0;
        long events = 0;
        long limit = 4L * doc.length + 16;
        try {
            while (true) {
                int e = s.next();
                if (++events > limit) {
                    throw new AssertionError(events + " events from " + doc.length + " bytes: no progress");
                }
                switch (e) {
                    case XmlScanner.INCOMPLETE -> {
                        if (ended) {
                            throw new AssertionError("INCOMPLETE after endOfInput");
                        }
                        if (fed + 1 < cuts.length) {
                            byte[] piece = Arrays.copyOfRange(doc, cuts[fed], cuts[fed + 1]);
                            fed++;
                            s.feed(piece, 0, piece.length);
                            Arrays.fill(piece, (byte) '&');   // feed copies: scribbling on our array must not matter
                            if (endWithLastFeed && fed + 1 == cuts.length) {
                                s.endOfInput();
                                ended = true;
                            }
                        } else {
                            s.endOfInput();
                            ended = true;
                        }
                    }
                    case XmlScanner.START_ELEMENT -> {
                        List<String> ns = new ArrayList<>();
                        for (int i = 0; i < s.namespaceCount(); i++) {
                            declare(ns, s.namespacePrefix(i), s.namespaceURI(i));
                        }
                        Map<String, String> attrs = new TreeMap<>();
                        for (int i = 0; i < s.attributeCount(); i++) {
                            attrs.put("{" + s.attributeNamespace(i) + "}" + s.attributeLocalName(i), s.attributeValue(i));
                        }
                        out.start(s.namespaceURI(), s.localName(), s.prefix(), ns, attrs);
                    }
                    case XmlScanner.END_ELEMENT -> out.end(s.namespaceURI(), s.localName());
                    case XmlScanner.CHARACTERS, XmlScanner.CDATA -> out.text(s.text());
                    case XmlScanner.COMMENT -> out.comment(s.text());
                    case XmlScanner.PROCESSING_INSTRUCTION -> out.pi(s.piTarget(), s.piData());
                    case XmlScanner.END_DOCUMENT -> {
                        if (!ended) {
                            throw new AssertionError("END_DOCUMENT before endOfInput");
                        }
                        out.line("END");
                        return new Result(out.toString(), null);
                    }
                    default -> throw new AssertionError("unknown event " + e);
                }
            }
        } catch (XmlParseException x) {
            return new Result(ERROR, x);
        } catch (RuntimeException x) {
            throw new AssertionError("XmlScanner threw " + x + " instead of XmlParseException", x);
        }
    }

    /** Accumulates canonical lines, merging adjacent text and dropping text outside the root element. */
    private static final class Events {
        private final StringBuilder out = new StringBuilder();
        private final StringBuilder text = new StringBuilder();
        private int depth;

        void start(String uri, String local, String prefix, List<String> ns, Map<String, String> attrs) {
            flush();
            depth++;
            StringBuilder a = new StringBuilder();
            attrs.forEach((k, v) -> a.append(a.length() == 0 ? "" : ", ").append(k).append('=').append(quote(v)));
            line("S{" + uri + "}" + local + " " + prefix + " " + ns + " [" + a + "]");
        }

        void end(String uri, String local) {
            flush();
            depth--;
            line("E{" + uri + "}" + local);
        }

        void text(String t) {
            if (depth > 0) {
                text.append(t);
            }
        }

        void comment(String c) {
            flush();
            line("C" + quote(c));
        }

        void pi(String target, String data) {
            flush();
            line("P" + quote(target) + "|" + quote(data));
        }

        void line(String s) {
            flush();
            out.append(s).append('\n');
        }

        private void flush() {
            if (text.length() > 0) {
                out.append('T').append(quote(text.toString())).append('\n');
                text.setLength(0);
            }
        }

        @Override
        public String toString() {
            flush();
            return out.toString();
        }
    }

    /**
     * Adds a namespace declaration, except one of the {@code xml} prefix (to its fixed URI, the only legal one):
     * Woodstox does not report those, dsoap does, and Namespaces 1.0 makes such a declaration optional.
     */
    private static void declare(List<String> ns, String prefix, String uri) {
        if (!prefix.equals("xml")) {
            ns.add(prefix + "=" + quote(uri));
        }
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    /** {@code s} in double quotes, with anything invisible or suspicious escaped; {@code null} shows as {@code null}. */
    static String quote(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean pairedSurrogate = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                    || Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '"' -> b.append("\\\"");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c >= 0x7F && c <= 0x9F || c == 0xFFFE || c == 0xFFFF
                            || Character.isSurrogate(c) && !pairedSurrogate) {
                        b.append(String.format("\\u%04X", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
