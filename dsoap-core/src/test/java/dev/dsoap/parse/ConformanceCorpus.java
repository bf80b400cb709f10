package dev.dsoap.parse;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * XML documents for {@link ConformanceTest}: hand-written ones, each with the verdict XML 1.0 + Namespaces 1.0 give
 * it; the documents dsoap rejects by design (DOCTYPE, other encodings, XML 1.1); seeded random well-formed
 * documents; and random mutations of those, whose verdict only the parsers decide.
 */
final class ConformanceCorpus {
    /** What the specifications (and, for the last two, dsoap's documented restrictions) say about a document. */
    enum Verdict {
        WELL_FORMED, MALFORMED, FORBIDDEN, UNSUPPORTED,
        /** A mutant: nobody has judged it. */
        UNJUDGED
    }

    /** One document; {@code name} says what it tries. */
    record Doc(String name, byte[] bytes, Verdict verdict) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final String XSD = "http://www.w3.org/2001/XMLSchema";
    private static final String XML_NS = "http://www.w3.org/XML/1998/namespace";
    private static final String XMLNS_NS = "http://www.w3.org/2000/xmlns/";

    private ConformanceCorpus() {
    }

    /** The hand-written documents, each WELL_FORMED or MALFORMED. */
    static List<Doc> handWritten() {
        Cases c = new Cases();
        prolog(c);
        comments(c);
        processingInstructions(c);
        cdata(c);
        references(c);
        attributes(c);
        namespaces(c);
        names(c);
        structure(c);
        illegalCharacters(c);
        utf8(c);
        lineEnds(c);
        nonAscii(c);
        soap(c);
        large(c);
        return c.docs;
    }

    /** Documents dsoap rejects by design while Woodstox may accept them: verdict FORBIDDEN or UNSUPPORTED. */
    static List<Doc> intendedDifferences() {
        Cases c = new Cases();
        c.add("doctype", Verdict.FORBIDDEN, "<!DOCTYPE a><a/>");
        c.add("doctype after decl", Verdict.FORBIDDEN, "<?xml version=\"1.0\"?>\n<!DOCTYPE a>\n<a/>");
        c.add("doctype system id", Verdict.FORBIDDEN, "<!DOCTYPE a SYSTEM \"a.dtd\"><a/>");
        c.add("doctype public id", Verdict.FORBIDDEN, "<!DOCTYPE a PUBLIC \"-//x//y//EN\" \"a.dtd\"><a/>");
        c.add("doctype internal subset", Verdict.FORBIDDEN, "<!DOCTYPE a [<!ELEMENT a (#PCDATA)>]><a>x</a>");
        c.add("doctype entity declaration", Verdict.FORBIDDEN, "<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>");
        c.add("doctype billion laughs", Verdict.FORBIDDEN, "<!DOCTYPE a [<!ENTITY l \"lol\"><!ENTITY l1 \"&l;&l;&l;&l;\">"
                + "<!ENTITY l2 \"&l1;&l1;&l1;&l1;\">]><a>&l2;</a>");
        c.add("doctype external entity", Verdict.FORBIDDEN, "<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>");
        c.add("doctype after comment", Verdict.FORBIDDEN, "<!-- c --><!DOCTYPE a><a/>");
        c.add("doctype with bom", Verdict.FORBIDDEN, bytes(0xEF, 0xBB, 0xBF, "<!DOCTYPE a><a/>"));
        c.add("version 1.1", Verdict.UNSUPPORTED, "<?xml version=\"1.1\"?><a/>");
        c.add("version 1.1 with encoding", Verdict.UNSUPPORTED, "<?xml version=\"1.1\" encoding=\"UTF-8\"?><a>\u0085</a>");
        c.add("encoding ISO-8859-1", Verdict.UNSUPPORTED, "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>");
        c.add("encoding iso-8859-1 high byte", Verdict.UNSUPPORTED,
                bytes("<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><a>", 0xE9, "</a>"));
        c.add("encoding US-ASCII", Verdict.UNSUPPORTED, "<?xml version=\"1.0\" encoding=\"US-ASCII\"?><a/>");
        c.add("encoding ISO-8859-1 after bom", Verdict.UNSUPPORTED,
                bytes(0xEF, 0xBB, 0xBF, "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>"));
        c.add("version 1.1 after bom", Verdict.UNSUPPORTED, bytes(0xEF, 0xBB, 0xBF, "<?xml version=\"1.1\"?><a/>"));
        c.add("encoding windows-1252", Verdict.UNSUPPORTED, "<?xml version=\"1.0\" encoding=\"windows-1252\"?><a/>");
        c.add("encoding Shift_JIS", Verdict.UNSUPPORTED, "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><a/>");
        c.add("encoding UTF-88", Verdict.UNSUPPORTED, "<?xml version=\"1.0\" encoding=\"UTF-88\"?><a/>");
        c.add("encoding UTF-7", Verdict.UNSUPPORTED, "<?xml version=\"1.0\" encoding=\"UTF-7\"?><a/>");
        c.add("encoding UTF", Verdict.UNSUPPORTED, "<?xml version=\"1.0\" encoding=\"UTF\"?><a/>");
        c.add("version 1.00", Verdict.UNSUPPORTED, "<?xml version=\"1.00\"?><a/>");
        c.add("version 1.10", Verdict.UNSUPPORTED, "<?xml version=\"1.10\"?><a/>");
        c.add("encoding UTF-16 over utf-8 bytes", Verdict.UNSUPPORTED, "<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>");
        c.add("utf-16be with bom", Verdict.UNSUPPORTED, utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>", true, true));
        c.add("utf-16le with bom", Verdict.UNSUPPORTED, utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>", false, true));
        c.add("utf-16le bom no decl", Verdict.UNSUPPORTED, utf16("<a>x</a>", false, true));
        return c.docs;
    }

    /**
     * Element names on which XML 1.0 Fifth Edition (the current one) and Woodstox disagree: Woodstox checks BMP
     * characters against the First-to-Fourth Edition tables and lets any supplementary character through. Verdicts
     * are the Fifth Edition's; the documents are {@code <NAME/>}, or {@code <aNAME/>} for a name character that
     * cannot start a name.
     */
    static List<Doc> nameEditionCases() {
        Cases c = new Cases();
        int[] start = {0x0132, 0x02FF, 0x0370, 0x037F, 0x1FFF, 0x200C, 0x2070, 0x218F, 0x2C00, 0x2FEF, 0x3001, 0xD7FF,
                0xF900, 0xFDCF, 0xFDF0, 0xFFFD};
        for (int cp : start) {
            c.ok(String.format("name start U+%04X", cp), "<" + new String(Character.toChars(cp)) + "/>");
        }
        c.ok("name char U+203F", "<a\u203F/>");
        c.ok("name char U+2040", "<a\u2040/>");
        c.bad("name start U+F0000", "<" + new String(Character.toChars(0xF0000)) + "/>");
        c.bad("name char U+10FFFF", "<a" + new String(Character.toChars(0x10FFFF)) + "/>");
        return c.docs;
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static void prolog(Cases c) {
        c.ok("decl", "<?xml version=\"1.0\"?><a/>");
        c.ok("decl single quotes", "<?xml version='1.0'?><a/>");
        c.ok("decl encoding UTF-8", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><a/>");
        c.ok("decl encoding utf-8", "<?xml version=\"1.0\" encoding=\"utf-8\"?><a/>");
        c.ok("decl encoding Utf-8", "<?xml version=\"1.0\" encoding='Utf-8'?><a/>");
        c.ok("decl encoding UTF8", "<?xml version=\"1.0\" encoding=\"UTF8\"?><a/>");
        c.ok("decl encoding utf8", "<?xml version=\"1.0\" encoding='utf8'?><a/>");
        c.ok("decl standalone yes", "<?xml version=\"1.0\" standalone=\"yes\"?><a/>");
        c.ok("decl standalone no", "<?xml version=\"1.0\" standalone='no'?><a/>");
        c.ok("decl all three", "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?><a/>");
        c.ok("decl spaces around =", "<?xml version = \"1.0\" encoding= 'UTF-8' standalone ='no' ?><a/>");
        c.ok("decl trailing space", "<?xml version=\"1.0\"   ?>\n<a/>");
        c.ok("decl two spaces", "<?xml  version=\"1.0\"?><a/>");
        c.ok("decl tab", "<?xml\tversion=\"1.0\"?><a/>");
        c.ok("decl newlines", "<?xml\nversion=\"1.0\"\r\nencoding=\"UTF-8\"\r?><a/>");
        c.ok("bom", bytes(0xEF, 0xBB, 0xBF, "<a/>"));
        c.ok("bom and decl", bytes(0xEF, 0xBB, 0xBF, "<?xml version=\"1.0\" encoding=\"UTF-8\"?><a/>"));
        c.ok("no decl", "<a/>");
        c.ok("decl then misc", "<?xml version=\"1.0\"?>\n<!-- c -->\n<?pi x?>\n  <a/>\n");
        c.ok("decl then blank lines", "<?xml version=\"1.0\"?>\n\n\r\n<a/>\n\n");
        c.ok("whitespace before root", " \t\r\n<a/>");
        c.bad("decl without version", "<?xml?><a/>");
        c.bad("decl encoding only", "<?xml encoding=\"UTF-8\"?><a/>");
        c.bad("decl standalone before encoding", "<?xml version=\"1.0\" standalone=\"yes\" encoding=\"UTF-8\"?><a/>");
        c.bad("decl encoding before version", "<?xml encoding=\"UTF-8\" version=\"1.0\"?><a/>");
        c.bad("decl standalone maybe", "<?xml version=\"1.0\" standalone=\"maybe\"?><a/>");
        c.bad("decl standalone YES", "<?xml version=\"1.0\" standalone=\"YES\"?><a/>");
        c.bad("decl no space between pseudo-attributes", "<?xml version=\"1.0\"encoding=\"UTF-8\"?><a/>");
        c.bad("decl version twice", "<?xml version=\"1.0\" version=\"1.0\"?><a/>");
        c.bad("decl unknown pseudo-attribute", "<?xml version=\"1.0\" foo=\"bar\"?><a/>");
        c.bad("decl after space", " <?xml version=\"1.0\"?><a/>");
        c.bad("decl after newline", "\n<?xml version=\"1.0\"?><a/>");
        c.bad("decl after bom and space", bytes(0xEF, 0xBB, 0xBF, " <?xml version=\"1.0\"?><a/>"));
        c.bad("decl after root", "<a/><?xml version=\"1.0\"?>");
        c.bad("decl after comment", "<!-- c --><?xml version=\"1.0\"?><a/>");
        c.bad("decl twice", "<?xml version=\"1.0\"?><?xml version=\"1.0\"?><a/>");
        c.bad("decl inside root", "<a><?xml version=\"1.0\"?></a>");
        c.bad("decl upper case XML", "<?XML version=\"1.0\"?><a/>");
        c.bad("decl empty encoding", "<?xml version=\"1.0\" encoding=\"\"?><a/>");
        c.bad("decl unterminated quote", "<?xml version=\"1.0\" encoding=\"UTF-8?><a/>");
        c.bad("decl unterminated", "<?xml version=\"1.0\" ?");
        c.bad("decl mismatched quotes", "<?xml version=\"1.0'?><a/>");
        c.bad("decl unquoted version", "<?xml version=1.0?><a/>");
        c.bad("decl version with space", "<?xml version=\" 1.0\"?><a/>");
        c.bad("decl version 2.0", "<?xml version=\"2.0\"?><a/>");
        c.bad("decl version empty", "<?xml version=\"\"?><a/>");
        c.bad("decl version 1", "<?xml version=\"1\"?><a/>");
        c.bad("decl version 1.", "<?xml version=\"1.\"?><a/>");
        c.bad("decl version 1.x", "<?xml version=\"1.x\"?><a/>");
        c.bad("decl version 1.0a", "<?xml version=\"1.0a\"?><a/>");
        c.bad("decl version 1,0", "<?xml version=\"1,0\"?><a/>");
        c.bad("decl encoding with space", "<?xml version=\"1.0\" encoding=\"UTF 8\"?><a/>");
        c.bad("decl encoding with colon", "<?xml version=\"1.0\" encoding=\"UTF:8\"?><a/>");
        c.bad("decl glued to version", "<?xmlversion=\"1.0\"?><a/>");
        c.bad("decl only", "<?xml version=\"1.0\"?>");
        c.bad("decl then text", "<?xml version=\"1.0\"?>x<a/>");
        c.bad("bom twice", bytes(0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, "<a/>"));
        c.bad("bom truncated", bytes(0xEF, 0xBB, "<a/>"));
        c.bad("bom after decl", bytes("<?xml version=\"1.0\"?>", 0xEF, 0xBB, 0xBF, "<a/>"));
        c.bad("bom only", bytes(0xEF, 0xBB, 0xBF));
        c.bad("bom after root", bytes("<a/>", 0xEF, 0xBB, 0xBF));
        c.bad("decl encoding number first", "<?xml version=\"1.0\" encoding=\"8UTF\"?><a/>");
        c.bad("decl nul as separator", "<?xml version=\"1.0\"\u0000encoding=\"utf-8\"?><a/>");
        c.bad("decl control after xml", "<?xml\u0001version=\"1.0\"?><a/>");
        c.bad("decl control before end", "<?xml version=\"1.0\"\u000B?><a/>");
        c.bad("decl control in encoding", "<?xml version=\"1.0\" encoding=\"utf-8\u0001\"?><a/>");
        c.bad("decl nbsp before end", "<?xml version=\"1.0\"\u00A0?><a/>");
    }

    private static void comments(Cases c) {
        c.ok("comment in root", "<a><!-- c --></a>");
        c.ok("comment before root", "<!-- before --><a/>");
        c.ok("comment after root", "<a/><!-- after -->");
        c.ok("comment empty", "<a><!----></a>");
        c.ok("comment single dash", "<a><!-- - --></a>");
        c.ok("comment dash inside word", "<a><!--a-b-c--></a>");
        c.ok("comment markup inside", "<a><!-- <b> & &amp; ]]> <![CDATA[ --></a>");
        c.ok("comment end twice", "<a><!-- x --> --></a>");
        c.bad("comment opener inside", "<a><!-- <!-- --></a>");
        c.ok("comment non-ascii", "<a><!-- é € 日本 😀 --></a>");
        c.ok("comment splits text", "<a>x<!--c-->y</a>");
        c.ok("comments everywhere", "<!--1--><!--2--><a><!--3--><b><!--4--></b><!--5--></a><!--6--><!--7-->");
        c.ok("comment dash before end", "<a><!--x- --></a>");
        c.bad("comment double dash", "<a><!-- a -- b --></a>");
        c.bad("comment ends with ---", "<a><!-- a ---></a>");
        c.bad("comment <!--->", "<a><!---></a>");
        c.bad("comment --!>", "<a><!-- c --!></a>");
        c.bad("comment unterminated", "<a><!-- c </a>");
        c.bad("comment unterminated at eof", "<a/><!-- c");
        c.bad("comment one dash open", "<a><!- c --></a>");
        c.bad("comment -> end", "<a><!-- c -></a>");
        c.bad("comment in tag", "<a <!-- c -->/>");
        c.bad("comment in attribute position", "<a b=\"1\" <!--c-->/>");
        c.bad("comment only", "<!-- c -->");
        c.bad("comment double dash at start", "<a><!----- x --></a>");
    }

    private static void processingInstructions(Cases c) {
        c.ok("pi in root", "<a><?pi data?></a>");
        c.ok("pi before root no data", "<?pi?><a/>");
        c.ok("pi space only", "<a><?pi ?></a>");
        c.ok("pi internal spaces", "<a><?pi   lots  of   space ?></a>");
        c.ok("pi xml-stylesheet", "<?xml-stylesheet type=\"text/xsl\" href=\"s.xsl\"?><a/>");
        c.ok("pi xml- prefix", "<a><?xml-foo?></a>");
        c.ok("pi xmlfoo", "<a><?xmlfoo bar?></a>");
        c.ok("pi xm", "<a><?xm bar?></a>");
        c.ok("pi question and gt apart", "<a><?pi a?b>c ? > d?></a>");
        c.ok("pi markup in data", "<a><?pi <b> &amp; ]]> <!-- ?></a>");
        c.ok("pi non-ascii target", "<a><?πι δεδομένα?></a>");
        c.ok("pi after root", "<a/><?pi x?>");
        c.ok("pi tab separator", "<a><?pi\tx?></a>");
        c.ok("pi newline separator", "<a><?pi\r\nx\r\ny?></a>");
        c.ok("pi splits text", "<a>x<?p?>y</a>");
        c.bad("pi target xml in content", "<a><?xml version=\"1.0\"?></a>");
        c.bad("pi target xml no data", "<a><?xml?></a>");
        c.bad("pi target XmL", "<a><?XmL data?></a>");
        c.bad("pi target xML before root", "<?xML x?><a/>");
        c.bad("pi unterminated", "<a><?pi x</a>");
        c.bad("pi space before target", "<a><? pi?></a>");
        c.bad("pi no target", "<a><??></a>");
        c.bad("pi digit target", "<a><?1pi?></a>");
        c.bad("pi colon target", "<a><?p:i data?></a>");
        c.bad("pi no space after target", "<a><?pi\"x\"?></a>");
        c.bad("pi only", "<?pi x?>");
        c.bad("pi in tag", "<a <?pi?>/>");
    }

    private static void cdata(Cases c) {
        c.ok("cdata", "<a><![CDATA[x]]></a>");
        c.ok("cdata empty", "<a><![CDATA[]]></a>");
        c.ok("cdata markup", "<a><![CDATA[<b>&amp;&#65;</b>]]></a>");
        c.ok("cdata ]]]]>", "<a><![CDATA[]]]]></a>");
        c.ok("cdata x]]]>", "<a><![CDATA[x]]]></a>");
        c.ok("cdata merged with text", "<a>x<![CDATA[y]]>z</a>");
        c.ok("cdata two", "<a><![CDATA[a]]><![CDATA[b]]></a>");
        c.ok("cdata brackets", "<a><![CDATA[a]]b]>c] ]>]]></a>");
        c.ok("cdata crlf", "<a><![CDATA[a\r\nb\rc]]></a>");
        c.ok("cdata cr then lf outside", "<a><![CDATA[x\r]]>\ny</a>");
        c.ok("cdata non-ascii", "<a><![CDATA[é日😀]]></a>");
        c.ok("cdata in nested", "<a><b><![CDATA[1]]></b><c><![CDATA[2]]></c></a>");
        c.ok("cdata nested open", "<a><![CDATA[<![CDATA[x]]></a>");
        c.ok("text ]]", "<a>]]</a>");
        c.ok("text ]", "<a>]</a>");
        c.ok("text ]]]", "<a>]]]</a>");
        c.ok("text ] ]>", "<a>] ]></a>");
        c.ok("text ]]&gt;", "<a>]]&gt;</a>");
        c.ok("text ]]&#62;", "<a>]]&#62;</a>");
        c.ok("text > alone", "<a>></a>");
        c.ok("text ]> ", "<a>]></a>");
        c.bad("text ]]>", "<a>]]></a>");
        c.bad("text x]]>y", "<a>x]]>y</a>");
        c.bad("text ]]]>", "<a>]]]></a>");
        c.bad("text ]]> after ref", "<a>&amp;]]></a>");
        c.bad("cdata unterminated", "<a><![CDATA[x</a>");
        c.bad("cdata before root", "<![CDATA[x]]><a/>");
        c.bad("cdata after root", "<a/><![CDATA[x]]>");
        c.bad("cdata lower case", "<a><![cdata[x]]></a>");
        c.bad("cdata missing bracket", "<a><![CDATA x]]></a>");
        c.bad("cdata short open", "<a><![CDAT[x]]></a>");
        c.bad("cdata in attribute position", "<a <![CDATA[x]]>/>");
    }

    private static void references(Cases c) {
        c.ok("predefined entities", "<a>&lt;&gt;&amp;&apos;&quot;</a>");
        c.ok("predefined in attribute", "<a b=\"&lt;&gt;&amp;&apos;&quot;\"/>");
        c.ok("decimal ref", "<a>&#65;</a>");
        c.ok("hex ref", "<a>&#x41;&#x6a;&#x6A;</a>");
        c.ok("decimal leading zeros", "<a>&#0000065;</a>");
        c.ok("hex leading zeros", "<a>&#x000041;</a>");
        c.ok("ref supplementary hex", "<a>&#x1F600;</a>");
        c.ok("ref supplementary decimal", "<a>&#128512;</a>");
        c.ok("ref tab lf cr kept", "<a>&#x9;&#xA;&#xD;&#13;&#10;</a>");
        c.ok("ref boundaries", "<a>&#x20;&#xD7FF;&#xE000;&#xFFFD;&#x10000;&#x10FFFF;</a>");
        c.ok("ref c1 and separators", "<a>&#x85;&#x2028;&#x7F;&#x80;</a>");
        c.ok("ref lt in attribute", "<a b=\"&#60;&#x3C;\"/>");
        c.ok("ref whitespace in attribute kept", "<a b=\"&#9;&#10;&#13;&#32;\"/>");
        c.ok("refs between text", "<a>x&amp;y&#65;z</a>");
        c.ok("ref amp amp", "<a>&amp;amp;</a>");
        c.ok("ref in nested", "<a><b>&lt;</b>&gt;<c b=\"&amp;\"/></a>");
        c.ok("ref lt outside gives markup-free text", "<a>&lt;b&gt;</a>");
        c.bad("ref &#0;", "<a>&#0;</a>");
        c.bad("ref &#x0;", "<a>&#x0;</a>");
        c.bad("ref &#xD800;", "<a>&#xD800;</a>");
        c.bad("ref &#xDFFF;", "<a>&#xDFFF;</a>");
        c.bad("ref &#55296;", "<a>&#55296;</a>");
        c.bad("ref &#x110000;", "<a>&#x110000;</a>");
        c.bad("ref &#xFFFE;", "<a>&#xFFFE;</a>");
        c.bad("ref &#xFFFF;", "<a>&#xFFFF;</a>");
        c.bad("ref &#1;", "<a>&#1;</a>");
        c.bad("ref &#x1F;", "<a>&#x1F;</a>");
        c.bad("ref &#xB;", "<a>&#xB;</a>");
        c.bad("ref huge decimal", "<a>&#99999999999999999999999999;</a>");
        c.bad("ref huge hex", "<a>&#xFFFFFFFFFFFFFFFFFFFFFFFF;</a>");
        c.bad("ref 2^32+65 decimal wraps", "<a>&#4294967361;</a>");
        c.bad("ref 2^32+0x41 hex wraps", "<a>&#x100000041;</a>");
        c.bad("ref 2^64+65 decimal wraps", "<a>&#18446744073709551681;</a>");
        c.bad("ref &#;", "<a>&#;</a>");
        c.bad("ref &#x;", "<a>&#x;</a>");
        c.bad("ref &#X41;", "<a>&#X41;</a>");
        c.bad("ref &#a;", "<a>&#a;</a>");
        c.bad("ref &#xG;", "<a>&#xG;</a>");
        c.bad("ref &# 65;", "<a>&# 65;</a>");
        c.bad("ref &#65 without ;", "<a>&#65</a>");
        c.bad("ref &#65 ;", "<a>&#65 ;</a>");
        c.bad("ref &#-65;", "<a>&#-65;</a>");
        c.bad("ref &#+65;", "<a>&#+65;</a>");
        c.bad("ref &#65.0;", "<a>&#65.0;</a>");
        c.bad("ref &#x-41;", "<a>&#x-41;</a>");
        c.bad("ref undefined", "<a>&foo;</a>");
        c.bad("ref undefined nbsp", "<a>&nbsp;</a>");
        c.bad("ref undefined in attribute", "<a b=\"&foo;\"/>");
        c.bad("ref &amp without ;", "<a>&amp</a>");
        c.bad("ref &amp space", "<a>&amp x</a>");
        c.bad("ref lone &", "<a>&</a>");
        c.bad("ref & space amp", "<a>& amp;</a>");
        c.bad("ref &lt at end", "<a>&lt");
        c.bad("ref &LT;", "<a>&LT;</a>");
        c.bad("ref &;", "<a>&;</a>");
        c.bad("ref colon name", "<a>&a:b;</a>");
        c.bad("ref lone & in attribute", "<a b=\"x & y\"/>");
        c.bad("ref &#0; in attribute", "<a b=\"&#0;\"/>");
        c.bad("ref &#xD800; in attribute", "<a b=\"&#xD800;\"/>");
        c.bad("ref &#x110000; in attribute", "<a b=\"&#x110000;\"/>");
        c.bad("ref surrogate pair as two refs", "<a>&#xD83D;&#xDE00;</a>");
        c.bad("ref before root", "&amp;<a/>");
        c.bad("ref after root", "<a/>&amp;");
        c.bad("ref char before root", "&#32;<a/>");
        c.bad("ref in element name", "<a&amp;/>");
    }

    private static void attributes(Cases c) {
        c.ok("attr double quotes", "<a b=\"1\"/>");
        c.ok("attr single quotes", "<a b='1'/>");
        c.ok("attr apostrophe in double", "<a b=\"it's\"/>");
        c.ok("attr quote in single", "<a b='say \"hi\"'/>");
        c.ok("attr gt", "<a b=\"x>y\"/>");
        c.ok("attr ]]>", "<a b=\"]]>\"/>");
        c.ok("attr spaces around =", "<a b = \"1\"  c\t=\n'2' />");
        c.ok("attr empty", "<a b=\"\"/>");
        c.ok("attr whitespace normalized", "<a b=\"x\ty\nz w\"/>");
        c.ok("attr many", "<a a1=\"1\" a2=\"2\" a3=\"3\" a4=\"4\" a5=\"5\" a6=\"6\" a7=\"7\" a8=\"8\" a9=\"9\" a10=\"10\" a11=\"11\"/>");
        c.ok("attr sorted differently", "<a z=\"1\" a=\"2\" m=\"3\"></a>");
        c.ok("attr names . - _", "<a b.c=\"1\" d-e=\"2\" _f=\"3\" g1=\"4\"/>");
        c.ok("attr on end of long tag", "<a b=\"1\"\n   c=\"2\"\n></a>");
        c.ok("attr same local different ns", "<a xmlns:p=\"u\" b=\"1\" p:b=\"2\"/>");
        c.ok("attr same local two namespaces", "<a xmlns:p=\"u\" xmlns:q=\"v\" p:b=\"1\" q:b=\"2\"/>");
        c.ok("attr named xmlnsx", "<a xmlnsx=\"1\"/>");
        c.ok("attr named xml-ish", "<a xmlfoo=\"1\" xml-bar=\"2\"/>");
        c.ok("attr non-ascii value", "<a b=\"é日😀\"/>");
        c.ok("attr ref mix", "<a b=\"&lt;x&gt; &amp; &#x1F600;\"/>");
        c.ok("attr quote refs", "<a b='&apos;&quot;' c=\"&apos;&quot;\"/>");
        c.ok("attr on nested", "<a x=\"1\"><b x=\"2\"><c x=\"3\"/></b></a>");
        c.bad("attr lt", "<a b=\"<\"/>");
        c.bad("attr lt in single", "<a b='x<y'/>");
        c.bad("attr unquoted", "<a b=1/>");
        c.bad("attr no value", "<a b/>");
        c.bad("attr no value then another", "<a b c=\"1\"/>");
        c.bad("attr mixed quotes", "<a b=\"1'/>");
        c.bad("attr unterminated", "<a b=\"1/>");
        c.bad("attr unterminated at eof", "<a b=\"1");
        c.bad("attr duplicate", "<a b=\"1\" b=\"2\"/>");
        c.bad("attr duplicate same value", "<a b=\"1\" b=\"1\"/>");
        c.bad("attr duplicate prefixed", "<a xmlns:p=\"u\" p:b=\"1\" p:b=\"2\"/>");
        c.bad("attr duplicate expanded name", "<a xmlns:p=\"u\" xmlns:q=\"u\" p:b=\"1\" q:b=\"2\"/>");
        c.bad("attr duplicate expanded name inherited", "<r xmlns:p=\"u\"><a xmlns:q=\"u\" p:b=\"1\" q:b=\"2\"/></r>");
        c.bad("attr no space between", "<a b=\"1\"c=\"2\"/>");
        c.bad("attr no name", "<a =\"1\"/>");
        c.bad("attr double =", "<a b==\"1\"/>");
        c.bad("attr digit name", "<a 1b=\"x\"/>");
        c.bad("attr slash space gt", "<a b=\"x\"/ >");
        c.bad("attr on end tag", "<a></a b=\"1\">");
        c.bad("attr backquote", "<a b=`1`/>");
        c.bad("attr raw lt after ref", "<a b=\"&amp;<\"/>");
        c.bad("attr value then text", "<a b=\"1\"x/>");
        c.bad("attr duplicate among 40", "<a" + attrs(40) + " a17=\"x\"/>");
        c.bad("attr duplicate expanded among 40", "<a xmlns:p=\"u\" xmlns:q=\"u\"" + attrs(40) + " p:z=\"1\" q:z=\"2\"/>");
        c.ok("attr same local 40 namespaces", "<a" + decls(40) + prefixed(40) + "/>");
        c.ok("attr default namespace and prefix same uri", "<a xmlns=\"u\" xmlns:p=\"u\" b=\"1\" p:b=\"2\"/>");
        c.ok("attr prefix redeclared on same element", "<a xmlns:p=\"u\"><p:b xmlns:p=\"v\" p:c=\"1\"/></a>");
        c.ok("attr escaped ref", "<a b=\"&#38;amp;&#38;#60;\">&#38;#60;</a>");
        c.bad("attr separated by U+2028", "<a b=\"1\"\u2028c=\"2\"/>");
        c.bad("attr separated by nbsp", "<a b=\"1\"\u00A0c=\"2\"/>");
    }

    private static void namespaces(Cases c) {
        c.ok("ns default", "<a xmlns=\"urn:a\"><b/></a>");
        c.ok("ns prefixed", "<p:a xmlns:p=\"urn:a\"><p:b/><c/></p:a>");
        c.ok("ns override default", "<a xmlns=\"urn:a\"><b xmlns=\"urn:b\"><c/></b><d/></a>");
        c.ok("ns override prefix", "<p:a xmlns:p=\"urn:a\"><p:b xmlns:p=\"urn:b\"><p:c/></p:b><p:d/></p:a>");
        c.ok("ns undeclare default", "<a xmlns=\"urn:a\"><b xmlns=\"\"><c/></b></a>");
        c.ok("ns xmlns empty at root", "<a xmlns=\"\"/>");
        c.ok("ns prefixed attribute", "<a xmlns:p=\"urn:a\" p:b=\"1\"/>");
        c.ok("ns default not on attributes", "<a xmlns=\"urn:a\" b=\"1\"/>");
        c.ok("ns xml:lang", "<a xml:lang=\"en\" xml:space=\"preserve\"/>");
        c.ok("ns xml prefix bound correctly", "<a xmlns:xml=\"" + XML_NS + "\" xml:lang=\"en\"/>");
        c.ok("ns xml element", "<xml:a/>");
        c.ok("ns declared after use", "<p:a p:x=\"1\" xmlns:p=\"urn:a\"/>");
        c.ok("ns decl order kept", "<a xmlns:z=\"urn:z\" xmlns=\"urn:d\" xmlns:a=\"urn:a\"/>");
        c.ok("ns unused", "<a xmlns:p=\"urn:a\"/>");
        c.ok("ns relative uri", "<a xmlns=\"rel\"/>");
        c.ok("ns uri with refs", "<a xmlns=\"urn:a?x=1&amp;y=&#50;\"/>");
        c.ok("ns uri non-ascii", "<a xmlns:p=\"urn:é日\"><p:b/></a>");
        c.ok("ns uri with spaces normalized", "<a xmlns=\"urn:a\tb\"/>");
        c.ok("ns same uri two prefixes", "<a xmlns:p=\"u\" xmlns:q=\"u\"><p:b/><q:b/></a>");
        c.ok("ns prefix same as local", "<a:a xmlns:a=\"u\" a:a=\"1\"/>");
        c.ok("ns end tag prefix", "<p:a xmlns:p=\"u\"><p:b></p:b></p:a>");
        c.ok("ns scope ends", "<r><a xmlns:p=\"u\"><p:b/></a><a xmlns:p=\"v\"><p:b/></a></r>");
        c.ok("ns default and prefix same uri", "<a xmlns=\"u\" xmlns:p=\"u\"><b/><p:b/></a>");
        c.ok("ns xsi attributes", "<a xmlns:xsi=\"" + XSI + "\" xmlns:xsd=\"" + XSD + "\" xsi:type=\"xsd:int\" xsi:nil=\"false\">1</a>");
        c.ok("ns element named xmlns-ish", "<xmlnsfoo/>");
        c.bad("ns unbound element prefix", "<p:a/>");
        c.bad("ns unbound end tag scope", "<r><a xmlns:p=\"u\"/><p:b/></r>");
        c.bad("ns unbound attribute prefix", "<a p:b=\"1\"/>");
        c.bad("ns undeclare prefix", "<a xmlns:p=\"\"/>");
        c.bad("ns undeclare prefix in child", "<p:a xmlns:p=\"u\"><b xmlns:p=\"\"/></p:a>");
        c.bad("ns xml prefix wrong uri", "<a xmlns:xml=\"urn:other\"/>");
        c.bad("ns xmlns prefix declared", "<a xmlns:xmlns=\"urn:x\"/>");
        c.bad("ns xmlns prefix bound to its uri", "<a xmlns:xmlns=\"" + XMLNS_NS + "\"/>");
        c.bad("ns other prefix to xml uri", "<a xmlns:p=\"" + XML_NS + "\"/>");
        c.bad("ns other prefix to xmlns uri", "<a xmlns:p=\"" + XMLNS_NS + "\"/>");
        c.bad("ns default to xml uri", "<a xmlns=\"" + XML_NS + "\"/>");
        c.bad("ns default to xmlns uri", "<a xmlns=\"" + XMLNS_NS + "\"/>");
        c.bad("ns element prefix xmlns", "<xmlns:a/>");
        c.bad("ns duplicate prefix declaration", "<a xmlns:p=\"u\" xmlns:p=\"v\"/>");
        c.bad("ns duplicate default declaration", "<a xmlns=\"u\" xmlns=\"v\"/>");
        c.bad("ns duplicate identical declaration", "<a xmlns:p=\"u\" xmlns:p=\"u\"/>");
        c.bad("ns end tag different prefix same uri", "<p:a xmlns:p=\"u\" xmlns:q=\"u\"></q:a>");
        c.bad("ns end tag without prefix", "<p:a xmlns:p=\"u\"></a>");
        c.bad("ns end tag with prefix", "<a xmlns=\"u\" xmlns:p=\"u\"></p:a>");
        c.bad("ns xmlns: empty prefix", "<a xmlns:=\"u\"/>");
        c.bad("ns two colons in declaration", "<a xmlns:p:q=\"u\"/>");
        c.bad("ns lt in uri", "<a xmlns=\"a<b\"/>");
        c.bad("ns xml uri through a reference", "<a xmlns:p=\"&#104;ttp://www.w3.org/XML/1998/namespace\"/>");
        c.bad("ns xmlns uri through a reference", "<a xmlns=\"http://www.w3.org/2000/xmlns&#47;\"/>");
        c.ok("ns xml prefix bound through a reference", "<a xmlns:xml=\"&#104;ttp://www.w3.org/XML/1998/namespace\"/>");
    }

    private static void names(Cases c) {
        c.ok("name latin", "<é/>");
        c.ok("name cjk", "<日本語>x</日本語>");
        c.ok("name dot", "<a.b/>");
        c.ok("name hyphen", "<a-b/>");
        c.ok("name underscore start", "<_a/>");
        c.ok("name middle dot", "<a·b/>");
        c.ok("name digits after", "<a123/>");
        c.ok("name upper", "<ABC></ABC>");
        c.ok("name combining mark", "<a\u0300/>");
        c.ok("name À", "<\u00C0/>");
        c.ok("name greek", "<αβγ/>");
        c.ok("name prefixed non-ascii", "<π:é xmlns:π=\"u\"/>");
        c.ok("name end tag space", "<a></a >");
        c.ok("name end tag newline", "<a></a\n>");
        c.ok("name start tag space", "<a ></a>");
        c.ok("name xml prefix reserved but legal", "<xmlthing/>");
        c.ok("name 1000 bytes", "<" + "n".repeat(1000) + "/>");
        c.bad("name digit first", "<1a/>");
        c.bad("name hyphen first", "<-a/>");
        c.bad("name dot first", "<.a/>");
        c.bad("name middle dot first", "<·a/>");
        c.bad("name combining first", "<\u0300a/>");
        c.bad("name times sign", "<a\u00D7/>");
        c.bad("name greek question mark", "<a\u037E/>");
        c.bad("name space after lt", "< a/>");
        c.bad("name space in end tag", "<a></ a>");
        c.bad("name colon first", "<:a/>");
        c.bad("name colon last", "<a:/>");
        c.bad("name two colons", "<a:b:c xmlns:a=\"u\"/>");
        c.bad("name double colon", "<a::b xmlns:a=\"u\"/>");
        c.bad("attr name colon first", "<a :b=\"1\"/>");
        c.bad("attr name colon last", "<a b:=\"1\"/>");
        c.bad("name local part starts with hyphen", "<p:-a xmlns:p=\"u\"/>");
        c.bad("name local part starts with digit", "<p:1a xmlns:p=\"u\"/>");
        c.bad("name local part starts with dot", "<p:.a xmlns:p=\"u\"/>");
        c.bad("name local part starts with middle dot", "<p:\u00B7a xmlns:p=\"u\"/>");
        c.bad("name local part starts with combining mark", "<p:\u0300a xmlns:p=\"u\"/>");
        c.bad("attr local part starts with hyphen", "<a xmlns:p=\"u\" p:-b=\"1\"/>");
        c.bad("attr local part starts with digit", "<a xmlns:p=\"u\" p:1b=\"1\"/>");
        c.bad("attr local part starts with dot", "<a xmlns:p=\"u\" p:.b=\"1\"/>");
        c.bad("declared prefix starts with hyphen", "<a xmlns:-p=\"u\"/>");
        c.bad("declared prefix starts with digit", "<a xmlns:1p=\"u\"/>");
        c.ok("name local part with hyphen inside", "<p:a-b xmlns:p=\"u\" p:c.d=\"1\"/>");
        c.bad("name end mismatch case", "<a></A>");
        c.bad("name exclamation", "<a!/>");
        c.bad("name nbsp", "<a\u00A0b/>");
        c.bad("name empty tag", "<></>");
        c.bad("name quote", "<a\"/>");
    }

    private static void structure(Cases c) {
        c.ok("empty element", "<a/>");
        c.ok("start end", "<a></a>");
        c.ok("nested", "<a><b/><c></c><d><e/></d></a>");
        c.ok("whitespace around root", "  <a/>  \n");
        c.ok("whitespace text", "<a>  </a>");
        c.ok("newline text", "<a>\n</a>");
        c.ok("mixed content", "<a>x<b>y</b>z<c/>w</a>");
        c.ok("deep 100", "<e>".repeat(100) + "x" + "</e>".repeat(100));
        c.ok("siblings 200", "<a>" + "<b/>".repeat(200) + "</a>");
        c.ok("text with quotes", "<a>'\"'</a>");
        c.ok("empty element with space", "<a />");
        c.bad("unclosed", "<a>");
        c.bad("unclosed nested", "<a><b></a>");
        c.bad("mismatched", "<a></b>");
        c.bad("crossed", "<a><b></a></b>");
        c.bad("end only", "</a>");
        c.bad("extra end", "<a/></a>");
        c.bad("two roots", "<a/><b/>");
        c.bad("two roots with space", "<a></a> <a></a>");
        c.bad("text after root", "<a/>x");
        c.bad("text before root", "x<a/>");
        c.bad("nbsp before root", "\u00A0<a/>");
        c.bad("empty document", "");
        c.bad("whitespace only", " \n\t\r\n");
        c.bad("space empty tag", "<a/ >");
        c.bad("truncated <a", "<a");
        c.bad("truncated <a b", "<a b");
        c.bad("truncated <a b=", "<a b=");
        c.bad("truncated start tag", "<a b=\"1\"");
        c.bad("truncated end tag", "<a></a");
        c.bad("truncated lt", "<a><");
        c.bad("truncated </", "<a></");
        c.bad("empty tag <>", "<a><></a>");
        c.bad("empty end tag", "<a></>");
        c.bad("unclosed after ref", "<a>&#65;");
        c.bad("bang alone", "<a><!</a>");
        c.bad("bang dash", "<a><!-</a>");
        c.bad("bang unknown", "<a><!x></a>");
        c.bad("doctype lower case", "<!doctype a><a/>");
        c.bad("doctype after root", "<a/><!DOCTYPE a>");
        c.bad("doctype in content", "<a><!DOCTYPE a></a>");
        c.bad("lt in text", "<a>x < y</a>");
        c.bad("slash inside start tag", "<a/b/>");
        c.bad("end tag self-closing", "<a></a/>");
    }

    private static void illegalCharacters(Cases c) {
        int[] bad = {0x00, 0x01, 0x08, 0x0B, 0x0C, 0x0E, 0x1F};
        for (int b : bad) {
            String hex = String.format("%02X", b);
            c.bad("raw 0x" + hex + " in text", bytes("<a>x", b, "y</a>"));
            c.bad("raw 0x" + hex + " in attribute", bytes("<a b=\"x", b, "\"/>"));
        }
        c.bad("raw 0x01 in comment", bytes("<a><!--", 0x01, "--></a>"));
        c.bad("raw 0x01 in pi", bytes("<a><?pi ", 0x01, "?></a>"));
        c.bad("raw 0x01 in cdata", bytes("<a><![CDATA[", 0x01, "]]></a>"));
        c.bad("raw 0x01 in name", bytes("<a", 0x01, "/>"));
        c.bad("raw 0x00 after root", bytes("<a/>", 0x00));
        c.bad("raw 0x00 before root", bytes(0x00, "<a/>"));
        c.bad("U+FFFE in text", "<a>\uFFFE</a>");
        c.bad("U+FFFF in text", "<a>\uFFFF</a>");
        c.bad("U+FFFE in attribute", "<a b=\"\uFFFE\"/>");
        c.bad("U+FFFF in comment", "<a><!--\uFFFF--></a>");
        c.bad("U+FFFF in cdata", "<a><![CDATA[\uFFFF]]></a>");
        c.ok("DEL in text", "<a>\u007F</a>");
        c.ok("C1 controls in text", "<a>\u0080\u0085\u009F</a>");
        c.ok("C1 in attribute", "<a b=\"\u0085\"/>");
        c.ok("U+FFFD", "<a>\uFFFD</a>");
        c.ok("U+FDD0 noncharacter", "<a>\uFDD0</a>");
        c.ok("U+E000 private use", "<a>\uE000</a>");
        c.ok("U+1FFFE noncharacter", "<a>" + new String(Character.toChars(0x1FFFE)) + "</a>");
        c.ok("U+10FFFF", "<a>" + new String(Character.toChars(0x10FFFF)) + "</a>");
        c.ok("tab lf cr raw", "<a>\t\n\r</a>");
    }

    private static void utf8(Cases c) {
        c.ok("encoding UTF8 alias, read as UTF-8 as Woodstox does", "<?xml version=\"1.0\" encoding=\"UTF8\"?><a/>");
        c.ok("utf8 U+0080", bytes("<a>", 0xC2, 0x80, "</a>"));
        c.ok("utf8 U+07FF", bytes("<a>", 0xDF, 0xBF, "</a>"));
        c.ok("utf8 U+0800", bytes("<a>", 0xE0, 0xA0, 0x80, "</a>"));
        c.ok("utf8 U+D7FF", bytes("<a>", 0xED, 0x9F, 0xBF, "</a>"));
        c.ok("utf8 U+E000", bytes("<a>", 0xEE, 0x80, 0x80, "</a>"));
        c.ok("utf8 U+FFFD", bytes("<a>", 0xEF, 0xBF, 0xBD, "</a>"));
        c.ok("utf8 U+10000", bytes("<a>", 0xF0, 0x90, 0x80, 0x80, "</a>"));
        c.ok("utf8 U+10FFFF", bytes("<a>", 0xF4, 0x8F, 0xBF, 0xBF, "</a>"));
        c.ok("utf8 U+FEFF inside text", bytes("<a>", 0xEF, 0xBB, 0xBF, "</a>"));
        c.bad("utf8 overlong lt", bytes("<a>", 0xC0, 0xBC, "</a>"));
        c.bad("utf8 overlong A", bytes("<a>", 0xC1, 0x81, "</a>"));
        c.bad("utf8 overlong nul", bytes("<a>", 0xC0, 0x80, "</a>"));
        c.bad("utf8 overlong 3 byte", bytes("<a>", 0xE0, 0x80, 0x80, "</a>"));
        c.bad("utf8 overlong 3 byte U+07FF", bytes("<a>", 0xE0, 0x9F, 0xBF, "</a>"));
        c.bad("utf8 overlong 4 byte", bytes("<a>", 0xF0, 0x80, 0x80, 0x80, "</a>"));
        c.bad("utf8 overlong 4 byte U+FFFF", bytes("<a>", 0xF0, 0x8F, 0xBF, 0xBF, "</a>"));
        c.bad("utf8 overlong lt in tag", bytes("<a>", 0xC0, 0xBC, "b/></a>"));
        c.bad("utf8 lone continuation 80", bytes("<a>", 0x80, "</a>"));
        c.bad("utf8 lone continuation BF", bytes("<a>", 0xBF, "</a>"));
        c.bad("utf8 truncated 2 byte", bytes("<a>", 0xC3, "</a>"));
        c.bad("utf8 truncated 3 byte", bytes("<a>", 0xE2, 0x82, "</a>"));
        c.bad("utf8 truncated 4 byte", bytes("<a>", 0xF0, 0x9F, 0x98, "</a>"));
        c.bad("utf8 truncated at eof", bytes("<a/>", 0xC3));
        c.bad("utf8 truncated 4 byte at eof", bytes("<a/>", 0xF0, 0x9F));
        c.bad("utf8 lead then ascii", bytes("<a>", 0xC2, "A</a>"));
        c.bad("utf8 3 byte lead then ascii", bytes("<a>", 0xE2, "AB</a>"));
        c.bad("utf8 surrogate D800", bytes("<a>", 0xED, 0xA0, 0x80, "</a>"));
        c.bad("utf8 surrogate DFFF", bytes("<a>", 0xED, 0xBF, 0xBF, "</a>"));
        c.bad("utf8 cesu-8 pair", bytes("<a>", 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80, "</a>"));
        c.bad("utf8 U+110000", bytes("<a>", 0xF4, 0x90, 0x80, 0x80, "</a>"));
        c.bad("utf8 F5 lead", bytes("<a>", 0xF5, 0x80, 0x80, 0x80, "</a>"));
        c.bad("utf8 F7 lead", bytes("<a>", 0xF7, 0xBF, 0xBF, 0xBF, "</a>"));
        c.bad("utf8 5 byte form", bytes("<a>", 0xF8, 0x88, 0x80, 0x80, 0x80, "</a>"));
        c.bad("utf8 6 byte form", bytes("<a>", 0xFC, 0x84, 0x80, 0x80, 0x80, 0x80, "</a>"));
        c.bad("utf8 FE", bytes("<a>", 0xFE, "</a>"));
        c.bad("utf8 FF", bytes("<a>", 0xFF, "</a>"));
        c.bad("utf8 bad in attribute", bytes("<a b=\"", 0xC0, 0xBC, "\"/>"));
        c.bad("utf8 surrogate in attribute", bytes("<a b=\"", 0xED, 0xA0, 0x80, "\"/>"));
        c.bad("utf8 bad in name", bytes("<a", 0xC3, "/>"));
        c.bad("utf8 surrogate in name", bytes("<a", 0xED, 0xA0, 0x80, "/>"));
        c.bad("utf8 bad in comment", bytes("<a><!--", 0xFF, "--></a>"));
        c.bad("utf8 bad in cdata", bytes("<a><![CDATA[", 0xE0, 0x80, 0x80, "]]></a>"));
        c.bad("utf8 bad in pi", bytes("<a><?pi ", 0xF8, 0x88, 0x80, 0x80, 0x80, "?></a>"));
        c.bad("utf8 bad in comment before root", bytes("<!--", 0xC0, 0x80, "--><a/>"));
        c.bad("utf8 bad in end tag", bytes("<a></a", 0xC3, ">"));
    }

    private static void lineEnds(Cases c) {
        c.ok("crlf in text", "<a>a\r\nb</a>");
        c.ok("cr in text", "<a>a\rb</a>");
        c.ok("cr cr lf in text", "<a>a\r\r\nb</a>");
        c.ok("lf cr in text", "<a>a\n\rb</a>");
        c.ok("cr at end of text", "<a>a\r</a>");
        c.ok("crlf only text", "<a>\r\n</a>");
        c.ok("cr before ref lf", "<a>a\r&#10;b</a>");
        c.ok("cr before ref", "<a>a\r&amp;</a>");
        c.ok("crlf in attribute", "<a b=\"a\r\nb\"/>");
        c.ok("cr in attribute", "<a b=\"a\rb\"/>");
        c.ok("lf cr in attribute", "<a b=\"a\n\rb\"/>");
        c.ok("cr cr lf in attribute", "<a b=\"a\r\r\nb\"/>");
        c.ok("crlf tab in attribute", "<a b=\"\r\n\t\"/>");
        c.ok("crlf in comment", "<a><!--a\r\nb\rc--></a>");
        c.ok("crlf in pi", "<a><?pi a\r\nb\rc?></a>");
        c.ok("crlf between attributes", "<a\r\nb=\"1\"\r\nc=\"2\"\r\n/>");
        c.ok("crlf in prolog and epilog", "<?xml version=\"1.0\"?>\r\n<!--c-->\r\n<a/>\r\n<!--d-->\r\n");
        c.ok("crlf around children", "<a>\r\n  <b>1</b>\r\n  <c>2</c>\r\n</a>\r\n");
        c.ok("cr at cdata end then text", "<a>x\r<![CDATA[\ny]]></a>");
        c.ok("cr ref then lf raw", "<a>&#13;\n</a>");
    }

    private static void nonAscii(Cases c) {
        c.ok("text latin", "<a>héllo wörld</a>");
        c.ok("text cjk", "<a>日本語のテキスト</a>");
        c.ok("text emoji", "<a>😀😁😂</a>");
        c.ok("text mixed widths", "<a>a\u00E9\u20AC\uD83D\uDE00z</a>");
        c.ok("text arabic", "<a>مرحبا</a>");
        c.ok("text emoji around refs", "<a>😀&amp;😀&#x1F601;😀</a>");
        c.ok("attr emoji", "<a b=\"😀\" c='𝄞'/>");
        c.ok("comment emoji", "<a><!--😀--></a>");
        c.ok("pi emoji", "<a><?pi 😀?></a>");
        c.ok("name supplementary", "<a\uD800\uDC00/>");
        c.ok("name supplementary start", "<\uD800\uDC00/>");
        c.ok("name U+EFFFF", "<a" + new String(Character.toChars(0xEFFFF)) + "/>");
    }

    private static void soap(Cases c) {
        String body = "<m:echo xmlns:m=\"urn:svc\"><m:x>1.5</m:x><m:y>abc</m:y></m:echo>";
        c.ok("soap11 soapenv", "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11 + "\"><soapenv:Body>" + body
                + "</soapenv:Body></soapenv:Envelope>");
        c.ok("soap11 soap with decl", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soap:Envelope xmlns:soap=\"" + SOAP11
                + "\" xmlns:xsi=\"" + XSI + "\" xmlns:xsd=\"" + XSD + "\"><soap:Body>" + body + "</soap:Body></soap:Envelope>");
        c.ok("soap12 env", "<env:Envelope xmlns:env=\"" + SOAP12 + "\"><env:Header/><env:Body>" + body
                + "</env:Body></env:Envelope>");
        c.ok("soap11 S prefix", "<S:Envelope xmlns:S=\"" + SOAP11 + "\"><S:Body><ns2:r xmlns:ns2=\"urn:svc\"><return>42</return>"
                + "</ns2:r></S:Body></S:Envelope>");
        c.ok("soap default namespace", "<Envelope xmlns=\"" + SOAP11 + "\"><Body><echo xmlns=\"urn:svc\"><x>1</x></echo>"
                + "</Body></Envelope>");
        c.ok("soap header mustUnderstand", "<s:Envelope xmlns:s=\"" + SOAP12 + "\"><s:Header><h:t xmlns:h=\"urn:h\" "
                + "s:mustUnderstand=\"true\" s:role=\"urn:r\">tok</h:t></s:Header><s:Body/></s:Envelope>");
        c.ok("soap xsi types and nil", "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11 + "\" xmlns:xsi=\"" + XSI
                + "\" xmlns:xsd=\"" + XSD + "\"><soapenv:Body><r xsi:type=\"xsd:double\">1e10</r><n xsi:nil=\"true\"/>"
                + "</soapenv:Body></soapenv:Envelope>");
        String enc = "http://schemas.xmlsoap.org/soap/encoding/";
        c.ok("soap encoded array", "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11 + "\" xmlns:soapenc=\"" + enc + "\""
                + " soapenv:encodingStyle=\"" + enc + "\"><soapenv:Body><a soapenc:arrayType=\"xsd:double[3]\">"
                + "<i>1</i><i>2</i><i>3</i></a></soapenv:Body></soapenv:Envelope>");
        c.ok("soap pretty crlf", ("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<soap:Envelope xmlns:soap=\"" + SOAP11 + "\">\n"
                + "  <soap:Body>\n    <m:q xmlns:m=\"urn:svc\">\n      <m:sym>IBM</m:sym>\n    </m:q>\n  </soap:Body>\n"
                + "</soap:Envelope>\n").replace("\n", "\r\n"));
        c.ok("soap fault", "<env:Envelope xmlns:env=\"" + SOAP12 + "\"><env:Body><env:Fault><env:Code><env:Value>env:Sender"
                + "</env:Value></env:Code><env:Reason><env:Text xml:lang=\"en\">bad &lt;input&gt;</env:Text></env:Reason>"
                + "</env:Fault></env:Body></env:Envelope>");
        c.ok("soap prefix rebound in body", "<p:Envelope xmlns:p=\"" + SOAP11 + "\"><p:Body><p:x xmlns:p=\"urn:svc\"><p:y/></p:x>"
                + "</p:Body></p:Envelope>");
        c.ok("soap same prefix on siblings", "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><a:x xmlns:a=\"urn:1\"/>"
                + "<a:x xmlns:a=\"urn:2\"/></s:Body></s:Envelope>");
        c.bad("soap unbound body prefix", "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11 + "\"><soap:Body/></soapenv:Envelope>");
        c.bad("soap mismatched end prefix", "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11 + "\" xmlns:soap=\"" + SOAP11
                + "\"><soapenv:Body></soap:Body></soapenv:Envelope>");
        c.bad("soap truncated", "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11 + "\"><soapenv:Body>" + body);
        c.bad("soap two envelopes", "<e:Envelope xmlns:e=\"" + SOAP11 + "\"/><e:Envelope xmlns:e=\"" + SOAP11 + "\"/>");
    }

    private static void large(Cases c) {
        c.ok("large text 100k", "<a>" + "0123456789".repeat(10_000) + "</a>");
        c.ok("large text with refs", "<a>" + "x&amp;y&#x1F600;".repeat(5_000) + "</a>");
        c.ok("large attribute 70k", "<a b=\"" + "v".repeat(70_000) + "\"/>");
        c.ok("large attribute with refs", "<a b=\"" + "x&amp;\t\r\n&#x1F600;".repeat(5_000) + "\"/>");
        c.ok("large cdata", "<a><![CDATA[" + "c]".repeat(20_000) + "]]></a>");
        c.ok("large comment", "<a><!--" + "- ".repeat(20_000) + "--></a>");
        c.ok("large name", "<" + "n".repeat(5_000) + "/>");
        c.ok("large non-ascii text", "<a>" + "é日😀".repeat(10_000) + "</a>");
        c.ok("many attributes 500", "<a " + attrs(500) + "/>");
        c.ok("many namespaces 300", "<a " + decls(300) + "/>");
        c.ok("deep 900", "<e>".repeat(900) + "</e>".repeat(900));
        c.ok("many elements", "<a>" + "<b x=\"1\">t</b>".repeat(5_000) + "</a>");
    }

    /** {@code n} distinct attributes. */
    static String attrs(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(" a").append(i).append("=\"").append(i).append('"');
        }
        return b.toString();
    }

    /** {@code n} attributes {@code pI:z}, one per prefix of {@link #decls}. */
    static String prefixed(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(" p").append(i).append(":z=\"").append(i).append('"');
        }
        return b.toString();
    }

    /** {@code n} distinct namespace declarations. */
    static String decls(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(" xmlns:p").append(i).append("=\"urn:").append(i).append('"');
        }
        return b.toString();
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** Random well-formed documents from {@code seed}; see {@link Generator}. */
    static List<Doc> generated(long seed, int count) {
        Random r = new Random(seed);
        List<Doc> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long docSeed = r.nextLong();
            out.add(new Doc("generated seed=" + seed + " #" + i + " docSeed=" + docSeed,
                    new Generator(new Random(docSeed)).document(), Verdict.WELL_FORMED));
        }
        return out;
    }

    /** {@code each} random mutations of every document in {@code from}: byte flips, deletions, insertions, truncation. */
    static List<Doc> mutants(long seed, List<Doc> from, int each) {
        Random r = new Random(seed);
        String[] inserts = {"<", "&", "]]>", ">", "</", "<!--", "-->", "<![CDATA[", "&#", ";", "\"", "'", "=", ":",
                "xmlns:p=\"\"", "</x>", "<x>", "?>", "\r", "\u0000", "&#0;", "&unknown;"};
        int[] flips = {'<', '>', '&', ';', '"', '\'', '/', '=', ':', '!', '?', '-', ']', '[', ' ', '\r', 'x', '1', 0x00,
                0x01, 0x80, 0xBF, 0xC0, 0xC3, 0xED, 0xEF, 0xF0, 0xF8, 0xFF};
        List<Doc> out = new ArrayList<>(from.size() * each);
        for (Doc d : from) {
            for (int k = 0; k < each; k++) {
                byte[] b = d.bytes();
                int pos = r.nextInt(b.length + 1);
                String what;
                byte[] m;
                switch (r.nextInt(6)) {
                    case 0 -> {
                        pos = Math.min(pos, b.length - 1);
                        int v = r.nextBoolean() ? flips[r.nextInt(flips.length)] : r.nextInt(256);
                        m = b.clone();
                        m[pos] = (byte) v;
                        what = "flip @" + pos + " to 0x" + Integer.toHexString(v);
                    }
                    case 1 -> {
                        pos = Math.min(pos, b.length - 1);
                        int n = Math.min(1 + r.nextInt(3), b.length - pos);
                        m = concat(slice(b, 0, pos), slice(b, pos + n, b.length));
                        what = "delete " + n + " @" + pos;
                    }
                    case 2, 3 -> {
                        String ins = inserts[r.nextInt(inserts.length)];
                        m = concat(slice(b, 0, pos), ins.getBytes(StandardCharsets.UTF_8), slice(b, pos, b.length));
                        what = "insert " + Canonical.quote(ins) + " @" + pos;
                    }
                    case 4 -> {
                        m = slice(b, 0, pos);
                        what = "truncate @" + pos;
                    }
                    default -> {
                        int from2 = r.nextInt(b.length);
                        int to = Math.min(b.length, from2 + 1 + r.nextInt(12));
                        m = concat(slice(b, 0, pos), slice(b, from2, to), slice(b, pos, b.length));
                        what = "copy [" + from2 + "," + to + ") to @" + pos;
                    }
                }
                out.add(new Doc("mutant seed=" + seed + " of (" + d.name() + ") " + what, m, Verdict.UNJUDGED));
            }
        }
        return out;
    }

    /**
     * Writes one random well-formed document: optional BOM and XML declaration, misc before and after the root,
     * nested elements with random prefixes and namespace declarations (redeclared, undeclared defaults), attributes
     * with both quotes, text with references, CDATA, comments, PIs, line ends and non-ASCII characters.
     */
    private static final class Generator {
        private static final String[] PREFIXES = {"", "p", "q", "soap", "é", "ns2", "xsi"};
        private static final String[] URIS = {"urn:a", "urn:b", "http://example.org/x", "urn:ü", SOAP11, XSI, "urn:a&amp;b"};
        private static final String[] LOCALS = {"a", "b", "Envelope", "Body", "x.y", "z-w", "_u", "é", "日本", "n1", "a·b"};
        private static final String[] TEXT = {"x", "hello", " ", "  ", "\n", "\r\n", "\r", "\t", "&lt;", "&gt;", "&amp;",
                "&apos;", "&quot;", "&#65;", "&#x1F600;", "&#10;", "&#13;", "&#x9;", "é", "€", "日本", "😀", "]", "]]", ">",
                "'", "\"", "1.5e10", "-", "?", "=", "/", "\u0085", "\u007F"};
        private final Random r;
        private final StringBuilder out = new StringBuilder();
        /** In-scope bindings, innermost last: prefix to URI ("" URI: the default undeclared). */
        private final List<Map<String, String>> scopes = new ArrayList<>();

        Generator(Random r) {
            this.r = r;
        }

        byte[] document() {
            boolean bom = r.nextInt(8) == 0;
            switch (r.nextInt(5)) {
                case 0 -> out.append("<?xml version=\"1.0\"?>");
                case 1 -> out.append("<?xml version='1.0' encoding='UTF-8'?>");
                case 2 -> out.append("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>");
                default -> {
                }
            }
            misc();
            element(0);
            misc();
            byte[] b = out.toString().getBytes(StandardCharsets.UTF_8);
            return bom ? concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, b) : b;
        }

        private void misc() {
            for (int n = r.nextInt(3); n > 0; n--) {
                switch (r.nextInt(3)) {
                    case 0 -> out.append(pick(new String[] {" ", "\n", "\r\n", "\t"}));
                    case 1 -> comment();
                    default -> pi();
                }
            }
        }

        private void element(int depth) {
            Map<String, String> scope = new LinkedHashMap<>();
            List<String> items = new ArrayList<>();
            for (int n = r.nextInt(depth == 0 ? 4 : 3) - (depth == 0 ? 0 : 1); n > 0; n--) {
                String p = pick(PREFIXES);
                if (scope.containsKey(p) || p.equals("xsi") && r.nextBoolean()) {
                    continue;
                }
                String uri = p.isEmpty() && r.nextInt(4) == 0 ? "" : pick(URIS);
                scope.put(p, uri);
                items.add(space() + (p.isEmpty() ? "xmlns" : "xmlns:" + p) + "=" + quoted(uri));
            }
            scopes.add(scope);
            List<String> bound = boundPrefixes();
            String prefix = r.nextInt(3) == 0 || bound.isEmpty() ? "" : pick(bound);
            String qname = (prefix.isEmpty() ? "" : prefix + ":") + pick(LOCALS);
            Set<String> expanded = new HashSet<>();
            for (int n = r.nextInt(4); n > 0; n--) {
                String ap = r.nextBoolean() || bound.isEmpty() ? "" : pick(bound);
                String local = pick(LOCALS);
                String key = (ap.isEmpty() ? "" : resolve(ap)) + "|" + local;
                if (!expanded.add(key)) {
                    continue;
                }
                items.add(space() + (ap.isEmpty() ? "" : ap + ":") + local + (r.nextInt(5) == 0 ? " = " : "=")
                        + attributeValue());
            }
            if (r.nextBoolean()) {
                Collections.shuffle(items, r);   // declarations may follow the attributes that use them
            }
            out.append('<').append(qname).append(String.join("", items));
            if (r.nextInt(6) == 0) {
                out.append(pick(new String[] {" ", "\n", "\r\n"}));
            }
            if (depth > 5 || r.nextInt(4) == 0) {
                out.append("/>");
            } else {
                out.append('>');
                for (int n = r.nextInt(depth < 2 ? 6 : 4); n > 0; n--) {
                    switch (r.nextInt(10)) {
                        case 0, 1, 2 -> element(depth + 1);
                        case 3, 4, 5, 6 -> text();
                        case 7 -> out.append("<![CDATA[").append(cdata()).append("]]>");
                        case 8 -> comment();
                        default -> pi();
                    }
                }
                out.append("</").append(qname).append(r.nextInt(6) == 0 ? " >" : ">");
            }
            scopes.remove(scopes.size() - 1);
        }

        /** Prefixes (not the default) bound to a URI in scope. */
        private List<String> boundPrefixes() {
            Map<String, String> all = new LinkedHashMap<>();
            scopes.forEach(all::putAll);
            List<String> out = new ArrayList<>();
            all.forEach((p, u) -> {
                if (!p.isEmpty() && !u.isEmpty()) {
                    out.add(p);
                }
            });
            return out;
        }

        private String resolve(String prefix) {
            for (int i = scopes.size() - 1; i >= 0; i--) {
                String u = scopes.get(i).get(prefix);
                if (u != null) {
                    return u;
                }
            }
            throw new IllegalStateException(prefix);
        }

        /** Appends character data; a {@code ]]>} formed with what precedes it is escaped. */
        private void text() {
            StringBuilder t = new StringBuilder();
            for (int n = 1 + r.nextInt(5); n > 0; n--) {
                t.append(pick(TEXT));
            }
            int keep = Math.max(0, out.length() - 2);
            String joined = (out.substring(keep) + t).replace("]]>", "]]&gt;");
            out.setLength(keep);
            out.append(joined);
        }

        private String cdata() {
            StringBuilder t = new StringBuilder();
            for (int n = r.nextInt(5); n > 0; n--) {
                t.append(pick(new String[] {"x", "<", "&", "&amp;", "]", "]]", ">", "\r\n", "\r", "é", "😀", " "}));
            }
            return t.toString().replace("]]>", "]] >");
        }

        private void comment() {
            StringBuilder t = new StringBuilder();
            for (int n = r.nextInt(4); n > 0; n--) {
                t.append(pick(new String[] {"c", " ", "-x", "<b>", "&", "é", "😀", "\r\n", ">"}));
            }
            out.append("<!--").append(t).append("-->");
        }

        private void pi() {
            out.append("<?").append(pick(new String[] {"pi", "xml-stylesheet", "t", "π"}));
            if (r.nextBoolean()) {
                StringBuilder d = new StringBuilder(pick(new String[] {" ", "  ", "\n", "\t"}));
                for (int n = r.nextInt(4); n > 0; n--) {
                    d.append(pick(new String[] {"d", "href=\"x\"", " ", ">", "?", "é", "\r\n"}));
                }
                out.append(d.toString().replace("?>", "? >"));
            }
            out.append("?>");
        }

        private String attributeValue() {
            char q = r.nextBoolean() ? '"' : '\'';
            StringBuilder v = new StringBuilder().append(q);
            for (int n = r.nextInt(5); n > 0; n--) {
                String s = pick(new String[] {"v", "1", " ", "\t", "\n", "\r\n", "\r", "&lt;", "&amp;", "&#9;", "&#10;",
                        "&#13;", ">", "]]>", "é", "😀", "&quot;", "&apos;", "'", "\""});
                if (s.charAt(0) == q) {
                    s = q == '"' ? "&quot;" : "&apos;";
                }
                v.append(s);
            }
            return v.append(q).toString();
        }

        private String quoted(String s) {
            return r.nextBoolean() ? "\"" + s + "\"" : "'" + s + "'";
        }

        private String space() {
            return pick(new String[] {" ", " ", " ", "  ", "\n", "\r\n", "\t"});
        }

        private <T> T pick(T[] a) {
            return a[r.nextInt(a.length)];
        }

        private <T> T pick(List<T> a) {
            return a.get(r.nextInt(a.size()));
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** Collects documents; names must be unique. */
    private static final class Cases {
        final List<Doc> docs = new ArrayList<>();
        private final Set<String> names = new HashSet<>();

        void ok(String name, String xml) {
            add(name, Verdict.WELL_FORMED, xml);
        }

        void ok(String name, byte[] xml) {
            add(name, Verdict.WELL_FORMED, xml);
        }

        void bad(String name, String xml) {
            add(name, Verdict.MALFORMED, xml);
        }

        void bad(String name, byte[] xml) {
            add(name, Verdict.MALFORMED, xml);
        }

        void add(String name, Verdict v, String xml) {
            add(name, v, xml.getBytes(StandardCharsets.UTF_8));
        }

        void add(String name, Verdict v, byte[] xml) {
            if (!names.add(name)) {
                throw new IllegalArgumentException("duplicate case name: " + name);
            }
            docs.add(new Doc(name, xml, v));
        }
    }

    /** Strings (as UTF-8) and ints (as raw bytes) concatenated. */
    static byte[] bytes(Object... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (Object p : parts) {
            if (p instanceof String s) {
                b.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            } else {
                b.write((Integer) p);
            }
        }
        return b.toByteArray();
    }

    private static byte[] utf16(String s, boolean bigEndian, boolean bom) {
        byte[] body = s.getBytes(bigEndian ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE);
        if (!bom) {
            return body;
        }
        return concat(bigEndian ? new byte[] {(byte) 0xFE, (byte) 0xFF} : new byte[] {(byte) 0xFF, (byte) 0xFE}, body);
    }

    private static byte[] slice(byte[] b, int from, int to) {
        return Arrays.copyOfRange(b, from, Math.max(from, to));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }
}
