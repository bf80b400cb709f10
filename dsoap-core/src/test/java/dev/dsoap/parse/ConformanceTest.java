package dev.dsoap.parse;

import static dev.dsoap.parse.ConformanceCorpus.Verdict.WELL_FORMED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.dsoap.parse.Canonical.Result;
import dev.dsoap.parse.ConformanceCorpus.Doc;
import dev.dsoap.parse.ConformanceCorpus.Verdict;
import dev.dsoap.parse.XmlParseException.Kind;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link XmlScanner} against the oracle (Woodstox, strict about UTF-8) over {@link ConformanceCorpus}: the same
 * canonical events or both an error, with the input whole, split at every point and fed byte by byte; dsoap's
 * intended differences; the names where it follows XML 1.0 Fifth Edition and Woodstox does not; and every
 * {@link ParserLimits} knob. Generated documents use {@code -Ddsoap.corpus.seed} (printed on failure).
 */
class ConformanceTest {
    /** As loose as Woodstox's defaults, so that well-formedness alone decides. */
    static final ParserLimits WOODSTOX_LIKE = ParserLimits.builder().maxDepth(1000).maxAttributes(1000)
            .maxAttributeValueBytes(512_000).maxNameBytes(1 << 20).maxTextBytes(1 << 30).maxMessageBytes(1 << 30)
            .maxNamespaceDeclarations(1 << 20).build();
    /** Seed of the generated documents and mutants, and of the sampled split points. */
    private static final long SEED = Long.getLong("dsoap.corpus.seed", 0x5EED_C0DE_2005L);
    private static final int GENERATED = 1500;
    private static final int MUTANTS_EACH = 2;
    /** Documents longer than this are split at sampled points only, and not fed byte by byte. */
    private static final int SPLIT_ALL_UP_TO = 2048;
    /** Split points sampled in a longer document, besides the first and last 16. */
    private static final int SPLIT_SAMPLES = 64;
    private static final List<Doc> HAND = ConformanceCorpus.handWritten();

    @TestFactory
    Stream<DynamicTest> oracleJudgesHandWrittenAsTheSpecsDo() {
        return HAND.stream().map(d -> dynamicTest(d.name(), () -> {
            Result o = Canonical.oracle(d.bytes());
            assertEquals(d.verdict() == WELL_FORMED, !o.isError(), () -> "[" + d.name() + "] " + d.verdict() + ", oracle says " + o);
        }));
    }

    /**
     * Why the oracle checks UTF-8 and the XML declaration itself: of the hand-written documents, Woodstox misjudges these
     * (it also takes an encoding name with a space in it).
     */
    @Test
    void woodstoxAloneMisjudgesOverlongUtf8AndControlsInTheDeclaration() {
        Set<String> differ = HAND.stream()
                .filter(d -> Canonical.woodstox(d.bytes()).isError() != Canonical.oracle(d.bytes()).isError())
                .map(Doc::name).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(List.of("utf8 overlong 3 byte U+07FF", "utf8 overlong 4 byte",
                "utf8 overlong 4 byte U+FFFF", "utf8 overlong A", "utf8 overlong lt in tag", "decl nul as separator",
                "decl control after xml", "decl control before end", "decl control in encoding", "decl encoding with space")),
                differ);
    }

    @TestFactory
    Stream<DynamicTest> handWrittenAgreeWithOracle() {
        return HAND.stream().map(d -> dynamicTest(d.name(), () -> {
            Result dsoap = Canonical.dsoap(d.bytes(), WOODSTOX_LIKE);
            assertAgree(d, Canonical.oracle(d.bytes()), dsoap);
        }));
    }

    @TestFactory
    Stream<DynamicTest> handWrittenAtEverySplitPoint() {
        XmlScanner reused = new XmlScanner(WOODSTOX_LIKE);
        return HAND.stream().map(d -> dynamicTest(d.name(), () -> {
            Result whole = Canonical.dsoap(d.bytes(), WOODSTOX_LIKE);
            for (int k : splitPoints(d.bytes().length, new Random(SEED))) {
                assertSameResult(d, whole, Canonical.dsoapSplit(reused, d.bytes(), k), "split at " + k);
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> handWrittenOneByteAtATime() {
        XmlScanner reused = new XmlScanner(WOODSTOX_LIKE);
        return HAND.stream().filter(d -> d.bytes().length <= SPLIT_ALL_UP_TO).map(d -> dynamicTest(d.name(), () ->
                assertSameResult(d, Canonical.dsoap(d.bytes(), WOODSTOX_LIKE), Canonical.dsoapBytewise(reused, d.bytes()),
                        "one byte at a time")));
    }

    /** Limits only ever turn a result into a LIMIT error. */
    @TestFactory
    Stream<DynamicTest> defaultLimitsOnlyAddLimitErrors() {
        return HAND.stream().map(d -> dynamicTest(d.name(), () -> {
            Result loose = Canonical.dsoap(d.bytes(), WOODSTOX_LIKE);
            Result defaults = Canonical.dsoap(d.bytes(), ParserLimits.defaults());
            if (!(defaults.isError() && defaults.dsoapFailure().kind() == Kind.LIMIT)) {
                assertSameResult(d, loose, defaults, "default limits");
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> intendedDifferencesAreRejectedByDesign() {
        XmlScanner reused = new XmlScanner(WOODSTOX_LIKE);
        return ConformanceCorpus.intendedDifferences().stream().map(d -> dynamicTest(d.name(), () -> {
            Kind expected = Kind.valueOf(d.verdict().name());
            Result whole = Canonical.dsoap(d.bytes(), WOODSTOX_LIKE);
            String woodstox = "[" + d.name() + "] Woodstox: " + Canonical.woodstox(d.bytes());
            assertTrue(whole.isError(), () -> "dsoap accepted it: " + whole + "\n" + woodstox);
            assertEquals(expected, whole.dsoapFailure().kind(), () -> whole + "\n" + woodstox);
            assertSane(whole.dsoapFailure(), d.bytes());
            for (int k : splitPoints(d.bytes().length, new Random(SEED))) {
                assertSameResult(d, whole, Canonical.dsoapSplit(reused, d.bytes(), k), "split at " + k);
            }
        }));
    }

    /** Where Woodstox keeps the old name tables, dsoap follows the Fifth Edition. */
    @TestFactory
    Stream<DynamicTest> namesFollowFifthEdition() {
        return ConformanceCorpus.nameEditionCases().stream().map(d -> dynamicTest(d.name(), () -> {
            String xml = new String(d.bytes(), StandardCharsets.UTF_8);
            String name = xml.substring(1, xml.length() - 2);
            String expected = d.verdict() == WELL_FORMED ? "S{}" + name + "  [] []\nE{}" + name + "\nEND\n" : Canonical.ERROR;
            Result wood = Canonical.woodstox(d.bytes());
            assertEquals(d.verdict() != WELL_FORMED, !wood.isError(), () -> "[" + d.name() + "] Woodstox now agrees with the Fifth "
                    + "Edition; move this case to the main corpus: " + wood);
            Result dsoap = Canonical.dsoap(d.bytes(), WOODSTOX_LIKE);
            assertEquals(expected, dsoap.events(), () -> "[" + d.name() + "] dsoap: " + dsoap);
        }));
    }

    @Test
    void generatedDocumentsAndMutantsAgreeWithOracle() {
        List<Doc> generated = ConformanceCorpus.generated(SEED, GENERATED);
        List<Doc> all = new ArrayList<>(generated);
        all.addAll(ConformanceCorpus.mutants(SEED + 1, generated, MUTANTS_EACH));
        Random random = new Random(SEED + 2);
        XmlScanner reused = new XmlScanner(WOODSTOX_LIKE);
        List<String> failures = new ArrayList<>();
        int errors = 0;
        int excused = 0;
        for (Doc d : all) {
            byte[] b = d.bytes();
            Result oracle = Canonical.oracle(b);
            Result whole = Canonical.dsoap(b, WOODSTOX_LIKE);
            errors += oracle.isError() ? 1 : 0;
            try {
                if (d.verdict() == WELL_FORMED && oracle.isError()) {
                    fail("generator wrote a malformed document: " + oracle + "\ndocument: " + show(b));
                }
                if (disagree(oracle, whole) && excused(b, oracle, whole)) {
                    excused++;
                } else {
                    assertAgree(d, oracle, whole);
                }
                int[] points = {0, b.length, random.nextInt(b.length + 1), random.nextInt(b.length + 1),
                        random.nextInt(b.length + 1), random.nextInt(b.length + 1), random.nextInt(b.length + 1)};
                for (int k : points) {
                    assertSameResult(d, whole, Canonical.dsoapSplit(reused, b, k), "split at " + k);
                }
            } catch (AssertionError e) {
                failures.add(e.getMessage().startsWith("[") ? e.getMessage() : "[" + d.name() + "] " + e.getMessage());
            }
        }
        int total = all.size();
        int errorCount = errors;
        int excusedCount = excused;
        assertTrue(failures.isEmpty(), () -> failures.size() + " of " + total + " documents fail, seed " + SEED
                + " (rerun: -Ddsoap.corpus.seed=" + SEED + "); first ones:\n\n"
                + String.join("\n\n", failures.subList(0, Math.min(12, failures.size()))));
        assertTrue(errorCount > total / 4 && errorCount < total * 3 / 4, () -> errorCount + " of " + total
                + " rejected by the oracle: the mutants no longer mix good and bad documents");
        assertTrue(excusedCount < total / 100, () -> excusedCount + " of " + total + " excused");
    }

    /**
     * One scanner over enough distinct names and URIs to pass its symbol cap, so that {@code reset} forgets
     * symbols between documents: every document still reads as the oracle reads it.
     */
    @Test
    void reusedScannerPastItsSymbolCap() {
        XmlScanner reused = new XmlScanner(WOODSTOX_LIKE);
        int perDocument = 2_000;
        for (int d = 0; d < 2 * XmlScanner.MAX_SYMBOLS / perDocument; d++) {
            StringBuilder b = new StringBuilder("<r xmlns:k='urn:keep'><k:same k:a='1'/>");
            for (int i = 0; i < perDocument; i++) {
                b.append(i % 2 == 0 ? "<e" + d + "_" + i + " a" + i + "='v'/>"
                        : "<p:e" + i + " xmlns:p='urn:" + d + ":" + i + "' p:a='" + i + "'>t</p:e" + i + ">");
            }
            byte[] doc = utf8(b.append("</r>").toString());
            Result r = Canonical.dsoapSplit(reused, doc, doc.length);
            int n = d;
            assertEquals(Canonical.oracle(doc).events(), r.events(), () -> "document " + n + ": " + r);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    @Nested
    class Limits {
        @Test
        void maxDepth() {
            knob(b -> b.maxDepth(4), "maxDepth", "<a><a><a><a/></a></a></a>", "<a><a><a><a><a/></a></a></a></a>");
        }

        @Test
        void maxAttributes() {
            knob(b -> b.maxAttributes(3), "maxAttributes", "<a x='1' y='2' z='3'/>", "<a x='1' y='2' z='3' w='4'/>");
        }

        @Test
        void maxNameBytesOnElements() {
            knob(b -> b.maxNameBytes(8), "maxNameBytes", "<abcdefgh/>", "<abcdefghi/>");
        }

        @Test
        void maxNameBytesOnAttributes() {
            knob(b -> b.maxNameBytes(8), "maxNameBytes", "<a abcdefgh='1'/>", "<a abcdefghi='1'/>");
        }

        @Test
        void maxAttributeValueBytes() {
            knob(b -> b.maxAttributeValueBytes(10), "maxAttributeValueBytes", "<a b='0123456789'/>", "<a b='0123456789x'/>");
        }

        @Test
        void maxTextBytes() {
            knob(b -> b.maxTextBytes(10), "maxTextBytes", "<a>0123456789</a>", "<a>0123456789x</a>");
        }

        @Test
        void maxMessageBytes() {
            knob(b -> b.maxMessageBytes(24), "maxMessageBytes", "<a>\n0123456789012345</a>", "<a>\n01234567890123456</a>");
        }

        @Test
        void maxNamespaceDeclarations() {
            knob(b -> b.maxNamespaceDeclarations(2), "maxNamespaceDeclarations", "<a xmlns='u' xmlns:p='v'/>",
                    "<a xmlns='u' xmlns:p='v' xmlns:q='w'/>");
        }

        @Test
        void defaultDepthIsAtMostWoodstoxs() {
            String doc = "<e>".repeat(1001) + "</e>".repeat(1001);
            assertLimit(ParserLimits.defaults(), doc, "maxDepth");
            assertTrue(Canonical.woodstox(utf8(doc)).isError(), "Woodstox's own limit");
        }

        @Test
        void defaultAttributeCountIsAtMostWoodstoxs() {
            String doc = "<a" + ConformanceCorpus.attrs(1001) + "/>";
            assertLimit(ParserLimits.defaults(), doc, "maxAttributes");
            assertTrue(Canonical.woodstox(utf8(doc)).isError(), "Woodstox's own limit");
        }

        @Test
        void defaultAttributeValueSizeIsAtMostWoodstoxs() {
            String doc = "<a b='" + "v".repeat(512_001) + "'/>";
            assertLimit(ParserLimits.defaults(), doc, "maxAttributeValueBytes");
        }

        /** Under {@code set}, {@code atLimit} parses as the oracle does and {@code overLimit} (fine otherwise) fails. */
        private void knob(UnaryOperator<ParserLimits.Builder> set, String name, String atLimit, String overLimit) {
            ParserLimits limits = set.apply(ParserLimits.builder()).build();
            Result at = Canonical.dsoap(utf8(atLimit), limits);
            assertEquals(Canonical.oracle(utf8(atLimit)).events(), at.events(), () -> "at the limit: " + at);
            assertFalse(Canonical.dsoap(utf8(overLimit), WOODSTOX_LIKE).isError(), "the over-limit document is fine");
            assertLimit(limits, overLimit, name);
        }

        /** {@code doc} fails with LIMIT naming {@code name}, whole and at every split point. */
        private void assertLimit(ParserLimits limits, String doc, String name) {
            byte[] b = utf8(doc);
            Result whole = Canonical.dsoap(b, limits);
            assertTrue(whole.isError(), () -> "accepted: " + whole.events());
            XmlParseException e = whole.dsoapFailure();
            assertEquals(Kind.LIMIT, e.kind(), e::toString);
            assertTrue(e.getMessage().contains(name), () -> "message does not name " + name + ": " + e.getMessage());
            assertSane(e, b);
            XmlScanner reused = new XmlScanner(limits);
            Doc d = new Doc(name, b, Verdict.UNJUDGED);
            for (int k : splitPoints(b.length, new Random(SEED))) {
                assertSameResult(d, whole, Canonical.dsoapSplit(reused, b, k), "split at " + k);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    static boolean disagree(Result oracle, Result dsoap) {
        return oracle.isError() != dsoap.isError() || !oracle.isError() && !oracle.events().equals(dsoap.events());
    }

    static void assertAgree(Doc d, Result oracle, Result dsoap) {
        if (disagree(oracle, dsoap)) {
            fail("[" + d.name() + "] oracle:\n" + oracle + "\ndsoap:\n" + dsoap + "\ndocument: " + show(d.bytes()));
        }
        if (dsoap.isError()) {
            assertSane(dsoap.dsoapFailure(), d.bytes());
        }
    }

    /** A re-parse (split, byte by byte, other limits) gives {@code expected}: the same events, or the same error. */
    static void assertSameResult(Doc d, Result expected, Result actual, String how) {
        if (disagree(expected, actual)) {
            fail("[" + d.name() + "] " + how + ":\n" + actual + "\nwhole:\n" + expected + "\ndocument: " + show(d.bytes()));
        }
        if (expected.isError()) {
            XmlParseException e = expected.dsoapFailure();
            XmlParseException a = actual.dsoapFailure();
            assertSane(a, d.bytes());
            assertEquals(e.kind() + " at " + e.offset(), a.kind() + " at " + a.offset(),
                    () -> "[" + d.name() + "] " + how + ": " + a + "\nwhole: " + e + "\ndocument: " + show(d.bytes()));
        }
    }

    /** Offset within the document, line and column (in code points) consistent with it, state and message present. */
    static void assertSane(XmlParseException e, byte[] doc) {
        String what = e + " [kind " + e.kind() + ", offset " + e.offset() + ", line " + e.line() + ", column "
                + e.column() + ", state " + e.state() + "] in " + show(doc);
        assertTrue(e.kind() != null && e.state() != null && !e.state().isBlank(), what);
        assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), what);
        assertTrue(e.offset() >= 0 && e.offset() <= doc.length, () -> "offset out of range: " + what);
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < e.offset(); i++) {
            if (doc[i] == '\n' || doc[i] == '\r' && (i + 1 >= doc.length || doc[i + 1] != '\n')) {
                line++;
                lineStart = i + 1;
            }
        }
        int column = 1;
        for (int i = lineStart; i < e.offset(); i++) {
            column += (doc[i] & 0xC0) != 0x80 ? 1 : 0;
        }
        assertEquals(line, e.line(), () -> "line does not match offset: " + what);
        assertEquals(column, e.column(), () -> "column (in code points) does not match offset: " + what);
    }

    /** Every point for short documents; for long ones, the first and last 16 and {@link #SPLIT_SAMPLES} random ones. */
    private static int[] splitPoints(int len, Random r) {
        if (len <= SPLIT_ALL_UP_TO) {
            return IntStream.rangeClosed(0, len).toArray();
        }
        IntStream.Builder b = IntStream.builder();
        for (int i = 0; i <= 16; i++) {
            b.add(i).add(len - i);
        }
        for (int i = 0; i < SPLIT_SAMPLES; i++) {
            b.add(r.nextInt(len + 1));
        }
        return b.build().toArray();
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static final Pattern DECL = Pattern.compile("(?:\u00EF\u00BB\u00BF)?<\\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*"
            + "([\"'])(.*?)\\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*([\"'])(.*?)\\3)?");

    /**
     * A mutant the oracle accepts and dsoap rejects is excused when the rejection is one of dsoap's intended
     * differences (a DOCTYPE; a declared version other than 1.0 or encoding other than UTF-8), or when the document
     * holds a character on which Woodstox's name tables and the Fifth Edition's disagree.
     */
    static boolean excused(byte[] doc, Result oracle, Result dsoap) {
        if (!oracle.isError() && dsoap.isError()) {
            Kind k = dsoap.dsoapFailure().kind();
            String latin1 = new String(doc, StandardCharsets.ISO_8859_1);
            if (k == Kind.FORBIDDEN && latin1.contains("<!DOCTYPE")) {
                return true;
            }
            Matcher m = DECL.matcher(latin1);
            if (k == Kind.UNSUPPORTED && m.lookingAt()
                    && (!m.group(2).equals("1.0") || m.group(4) != null && !m.group(4).equalsIgnoreCase("UTF-8"))) {
                return true;
            }
        }
        return nameEditionSensitive(doc);
    }

    private static final Map<Integer, Boolean> WOODSTOX_AGREES_ON_NAME = new HashMap<>();

    /** The document decodes and holds a code point that Woodstox treats as a name (start) character differently. */
    private static boolean nameEditionSensitive(byte[] doc) {
        CharBuffer chars;
        try {
            chars = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(doc));
        } catch (CharacterCodingException e) {
            return false;
        }
        return chars.codePoints().filter(cp -> cp >= 0x80).anyMatch(cp -> !WOODSTOX_AGREES_ON_NAME.computeIfAbsent(cp, c -> {
            String s = new String(Character.toChars(c));
            boolean start = !Canonical.woodstox(utf8("<" + s + "/>")).isError();
            boolean part = !Canonical.woodstox(utf8("<a" + s + "/>")).isError();
            return start == fifthEditionNameStart(c) && part == fifthEditionNameChar(c);
        }));
    }

    /** XML 1.0 Fifth Edition, production [4] NameStartChar (less ':'). */
    static boolean fifthEditionNameStart(int c) {
        return c >= 'A' && c <= 'Z' || c == '_' || c >= 'a' && c <= 'z' || c >= 0xC0 && c <= 0xD6
                || c >= 0xD8 && c <= 0xF6 || c >= 0xF8 && c <= 0x2FF || c >= 0x370 && c <= 0x37D
                || c >= 0x37F && c <= 0x1FFF || c >= 0x200C && c <= 0x200D || c >= 0x2070 && c <= 0x218F
                || c >= 0x2C00 && c <= 0x2FEF || c >= 0x3001 && c <= 0xD7FF || c >= 0xF900 && c <= 0xFDCF
                || c >= 0xFDF0 && c <= 0xFFFD || c >= 0x10000 && c <= 0xEFFFF;
    }

    /** XML 1.0 Fifth Edition, production [4a] NameChar (less ':'). */
    static boolean fifthEditionNameChar(int c) {
        return fifthEditionNameStart(c) || c == '-' || c == '.' || c >= '0' && c <= '9' || c == 0xB7
                || c >= 0x300 && c <= 0x36F || c >= 0x203F && c <= 0x2040;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The document for a failure message: quoted, invalid UTF-8 bytes shown as {@code \xNN}, long ones cut. */
    static String show(byte[] doc) {
        StringBuilder b = new StringBuilder();
        int limit = Math.min(doc.length, 600);
        for (int i = 0; i < limit; ) {
            int n = doc[i] >= 0 ? 1 : (doc[i] & 0xE0) == 0xC0 ? 2 : (doc[i] & 0xF0) == 0xE0 ? 3 : (doc[i] & 0xF8) == 0xF0 ? 4 : 0;
            String decoded = null;
            if (n > 0 && i + n <= doc.length) {
                try {
                    decoded = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(doc, i, n)).toString();
                } catch (CharacterCodingException e) {
                    decoded = null;
                }
            }
            if (decoded == null) {
                b.append(String.format("\\x%02X", doc[i] & 0xFF));
                i++;
            } else {
                b.append(decoded);
                i += n;
            }
        }
        String q = Canonical.quote(b.toString()).replace("\\\\x", "\\x");
        return doc.length + " bytes " + q + (doc.length > limit ? "..." : "");
    }
}
