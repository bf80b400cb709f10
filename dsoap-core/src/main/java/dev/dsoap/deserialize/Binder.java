package dev.dsoap.deserialize;

import dev.dsoap.binding.ScalarType;
import dev.dsoap.numbers.XsdParse;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.parse.XmlScanner;
import dev.dsoap.xml.Base64Text;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * Regular-mode reading: walks a {@link ReadPlan} beside an {@link XmlScanner} and appends every value
 * to a {@link Tape}. The walk is an explicit stack of frames (plan node, index: next child of a struct,
 * items so far of an array), so its whole state at a boundary between elements is a few ints: the
 * frames, the scanner's state, the tape's lane lengths and the byte position. An {@link Engine} sees
 * every boundary and may save that state as a checkpoint, or replace it with a saved one.
 *
 * <p>Not thread-safe.
 */
final class Binder {
    /** Differential deserialization's view of the walk. */
    interface Engine {
        /**
         * Called at each boundary between elements, before the next tag is read; returns true when it
         * replaced the state (the walk re-reads its top frame), and may set {@link #finished}.
         */
        boolean boundary();
    }

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)");
    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");

    final ReadPlan plan;
    final ReadNode[] nodes;
    final XmlScanner sc;
    Tape tape;
    /** Per node: URI and local-name symbol ids in {@link #sc}. */
    private final int[] uriSym;
    private final int[] localSym;
    private final int xsiUri;
    private final int nilLocal;
    private final int typeLocal;
    /** The XML Schema namespace's id, and per leaf node the id of its type's local name. */
    private final int xsdUri;
    private final int[] typeSym;
    private final int envUri;
    private final int envelopeLocal;
    private final int bodyLocal;
    private final int headerLocal;

    /** Frames: plan node id, index, and a slot the engine uses (checkpoint group), innermost at {@link #top}. */
    int[] fNode = new int[8];
    int[] fIndex = new int[8];
    int[] fGroup = new int[8];
    int top = -1;
    /** Bumped whenever a frame is pushed, popped or the frames are replaced. */
    int version;
    /** A tag was read by a frame that ended; its parent handles it without reading. */
    boolean pendingTag;
    /** Whether SOAP header blocks are passed over (the host dealt with them) rather than refused. */
    private final boolean skipHeaderBlocks;
    /**
     * Whether the plan's bare element is read from among the SOAP Header's blocks (others passed over) instead
     * of from the Body; the walk then ends with the Header and the Body is not read.
     */
    private final boolean headerBlock;
    /** The engine completed the message (the rest matched the previous one). */
    boolean finished;
    Engine engine;
    /** Told where the watched array starts and ends ({@link ArrayLane}), or {@code null}. */
    ArrayLane lane;

    Binder(ReadPlan plan, ParserLimits limits) {
        this(plan, limits, false);
    }

    /** @param skipHeaderBlocks pass over SOAP header blocks instead of refusing the message */
    Binder(ReadPlan plan, ParserLimits limits, boolean skipHeaderBlocks) {
        this(plan, limits, skipHeaderBlocks, false);
    }

    /**
     * @param headerBlock read the bare plan's element from the SOAP Header (see {@link #headerBlock}) rather
     *                    than from the Body
     */
    /** Most items of one array ({@link ParserLimits#maxChildElements()}). */
    private final int maxChildElements;
    /** Whether Java's spelling of the infinities is read too ({@link dev.dsoap.binding.WireConvention#javaInfinity()}). */
    private final boolean javaInfinity;

    Binder(ReadPlan plan, ParserLimits limits, boolean skipHeaderBlocks, boolean headerBlock) {
        if (headerBlock && plan.wrapped()) {
            throw new IllegalArgumentException("a header block is read by a bare plan, not " + plan.plan());
        }
        this.skipHeaderBlocks = skipHeaderBlocks;
        this.headerBlock = headerBlock;
        this.maxChildElements = limits.maxChildElements();
        this.javaInfinity = plan.plan().convention().javaInfinity();
        this.plan = plan;
        this.nodes = plan.nodes();
        this.sc = new XmlScanner(limits);
        this.uriSym = new int[nodes.length];
        this.localSym = new int[nodes.length];
        this.typeSym = new int[nodes.length];
        for (ReadNode n : nodes) {
            if (n.local != null) {
                uriSym[n.id] = sc.uriSymbol(n.uri);
                localSym[n.id] = sc.nameSymbol(n.local);
            }
            if (n.kind == ReadNode.LEAF && n.type != null) {
                typeSym[n.id] = sc.nameSymbol(n.type.xsdName());
            }
        }
        this.xsiUri = sc.uriSymbol(ReadPlan.XSI);
        this.nilLocal = sc.nameSymbol("nil");
        this.typeLocal = sc.nameSymbol("type");
        this.xsdUri = sc.uriSymbol("http://www.w3.org/2001/XMLSchema");
        this.envUri = sc.uriSymbol(plan.envelopeUri());
        this.envelopeLocal = sc.nameSymbol("Envelope");
        this.bodyLocal = sc.nameSymbol("Body");
        this.headerLocal = sc.nameSymbol("Header");
        sc.markSymbols();
    }

    /** Reads a whole message into {@code tape} (cleared first). */
    void parse(byte[] b, int off, int len, Tape tape) {
        start(b, off, len, tape);
        prologue();
        run();
    }

    /** Points the scanner at a message without reading. */
    void start(byte[] b, int off, int len, Tape tape) {
        sc.reset(b, off, len, true);
        this.tape = tape;
        tape.clear();
        finished = false;
        pendingTag = false;
        top = -1;
        version++;
    }

    /** Envelope, Body and the wrapper start tag; pushes the root frame. */
    void prologue() {
        int ev = sc.nextTag();
        if (ev != XmlScanner.START_ELEMENT || sc.localId() != envelopeLocal) {
            throw binding("(envelope)", "expected the SOAP Envelope, found " + describe(ev), false);
        }
        if (sc.uriId() != envUri) {
            throw binding("(envelope)", "Envelope in namespace '" + sc.namespaceURI() + "', the operation reads '"
                    + plan.envelopeUri() + "'", true);
        }
        ev = sc.nextTag();
        if (headerBlock) {
            if (ev != XmlScanner.START_ELEMENT || sc.uriId() != envUri || sc.localId() != headerLocal) {
                throw binding("(envelope)", "expected the SOAP Header, found " + describe(ev), false);
            }
            push(plan.root().id, 0);
            return;
        }
        if (ev == XmlScanner.START_ELEMENT && sc.uriId() == envUri && sc.localId() == headerLocal) {
            // an empty Header (Axis2 always writes <soapenv:Header/>) carries nothing; one with blocks is not ours
            // unless the host's handlers have dealt with them
            ev = sc.nextTag();
            if (ev != XmlScanner.END_ELEMENT) {
                if (!skipHeaderBlocks) {
                    throw binding("(envelope)", "the SOAP Header holds header blocks; dsoap carries body-only messages", true);
                }
                skipHeader(ev);
            }
            ev = sc.nextTag();
        }
        if (ev != XmlScanner.START_ELEMENT || sc.uriId() != envUri || sc.localId() != bodyLocal) {
            throw binding("(envelope)", "expected the SOAP Body, found " + describe(ev), false);
        }
        ReadNode root = plan.root();
        if (plan.wrapped()) {
            ev = sc.nextTag();
            if (ev != XmlScanner.START_ELEMENT || !named(root)) {
                throw binding(root.path(), "expected <" + root.local + "> in " + root.uri + ", found " + describe(ev), false);
            }
            if (sc.attributeCount() != 0 && nil(root)) {
                // no message of parts, nor their absence: a bare array's null (JAXB's array types), or hostile input
                throw binding(root.path(), "xsi:nil on the wrapper element: the host reads it", false);
            }
            attributes(root);
        }
        push(root.id, 0);
    }

    /** Reads past the Header's blocks to its end tag; {@code ev} is the first event inside the Header. */
    private void skipHeader(int ev) {
        skipTo(ev, 1);
    }

    /** Reads until {@code open} elements have ended; {@code ev} is the current event. */
    private void skipTo(int ev, int open) {
        for (; ; ev = sc.next()) {
            if (ev == XmlScanner.START_ELEMENT) {
                open++;
            } else if (ev == XmlScanner.END_ELEMENT && --open == 0) {
                return;
            } else if (ev == XmlScanner.END_DOCUMENT || ev == XmlScanner.INCOMPLETE) {
                throw binding("(envelope)", "the SOAP Header does not end", false);
            }
        }
    }

    /** Reads until the root frame ends, then the epilogue; stops early when the engine finishes. */
    void run() {
        while (top >= 0) {
            int ev;
            if (pendingTag) {
                pendingTag = false;
                ev = sc.event();
            } else {
                if (engine != null && engine.boundary()) {
                    if (finished) {
                        return;
                    }
                    continue;
                }
                ev = sc.nextTag();
            }
            ReadNode n = nodes[fNode[top]];
            if (n.kind == ReadNode.ARRAY) {
                arrayStep(n, ev);
            } else {
                structStep(n, ev);
            }
        }
        epilogue();
    }

    private void epilogue() {
        if (headerBlock) {
            return; // the Header ended the root frame; the Body is not this plan's
        }
        int ev;
        if (plan.wrapped()) {
            ev = sc.nextTag();
            if (ev != XmlScanner.END_ELEMENT) {
                throw binding("(envelope)", "expected </Body>, found " + describe(ev), false);
            }
        }
        ev = sc.nextTag();
        if (ev != XmlScanner.END_ELEMENT) {
            throw binding("(envelope)", "expected </Envelope>, found " + describe(ev), false);
        }
        while ((ev = sc.next()) != XmlScanner.END_DOCUMENT) {
            if (ev == XmlScanner.INCOMPLETE) {
                throw binding("(envelope)", "unexpected end of input", false);
            }
        }
    }

    private void structStep(ReadNode n, int ev) {
        ReadNode[] kids = n.children;
        int idx = fIndex[top];
        if (ev == XmlScanner.START_ELEMENT) {
            int u = sc.uriId();
            int l = sc.localId();
            int j = idx;
            while (j < kids.length && (uriSym[kids[j].id] != u || localSym[kids[j].id] != l)) {
                j++;
            }
            if (j == kids.length) {
                if (headerBlock && top == 0) {
                    skipTo(sc.next(), 1); // another header block, or a later one of the same name: not this part
                    return;
                }
                throw binding(n.path(), "unexpected element " + describe(ev), false);
            }
            for (int k = idx; k < j; k++) {
                absent(kids[k]);
            }
            fIndex[top] = j + 1;
            ReadNode c = kids[j];
            if (c.kind == ReadNode.ARRAY) {
                startArray(c);
            } else {
                element(c, c.nillable);
            }
        } else if (ev == XmlScanner.END_ELEMENT) {
            for (int k = idx; k < kids.length; k++) {
                absent(kids[k]);
            }
            pop();
        } else {
            throw binding(n.path(), "text where elements are expected", false);
        }
    }

    private void arrayStep(ReadNode n, int ev) {
        if (ev == XmlScanner.START_ELEMENT && named(n)) {
            if (++fIndex[top] > maxChildElements) {
                throw binding(n.path(), "more than " + maxChildElements + " items (maxChildElements): the host decides", false);
            }
            element(n.item, n.item.nillable);
            return;
        }
        int count = fIndex[top];
        if (lane != null && lane.array == n) {
            lane.ended(sc.eventOffset(), tape);
        }
        tape.s(-count - 1);
        pop();
        pendingTag = true;
    }

    /** The first item element of {@code a} was read: a null container, or the first item. */
    private void startArray(ReadNode a) {
        if (sc.attributeCount() != 0 && nil(a)) {
            if (!a.item.nillable) {
                if (!a.nillable) {
                    throw binding(a.path(), "xsi:nil where neither the array nor its items can be nil", false);
                }
                tape.s(Tape.ABSENT);
                emptyEnd(a);
                return;
            }
        }
        tape.s(Tape.ARRAY);
        push(a.id, 1);
        if (lane != null && lane.array == a) {
            lane.started(sc.eventOffset(), tape);
        }
        element(a.item, a.item.nillable);
    }

    /** The start tag of {@code c}'s element was read: its value, or a frame for a struct. */
    private void element(ReadNode c, boolean nilAllowed) {
        if (sc.attributeCount() != 0 && nil(c)) {
            if (!nilAllowed) {
                throw binding(c.path(), "xsi:nil on a value that cannot be nil", false);
            }
            nullValue(c);
            emptyEnd(c);
            return;
        }
        if (c.kind == ReadNode.LEAF) {
            int t = sc.attributeCount() == 0 ? -1 : findAttribute(xsiUri, typeLocal);
            if (t >= 0 && !sc.attributeValueIsQName(t, xsdUri, typeSym[c.id])) {
                // another type than the declared one: the host checks it (and refuses a mismatch), its call
                throw binding(c.path(), "xsi:type other than xsd:" + c.type.xsdName() + " on its value: the host reads it", false);
            }
            if (!sc.readLeafText()) {
                throw binding(c.path(), "child element " + describe(XmlScanner.START_ELEMENT) + " in a "
                        + c.type.xsdName() + " value", false);
            }
            if (!c.primitive && c.lane != ReadNode.LANE_O) {
                tape.s(Tape.PRESENT);
            }
            value(c, sc.textArray(), sc.textOffset(), sc.textLength());
        } else {
            tape.s(Tape.PRESENT);
            attributes(c);
            push(c.id, 0);
        }
    }

    private void attributes(ReadNode struct) {
        for (ReadNode a : struct.attributes) {
            int i = findAttribute(uriSym[a.id], localSym[a.id]);
            if (i < 0) {
                if (a.primitive) {
                    throw binding(a.path(), "attribute missing", false);
                }
                nullValue(a);
                continue;
            }
            if (!a.primitive && a.lane != ReadNode.LANE_O) {
                tape.s(Tape.PRESENT);
            }
            value(a, sc.attributeArray(i), sc.attributeOffset(i), sc.attributeLength(i));
        }
    }

    private int findAttribute(int uri, int local) {
        for (int i = 0, n = sc.attributeCount(); i < n; i++) {
            if (sc.attributeLocalId(i) == local && sc.attributeUriId(i) == uri) {
                return i;
            }
        }
        return -1;
    }

    private boolean nil(ReadNode n) {
        int i = findAttribute(xsiUri, nilLocal);
        if (i < 0) {
            return false;
        }
        byte[] b = sc.attributeArray(i);
        try {
            return XsdParse.parseBoolean(b, sc.attributeOffset(i), sc.attributeLength(i));
        } catch (NumberFormatException e) {
            throw binding(n.path(), "xsi:nil is not a boolean: " + e.getMessage(), false);
        }
    }

    /** After a nil start tag: the element must end with no content. */
    private void emptyEnd(ReadNode n) {
        int ev = sc.nextTag();
        if (ev != XmlScanner.END_ELEMENT) {
            throw binding(n.path(), "a nil element has content: " + describe(ev), false);
        }
    }

    /** A child that is not in the message. */
    private void absent(ReadNode n) {
        if (n.kind == ReadNode.ARRAY) {
            tape.s(Tape.ARRAY);
            tape.s(-1);
        } else if (n.primitive) {
            throw binding(n.path(), "missing (a " + n.type.xsdName() + " value is required)", false);
        } else {
            nullValue(n);
        }
    }

    /** The tape entries of a null leaf, struct or array. */
    private void nullValue(ReadNode n) {
        Tape t = tape;
        if (n.kind == ReadNode.LEAF) {
            if (n.primitive) {
                throw binding(n.path(), "nil for a " + n.type.xsdName() + " that cannot be null", false);
            }
            switch (n.lane) {
                case ReadNode.LANE_O -> t.o(null);
                case ReadNode.LANE_D -> {
                    t.s(Tape.ABSENT);
                    t.d(0);
                }
                default -> {
                    t.s(Tape.ABSENT);
                    t.j(0);
                }
            }
        } else if (n.kind == ReadNode.STRUCT) {
            t.s(Tape.ABSENT);
            if (n.fixedSize()) {
                for (int i = 1; i < n.sizeS; i++) {
                    t.s(Tape.ABSENT);
                }
                for (int i = 0; i < n.sizeJ; i++) {
                    t.j(0);
                }
                for (int i = 0; i < n.sizeD; i++) {
                    t.d(0);
                }
                for (int i = 0; i < n.sizeO; i++) {
                    t.o(null);
                }
            }
        } else {
            t.s(Tape.ABSENT);
        }
    }

    /** Parses leaf text into the tape (the presence flag, if any, is already written). */
    private void value(ReadNode n, byte[] b, int off, int len) {
        try {
            switch (n.type) {
                case DOUBLE -> tape.d(XsdParse.parseDouble(b, off, len, javaInfinity));
                case INT, LONG, FLOAT, SHORT, BYTE, BOOLEAN -> tape.j(integral(n.type, b, off, len, javaInfinity));
                case STRING -> {
                    String v = new String(b, off, len, StandardCharsets.UTF_8);
                    tape.o(v, dev.dsoap.template.HeapBytes.ofDecoded(v, len));
                }
                case ENUM -> {
                    String text = new String(b, off, len, StandardCharsets.UTF_8);
                    Object e = n.enums.get(text);
                    if (e == null) {
                        throw new IllegalArgumentException("'" + text + "' is no value of "
                                + ((dev.dsoap.binding.ScalarNode) n.node).javaType().getName());
                    }
                    tape.o(e);
                }
                case DECIMAL -> tape.o(new BigDecimal(lexical(DECIMAL, n.type, b, off, len)));
                case INTEGER -> tape.o(new BigInteger(lexical(INTEGER, n.type, b, off, len)));
                case BASE64 -> tape.o(Base64Text.decode(b, off, len));
                default -> throw new IllegalStateException(n.type.name());
            }
        } catch (IllegalArgumentException e) {
            throw binding(n.path(), e.getMessage(), false);
        }
    }

    /**
     * The lane J entry of a value of {@code type} (a primitive other than {@code double}) read from its text: the value,
     * a float's raw bits, a boolean's 1 or 0.
     *
     * @throws IllegalArgumentException if the text is not one of the type's lexical forms
     */
    static long integral(ScalarType type, byte[] b, int off, int len, boolean javaInfinity) {
        return switch (type) {
            case INT -> XsdParse.parseInt(b, off, len);
            case LONG -> XsdParse.parseLong(b, off, len);
            case FLOAT -> Float.floatToRawIntBits(XsdParse.parseFloat(b, off, len, javaInfinity));
            case SHORT -> XsdParse.parseShort(b, off, len);
            case BYTE -> XsdParse.parseByte(b, off, len);
            case BOOLEAN -> XsdParse.parseBoolean(b, off, len) ? 1 : 0;
            default -> throw new IllegalStateException(type.name());
        };
    }

    private static String lexical(Pattern p, ScalarType type, byte[] b, int off, int len) {
        String s = new String(b, off, len, StandardCharsets.UTF_8).strip();
        if (!p.matcher(s).matches()) {
            throw new NumberFormatException("'" + s + "' is not an xsd:" + type.xsdName());
        }
        return s;
    }

    private boolean named(ReadNode n) {
        return sc.localId() == localSym[n.id] && sc.uriId() == uriSym[n.id];
    }

    private String describe(int ev) {
        return switch (ev) {
            case XmlScanner.START_ELEMENT -> "<" + sc.localName() + "> in '" + sc.namespaceURI() + "'";
            case XmlScanner.END_ELEMENT -> "</" + sc.localName() + ">";
            case XmlScanner.END_DOCUMENT -> "the end of the document";
            default -> "text";
        };
    }

    MessageBindingException binding(String path, String reason, boolean unsupported) {
        return new MessageBindingException(path, sc.position(), reason, unsupported, null);
    }

    // ------------------------------------------------------------------------------------------- frames

    private void push(int node, int index) {
        if (++top == fNode.length) {
            int n = top * 2;
            fNode = Arrays.copyOf(fNode, n);
            fIndex = Arrays.copyOf(fIndex, n);
            fGroup = Arrays.copyOf(fGroup, n);
        }
        fNode[top] = node;
        fIndex[top] = index;
        fGroup[top] = -1;
        version++;
    }

    private void pop() {
        top--;
        version++;
    }

    /** Ints {@link #saveFrames} writes. */
    int framesLength() {
        return 2 * (top + 1);
    }

    void saveFrames(int[] dst, int off) {
        for (int f = 0; f <= top; f++) {
            dst[off++] = fNode[f];
            dst[off++] = fIndex[f];
        }
    }

    /** Replaces the frames (groups unknown) and clears any pending tag. */
    void restoreFrames(int[] src, int off, int len) {
        int n = len / 2;
        if (n > fNode.length) {
            fNode = Arrays.copyOf(fNode, n);
            fIndex = Arrays.copyOf(fIndex, n);
            fGroup = Arrays.copyOf(fGroup, n);
        }
        for (int f = 0; f < n; f++) {
            fNode[f] = src[off++];
            fIndex[f] = src[off++];
            fGroup[f] = -1;
        }
        top = n - 1;
        pendingTag = false;
        version++;
    }
}
