package dev.dsoap.quality;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/**
 * The common {@link QualityHandler}s. Parts are named by their index in plan order; arrays may be primitive
 * arrays, object arrays or {@link List}s; every handler copies what it changes and leaves the caller's values
 * alone.
 *
 * <p>Stateless, thread-safe.
 */
public final class QualityHandlers {
    private QualityHandlers() {
    }

    /** The full message. */
    public static QualityHandler full() {
        return (parts, attributes) -> parts;
    }

    /**
     * Keeps only the listed parts; the others are sent as their type's default ({@code null}, or 0 and
     * {@code false} for primitives, as {@code defaults} gives them).
     *
     * @param defaults the value each part takes when dropped, in plan order (e.g. {@code {null, 0.0, null}})
     */
    public static QualityHandler keep(Object[] defaults, int... kept) {
        Object[] d = defaults.clone();
        boolean[] keep = new boolean[d.length];
        for (int k : kept) {
            keep[java.util.Objects.checkIndex(k, d.length)] = true;
        }
        return (parts, attributes) -> {
            checkParts(parts, d.length);
            Object[] v = parts.clone();
            for (int i = 0; i < v.length; i++) {
                if (!keep[i]) {
                    v[i] = d[i];
                }
            }
            return v;
        };
    }

    /** Sends every {@code factor}-th item of array part {@code part}, starting with the first. */
    public static QualityHandler downsample(int part, int factor) {
        if (factor < 1) {
            throw new IllegalArgumentException("downsampling factor " + factor + ": expected >= 1");
        }
        return array(part, a -> {
            int n = length(a);
            int m = (n + factor - 1) / factor;
            int[] index = new int[m];
            for (int i = 0; i < m; i++) {
                index[i] = i * factor;
            }
            return index;
        });
    }

    /** Sends the last {@code k} items of array part {@code part} (the latest timesteps), all when there are fewer. */
    public static QualityHandler lastItems(int part, int k) {
        if (k < 0) {
            throw new IllegalArgumentException("items " + k + ": expected >= 0");
        }
        return array(part, a -> {
            int n = length(a);
            int m = Math.min(n, k);
            int[] index = new int[m];
            for (int i = 0; i < m; i++) {
                index[i] = n - m + i;
            }
            return index;
        });
    }

    /**
     * Scales down an image held as pixels row by row in array part {@code pixels} (any element type; several
     * elements a pixel when the array is longer than width x height, e.g. RGB bytes), with its width and height in
     * {@code int} parts: every {@code factor}-th pixel of every {@code factor}-th row (nearest neighbour), width
     * and height set to match. A 640 x 480 image at factor 2 becomes 320 x 240.
     */
    public static QualityHandler scaleImage(int pixels, int width, int height, int factor) {
        if (factor < 1) {
            throw new IllegalArgumentException("scaling factor " + factor + ": expected >= 1");
        }
        return image(pixels, width, height, (w, h) -> new int[] {0, 0, (w + factor - 1) / factor, (h + factor - 1) / factor, factor});
    }

    /** Crops an image (held as for {@link #scaleImage}) to its centered {@code cropWidth} x {@code cropHeight} part. */
    public static QualityHandler cropImage(int pixels, int width, int height, int cropWidth, int cropHeight) {
        if (cropWidth < 0 || cropHeight < 0) {
            throw new IllegalArgumentException("crop " + cropWidth + " x " + cropHeight + ": expected sizes >= 0");
        }
        return image(pixels, width, height, (w, h) -> {
            int cw = Math.min(w, cropWidth);
            int ch = Math.min(h, cropHeight);
            return new int[] {(w - cw) / 2, (h - ch) / 2, cw, ch, 1};
        });
    }

    /** A window of an image: the first pixel's column and row, the result's width and height, the step. */
    private interface Window {
        int[] of(int width, int height);
    }

    private static QualityHandler image(int pixels, int width, int height, Window window) {
        return (parts, attributes) -> {
            checkParts(parts, Math.max(pixels, Math.max(width, height)) + 1);
            Object a = parts[pixels];
            if (a == null || !(parts[width] instanceof Integer w) || !(parts[height] instanceof Integer h)) {
                return parts;
            }
            int n = length(a);
            if (w <= 0 || h <= 0 || n % ((long) w * h) != 0) {
                throw new IllegalArgumentException("an image of " + w + " x " + h + " pixels in " + n + " items");
            }
            int per = (int) (n / ((long) w * h));
            int[] win = window.of(w, h);
            int x0 = win[0];
            int y0 = win[1];
            int nw = win[2];
            int nh = win[3];
            int step = win[4];
            int[] index = new int[nw * nh * per];
            int k = 0;
            for (int y = 0; y < nh; y++) {
                for (int x = 0; x < nw; x++) {
                    int from = ((y0 + y * step) * w + x0 + x * step) * per;
                    for (int c = 0; c < per; c++) {
                        index[k++] = from + c;
                    }
                }
            }
            Object[] v = parts.clone();
            v[pixels] = pick(a, index);
            v[width] = nw;
            v[height] = nh;
            return v;
        };
    }

    /** Chooses, for an array, which of its items to send. */
    private interface Items {
        int[] of(Object array);
    }

    private static QualityHandler array(int part, Items items) {
        if (part < 0) {
            throw new IllegalArgumentException("part " + part);
        }
        return (parts, attributes) -> {
            checkParts(parts, part + 1);
            Object a = parts[part];
            if (a == null) {
                return parts;
            }
            int[] index = items.of(a);
            if (index.length == length(a)) {
                return parts;
            }
            Object[] v = parts.clone();
            v[part] = pick(a, index);
            return v;
        };
    }

    private static void checkParts(Object[] parts, int needed) {
        if (parts.length < needed) {
            throw new IllegalArgumentException(parts.length + " parts, the handler reads part " + (needed - 1));
        }
    }

    private static int length(Object a) {
        if (a instanceof List<?> l) {
            return l.size();
        }
        if (!a.getClass().isArray()) {
            throw new IllegalArgumentException("not an array or list: " + a.getClass().getName());
        }
        return Array.getLength(a);
    }

    /** A new array (or list) of the same kind holding {@code a}'s items at {@code index}. */
    private static Object pick(Object a, int[] index) {
        if (a instanceof List<?> l) {
            List<Object> out = new ArrayList<>(index.length);
            for (int i : index) {
                out.add(l.get(i));
            }
            return out;
        }
        if (a instanceof double[] d) {
            double[] out = new double[index.length];
            for (int i = 0; i < index.length; i++) {
                out[i] = d[index[i]];
            }
            return out;
        }
        if (a instanceof byte[] b) {
            byte[] out = new byte[index.length];
            for (int i = 0; i < index.length; i++) {
                out[i] = b[index[i]];
            }
            return out;
        }
        if (a instanceof int[] n) {
            int[] out = new int[index.length];
            for (int i = 0; i < index.length; i++) {
                out[i] = n[index[i]];
            }
            return out;
        }
        Object out = Array.newInstance(a.getClass().getComponentType(), index.length);
        for (int i = 0; i < index.length; i++) {
            Array.set(out, i, Array.get(a, index[i]));
        }
        return out;
    }
}
