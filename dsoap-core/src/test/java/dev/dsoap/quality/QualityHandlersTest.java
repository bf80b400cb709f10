package dev.dsoap.quality;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The shipped quality handlers: each variant has the full message's types, and the caller's values stay as they were. */
class QualityHandlersTest {
    private static final Map<String, Double> RTT = Map.of("rtt", 250.0);

    @Test
    void downsampleAndLastItemsKeepTheArraysKind() {
        double[] d = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        Object[] parts = {d, "label", List.of(10, 11, 12, 13), new Double[] {1.0, null, 3.0}};
        Object[] v = QualityHandlers.downsample(0, 3).apply(parts, RTT);
        assertArrayEquals(new double[] {0, 3, 6, 9}, (double[]) v[0]);
        assertSame(parts[1], v[1]);
        assertArrayEquals(new double[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, d, "the caller's array changed");
        assertEquals(List.of(10, 12), QualityHandlers.downsample(2, 2).apply(parts, RTT)[2]);
        assertArrayEquals(new Double[] {null, 3.0}, (Double[]) QualityHandlers.lastItems(3, 2).apply(parts, RTT)[3]);
        assertArrayEquals(new double[] {7, 8, 9}, (double[]) QualityHandlers.lastItems(0, 3).apply(parts, RTT)[0]);
        assertSame(parts, QualityHandlers.lastItems(0, 20).apply(parts, RTT), "nothing to drop: the parts themselves");
        assertSame(parts, QualityHandlers.downsample(0, 1).apply(parts, RTT));
        assertArrayEquals(new double[0], (double[]) QualityHandlers.lastItems(0, 0).apply(parts, RTT)[0]);
        Object[] nil = {null};
        assertSame(nil, QualityHandlers.downsample(0, 2).apply(nil, RTT));
    }

    @Test
    void keepSendsDefaultsForTheRest() {
        Object[] parts = {new double[] {1}, 2.5, "x"};
        assertArrayEquals(new Object[] {null, 2.5, null},
                QualityHandlers.keep(new Object[] {null, 0.0, null}, 1).apply(parts, RTT));
        assertArrayEquals(new Object[] {parts[0], 0.0, "x"},
                QualityHandlers.keep(new Object[] {null, 0.0, null}, 0, 2).apply(parts, RTT));
        assertSame(parts, QualityHandlers.full().apply(parts, RTT));
    }

    @Test
    void imagesScaleAndCrop() {
        int w = 640;
        int h = 480;
        int[] argb = new int[w * h];
        for (int i = 0; i < argb.length; i++) {
            argb[i] = (i / w) << 16 | (i % w); // row and column in each pixel
        }
        Object[] parts = {argb, w, h};
        Object[] half = QualityHandlers.scaleImage(0, 1, 2, 2).apply(parts, RTT);
        assertEquals(320, half[1]);
        assertEquals(240, half[2]);
        int[] p = (int[]) half[0];
        assertEquals(320 * 240, p.length);
        assertEquals(10 << 16 | 14, p[5 * 320 + 7], "pixel (7, 5) of the half is pixel (14, 10)");

        byte[] rgb = new byte[4 * 3 * 3];
        for (int i = 0; i < rgb.length; i++) {
            rgb[i] = (byte) i;
        }
        Object[] crop = QualityHandlers.cropImage(0, 1, 2, 2, 1).apply(new Object[] {rgb, 4, 3}, RTT);
        assertEquals(2, crop[1]);
        assertEquals(1, crop[2]);
        // the middle row (y 1), columns 1 and 2, three bytes a pixel
        assertArrayEquals(new byte[] {15, 16, 17, 18, 19, 20}, (byte[]) crop[0]);
        assertThrows(IllegalArgumentException.class,
                () -> QualityHandlers.scaleImage(0, 1, 2, 2).apply(new Object[] {new int[7], 2, 2}, RTT));
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> QualityHandlers.downsample(0, 0));
        assertThrows(IllegalArgumentException.class, () -> QualityHandlers.lastItems(0, -1));
        assertThrows(IllegalArgumentException.class, () -> QualityHandlers.downsample(2, 2).apply(new Object[] {null}, RTT));
        assertThrows(IllegalArgumentException.class, () -> QualityHandlers.downsample(0, 2).apply(new Object[] {"no array"}, RTT));
        assertThrows(IndexOutOfBoundsException.class, () -> QualityHandlers.keep(new Object[1], 3));
    }
}
