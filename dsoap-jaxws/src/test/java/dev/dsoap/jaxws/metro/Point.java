package dev.dsoap.jaxws.metro;

/** A small JAXB bean for {@link MetroEcho#move}. */
public class Point {
    private int x;
    private double y;
    private String label;

    public Point() {
    }

    Point(int x, double y, String label) {
        this.x = x;
        this.y = y;
        this.label = label;
    }

    public int getX() {
        return x;
    }

    public void setX(int x) {
        this.x = x;
    }

    public double getY() {
        return y;
    }

    public void setY(double y) {
        this.y = y;
    }

    public String getLabel() {
        return label;
    }

    public void setLabel(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return "Point(" + x + ", " + y + ", " + (label == null ? "null" : '"' + label + '"') + ")";
    }
}
