package dev.dsoap.parse;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A namespace-aware XML 1.0 pull parser over UTF-8 bytes, complete for well-formedness: XML declaration,
 * comments, processing instructions, CDATA, the five predefined entities and character references,
 * attribute value normalization, line-end normalization, namespace scoping and its constraints, strict
 * UTF-8 and XML character checks. A DOCTYPE is refused ({@link XmlParseException.Kind#FORBIDDEN}), so no
 * DTD is read and no entity can expand; every {@link ParserLimits} bound is checked where data enters.
 *
 * <p>Input is either one complete message ({@code reset(buf, off, len, true)}, read in place, never
 * copied) or arrives in parts ({@link #feed}); when an event is cut by the end of the input so far,
 * {@link #next()} returns {@link #INCOMPLETE} and reads that event again from its start once more input
 * is fed. Nothing about an event is committed until it has been read whole.
 *
 * <p>Names and namespace URIs are interned per scanner into dense ids that keep their meaning from one
 * message to the next, so the parser's state inside an element is a short vector of ints
 * ({@link #saveState}) that can be restored at the same point of another message ({@link #restoreState}):
 * this is what differential deserialization checkpoints. The ids stay bounded: past
 * {@value #MAX_SYMBOLS} symbols, {@link #reset} forgets all but those interned before
 * {@link #markSymbols()} and advances {@link #symbolEpoch()}.
 *
 * <p>The public methods are what dsoap's readers in other packages use: events, the current element's
 * names and interned ids, its attributes' ids and values, the current text in place (read-only, valid
 * until the next call), and the saved state. Those taking an index or a saved state check it. The rest of
 * a pull parser's accessors (prefixes, namespace declarations, processing instructions, incremental
 * {@link #feed}) are package-private, used by the conformance tests. The element stack and the attributes
 * are kept by {@link ElementStack} and {@link Attributes}.
 *
 * <p>Event constants follow {@code javax.xml.stream.XMLStreamConstants}. Not thread-safe: one scanner
 * per thread or stream, reused across messages with {@link #reset}.
 */
public final class XmlScanner {
    public static final int START_ELEMENT = 1;
    public static final int END_ELEMENT = 2;
    public static final int PROCESSING_INSTRUCTION = 3;
    public static final int CHARACTERS = 4;
    public static final int COMMENT = 5;
    public static final int END_DOCUMENT = 8;
    public static final int CDATA = 12;
    /** More input is needed to read the next event. */
    public static final int INCOMPLETE = -1;

    /** Symbols (names and URIs together) above which {@link #reset} forgets the unmarked ones. */
    static final int MAX_SYMBOLS = 1 << 16;

    static final String XML_NS = "http://www.w3.org/XML/1998/namespace";
    static final String XMLNS_NS = "http://www.w3.org/2000/xmlns/";

    /** Eight bytes of a message at once, for scanning plain text a word at a time. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    /** Terminators of raw character data, for {@link #scanRaw}. */
    private static final int RAW_CDATA = 0;
    private static final int RAW_COMMENT = 1;
    private static final int RAW_PI = 2;

    /** Document states. */
    private enum Where { START, PROLOG, CONTENT, EPILOG, DONE }

    private static final byte[] EMPTY = new byte[0];
    /** Scratch arrays grown past this many bytes are given back by {@link #release()}. */
    static final int SCRATCH_KEPT = 64 * 1024;

    /** Thrown inside the scanner when an event is cut by the end of partial input; never escapes. */
    private static final RuntimeException NEED_INPUT = new RuntimeException("need input", null, false, false) {
        private static final long serialVersionUID = 1L;
    };

    private final ParserLimits limits;
    /** Qualified names, prefixes and local names. */
    private final Symbols names = new Symbols();
    /** Namespace URIs; id 0 is no namespace. */
    private final Symbols uris = new Symbols();
    /** Per name id: the prefix id (0 when none), filled by {@link #split}. */
    private int[] namePrefix = new int[64];
    /** Per name id: the local-name id. */
    private int[] nameLocal = new int[64];
    /** Name ids below this have {@link #namePrefix}/{@link #nameLocal} filled. */
    private int splitCount;
    /** Bumped each time unmarked symbols are forgotten. */
    private int epoch;
    private final int xmlPrefix;
    private final int xmlnsName;
    private final int xmlUri;
    private final int xmlnsUri;

    // ------------------------------------------------------------------------------------------- input
    /** The message bytes (the caller's array for complete input, ours once {@link #feed} is used). */
    private byte[] buf = EMPTY;
    /** Index of the message's first byte in {@link #buf}. */
    private int base;
    /** End of the input so far in {@link #buf}. */
    private int limit;
    /** Whether {@link #buf} is ours (may be appended to). */
    private boolean owned;
    /** Whether no more input will come. */
    private boolean complete;
    /** Next byte to read. */
    private int pos;
    /** Start of the event being read (for errors and rewinding). */
    private int tokenStart;

    // ------------------------------------------------------------------------------------------- state
    private Where where = Where.START;
    /** What is being read, for error messages. */
    private String reading = "prolog";
    /** {@link #reading} while an attribute is read: {@link #reading()} names the element then ({@link #attributeOf}). */
    private static final String ATTRIBUTE_OF = "attribute of";
    /** The name of the element whose attribute is read, while {@link #reading} is {@link #ATTRIBUTE_OF}. */
    private int attributeOf;
    /** Open elements and the namespace declarations in scope. */
    private final ElementStack stack = new ElementStack();
    /** The last start tag was {@code <x/>}: its END_ELEMENT comes next. */
    private boolean pendingEnd;

    // ------------------------------------------------------------------------------------------- event
    private int event;
    /** Current element's qualified name, URI and local name ids (START/END_ELEMENT). */
    private int curName;
    private int curUri;
    private int curLocal;
    /** Declarations made by the current start tag: the last {@code declCount} of {@link #stack}'s. */
    private int declCount;
    /** Attributes of the current start tag, and the raw ones while a start tag is read. */
    private final Attributes attrs = new Attributes();
    /** Text of the current CHARACTERS/CDATA/COMMENT event or of the last leaf read, and PI parts. */
    private byte[] textArr;
    private int textOff;
    private int textLen;
    private byte[] textScratch = new byte[256];
    /** Whether the raw data {@link #scanRaw} last read has no CR (its text needs no line-end normalization). */
    private boolean rawSimple;
    private int piTargetOff;
    private int piTargetLen;
    /** Scratch for coalescing a leaf's text. */
    private byte[] leafScratch = new byte[256];

    public XmlScanner(ParserLimits limits) {
        this.limits = limits;
        this.xmlPrefix = names.intern("xml");
        this.xmlnsName = names.intern("xmlns");
        this.xmlUri = uris.intern(XML_NS);
        this.xmlnsUri = uris.intern(XMLNS_NS);
        markSymbols();
    }

    ParserLimits limits() {
        return limits;
    }

    // ------------------------------------------------------------------------------------------- input

    /**
     * Starts reading a new document from {@code buf[off..off+len)}. With {@code complete}, the bytes are
     * read in place and must not change until the document is done; otherwise they are copied and more
     * follow through {@link #feed}.
     */
    public void reset(byte[] buf, int off, int len, boolean complete) {
        java.util.Objects.checkFromIndexSize(off, len, buf.length);
        if (names.size() + uris.size() > MAX_SYMBOLS) {
            names.truncate();
            uris.truncate();
            splitCount = Math.min(splitCount, names.size());
            lastName = 0;
            epoch++;
        }
        checkMessageSize(len, buf, off);
        if (complete) {
            this.buf = buf;
            this.base = off;
            this.limit = off + len;
            this.owned = false;
        } else {
            byte[] own = this.owned && this.buf.length >= len ? this.buf : new byte[Math.max(len, 4096)];
            System.arraycopy(buf, off, own, 0, len);
            this.buf = own;
            this.base = 0;
            this.limit = len;
            this.owned = true;
        }
        this.complete = complete;
        this.pos = base;
        this.tokenStart = base;
        this.where = Where.START;
        this.reading = "prolog";
        this.stack.clear();
        this.pendingEnd = false;
        this.event = 0;
        this.attrs.count = 0;
        this.declCount = 0;
    }

    /**
     * Ends the document: drops the reference to the input (so that a scanner kept between messages does not pin
     * the last message's bytes) and gives back scratch space a large text or attribute grew past
     * {@value #SCRATCH_KEPT} bytes. The symbol tables stay. Until the next {@link #reset} there is no document.
     */
    public void release() {
        buf = EMPTY;
        owned = false;
        complete = true;
        base = 0;
        limit = 0;
        pos = 0;
        tokenStart = 0;
        textArr = null;
        textOff = 0;
        textLen = 0;
        where = Where.DONE;
        if (textScratch.length > SCRATCH_KEPT) {
            textScratch = new byte[256];
        }
        if (leafScratch.length > SCRATCH_KEPT) {
            leafScratch = new byte[256];
        }
        attrs.release(SCRATCH_KEPT);
    }

    /** Appends input to a document started with {@code complete == false}. */
    void feed(byte[] more, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, more.length);
        if (complete) {
            throw new IllegalStateException("the input was declared complete");
        }
        if (limit - base + len > limits.maxMessageBytes()) {
            byte[] all = Arrays.copyOfRange(buf, base, limit + len);
            System.arraycopy(more, off, all, limit - base, len);
            checkMessageSize(all.length, all, 0);
        }
        if (!owned || limit + len > buf.length) {
            byte[] grown = new byte[Math.max(limit - base + len, (limit - base) * 2)];
            System.arraycopy(buf, base, grown, 0, limit - base);
            int shift = base;
            buf = grown;
            base = 0;
            limit -= shift;
            pos -= shift;
            tokenStart -= shift;
            owned = true;
        }
        System.arraycopy(more, off, buf, limit, len);
        limit += len;
    }

    /** Declares that no more input will be fed. */
    void endOfInput() {
        complete = true;
    }

    /** {@code b[off..]} holds the message's first bytes, for the position of the error. */
    private void checkMessageSize(long len, byte[] b, int off) {
        int max = limits.maxMessageBytes();
        if (len > max) {
            int line = 1;
            int column = 1;
            for (int i = off, end = off + max; i < end; i++) {
                byte c = b[i];
                if (c == '\n' || (c == '\r' && (i + 1 >= end || b[i + 1] != '\n'))) {
                    line++;
                    column = 1;
                } else if ((c & 0xC0) != 0x80) {
                    column++;
                }
            }
            throw new XmlParseException(XmlParseException.Kind.LIMIT, "message of " + len
                    + " bytes exceeds the limit of " + max + " (maxMessageBytes)", max, line, column, "input");
        }
    }

    // ------------------------------------------------------------------------------------------- events

    /**
     * Reads the next event: {@link #START_ELEMENT}, {@link #END_ELEMENT}, {@link #CHARACTERS}, {@link #CDATA},
     * {@link #COMMENT}, {@link #PROCESSING_INSTRUCTION}, {@link #END_DOCUMENT}, or {@link #INCOMPLETE}.
     *
     * @throws XmlParseException if the input is not well-formed, breaks a limit, has a DOCTYPE, or is
     *                           not UTF-8 XML 1.0
     */
    public int next() {
        if (pendingEnd) {
            pendingEnd = false;
            endElement();
            return event;
        }
        int save = pos;
        Where saveWhere = where;
        try {
            return event = scan();
        } catch (RuntimeException e) {
            if (e != NEED_INPUT) {
                throw e;
            }
            pos = save;
            where = saveWhere;
            return event = INCOMPLETE;
        }
    }

    /** The current event. */
    public int event() {
        return event;
    }

    private int scan() {
        while (true) {
            switch (where) {
                case START:
                    scanStart();
                    continue;
                case PROLOG:
                case EPILOG: {
                    int ev = scanMisc();
                    if (ev != 0) {
                        return ev;
                    }
                    continue;
                }
                case CONTENT:
                    return scanContent();
                default:
                    return END_DOCUMENT;
            }
        }
    }

    /** Byte order mark and XML declaration. */
    private void scanStart() {
        int p = pos;
        tokenStart = p;
        reading = "XML declaration";
        if (limit - p >= 2 && (((buf[p] & 0xFF) == 0xFE && (buf[p + 1] & 0xFF) == 0xFF)
                || ((buf[p] & 0xFF) == 0xFF && (buf[p + 1] & 0xFF) == 0xFE)
                || (buf[p] == 0 && buf[p + 1] == '<') || (buf[p] == '<' && buf[p + 1] == 0))) {
            throw new XmlParseException(XmlParseException.Kind.UNSUPPORTED, "UTF-16 or UTF-32 input is not supported"
                    + " (only UTF-8)", 0, 1, 1, reading);
        }
        if (avail(p, 3) && (buf[p] & 0xFF) == 0xEF && (buf[p + 1] & 0xFF) == 0xBB && (buf[p + 2] & 0xFF) == 0xBF) {
            p += 3;
        } else if (!complete && limit - p < 3 && prefixOf(p, new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF})) {
            throw NEED_INPUT;
        }
        byte[] decl = {'<', '?', 'x', 'm', 'l'};
        if (avail(p, 6) && startsWith(p, decl) && Chars.isWhitespace(buf[p + 5])) {
            p = scanDeclaration(p + 6);
        } else if (!complete && limit - p < 6 && prefixOf(p, decl)) {
            throw NEED_INPUT;
        }
        pos = p;
        where = Where.PROLOG;
        reading = "prolog";
    }

    private boolean prefixOf(int p, byte[] s) {
        for (int i = 0; i < s.length && p + i < limit; i++) {
            if (buf[p + i] != s[i]) {
                return false;
            }
        }
        return true;
    }

    /** {@code version}, {@code encoding}, {@code standalone} and {@code ?>}; returns the position after it. */
    private int scanDeclaration(int p) {
        p = skipWs(p);
        p = expectWord(p, "version");
        int q = quoted(p);
        if (!versionNumber(p + 1, q)) {
            throw error("invalid XML version '" + ascii(p + 1, q - p - 1) + "'", p);
        }
        if (q - p - 1 != 3 || buf[p + 3] != '0') {
            throw new XmlParseException(XmlParseException.Kind.UNSUPPORTED, "XML version " + ascii(p + 1, q - p - 1)
                    + " is not supported (only 1.0)", p - base, line(p), column(p), reading);
        }
        p = q + 1;
        boolean ws = Chars.isWhitespace(at(p));
        p = skipWs(p);
        if (ws && at(p) == 'e') {
            p = expectWord(p, "encoding");
            q = quoted(p);
            if (!encodingName(p + 1, q)) {
                throw error("invalid encoding name '" + ascii(p + 1, q - p - 1) + "'", p);
            }
            if (!utf8Name(p + 1, q)) {
                throw new XmlParseException(XmlParseException.Kind.UNSUPPORTED, "encoding " + ascii(p + 1, q - p - 1)
                        + " is not supported (only UTF-8)", p - base, line(p), column(p), reading);
            }
            p = q + 1;
            ws = Chars.isWhitespace(at(p));
            p = skipWs(p);
        }
        if (ws && at(p) == 's') {
            p = expectWord(p, "standalone");
            q = quoted(p);
            String sa = ascii(p + 1, q - p - 1);
            if (!sa.equals("yes") && !sa.equals("no")) {
                throw error("standalone must be 'yes' or 'no', not '" + sa + "'", p);
            }
            p = skipWs(q + 1);
        }
        if (at(p) != '?' || at(p + 1) != '>') {
            throw error("expected '?>' to end the XML declaration", p);
        }
        return p + 2;
    }

    /** Whether {@code buf[from..to)} is a VersionNum: {@code 1.} and one or more digits (XML 1.0 5th ed., [26]). */
    private boolean versionNumber(int from, int to) {
        if (to - from < 3 || buf[from] != '1' || buf[from + 1] != '.') {
            return false;
        }
        for (int i = from + 2; i < to; i++) {
            if (buf[i] < '0' || buf[i] > '9') {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code buf[from..to)} is an EncName: {@code [A-Za-z] ([A-Za-z0-9._] | '-')*} (XML 1.0, [81]). */
    private boolean encodingName(int from, int to) {
        if (to == from || !asciiLetter(buf[from])) {
            return false;
        }
        for (int i = from + 1; i < to; i++) {
            byte c = buf[i];
            if (!asciiLetter(c) && (c < '0' || c > '9') && c != '.' && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private static boolean asciiLetter(byte c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    /** Whether the encoding name {@code buf[from..to)} is {@code UTF-8} or {@code UTF8}, in any case. */
    private boolean utf8Name(int from, int to) {
        int n = to - from;
        if ((n != 5 && n != 4) || (buf[from] | 0x20) != 'u' || (buf[from + 1] | 0x20) != 't' || (buf[from + 2] | 0x20) != 'f') {
            return false;
        }
        return n == 5 ? buf[from + 3] == '-' && buf[from + 4] == '8' : buf[from + 3] == '8';
    }

    private int expectWord(int p, String word) {
        for (int i = 0; i < word.length(); i++) {
            if (at(p + i) != word.charAt(i)) {
                throw error("expected '" + word + "'", p);
            }
        }
        p = skipWs(p + word.length());
        if (at(p) != '=') {
            throw error("expected '=' after " + word, p);
        }
        return skipWs(p + 1);
    }

    /** The index of the closing quote of the quoted ASCII value at {@code p}. */
    private int quoted(int p) {
        int quote = at(p);
        if (quote != '"' && quote != '\'') {
            throw error("expected a quoted value", p);
        }
        int q = p + 1;
        while (at(q) != quote) {
            int b = buf[q];
            if (b < 0x20 || b == '<') {
                throw error("unterminated value", q);
            }
            q++;
        }
        return q;
    }

    private String ascii(int p, int len) {
        return new String(buf, p, len, StandardCharsets.ISO_8859_1);
    }

    /** Prolog and epilog: whitespace, comments, PIs, the root start tag. Returns 0 after skipping whitespace only. */
    private int scanMisc() {
        int p = pos;
        while (p < limit && Chars.isWhitespace(buf[p])) {
            p++;
        }
        pos = p;
        tokenStart = p;
        boolean prolog = where == Where.PROLOG;
        reading = prolog ? "prolog" : "epilog";
        if (p >= limit) {
            if (!complete) {
                throw NEED_INPUT;
            }
            if (prolog) {
                throw error(p == base ? "empty document" : "no root element", p);
            }
            where = Where.DONE;
            return END_DOCUMENT;
        }
        if (buf[p] != '<') {
            if (buf[p] < 0) {
                codePoint(p); // names a malformed byte sequence as such
            }
            throw error(prolog ? "text before the root element" : "text after the root element", p);
        }
        int c = at(p + 1);
        if (c == '?') {
            return scanPi();
        }
        if (c == '!') {
            if (at(p + 2) == '-' && at(p + 3) == '-') {
                return scanComment();
            }
            if (startsWith(p + 2, "DOCTYPE")) {
                throw new XmlParseException(XmlParseException.Kind.FORBIDDEN, "DOCTYPE is not allowed (no DTDs,"
                        + " no external entities)", p - base, line(p), column(p), describe());
            }
            if (startsWith(p + 2, "[CDATA[")) {
                throw error("CDATA outside the root element", p);
            }
            throw error("unexpected '<!'", p);
        }
        if (!prolog) {
            throw error(c == '/' ? "end tag after the root element" : "a second root element", p);
        }
        if (c == '/') {
            throw error("end tag before the root element", p);
        }
        int ev = scanStartTag();
        where = Where.CONTENT;
        return ev;
    }

    private int scanContent() {
        int p = pos;
        tokenStart = p;
        if (p >= limit) {
            if (!complete) {
                throw NEED_INPUT;
            }
            throw error("unexpected end of input: " + stack.depth + " element(s) not closed", p);
        }
        if (buf[p] != '<') {
            return scanText();
        }
        int c = at(p + 1);
        if (c == '/') {
            return scanEndTag();
        }
        if (c == '!') {
            if (at(p + 2) == '-' && at(p + 3) == '-') {
                return scanComment();
            }
            if (startsWith(p + 2, "[CDATA[")) {
                return scanCdata();
            }
            if (startsWith(p + 2, "DOCTYPE")) {
                throw new XmlParseException(XmlParseException.Kind.FORBIDDEN, "DOCTYPE is not allowed",
                        p - base, line(p), column(p), describe());
            }
            throw error("unexpected '<!'", p);
        }
        if (c == '?') {
            return scanPi();
        }
        return scanStartTag();
    }

    // ------------------------------------------------------------------------------------------- tags

    private int scanStartTag() {
        int p = tokenStart + 1;
        reading = "start tag";
        int nameStart = p;
        p = scanName(p, true);
        int name = internName(nameStart, p);
        attrs.startTag();
        boolean empty;
        while (true) {
            boolean ws = false;
            int b = at(p);
            while (Chars.isWhitespace(b)) {
                ws = true;
                b = at(++p);
            }
            if (b == '>') {
                p++;
                empty = false;
                break;
            }
            if (b == '/') {
                if (at(p + 1) != '>') {
                    throw error("expected '>' after '/' in a start tag", p + 1);
                }
                p += 2;
                empty = true;
                break;
            }
            if (!ws) {
                throw error("expected whitespace, '>' or '/>' in the start tag of <" + names.string(name) + ">", p);
            }
            if (attrs.rawCount == limits.maxAttributes()) {
                throw limit("more than " + limits.maxAttributes() + " attributes on <" + names.string(name)
                        + "> (maxAttributes)", p);
            }
            reading = ATTRIBUTE_OF; // named only if an error needs it: no string is made for each attribute
            attributeOf = name;
            int an = p;
            p = scanName(p, true);
            int attr = internName(an, p);
            p = skipWs(p);
            if (at(p) != '=') {
                throw error("expected '=' after attribute " + names.string(attr), p);
            }
            p = skipWs(p + 1);
            p = scanAttributeValue(p, attr);
        }
        pos = p;
        reading = "start tag";
        commitStartTag(name, empty);
        return START_ELEMENT;
    }

    /** Records one attribute value starting at its quote; returns the position after the closing quote. */
    private int scanAttributeValue(int p, int attr) {
        int quote = at(p);
        if (quote != '"' && quote != '\'') {
            throw error("expected a quoted value for attribute " + names.string(attr), p);
        }
        int start = ++p;
        boolean simple = true;
        int max = start + limits.maxAttributeValueBytes();
        while (true) {
            if (p >= limit) {
                need(p, "attribute value");
            }
            int b = buf[p];
            if (b == quote) {
                break;
            }
            if (p >= max) {
                throw limit("attribute value of " + names.string(attr) + " longer than "
                        + limits.maxAttributeValueBytes() + " bytes (maxAttributeValueBytes)", p);
            }
            if (b >= 0x20) {
                if (b == '<') {
                    throw error("'<' in the value of attribute " + names.string(attr), p);
                }
                if (b == '&') {
                    simple = false;
                    p = skipReference(p);
                } else {
                    p++;
                }
            } else if (b < 0) {
                p = skipMultiByte(p);
            } else if (b == '\t' || b == '\n' || b == '\r') {
                simple = false;
                p++;
            } else {
                throw badChar(b, p);
            }
        }
        Attributes at = attrs;
        if (simple) {
            at.addRaw(attr, start, p);
        } else {
            byte[] dst = at.reserve(p - start);
            at.addDecoded(attr, decode(start, p, dst, at.scratchLen, true));
        }
        return p + 1;
    }

    /** Declarations, name resolution, uniqueness, then the element is pushed. Nothing before this mutates state. */
    private void commitStartTag(int name, boolean empty) {
        ElementStack st = stack;
        Attributes at = attrs;
        if (st.depth == limits.maxDepth()) {
            throw limit("element depth exceeds " + limits.maxDepth() + " (maxDepth)", tokenStart);
        }
        int mark = st.nsCount;
        int decls = 0;
        for (int i = 0; i < at.rawCount; i++) {
            int n = at.rawName[i];
            int prefix;
            if (n == xmlnsName) {
                prefix = 0;
            } else if (namePrefix[n] == xmlnsName) {
                prefix = nameLocal[n];
            } else {
                continue;
            }
            if (++decls > limits.maxNamespaceDeclarations()) {
                st.nsCount = mark;
                throw limit("more than " + limits.maxNamespaceDeclarations() + " namespace declarations on <"
                        + names.string(name) + "> (maxNamespaceDeclarations)", tokenStart);
            }
            byte[] vb = at.rawInScratch[i] ? at.scratch : buf;
            int uri = uris.intern(vb, at.rawOff[i], at.rawLen[i], Symbols.hash(vb, at.rawOff[i], at.rawLen[i]));
            String problem = null;
            if (prefix == xmlnsName) {
                problem = "the prefix xmlns cannot be declared";
            } else if (prefix == xmlPrefix) {
                if (uri != xmlUri) {
                    problem = "the prefix xml can only be bound to " + XML_NS;
                }
            } else if (uri == xmlUri) {
                problem = XML_NS + " can only be bound to the prefix xml";
            } else if (uri == xmlnsUri) {
                problem = XMLNS_NS + " cannot be declared";
            } else if (uri == 0 && prefix != 0) {
                problem = "the prefix " + names.string(prefix) + " cannot be undeclared (xmlns:"
                        + names.string(prefix) + "=\"\")";
            }
            if (problem != null) {
                st.nsCount = mark;
                throw error(problem, tokenStart);
            }
            if (st.declaredSince(mark, prefix)) {
                st.nsCount = mark;
                throw error("duplicate attribute " + names.string(n), tokenStart);
            }
            st.declare(prefix, uri);
        }
        try {
            int prefix = namePrefix[name];
            if (prefix == xmlnsName) {
                throw error("the prefix xmlns cannot name an element", tokenStart);
            }
            int uri = resolve(prefix, name);
            int n = 0;
            for (int i = 0; i < at.rawCount; i++) {
                int a = at.rawName[i];
                if (a == xmlnsName || namePrefix[a] == xmlnsName) {
                    continue;
                }
                at.add(n, i, namePrefix[a] == 0 ? 0 : resolve(namePrefix[a], a), nameLocal[a]);
                n++;
            }
            at.count = n;
            long dup = at.duplicate();
            if (dup >= 0) {
                throw duplicate(name, (int) (dup >>> 32), (int) dup);
            }
            st.push(name, uri, nameLocal[name], mark);
            curName = name;
            curUri = uri;
            curLocal = nameLocal[name];
            declCount = st.nsCount - mark;
            pendingEnd = empty;
        } catch (XmlParseException e) {
            st.nsCount = mark;
            throw e;
        }
    }

    private int resolve(int prefix, int qname) {
        if (prefix == xmlPrefix) {
            return xmlUri;
        }
        int uri = stack.uriOf(prefix);
        if (uri >= 0) {
            return uri;
        }
        if (prefix == 0) {
            return 0;
        }
        throw error("the prefix " + names.string(prefix) + " of " + names.string(qname) + " is not bound", tokenStart);
    }

    private XmlParseException duplicate(int element, int i, int j) {
        int[] an = attrs.name;
        String what = an[i] == an[j] ? names.string(an[i])
                : names.string(an[i]) + " and " + names.string(an[j]) + " (same expanded name)";
        return error("duplicate attribute " + what + " on <" + names.string(element) + ">", tokenStart);
    }

    private int scanEndTag() {
        reading = "end tag";
        int p = tokenStart + 2;
        int name = stack.name[stack.depth];
        int len = names.length(name);
        if (avail(p, len + 1) && names.equals(name, buf, p, len) && !isNameByte(buf[p + len])) {
            p += len;
        } else {
            int start = p;
            p = scanName(p, false);
            throw error("end tag </" + new String(buf, start, p - start, StandardCharsets.UTF_8)
                    + "> does not match <" + names.string(name) + ">", tokenStart);
        }
        int b = at(p);
        while (Chars.isWhitespace(b)) {
            b = at(++p);
        }
        if (b != '>') {
            throw error("expected '>' to end </" + names.string(name) + ">", p);
        }
        pos = p + 1;
        endElement();
        return END_ELEMENT;
    }

    private static boolean isNameByte(byte b) {
        return b < 0 || Chars.NAME[b];
    }

    /** Makes the innermost open element the current END_ELEMENT and closes it. */
    private void endElement() {
        ElementStack st = stack;
        int d = st.depth;
        curName = st.name[d];
        curUri = st.uri[d];
        curLocal = st.local[d];
        declCount = 0;
        attrs.count = 0;
        if (st.pop() == 0) {
            where = Where.EPILOG;
        }
        event = END_ELEMENT;
    }

    /** Scans a Name at {@code p}; returns the index after it. {@code limitCheck}: apply maxNameBytes. */
    private int scanName(int p, boolean limitCheck) {
        int start = p;
        int b = at(p);
        if (b >= 0 ? !Chars.NAME_START[b] : !Chars.isNameStartNonAscii(codePoint(p))) {
            throw error(b == ' ' || b == '>' || b == '=' ? "missing name" : "a name cannot start with "
                    + describeByte(p), p);
        }
        int max = start + limits.maxNameBytes();
        while (true) {
            if (p >= limit) {
                need(p, "name");
            }
            b = buf[p];
            if (b >= 0) {
                if (!Chars.NAME[b]) {
                    break;
                }
                p++;
            } else {
                int c = codePoint(p);
                if (!Chars.isNameNonAscii(c)) {
                    break;
                }
                p += Character.charCount(c) == 2 ? 4 : (c < 0x800 ? 2 : 3);
            }
            if (limitCheck && p > max) {
                throw limit("name longer than " + limits.maxNameBytes() + " bytes (maxNameBytes)", start);
            }
        }
        return p;
    }

    /**
     * The name interned last: an element's siblings (an array's items) and its end tag repeat it, and a compare of a
     * few bytes costs less than hashing and probing.
     */
    private int lastName;

    /** Interns the qualified name {@code buf[start..end)} and checks its colons. */
    private int internName(int start, int end) {
        int len = end - start;
        int id = lastName;
        if (names.length(id) != len || !names.equals(id, buf, start, len)) {
            id = names.intern(buf, start, len, Symbols.hash(buf, start, len));
            lastName = id;
        }
        if (id >= splitCount) {
            split();
        }
        if (namePrefix[id] < 0) {
            throw error("'" + names.string(id) + "' is not a qualified name (colon misplaced)", start);
        }
        return id;
    }

    /** Fills prefix/local ids for every name interned since the last call; -1 prefix marks a bad QName. */
    private void split() {
        while (splitCount < names.size()) {
            int id = splitCount;
            if (id >= namePrefix.length) {
                namePrefix = Arrays.copyOf(namePrefix, Math.max(id + 1, namePrefix.length * 2));
                nameLocal = Arrays.copyOf(nameLocal, namePrefix.length);
            }
            byte[] pool = names.pool();
            int s = names.start(id);
            int len = names.length(id);
            int colon = -1;
            int colons = 0;
            for (int i = 0; i < len; i++) {
                if (pool[s + i] == ':') {
                    colon = i;
                    colons++;
                }
            }
            if (colons == 0) {
                namePrefix[id] = 0;
                nameLocal[id] = id;
                splitCount++;
            } else if (colons > 1 || colon == 0 || colon == len - 1 || !startsName(pool, s + colon + 1, s + len)) {
                namePrefix[id] = -1;
                nameLocal[id] = id;
                splitCount++;
            } else {
                namePrefix[id] = -2;
                splitCount++;
                int prefix = names.intern(pool, s, colon, Symbols.hash(pool, s, colon));
                pool = names.pool();
                s = names.start(id);
                int local = names.intern(pool, s + colon + 1, len - colon - 1,
                        Symbols.hash(pool, s + colon + 1, len - colon - 1));
                if (local >= namePrefix.length || prefix >= namePrefix.length) {
                    namePrefix = Arrays.copyOf(namePrefix, Math.max(names.size(), namePrefix.length * 2));
                    nameLocal = Arrays.copyOf(nameLocal, namePrefix.length);
                }
                namePrefix[id] = prefix;
                nameLocal[id] = local;
            }
        }
    }

    /** Whether {@code b[p..end)} starts with a name-start character (the local part of a QName). */
    private static boolean startsName(byte[] b, int p, int end) {
        int c = b[p];
        if (c >= 0) {
            return Chars.NAME_START[c] && c != ':';
        }
        int n = Chars.sequenceLength(c);
        return n > 0 && p + n <= end && Chars.isNameStartNonAscii(Chars.decode(b, p, n));
    }

    // ------------------------------------------------------------------------------------------- text

    private int scanText() {
        reading = "text";
        int start = tokenStart;
        int p = start;
        boolean simple = true;
        while (true) {
            if (p >= limit) {
                need(p, "text");
            }
            int b = buf[p];
            if (b >= 0x20) {
                if (b == '<') {
                    break;
                }
                if (b == '&') {
                    simple = false;
                    p = skipReference(p);
                } else if (b == ']') {
                    if (at(p + 1) == ']' && at(p + 2) == '>') {
                        throw error("']]>' is not allowed in text", p);
                    }
                    p++;
                } else {
                    p++;
                }
            } else if (b < 0) {
                p = skipMultiByte(p);
            } else if (b == '\n' || b == '\t') {
                p++;
            } else if (b == '\r') {
                simple = false;
                p++;
            } else {
                throw badChar(b, p);
            }
        }
        checkText(p - start, start);
        pos = p;
        if (simple) {
            textArr = buf;
            textOff = start;
            textLen = p - start;
        } else {
            if (textScratch.length < p - start) {
                textScratch = new byte[Math.max(p - start, textScratch.length * 2)];
            }
            textLen = decode(start, p, textScratch, 0, false);
            textArr = textScratch;
            textOff = 0;
        }
        return CHARACTERS;
    }

    private void checkText(int len, int at) {
        if (len > limits.maxTextBytes()) {
            throw limit("text of " + len + " bytes exceeds " + limits.maxTextBytes() + " (maxTextBytes)", at);
        }
    }

    /**
     * Checks the characters of a CDATA section, comment or PI body from {@code p} up to its terminator
     * ({@code ]]>}, {@code -->} with no other {@code --}, {@code ?>}); returns the terminator's index.
     */
    private int scanRaw(int p, int kind) {
        String what = kind == RAW_CDATA ? "CDATA section" : kind == RAW_COMMENT ? "comment" : "processing instruction";
        boolean simple = true;
        while (true) {
            if (p >= limit) {
                need(p, what);
            }
            int b = buf[p];
            if (b >= 0x20) {
                if (kind == RAW_CDATA ? b == ']' && at(p + 1) == ']' && at(p + 2) == '>'
                        : kind == RAW_PI ? b == '?' && at(p + 1) == '>' : b == '-' && at(p + 1) == '-') {
                    if (kind == RAW_COMMENT && at(p + 2) != '>') {
                        throw error("'--' is not allowed inside a comment", p);
                    }
                    break;
                }
                p++;
            } else if (b < 0) {
                p = skipMultiByte(p);
            } else if (b == '\n' || b == '\t') {
                p++;
            } else if (b == '\r') {
                simple = false;
                p++;
            } else {
                throw badChar(b, p);
            }
        }
        rawSimple = simple;
        return p;
    }

    private int scanCdata() {
        reading = "CDATA section";
        int start = tokenStart + 9;
        int p = scanRaw(start, RAW_CDATA);
        checkText(p - start, start);
        pos = p + 3;
        setRawText(start, p, rawSimple);
        return CDATA;
    }

    private int scanComment() {
        reading = "comment";
        int start = tokenStart + 4;
        int p = scanRaw(start, RAW_COMMENT);
        checkText(p - start, start);
        pos = p + 3;
        setRawText(start, p, rawSimple);
        return COMMENT;
    }

    private int scanPi() {
        reading = "processing instruction";
        int p = tokenStart + 2;
        int nameStart = p;
        p = scanName(p, true);
        int nameLen = p - nameStart;
        if (nameLen == 3 && (buf[nameStart] | 0x20) == 'x' && (buf[nameStart + 1] | 0x20) == 'm'
                && (buf[nameStart + 2] | 0x20) == 'l') {
            throw error(where == Where.PROLOG && nameStart - 2 == firstContent()
                    ? "the XML declaration needs whitespace and a version" : "the XML declaration is only allowed at"
                    + " the very start (the target 'xml' is reserved)", tokenStart);
        }
        for (int i = nameStart; i < p; i++) {
            if (buf[i] == ':') {
                throw error("a processing instruction target cannot contain ':'", i);
            }
        }
        int b = at(p);
        int dataStart;
        if (b == '?') {
            dataStart = p;
        } else if (Chars.isWhitespace(b)) {
            dataStart = skipWs(p);
        } else {
            throw error("expected whitespace or '?>' after the processing instruction target", p);
        }
        p = scanRaw(dataStart, RAW_PI);
        checkText(p - dataStart, dataStart);
        pos = p + 2;
        piTargetOff = nameStart;
        piTargetLen = nameLen;
        setRawText(dataStart, p, rawSimple);
        return PROCESSING_INSTRUCTION;
    }

    private int firstContent() {
        int p = base;
        if (limit - p >= 3 && (buf[p] & 0xFF) == 0xEF && (buf[p + 1] & 0xFF) == 0xBB && (buf[p + 2] & 0xFF) == 0xBF) {
            p += 3;
        }
        return p;
    }

    /** Text without references: only line ends are normalized. */
    private void setRawText(int start, int end, boolean simple) {
        if (simple) {
            textArr = buf;
            textOff = start;
            textLen = end - start;
            return;
        }
        if (textScratch.length < end - start) {
            textScratch = new byte[Math.max(end - start, textScratch.length * 2)];
        }
        int n = 0;
        for (int p = start; p < end; p++) {
            byte b = buf[p];
            if (b == '\r') {
                textScratch[n++] = '\n';
                if (p + 1 < end && buf[p + 1] == '\n') {
                    p++;
                }
            } else {
                textScratch[n++] = b;
            }
        }
        textArr = textScratch;
        textOff = 0;
        textLen = n;
    }

    /**
     * Copies already-validated text {@code buf[start..end)} to {@code dst[at..]}, resolving references
     * and normalizing line ends (and, for attribute values, whitespace to spaces). Returns the length.
     */
    private int decode(int start, int end, byte[] dst, int at, boolean attribute) {
        int n = at;
        for (int p = start; p < end; p++) {
            byte b = buf[p];
            if (b == '&') {
                int semi = p + 1;
                while (buf[semi] != ';') {
                    semi++;
                }
                n += Chars.encode(referenceValue(p, semi), dst, n);
                p = semi;
            } else if (b == '\r') {
                dst[n++] = attribute ? (byte) ' ' : (byte) '\n';
                if (p + 1 < end && buf[p + 1] == '\n') {
                    p++;
                }
            } else if (attribute && (b == '\n' || b == '\t')) {
                dst[n++] = ' ';
            } else {
                dst[n++] = b;
            }
        }
        return n - at;
    }

    /** Checks the reference at {@code buf[p] == '&'}; returns the index after its ';'. */
    private int skipReference(int p) {
        int q = p + 1;
        int b = at(q);
        if (b == '#') {
            q++;
            boolean hex = at(q) == 'x';
            if (hex) {
                q++;
            }
            int digits = q;
            while (true) {
                b = at(q);
                if (b == ';') {
                    break;
                }
                boolean digit = (b >= '0' && b <= '9') || (hex && ((b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F')));
                if (!digit) {
                    throw error("malformed character reference", p);
                }
                q++;
            }
            if (q == digits) {
                throw error("empty character reference", p);
            }
            referenceValue(p, q);
            return q + 1;
        }
        q = scanName(q, true);
        if (at(q) != ';') {
            throw error("entity reference without ';'", p);
        }
        referenceValue(p, q);
        return q + 1;
    }

    /** The character of the reference {@code buf[amp..semi]} (already syntax-checked). */
    private int referenceValue(int amp, int semi) {
        int s = amp + 1;
        int len = semi - s;
        if (buf[s] == '#') {
            boolean hex = buf[s + 1] == 'x';
            int d = hex ? s + 2 : s + 1;
            long v = 0;
            for (int i = d; i < semi; i++) {
                int c = buf[i];
                int digit = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
                v = hex ? v * 16 + digit : v * 10 + digit;
                if (v > 0x10FFFF) {
                    throw error("character reference beyond U+10FFFF", amp);
                }
            }
            if (!Chars.isXmlChar((int) v)) {
                throw error(String.format("character reference to U+%04X, which XML 1.0 does not allow", v), amp);
            }
            return (int) v;
        }
        if (len == 2 && buf[s + 1] == 't') {
            if (buf[s] == 'l') {
                return '<';
            }
            if (buf[s] == 'g') {
                return '>';
            }
        } else if (len == 3 && buf[s] == 'a' && buf[s + 1] == 'm' && buf[s + 2] == 'p') {
            return '&';
        } else if (len == 4 && buf[s] == 'a' && buf[s + 1] == 'p' && buf[s + 2] == 'o' && buf[s + 3] == 's') {
            return '\'';
        } else if (len == 4 && buf[s] == 'q' && buf[s + 1] == 'u' && buf[s + 2] == 'o' && buf[s + 3] == 't') {
            return '"';
        }
        throw error("undeclared entity &" + new String(buf, s, len, StandardCharsets.UTF_8) + ";", amp);
    }

    /** Validates the multi-byte character at {@code p}; returns the index after it. */
    private int skipMultiByte(int p) {
        int c = codePoint(p);
        if (!Chars.isXmlChar(c)) {
            throw badChar(c, p);
        }
        return p + (c < 0x800 ? 2 : c < 0x10000 ? 3 : 4);
    }

    /** The code point of the UTF-8 sequence at {@code p}. */
    private int codePoint(int p) {
        int lead = buf[p];
        if (lead >= 0) {
            return lead;
        }
        int n = Chars.sequenceLength(lead);
        if (n == 0) {
            throw error(String.format("invalid UTF-8 byte 0x%02X", lead & 0xFF), p);
        }
        if (p + n > limit) {
            need(limit, "character");
        }
        int c = Chars.decode(buf, p, n);
        if (c < 0) {
            throw error(String.format("malformed UTF-8 sequence starting with 0x%02X", lead & 0xFF), p);
        }
        return c;
    }

    private XmlParseException badChar(int c, int p) {
        return error(String.format("character U+%04X is not allowed in XML 1.0", c), p);
    }

    // ------------------------------------------------------------------------------------------- helpers

    /** The byte at {@code p} (0..255 for ASCII, negative above), or signals the end of input. */
    private int at(int p) {
        if (p >= limit) {
            need(p, reading());
        }
        return buf[p];
    }

    private boolean avail(int p, int n) {
        if (p + n <= limit) {
            return true;
        }
        if (!complete) {
            throw NEED_INPUT;
        }
        return false;
    }

    private boolean startsWith(int p, byte[] s) {
        if (p + s.length > limit) {
            return false;
        }
        for (int i = 0; i < s.length; i++) {
            if (buf[p + i] != s[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean startsWith(int p, String s) {
        for (int i = 0; i < s.length(); i++) {
            if (at(p + i) != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private int skipWs(int p) {
        while (Chars.isWhitespace(at(p))) {
            p++;
        }
        return p;
    }

    private void need(int p, String what) {
        if (!complete) {
            throw NEED_INPUT;
        }
        throw error("unexpected end of input in " + what, p);
    }

    private XmlParseException error(String reason, int p) {
        return new XmlParseException(XmlParseException.Kind.MALFORMED, reason, p - base, line(p), column(p), describe());
    }

    private XmlParseException limit(String reason, int p) {
        return new XmlParseException(XmlParseException.Kind.LIMIT, reason, p - base, line(p), column(p), describe());
    }

    private String describeByte(int p) {
        int b = buf[p] & 0xFF;
        return b >= 0x21 && b < 0x7F ? "'" + (char) b + "'" : String.format("byte 0x%02X", b);
    }

    /** 1-based line of {@code p}: LF, CR LF and CR each end a line. */
    private int line(int p) {
        int line = 1;
        int end = Math.min(p, limit);
        for (int i = base; i < end; i++) {
            byte b = buf[i];
            if (b == '\n' || (b == '\r' && (i + 1 >= limit || buf[i + 1] != '\n'))) {
                line++;
            }
        }
        return line;
    }

    /** 1-based column of {@code p}, in code points. */
    private int column(int p) {
        int end = Math.min(p, limit);
        int i = end;
        while (i > base && buf[i - 1] != '\n' && buf[i - 1] != '\r') {
            i--;
        }
        int col = 1;
        for (; i < end; i++) {
            if ((buf[i] & 0xC0) != 0x80) {
                col++;
            }
        }
        return col;
    }

    /** What is being read: {@code "text"}, {@code "attribute of <ns1:item>"}. */
    private String reading() {
        return reading == ATTRIBUTE_OF ? ATTRIBUTE_OF + " <" + names.string(attributeOf) + ">" : reading;
    }

    /** What is being read and where: {@code "text in /soapenv:Envelope/soapenv:Body/ns1:echo"}. */
    private String describe() {
        StringBuilder sb = new StringBuilder(reading());
        if (stack.depth > 0) {
            sb.append(" in ");
            for (int d = 1; d <= stack.depth; d++) {
                sb.append('/').append(names.string(stack.name[d]));
            }
        } else if (where == Where.EPILOG || where == Where.DONE) {
            sb.append(" after the root element");
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------------------------------- accessors

    /** Local name of the current START_ELEMENT or END_ELEMENT. */
    public String localName() {
        return names.string(curLocal);
    }

    /** Namespace URI of the current element, {@code ""} when it has none. */
    public String namespaceURI() {
        return uris.string(curUri);
    }

    /** Prefix of the current element, {@code ""} when it has none. */
    String prefix() {
        return names.string(namePrefix[curName]);
    }

    /** Attributes of the current START_ELEMENT, namespace declarations excluded. */
    public int attributeCount() {
        return attrs.count;
    }

    /**
     * Local name of attribute {@code i} of the current START_ELEMENT.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < attributeCount()}
     */
    public String attributeLocalName(int i) {
        return names.string(attrs.local[checkAttr(i)]);
    }

    /**
     * Namespace URI of attribute {@code i} of the current START_ELEMENT, {@code ""} when it has none.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < attributeCount()}
     */
    public String attributeNamespace(int i) {
        return uris.string(attrs.uri[checkAttr(i)]);
    }

    String attributePrefix(int i) {
        return names.string(namePrefix[attrs.name[checkAttr(i)]]);
    }

    /** The normalized value (references resolved, whitespace characters as spaces). */
    String attributeValue(int i) {
        checkAttr(i);
        return new String(attrs.array(i, buf), attrs.off[i], attrs.len[i], StandardCharsets.UTF_8);
    }

    private int checkAttr(int i) {
        java.util.Objects.checkIndex(i, attrs.count);
        return i;
    }

    /** Namespace declarations made by the current START_ELEMENT. */
    int namespaceCount() {
        return declCount;
    }

    /** Declared prefix, {@code ""} for the default namespace. */
    String namespacePrefix(int i) {
        java.util.Objects.checkIndex(i, declCount);
        return names.string(stack.nsPrefix[stack.nsCount - declCount + i]);
    }

    String namespaceURI(int i) {
        java.util.Objects.checkIndex(i, declCount);
        return uris.string(stack.nsUri[stack.nsCount - declCount + i]);
    }

    /** Text of the current CHARACTERS, CDATA or COMMENT event, or data of a PROCESSING_INSTRUCTION. */
    public String text() {
        return new String(textArr, textOff, textLen, StandardCharsets.UTF_8);
    }

    String piTarget() {
        return new String(buf, piTargetOff, piTargetLen, StandardCharsets.UTF_8);
    }

    String piData() {
        return text();
    }

    /** Byte offset from the start of the message of the current event's first byte. */
    public int eventOffset() {
        return tokenStart - base;
    }

    // ------------------------------------------------------------------------------------------- fast API

    /** Interned id of a namespace URI, for comparing with {@link #uriId()}. */
    public int uriSymbol(String uri) {
        return uris.intern(uri);
    }

    /** Interned id of a local name, for comparing with {@link #localId()}. */
    public int nameSymbol(String local) {
        int id = names.intern(local);
        if (id >= splitCount) {
            split();
        }
        return id;
    }

    /** Keeps every symbol interned so far (e.g. a plan's names) when the tables are trimmed. */
    public void markSymbols() {
        if (names.size() > splitCount) {
            split();
        }
        names.mark();
        uris.mark();
    }

    /** Changes whenever unmarked symbols were forgotten; saved states from another epoch are meaningless. */
    public int symbolEpoch() {
        return epoch;
    }

    /** URI id of the current element. */
    public int uriId() {
        return curUri;
    }

    /** Local-name id of the current element. */
    public int localId() {
        return curLocal;
    }

    /**
     * URI id of attribute {@code i} of the current START_ELEMENT, for comparing with {@link #uriSymbol}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < attributeCount()}
     */
    public int attributeUriId(int i) {
        return attrs.uri[checkAttr(i)];
    }

    /**
     * Local-name id of attribute {@code i}, for comparing with {@link #nameSymbol}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < attributeCount()}
     */
    public int attributeLocalId(int i) {
        return attrs.local[checkAttr(i)];
    }

    /**
     * Whether attribute {@code i}'s value is a QName ({@code prefix:local}, or {@code local} in the default
     * namespace; surrounding whitespace allowed) that names ({@code uriId}, {@code localId}) in the current
     * element's namespace scope, as an {@code xsi:type} is read.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < attributeCount()}
     */
    public boolean attributeValueIsQName(int i, int uriId, int localId) {
        byte[] a = attrs.array(checkAttr(i), buf);
        int from = attrs.off[i];
        int to = from + attrs.len[i];
        while (from < to && Chars.isWhitespace(a[from])) {
            from++;
        }
        while (to > from && Chars.isWhitespace(a[to - 1])) {
            to--;
        }
        int colon = -1;
        for (int j = from; j < to; j++) {
            if (a[j] == ':') {
                colon = j;
                break;
            }
        }
        int localFrom = colon < 0 ? from : colon + 1;
        if (to - localFrom < 1 || to - from > limits.maxNameBytes() || colon == from) {
            return false;
        }
        int uri;
        if (colon < 0) {
            uri = stack.uriOf(0);
            uri = uri < 0 ? 0 : uri;
        } else {
            uri = stack.uriOf(names.intern(a, from, colon - from, Symbols.hash(a, from, colon - from)));
        }
        return uri == uriId && names.intern(a, localFrom, to - localFrom, Symbols.hash(a, localFrom, to - localFrom)) == localId;
    }

    /**
     * The array holding attribute {@code i}'s normalized value, in UTF-8 at {@link #attributeOffset} for
     * {@link #attributeLength} bytes: the message itself or the scanner's own buffer. Read-only, and valid
     * only until the next event.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < attributeCount()}
     */
    public byte[] attributeArray(int i) {
        return attrs.array(checkAttr(i), buf);
    }

    /** Offset of attribute {@code i}'s value in {@link #attributeArray}; checked as that. */
    public int attributeOffset(int i) {
        return attrs.off[checkAttr(i)];
    }

    /** Length in bytes of attribute {@code i}'s value; checked as {@link #attributeArray}. */
    public int attributeLength(int i) {
        return attrs.len[checkAttr(i)];
    }

    /**
     * The array holding the current text in UTF-8, at {@link #textOffset} for {@link #textLength} bytes: the
     * text of a CHARACTERS or CDATA event, or a leaf's text after {@link #readLeafText()}. It is the message
     * itself or the scanner's own buffer: read-only, and valid only until the next call. {@link #text()}
     * gives a copy.
     */
    public byte[] textArray() {
        return textArr;
    }

    /** Offset of the current text in {@link #textArray()}. */
    public int textOffset() {
        return textOff;
    }

    /** Length in bytes of the current text in {@link #textArray()}. */
    public int textLength() {
        return textLen;
    }

    /** Open elements. */
    int depth() {
        return stack.depth;
    }

    /**
     * Whether the last start tag was empty ({@code <x/>}) and its END_ELEMENT is still to come: the state then
     * holds an element the bytes before {@link #position()} have already closed, so it is not one to save or compare.
     */
    public boolean pendingEnd() {
        return pendingEnd;
    }

    /** Byte offset of the next byte to read, from the start of the message. */
    public int position() {
        return pos - base;
    }

    /**
     * Reads events up to the next START_ELEMENT or END_ELEMENT, skipping whitespace, comments and
     * processing instructions; returns that event, or {@link #CHARACTERS} if text other than whitespace
     * comes first. For complete input only.
     */
    public int nextTag() {
        if (pendingEnd) {
            pendingEnd = false;
            endElement();
            return END_ELEMENT;
        }
        while (true) {
            int p = pos;
            byte[] b = buf;
            while (p < limit && (b[p] == ' ' || b[p] == '\n' || b[p] == '\r' || b[p] == '\t')) {
                p++;
            }
            if (where == Where.CONTENT && p + 1 < limit && b[p] == '<') {
                byte c = b[p + 1];
                if (c == '/') {
                    pos = p;
                    tokenStart = p;
                    return event = scanEndTag();
                }
                if (c != '!' && c != '?') {
                    pos = p;
                    tokenStart = p;
                    return event = scanStartTag();
                }
            }
            int ev = next();
            if (ev == START_ELEMENT || ev == END_ELEMENT || ev == END_DOCUMENT) {
                return ev;
            }
            if (ev == CHARACTERS || ev == CDATA) {
                if (!isWhitespace(textArr, textOff, textLen)) {
                    return CHARACTERS;
                }
            } else if (ev == INCOMPLETE) {
                throw error("unexpected end of input", limit);
            }
        }
    }

    private static boolean isWhitespace(byte[] b, int off, int len) {
        for (int i = off, end = off + len; i < end; i++) {
            if (!Chars.isWhitespace(b[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * After a START_ELEMENT, reads the element's character content (text, CDATA, references; comments
     * and processing instructions skipped) through its end tag, and returns true with the text in
     * {@link #textArray()}; returns false, with the current event START_ELEMENT, if a child element
     * comes first. For complete input only.
     */
    public boolean readLeafText() {
        if (pendingEnd) {
            pendingEnd = false;
            textArr = buf;
            textOff = pos;
            textLen = 0;
            endElement();
            return true;
        }
        int start = pos;
        byte[] b = buf;
        int end = limit;
        int p = plainRun(b, start, end);
        // text that needs no decoding, as scanText's "simple" text: anything else (a reference, a CR, a comment,
        // an error) and a character cut by the end of the input are left to the general path
        while (p < end) {
            byte c = b[p];
            if (c >= 0x20) {
                if (c == '<' || c == '&' || c == ']' && (p + 2 >= end || b[p + 1] == ']' && b[p + 2] == '>')) {
                    break;
                }
                p++;
            } else if (c < 0) {
                int n = Chars.sequenceLength(c);
                int cp = n == 0 || p + n > end ? -1 : Chars.decode(b, p, n);
                if (cp < 0 || !Chars.isXmlChar(cp)) {
                    break;
                }
                p += n;
            } else if (c == '\n' || c == '\t') {
                p++;
            } else {
                break;
            }
        }
        if (p + 1 < end && b[p] == '<' && b[p + 1] == '/') {
            checkText(p - start, start);
            tokenStart = p;
            event = scanEndTag();
            textArr = b;
            textOff = start;
            textLen = p - start;
            return true;
        }
        return readLeafTextSlow();
    }

    /**
     * The first index from {@code p} of an 8-byte word of {@code b[p..end)} holding a byte that may end plain
     * text or need a check ({@code <}, {@code &}, {@code ]}, a control character or any byte of a multi-byte
     * character), or of the last partial word: long texts (base64, long strings) are passed a word at a time,
     * and the caller finds the byte itself from there.
     */
    static int plainRun(byte[] b, int p, int end) {
        while (p + 8 <= end) {
            long x = (long) LONGS.get(b, p);
            if (((x & HIGHS) | below(x, 0x20) | zeroByte(x ^ ONES * '<') | zeroByte(x ^ ONES * '&')
                    | zeroByte(x ^ ONES * ']')) != 0) {
                break;
            }
            p += 8;
        }
        return p;
    }

    /** Non-zero if a byte of {@code x}, each below 0x80, is below {@code n} (at most 0x80). */
    private static long below(long x, int n) {
        return (x - ONES * n) & ~x & HIGHS;
    }

    /** Non-zero if a byte of {@code x} is zero. */
    private static long zeroByte(long x) {
        return (x - ONES) & ~x & HIGHS;
    }

    private boolean readLeafTextSlow() {
        int n = 0;
        int total = 0;
        int textStart = pos;
        while (true) {
            int ev = next();
            switch (ev) {
                case CHARACTERS:
                case CDATA:
                    total += textLen;
                    checkText(total, textStart);
                    if (leafScratch.length < n + textLen) {
                        leafScratch = Arrays.copyOf(leafScratch, Math.max(n + textLen, leafScratch.length * 2));
                    }
                    System.arraycopy(textArr, textOff, leafScratch, n, textLen);
                    n += textLen;
                    break;
                case COMMENT:
                case PROCESSING_INSTRUCTION:
                    break;
                case END_ELEMENT:
                    textArr = leafScratch;
                    textOff = 0;
                    textLen = n;
                    return true;
                case START_ELEMENT:
                    return false;
                default:
                    throw error("unexpected end of input", limit);
            }
        }
    }

    // ------------------------------------------------------------------------------------------- state

    /**
     * Ints {@link #saveState} writes: per open element its name, URI and local ids and its namespace
     * declarations ({@code 4 + 2 * declarations} ints), outermost first, so that states inside the same
     * ancestors share a prefix.
     */
    public int stateLength() {
        return stack.stateLength();
    }

    /**
     * Writes the open elements and namespace scopes to {@code dst[off..off+stateLength())}. Only valid
     * in element content between events (not with {@link #pendingEnd()}).
     */
    public void saveState(int[] dst, int off) {
        java.util.Objects.checkFromIndexSize(off, stack.stateLength(), dst.length);
        stack.save(dst, off);
    }

    /**
     * Restores a state written by {@link #saveState} (in this scanner's {@link #symbolEpoch()}) and
     * continues reading at message offset {@code position} of the current input.
     *
     * @throws IndexOutOfBoundsException if {@code src[off..off+len)} is not within {@code src}, or
     *                                   {@code position} not within the input so far
     * @throws IllegalArgumentException  if the ints are not a state {@link #saveState} could have written with
     *                                   this scanner's symbols (a state of another epoch, or not a state);
     *                                   the scanner is then unchanged
     */
    public void restoreState(int[] src, int off, int len, int position) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        java.util.Objects.checkIndex(position, limit - base + 1);
        String bad = ElementStack.checkState(src, off, len, names.size(), uris.size());
        if (bad != null) {
            throw new IllegalArgumentException("not a saved scanner state of epoch " + epoch + ": " + bad);
        }
        stack.restore(src, off, len);
        moveTo(position);
    }

    /**
     * Moves to {@code position} (relative to the input's start) keeping the current state: what
     * {@link #restoreState} does with a saved state equal to the current one ({@link #stateEquals}), without copying
     * it. For a reader that jumps between two boundaries of one container.
     */
    public void moveTo(int position) {
        java.util.Objects.checkIndex(position, limit - base + 1);
        where = stack.depth > 0 ? Where.CONTENT : Where.EPILOG;
        pendingEnd = false;
        pos = base + position;
        tokenStart = pos;
        event = 0;
        attrs.count = 0;
        declCount = 0;
    }

    /** Whether the current state equals {@code src[off..off+len)} as written by {@link #saveState}. */
    public boolean stateEquals(int[] src, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        return stack.equalsState(src, off, len);
    }

    /** Bytes held between documents (symbol tables, scratch, an input copy of our own), for memory accounting. */
    public long retainedBytes() {
        return names.retainedBytes() + uris.retainedBytes() + 48L + textScratch.length + leafScratch.length
                + attrs.scratch.length + (owned ? buf.length : 0);
    }
}
