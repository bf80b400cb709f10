package dev.dsoap.parse;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scanner kept between messages (one per thread on a server) holds neither the last message's bytes nor the
 * scratch a large text grew, once released, and reads the next document as a fresh one would.
 */
class ReleaseTest {
    private static byte[] doc(String text) {
        return ("<a x='" + text + "'>" + text + "&amp;<b>" + text + "</b></a>").getBytes(StandardCharsets.UTF_8);
    }

    private static String events(XmlScanner sc, byte[] b) {
        StringBuilder s = new StringBuilder();
        sc.reset(b, 0, b.length, true);
        for (int ev = sc.next(); ev != XmlScanner.END_DOCUMENT; ev = sc.next()) {
            s.append(ev);
            if (ev == XmlScanner.CHARACTERS) {
                s.append(sc.text().length());
            } else if (ev == XmlScanner.START_ELEMENT) {
                s.append(sc.localName()).append(sc.attributeCount());
            }
            s.append(' ');
        }
        return s.toString();
    }

    @Test
    void releasedScannerKeepsNoLargeArraysAndReadsOnRight() {
        XmlScanner sc = new XmlScanner(ParserLimits.defaults());
        long idle = sc.retainedBytes();
        byte[] large = doc("\u00e9&lt;".repeat(60_000));
        String want = events(new XmlScanner(ParserLimits.defaults()), large);
        assertEquals(want, events(sc, large));
        assertTrue(sc.retainedBytes() > idle + 100_000, "scratch grown by the large text: " + sc.retainedBytes());
        sc.release();
        assertTrue(sc.retainedBytes() < idle + 1024, "after release: " + sc.retainedBytes() + " vs " + idle);
        assertEquals(XmlScanner.END_DOCUMENT, sc.next(), "no document after release");
        byte[] small = doc("t\u00e9xt");
        assertEquals(events(new XmlScanner(ParserLimits.defaults()), small), events(sc, small));
        assertEquals(want, events(sc, large));
    }
}
