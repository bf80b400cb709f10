package dev.dsoap.jaxws.metro;

/** What both Metro endpoints compute: echoes, and a sum and a move done the same way on both. */
public abstract class MetroEchoLogic implements MetroEcho {
    @Override
    public double[] echoDoubles(double[] v) {
        return v;
    }

    @Override
    public int[] echoInts(int[] v) {
        return v;
    }

    @Override
    public String[] echoStrings(String[] v) {
        return v;
    }

    @Override
    public double sum(double[] xs, double scale) {
        double s = 0;
        if (xs != null) {
            for (double x : xs) {
                s += x;
            }
        }
        return s * scale;
    }

    @Override
    public int count(double[] xs, String[] names) {
        return (xs == null ? -1 : xs.length) * 1000 + (names == null ? -1 : names.length);
    }

    @Override
    public int[] reversed(int[] xs) {
        if (xs == null) {
            return null;
        }
        int[] r = new int[xs.length];
        for (int i = 0; i < xs.length; i++) {
            r[i] = xs[xs.length - 1 - i];
        }
        return r;
    }

    @Override
    public Point move(Point p, int dx) {
        return p == null ? null : new Point(p.getX() + dx, p.getY(), p.getLabel());
    }
}
