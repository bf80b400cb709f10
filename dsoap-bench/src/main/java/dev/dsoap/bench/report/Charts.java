package dev.dsoap.bench.report;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.labels.CategoryItemLabelGenerator;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's charts, drawn by JFreeChart and written as SVG by JFreeSVG (PNG on request), headless. Colours
 * say whose a series is: warm for the baselines (Woodstox, Axis2, CXF), cool for dsoap, black and dashed for a
 * paper's published numbers.
 */
final class Charts {
    private Charts() {
    }

    /** Whose numbers a bar or line shows. */
    enum Role { BASELINE, DSOAP, PAPER, REFERENCE }

    /**
     * One bar.
     *
     * @param label the bar's label
     * @param value its value
     * @param role  whose it is
     */
    record Bar(String label, double value, Role role) {
    }

    /**
     * One line of points.
     *
     * @param label  the legend's label
     * @param role   whose it is
     * @param xs     x values
     * @param ys     y values, as many as {@code xs}
     */
    record Line(String label, Role role, double[] xs, double[] ys) {
    }

    /**
     * One group of a grouped bar chart: a category with one value per series (NaN for none).
     *
     * @param label  the category's label
     * @param values one value per series
     */
    record Group(String label, double[] values) {
    }

    private static final Color[] WARM = {new Color(0xd95f02), new Color(0xa6761d), new Color(0xe7298a),
            new Color(0x8c564b), new Color(0xbcbd22)};
    private static final Color[] COOL = {new Color(0x1f78b4), new Color(0x1b9e77), new Color(0x6a3d9a),
            new Color(0x17becf), new Color(0x66a61e), new Color(0x386cb0)};
    private static final Color PAPER = Color.BLACK;
    private static final Color REFERENCE = new Color(0x888888);
    private static final Font TITLE = new Font("SansSerif", Font.BOLD, 14);
    private static final Font LABEL = new Font("SansSerif", Font.PLAIN, 11);
    private static final BasicStroke SOLID = new BasicStroke(2f);
    private static final BasicStroke DASHED = new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[] {6f, 4f}, 0f);

    /** Horizontal bars on a log axis, each labelled with its value. */
    static JFreeChart bars(String title, String axisLabel, List<Bar> bars) {
        DefaultCategoryDataset ds = new DefaultCategoryDataset();
        List<Paint> paints = new ArrayList<>();
        int warm = 0;
        int cool = 0;
        for (Bar b : bars) {
            ds.addValue(b.value, "value", b.label);
            paints.add(switch (b.role) {
                case BASELINE -> WARM[warm++ % WARM.length];
                case DSOAP -> COOL[cool++ % COOL.length];
                case PAPER -> PAPER;
                case REFERENCE -> REFERENCE;
            });
        }
        BarRenderer r = new BarRenderer() {
            @Override
            public Paint getItemPaint(int row, int column) {
                return paints.get(column);
            }
        };
        styleBars(r);
        CategoryPlot plot = new CategoryPlot(ds, new CategoryAxis(null), logAxis(axisLabel, ds), r);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        return chart(title, plot, false);
    }

    /** Grouped horizontal bars on a log axis: one bar per series in each group. */
    static JFreeChart groupedBars(String title, String axisLabel, List<String> series, List<Role> roles,
                                  List<Group> groups) {
        DefaultCategoryDataset ds = new DefaultCategoryDataset();
        for (Group g : groups) {
            for (int i = 0; i < series.size(); i++) {
                if (!Double.isNaN(g.values[i])) {
                    ds.addValue(g.values[i], series.get(i), g.label);
                }
            }
        }
        BarRenderer r = new BarRenderer();
        styleBars(r);
        int warm = 0;
        int cool = 0;
        for (int i = 0; i < series.size(); i++) {
            int row = ds.getRowIndex(series.get(i));
            if (row < 0) {
                continue;
            }
            r.setSeriesPaint(row, switch (roles.get(i)) {
                case BASELINE -> WARM[warm++ % WARM.length];
                case DSOAP -> COOL[cool++ % COOL.length];
                case PAPER -> PAPER;
                case REFERENCE -> REFERENCE;
            });
        }
        CategoryPlot plot = new CategoryPlot(ds, new CategoryAxis(null), logAxis(axisLabel, ds), r);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.STANDARD);
        return chart(title, plot, true);
    }

    /** Lines on log x and log y axes (time against elements, as the papers draw them). */
    static JFreeChart logLog(String title, String xLabel, String yLabel, List<Line> lines) {
        XYSeriesCollection ds = dataset(lines);
        LogAxis x = logAxis(xLabel, min(lines, true), max(lines, true), 1.5);
        x.setNumberFormatOverride(new Compact());
        XYPlot plot = new XYPlot(ds, x, logAxis(yLabel, min(lines, false), max(lines, false), 3), lineRenderer(lines, false));
        return chart(title, plot, true);
    }

    /** Lines on a linear x axis and a log y axis of ratios, with each point labelled and a line at 1x. */
    static JFreeChart ratios(String title, String xLabel, double xMin, double xMax, String yLabel, List<Line> lines) {
        XYSeriesCollection ds = dataset(lines);
        NumberAxis x = new NumberAxis(xLabel);
        x.setRange(xMin, xMax);
        if (xMax - xMin >= 50) {
            x.setTickUnit(new NumberTickUnit(25));
        }
        x.setLabelFont(LABEL);
        double lo = Math.min(0.5, min(lines, false));
        LogAxis y = logAxis(yLabel, lo, Math.max(2, max(lines, false)), 3);
        XYPlot plot = new XYPlot(ds, x, y, lineRenderer(lines, true));
        ValueMarker one = new ValueMarker(1, REFERENCE, new BasicStroke(1f));
        one.setLabel("1x: no gain over the baseline");
        one.setLabelFont(LABEL);
        one.setLabelAnchor(RectangleAnchor.BOTTOM_RIGHT);
        one.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
        plot.addRangeMarker(one);
        return chart(title, plot, true);
    }

    /**
     * Lines on linear axes (a quantity over time), points not marked, with a dashed reference line at {@code bound}
     * labelled {@code boundLabel} (none when NaN).
     */
    static JFreeChart overTime(String title, String xLabel, String yLabel, List<Line> lines, double bound, String boundLabel) {
        XYSeriesCollection ds = dataset(lines);
        NumberAxis x = new NumberAxis(xLabel);
        x.setLabelFont(LABEL);
        NumberAxis y = new NumberAxis(yLabel);
        y.setAutoRangeIncludesZero(true);
        y.setLabelFont(LABEL);
        XYLineAndShapeRenderer r = lineRenderer(lines, false);
        for (int i = 0; i < lines.size(); i++) {
            r.setSeriesShapesVisible(i, false);
            r.setSeriesStroke(i, new BasicStroke(1.2f));
        }
        XYPlot plot = new XYPlot(ds, x, y, r);
        if (!Double.isNaN(bound)) {
            ValueMarker m = new ValueMarker(bound, REFERENCE, DASHED);
            m.setLabel(boundLabel);
            m.setLabelFont(LABEL);
            m.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            m.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
            plot.addRangeMarker(m);
        }
        return chart(title, plot, true);
    }

    /** Lines on a log x axis (base 2, e.g. checkpoint intervals) and a linear or log y axis. */
    static JFreeChart byInterval(String title, String xLabel, String yLabel, boolean logY, List<Line> lines) {
        XYSeriesCollection ds = dataset(lines);
        LogAxis x = new PlainLogAxis(xLabel);
        x.setBase(2);
        x.setRange(min(lines, true) / 1.3, max(lines, true) * 1.3);
        x.setTickUnit(new NumberTickUnit(1), false, true);
        x.setNumberFormatOverride(new Compact());
        x.setLabelFont(LABEL);
        ValueAxis y;
        if (logY) {
            LogAxis ly = logAxis(yLabel, min(lines, false), max(lines, false), 2);
            ly.setNumberFormatOverride(new Compact());
            y = ly;
        } else {
            NumberAxis ny = new NumberAxis(yLabel);
            ny.setAutoRangeIncludesZero(true);
            ny.setLabelFont(LABEL);
            y = ny;
        }
        XYPlot plot = new XYPlot(ds, x, y, lineRenderer(lines, false));
        return chart(title, plot, true);
    }

    /** Writes the chart as an SVG document. */
    static void writeSvg(JFreeChart chart, Path file, int width, int height) throws IOException {
        SVGGraphics2D g2 = new SVGGraphics2D(width, height);
        g2.setGeomDoubleConverter(Charts::svgNumber);
        g2.setTransformDoubleConverter(Charts::svgNumber);
        chart.draw(g2, new Rectangle(0, 0, width, height));
        Files.writeString(file, g2.getSVGDocument(), StandardCharsets.UTF_8);
    }

    /** A coordinate with at most two decimals (a hundredth of a pixel): "12.5", "3", "-0.25". */
    private static String svgNumber(double v) {
        double r = Math.rint(v * 100) / 100;
        return r == (long) r ? Long.toString((long) r) : Double.toString(r);
    }

    /** Writes the chart as a PNG image. */
    static void writePng(JFreeChart chart, Path file, int width, int height) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, width, height);
    }

    private static JFreeChart chart(String title, org.jfree.chart.plot.Plot plot, boolean legend) {
        JFreeChart c = new JFreeChart(null, TITLE, plot, legend);
        TextTitle t = new TextTitle(title, TITLE);
        t.setMaximumLinesToDisplay(2);
        c.setTitle(t);
        c.setBackgroundPaint(Color.WHITE);
        plot.setBackgroundPaint(new Color(0xfafafa));
        plot.setInsets(new RectangleInsets(4, 4, 4, 24));
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(new Color(0xdddddd));
            xy.setRangeGridlinePaint(new Color(0xdddddd));
        } else if (plot instanceof CategoryPlot cp) {
            cp.setRangeGridlinePaint(new Color(0xdddddd));
            cp.getDomainAxis().setTickLabelFont(LABEL);
            cp.getDomainAxis().setMaximumCategoryLabelLines(2);
            cp.getDomainAxis().setMaximumCategoryLabelWidthRatio(0.4f);
        }
        if (c.getLegend() != null) {
            c.getLegend().setItemFont(LABEL);
        }
        return c;
    }

    private static void styleBars(BarRenderer r) {
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setDrawBarOutline(false);
        r.setIncludeBaseInRange(false);
        r.setItemMargin(0.05);
        r.setDefaultItemLabelGenerator(new ValueLabels());
        r.setDefaultItemLabelsVisible(true);
        r.setDefaultItemLabelFont(LABEL);
        r.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
    }

    private static XYLineAndShapeRenderer lineRenderer(List<Line> lines, boolean labels) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        int warm = 0;
        int cool = 0;
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            switch (l.role) {
                case BASELINE -> r.setSeriesPaint(i, WARM[warm++ % WARM.length]);
                case DSOAP -> r.setSeriesPaint(i, COOL[cool++ % COOL.length]);
                case PAPER -> r.setSeriesPaint(i, PAPER);
                case REFERENCE -> r.setSeriesPaint(i, REFERENCE);
            }
            r.setSeriesStroke(i, l.role == Role.PAPER || l.role == Role.REFERENCE ? DASHED : SOLID);
            r.setSeriesShape(i, new Ellipse2D.Double(-4, -4, 8, 8));
            if (l.role == Role.PAPER) {
                r.setSeriesShape(i, new Rectangle2D.Double(-4, -4, 8, 8));
            }
            if (l.role == Role.REFERENCE) {
                r.setSeriesShapesVisible(i, false);
            }
        }
        if (labels) {
            r.setDefaultItemLabelGenerator((ds, series, item) -> Targets.ratio(ds.getYValue(series, item)));
            r.setDefaultItemLabelsVisible(true);
            r.setDefaultItemLabelFont(LABEL);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).role == Role.REFERENCE) {
                    r.setSeriesItemLabelsVisible(i, false);
                }
            }
        }
        return r;
    }

    private static XYSeriesCollection dataset(List<Line> lines) {
        XYSeriesCollection ds = new XYSeriesCollection();
        for (Line l : lines) {
            XYSeries s = new XYSeries(l.label, true, true);
            for (int i = 0; i < l.xs.length; i++) {
                s.add(l.xs[i], l.ys[i]);
            }
            ds.addSeries(s);
        }
        return ds;
    }

    private static LogAxis logAxis(String label, CategoryDataset ds) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (int r = 0; r < ds.getRowCount(); r++) {
            for (int c = 0; c < ds.getColumnCount(); c++) {
                Number n = ds.getValue(r, c);
                if (n != null && n.doubleValue() > 0) {
                    lo = Math.min(lo, n.doubleValue());
                    hi = Math.max(hi, n.doubleValue());
                }
            }
        }
        // a decade below the smallest bar, so that it still reads as a bar; room on the right for the value labels
        return logAxis(label, lo / 10, hi, 12);
    }

    private static LogAxis logAxis(String label, double lo, double hi, double headroom) {
        LogAxis a = new PlainLogAxis(label);
        double low = Math.pow(10, Math.floor(Math.log10(lo)));
        double high = Math.max(hi * headroom, low * 10);
        a.setRange(low, high);
        a.setSmallestValue(1e-9);
        a.setNumberFormatOverride(new Compact());
        a.setLabelFont(LABEL);
        a.setTickLabelFont(LABEL);
        return a;
    }

    private static double min(List<Line> lines, boolean x) {
        double m = Double.POSITIVE_INFINITY;
        for (Line l : lines) {
            for (double v : x ? l.xs : l.ys) {
                if (v > 0) {
                    m = Math.min(m, v);
                }
            }
        }
        return m == Double.POSITIVE_INFINITY ? 1 : m;
    }

    private static double max(List<Line> lines, boolean x) {
        double m = 0;
        for (Line l : lines) {
            for (double v : x ? l.xs : l.ys) {
                m = Math.max(m, v);
            }
        }
        return m == 0 ? 10 : m;
    }

    /** Bar labels: the value, compact. */
    private static final class ValueLabels implements CategoryItemLabelGenerator {
        @Override
        public String generateRowLabel(CategoryDataset dataset, int row) {
            return dataset.getRowKey(row).toString();
        }

        @Override
        public String generateColumnLabel(CategoryDataset dataset, int column) {
            return dataset.getColumnKey(column).toString();
        }

        @Override
        public String generateLabel(CategoryDataset dataset, int row, int column) {
            Number n = dataset.getValue(row, column);
            return n == null ? null : number(n.doubleValue());
        }
    }

    /** A number with three significant digits, thousands as K and millions as M: 0.0337, 4.76, 515, 100K, 3.6M. */
    static String number(double v) {
        double a = Math.abs(v);
        if (a >= 1e6) {
            return trim(String.format(Locale.ROOT, "%.3g", v / 1e6)) + "M";
        }
        if (a >= 1e4) {
            return trim(String.format(Locale.ROOT, "%.3g", v / 1e3)) + "K";
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
            return a == 0 ? "0" : String.valueOf(v);
        }
        return trim(String.format(Locale.ROOT, "%.3g", v));
    }

    /** "1.00e-05" as "0.00001", "3.20" as "3.2". */
    private static String trim(String s) {
        return new BigDecimal(s).stripTrailingZeros().toPlainString();
    }

    /**
     * A log axis whose tick labels are plain strings. {@link LogAxis} makes them attributed strings, which
     * JFreeChart draws through a {@code TextLayout} and JFreeSVG then writes as glyph outlines (kilobytes of path
     * per label) instead of text.
     */
    private static final class PlainLogAxis extends LogAxis {
        private static final long serialVersionUID = 1L;

        PlainLogAxis(String label) {
            super(label);
        }

        @Override
        @SuppressWarnings({"rawtypes", "unchecked"})
        public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
            List out = new ArrayList();
            if (getBase() != 10) {
                for (Object o : super.refreshTicks(g2, state, dataArea, edge)) {
                    ValueTick t = (ValueTick) o;
                    String text = t.getTickType() == TickType.MAJOR ? number(t.getValue()) : null;
                    out.add(new NumberTick(t.getTickType(), t.getValue(), text, t.getTextAnchor(), t.getRotationAnchor(),
                            t.getAngle()));
                }
                return out;
            }
            // base 10: every decade over a wide range, 1-2-5 steps over a narrow one
            TextAnchor anchor = edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER
                    : edge == RectangleEdge.BOTTOM ? TextAnchor.TOP_CENTER
                    : edge == RectangleEdge.LEFT ? TextAnchor.CENTER_RIGHT : TextAnchor.CENTER_LEFT;
            double lo = getLowerBound();
            double hi = getUpperBound();
            double decades = Math.log10(hi / lo);
            double[] steps = decades >= 2.5 ? new double[] {1} : decades >= 1 ? new double[] {1, 2, 5}
                    : new double[] {1, 1.5, 2, 3, 5, 7};
            for (int k = (int) Math.floor(Math.log10(lo)); Math.pow(10, k) <= hi; k++) {
                for (double step : steps) {
                    double v = new BigDecimal(step).scaleByPowerOfTen(k).doubleValue();
                    if (v >= lo && v <= hi) {
                        out.add(new NumberTick(TickType.MAJOR, v, number(v), anchor, anchor, 0.0));
                    }
                }
            }
            return out;
        }
    }

    /** Axis ticks with {@link #number(double)}. */
    private static final class Compact extends NumberFormat {
        @Override
        public StringBuffer format(double number, StringBuffer toAppendTo, FieldPosition pos) {
            return toAppendTo.append(number(number));
        }

        @Override
        public StringBuffer format(long number, StringBuffer toAppendTo, FieldPosition pos) {
            return toAppendTo.append(number(number));
        }

        @Override
        public Number parse(String source, ParsePosition parsePosition) {
            throw new UnsupportedOperationException("axis labels are not parsed");
        }
    }
}
