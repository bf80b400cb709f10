package dev.dsoap.bench.quality;

/** An RGB image, row by row, three bytes a pixel. */
public class Image {
    private int width;
    private int height;
    private byte[] pixels;

    public Image() {
    }

    Image(int width, int height, byte[] pixels) {
        this.width = width;
        this.height = height;
        this.pixels = pixels;
    }

    /** The server's image, {@code width} x {@code height} (deterministic). */
    static Image of(int width, int height) {
        byte[] p = new byte[width * height * 3];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int i = (y * width + x) * 3;
                p[i] = (byte) x;
                p[i + 1] = (byte) y;
                p[i + 2] = (byte) (x ^ y);
            }
        }
        return new Image(width, height, p);
    }

    /** This image at {@code 1 / factor} of its width and height (nearest neighbour). */
    Image scaled(int factor) {
        int w = (width + factor - 1) / factor;
        int h = (height + factor - 1) / factor;
        byte[] p = new byte[w * h * 3];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                System.arraycopy(pixels, ((y * factor) * width + x * factor) * 3, p, (y * w + x) * 3, 3);
            }
        }
        return new Image(w, h, p);
    }

    public int getWidth() {
        return width;
    }

    public void setWidth(int width) {
        this.width = width;
    }

    public int getHeight() {
        return height;
    }

    public void setHeight(int height) {
        this.height = height;
    }

    public byte[] getPixels() {
        return pixels;
    }

    public void setPixels(byte[] pixels) {
        this.pixels = pixels;
    }
}
