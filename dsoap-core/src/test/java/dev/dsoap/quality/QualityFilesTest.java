package dev.dsoap.quality;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Quality files with variants, estimator settings and sections per operation; every error names its line. */
class QualityFilesTest {
    @Test
    void defaults() {
        QualityFile f = QualityFile.parse("-inf 0 - low\n0 inf - high\n", "d");
        assertEquals(QualityFile.Estimator.RFC6298, f.estimator);
        assertEquals(QualityFile.DEFAULT_K_RISE, f.kRise);
        assertEquals(QualityFile.DEFAULT_K_FALL, f.kFall);
        assertEquals(QualityFile.DEFAULT_DWELL_MILLIS, f.dwellMillis);
        assertTrue(Double.isNaN(f.bound));
        assertTrue(f.variants().isEmpty());
        assertTrue(f.attributes.isEmpty());
    }

    @Test
    void malformedFilesNameTheLine() {
        assertError("0 50 - a\n60 70 - b\n", "line 2: interval [60, 70) leaves a gap");
        assertError("variant two = last ts 2\n0 50 - full\n50 inf - three\n", "line 3: unknown variant 'three'");
        assertError("attribute = resolution\n0 1 - a\n", "line 1: unknown attribute 'resolution'");
        assertError("estimator = kalman\n0 1 - a\n", "line 1: estimator 'kalman'");
        assertError("k-rise = -1\n0 1 - a\n", "line 1: k-rise -1");
        assertError("dwell = soon\n0 1 - a\n", "line 1: 'soon' is not a number");
        assertError("bound = 0\n0 1 - a\n", "line 1: bound 0");
        assertError("variant v = shrink ts\n0 1 - v\n", "line 1: variant v: unknown kind 'shrink'");
        assertError("variant v = last ts\n0 1 - v\n", "line 1: variant v: 'last' takes 2 arguments");
        assertError("variant v = last ts 0\n0 1 - v\n", "line 1: variant v: '0' is not a whole number");
        assertError("variant v = scale px w h two\n0 1 - v\n", "line 1: variant v: 'two' is not a whole number");
        assertError("variant v = fields a\nvariant v = fields b\n0 1 - v\n", "line 2: variant v already declared on line 1");
        assertError("variant full = fields a\n0 1 - full\n", "line 1: variant 'full' is the full message");
        assertError("variant = fields a\n0 1 - full\n", "line 1: expected 'variant NAME = DEFINITION'");
        assertError("[S/op]\n0 1 - a\n", "line 1: a section header");
    }

    private static void assertError(String text, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QualityFile.parse(text, "bad"));
        assertTrue(e.getMessage().startsWith("quality file bad") && e.getMessage().contains(expected),
                expected + ": " + e.getMessage());
    }

    @Test
    void variantsAndEstimatorSettings() {
        QualityFile f = QualityFile.parse("""
                attributes = resolution, cpu
                attribute  = resolution
                estimator  = ewma
                k-rise = 1
                k-fall = 3.5
                dwell  = 2500
                bound  = 900
                variant meta = fields header count
                variant two  = last timesteps 2
                variant img  = scale pixels width height 2
                variant mine = handler thumbnail
                -inf 10 - full
                10 20 - two
                20 30 - meta
                30 40 - img
                40 inf - mine
                """, "v2");
        assertEquals("resolution", f.attribute);
        assertEquals(Set.of("cpu", "resolution"), f.attributes);
        assertEquals(QualityFile.Estimator.EWMA, f.estimator);
        assertEquals(1, f.kRise);
        assertEquals(3.5, f.kFall);
        assertEquals(2500, f.dwellMillis);
        assertEquals(900, f.bound);
        assertEquals(List.of("meta", "two", "img", "mine"), new ArrayList<>(f.variants().keySet()));
        assertTrue(f.toString().contains("two = last timesteps 2"), f.toString());

        List<String> parts = List.of("header", "count", "timesteps", "pixels");
        Object[] defaults = {null, 0, null, null};
        QualityHandler thumb = (p, a) -> p;
        Map<String, QualityHandler> registered = Map.of("thumbnail", thumb);
        Object[] full = {"h", 7, new int[] {1, 2, 3, 4}, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}};
        Object[] meta = f.variants().get("meta").bind(parts, defaults, registered::get).apply(full, Map.of());
        assertEquals("h", meta[0]);
        assertEquals(7, meta[1]);
        assertNull(meta[2]);
        assertNull(meta[3]);
        Object[] two = f.variants().get("two").bind(parts, defaults, registered::get).apply(full, Map.of());
        assertTrue(Arrays.equals(new int[] {3, 4}, (int[]) two[2]), Arrays.toString((int[]) two[2]));
        assertSame(full[0], two[0], "the other parts as they are");
        assertSame(thumb, f.variants().get("mine").bind(parts, defaults, registered::get));
        List<String> image = List.of("pixels", "width", "height");
        Object[] img = f.variants().get("img").bind(image, new Object[] {null, 0, 0}, registered::get)
                .apply(new Object[] {new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 4, 2}, Map.of());
        assertTrue(Arrays.equals(new byte[] {1, 3}, (byte[]) img[0]), Arrays.toString((byte[]) img[0]));
        assertEquals(2, img[1]);
        assertEquals(1, img[2]);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> f.variants().get("two").bind(List.of("header"), new Object[1], registered::get));
        assertTrue(e.getMessage().contains("quality file v2 line 9: variant two: the message has no part 'timesteps'"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> f.variants().get("mine").bind(parts, defaults, name -> null));
        assertTrue(e.getMessage().contains("line 11: variant mine: no handler registered as 'thumbnail'"), e.getMessage());
    }

    private static final String SECTIONS = """
            # shared by every section
            dwell = 2000
            variant one = last timesteps 1
            [BondService/getBonds]
            variant two = last timesteps 2
            0   200 - full
            200 900 - two
            900 inf - one
            [*/getImage]
            attribute = processing
            0 300 - full
            300 inf - one
            """;

    @Test
    void sectionsPerServiceAndOperation() {
        QualityFiles files = QualityFiles.parse(SECTIONS, "many");
        QualityFile bonds = files.rules("BondService", "getBonds");
        assertEquals(3, bonds.size());
        assertEquals(2000, bonds.dwellMillis);
        assertEquals(List.of("one", "two"), new ArrayList<>(bonds.variants().keySet()));
        assertEquals("processing", files.rules("AnyService", "getImage").attribute);
        assertNull(files.rules("BondService", "other"));
        assertEquals(List.of("BondService/getBonds", "*/getImage"), new ArrayList<>(files.sections().keySet()));
        assertFalse(files.rules("X", "getImage").variants().containsKey("two"), "a section's variants stay its own");

        assertSectionsError("0 1 - a\n[S/op]\n0 1 - a\n", "line 1: intervals belong in a section");
        assertSectionsError("[S/op]\n0 1 - a\n[S/op]\n0 1 - a\n", "line 3: section [S/op] already on line 1");
        assertSectionsError("[op]\n0 1 - a\n", "line 1: expected '[Service/operation]'");
        assertSectionsError("[S/op]\n# nothing\n[S/b]\n0 1 - a\n", "[S/op] from line 2: no 'LOW HIGH - VARIANT' line");
        assertSectionsError("[S/op]\n0 10 - full\n20 30 - x\n", "[S/op] line 3: interval [20, 30) leaves a gap");

        QualityFiles plain = QualityFiles.parse("0 50 - full\n50 inf - half\n", "plain");
        assertEquals(2, plain.rules("Any", "op").size(), "a file without sections holds rules for any operation");
    }

    private static void assertSectionsError(String text, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QualityFiles.parse(text, "bad"));
        assertTrue(e.getMessage().contains(expected), expected + ": " + e.getMessage());
    }

    @Test
    void reloadsFromTheFileSystem() throws Exception {
        Path p = Files.createTempFile("dsoap-quality", ".txt");
        try {
            Files.writeString(p, SECTIONS);
            QualityFiles loaded = QualityFiles.load(p);
            Files.writeString(p, SECTIONS.replace("200 900 - two", "200 600 - two\n600 900 - meta")
                    .replace("[BondService/getBonds]", "[BondService/getBonds]\nvariant meta = fields header"));
            QualityFiles again = loaded.reload();
            assertEquals(4, again.rules("BondService", "getBonds").size());
            assertEquals(3, loaded.rules("BondService", "getBonds").size(), "the old rules are not changed");
            Files.writeString(p, SECTIONS.replace("200 900 - two", "300 900 - two"));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, again::reload);
            assertTrue(e.getMessage().contains(p + " [BondService/getBonds] line 7"), e.getMessage());
            QualityFiles resource = QualityFiles.load("/dev/dsoap/quality/test-quality.txt", null);
            assertEquals(3, resource.reload().rules("S", "op").size());
        } finally {
            Files.deleteIfExists(p);
        }
    }
}
