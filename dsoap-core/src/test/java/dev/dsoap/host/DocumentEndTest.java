package dev.dsoap.host;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The root element's end, found at every split point of the input and one byte at a time. */
class DocumentEndTest {
    /** Documents whose root ends at the last {@code >} before {@code |} (the rest is what follows the root). */
    private static final String[] DOCS = {
            "<a/>|",
            "<a />|\n",
            "<a></a>|",
            "<?xml version='1.0'?><a><b/><c x='1'>t</c></a>|  ",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- c > -- <a> --><a>x</a>|<!-- after -->",
            "<a x=\"/>\" y='</a>'><b>1</b></a>|",
            "<a><![CDATA[</a> ]] > ]]]]><b/></a>|",
            "<a><?pi </a> ? > ?><b>?</b></a>|<?after?>",
            "<s:Envelope xmlns:s=\"urn:x\"><s:Body><e><v>1</v><v>2</v><v/></e></s:Body></s:Envelope>|\r\n",
            "<a><!----><b></b><!-- - --></a>|",
            "<a>grüße ≥ 𝄞</a>|",
    };

    @Test
    void rootEndAtEverySplit() {
        for (String d : DOCS) {
            String doc = d.replace("|", "");
            byte[] b = doc.getBytes(StandardCharsets.UTF_8);
            long want = d.substring(0, d.indexOf('|')).getBytes(StandardCharsets.UTF_8).length;
            for (int split = 0; split <= b.length; split++) {
                DocumentEnd e = new DocumentEnd();
                boolean done = e.feed(b, 0, split);
                if (!done) {
                    e.feed(b, split, b.length - split);
                }
                assertEquals(want, e.end(), d + " split at " + split + " state " + e.state());
                assertEquals(split >= want, done, d + " split at " + split);
            }
            DocumentEnd one = new DocumentEnd();
            for (int i = 0; i < b.length && !one.done(); i++) {
                one.feed(b, i, 1);
            }
            assertEquals(want, one.end(), d + " one byte at a time");
        }
    }

    /**
     * Generated documents (nested elements, attributes quoted both ways holding {@code > / <}, character data of every
     * length around the eight bytes read at once, non-ASCII, comments, CDATA sections and processing instructions
     * holding markup), whose root's end is known from how they were built: found fed whole, at random splits and one
     * byte at a time (which crosses no run eight bytes at once).
     */
    @Test
    void generatedDocumentsEndWhereTheyWereBuiltToEnd() {
        long seed = 20261203L;
        SplittableRandom random = new SplittableRandom(seed);
        for (int n = 0; n < 3000; n++) {
            Generated g = Generated.of(random);
            byte[] root = g.root();
            byte[] b = g.bytes();
            String what = "seed " + seed + ", document " + n + ": " + g.doc();
            DocumentEnd whole = new DocumentEnd();
            whole.feed(b, 0, b.length);
            assertEquals(root.length, whole.end(), what + " (whole)");
            DocumentEnd split = new DocumentEnd();
            for (int at = 0; at < b.length && !split.done(); ) {
                int len = Math.min(b.length - at, 1 + random.nextInt(24));
                split.feed(b, at, len);
                at += len;
            }
            assertEquals(root.length, split.end(), what + " (random splits)");
            DocumentEnd one = new DocumentEnd();
            for (int i = 0; i < b.length && !one.done(); i++) {
                one.feed(b, i, 1);
            }
            assertEquals(root.length, one.end(), what + " (one byte at a time)");
        }
    }

    /**
     * Guessing, over the same generated documents in random pieces: the end is the tracked one, or (an element of the
     * root's name, a comment, CDATA section or PI holding its end tag, arriving last in a piece) an earlier one that
     * {@link DocumentEnd#ends} finds is not the end; never a later one, and never none when only whitespace follows.
     */
    @Test
    void guessedEndsAreTheTrackedOnesOrCaughtByTheCheck() {
        long seed = 20261203L + 1;
        SplittableRandom random = new SplittableRandom(seed);
        int early = 0;
        for (int n = 0; n < 3000; n++) {
            Generated g = Generated.of(random);
            byte[] root = g.root();
            byte[] b = g.bytes();
            String after = g.after();
            String what = "seed " + seed + ", document " + n + ": " + g.doc() + after;
            DocumentEnd guess = DocumentEnd.guessing();
            int at = 0;
            while (at < b.length && !guess.done()) {
                int len = Math.min(b.length - at, 1 + random.nextInt(40));
                guess.feed(b, at, len);
                at += len;
            }
            if (!guess.done()) {
                assertTrue(after.startsWith("<!--"), what + ": no end guessed with only whitespace after the root");
                continue;
            }
            if (guess.end() == root.length) {
                assertTrue(DocumentEnd.ends(b, at), what);
            } else {
                early++;
                assertTrue(guess.guessed() && guess.end() < root.length, what + ": guessed " + guess.end());
                assertFalse(DocumentEnd.ends(b, at), what + ": the check takes an early guess for the end");
            }
        }
        assertTrue(early > 0, "no early guess among the generated documents: the check was never tried");
    }

    /** A generated document (its root ends at {@code root}'s length) and what follows it. */
    private record Generated(String doc, String after) {
        static Generated of(SplittableRandom random) {
            StringBuilder doc = new StringBuilder();
            if (random.nextBoolean()) {
                doc.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
            }
            element(doc, random, 0);
            String after = random.nextBoolean() ? "" : random.nextBoolean() ? " \r\n" : "<!-- after </x> -->";
            return new Generated(doc.toString(), after);
        }

        byte[] root() {
            return doc.getBytes(StandardCharsets.UTF_8);
        }

        byte[] bytes() {
            return (doc + after).getBytes(StandardCharsets.UTF_8);
        }
    }

    private static final String[] TEXTS = {"", "1", "3.25", "-0.0", "1.7976931348623157E308", "NaN", "&lt;&amp;&gt;",
            "grüße ≥ 𝄞", "\t\r\n", "a > b / c", "0123456789abcdef0123", "x]]y"};

    /** Appends an element of random content, at most four levels deep. */
    private static void element(StringBuilder doc, SplittableRandom random, int depth) {
        String name = random.nextBoolean() ? "e" : "ns" + random.nextInt(3) + ":item" + random.nextInt(100);
        doc.append('<').append(name);
        for (int a = random.nextInt(3); a > 0; a--) {
            char q = random.nextBoolean() ? '"' : '\'';
            String otherQuote = q == '"' ? "'" : "\"";
            String value = random.nextInt(4) == 0 ? "" : random.nextBoolean() ? "/>" : random.nextBoolean() ? "a</x>b"
                    : random.nextBoolean() ? otherQuote + ">" : "plain" + random.nextInt(1000);
            doc.append(random.nextBoolean() ? " " : "\n\t").append("a").append(a).append('=').append(q).append(value).append(q);
        }
        if (random.nextInt(6) == 0) {
            doc.append(random.nextBoolean() ? "/>" : " />");
            return;
        }
        doc.append('>');
        for (int c = random.nextInt(depth >= 4 ? 1 : 5); c > 0; c--) {
            switch (random.nextInt(6)) {
                case 0 -> doc.append("<!-- <a> ").append("-".repeat(random.nextInt(2))).append(" > -->");
                case 1 -> doc.append("<![CDATA[</").append(name).append("> ]] > ]]]]>");
                case 2 -> doc.append("<?pi </").append(name).append("> ? > ?>");
                default -> element(doc, random, depth + 1);
            }
            doc.append(TEXTS[random.nextInt(TEXTS.length)]);
        }
        doc.append(TEXTS[random.nextInt(TEXTS.length)]);
        doc.append("</").append(name).append(random.nextBoolean() ? ">" : " >");
    }

    @Test
    void unfinishedAndDtdDocumentsDoNotEnd() {
        String[] open = {
                "<a><b></b>",
                "<a x='>'",
                "<a><!-- </a> -->",
                "<a><![CDATA[</a>]]>",
                "<!DOCTYPE a [<!ENTITY e 'x'>]><a/>",
                "<?xml version='1.0'?><!DOCTYPE a><a></a>",
        };
        for (String d : open) {
            byte[] b = d.getBytes(StandardCharsets.UTF_8);
            DocumentEnd e = new DocumentEnd();
            assertFalse(e.feed(b, 0, b.length), d + " state " + e.state());
            assertEquals(-1, e.end(), d);
        }
    }
}
