package dev.dsoap.host;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
