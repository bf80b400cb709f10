package dev.dsoap.bench.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TargetsTest {
    private static final String HANDLERS = "CXF, a JAX-WS SOAP handler reading";

    /** One plain-proxy point with features {@code features}: plain at {@code plainUs}, dsoap at {@code dsoapUs} of server CPU. */
    private static String point(String features, double plainUs, double dsoapUs) {
        String params = "\"chunks=default features=" + features + " pattern=scattered percent=10 size=10000 widths=changing\"";
        return "{\"benchmark\": \"CxfPlainProxyEchoBench\", \"method\": \"baselinePlainProxy\", \"params\": " + params
                + ", \"ms\": 1, \"unit\": \"ms/op\", \"serverCpuUsPerRequest\": " + plainUs + "}, "
                + "{\"benchmark\": \"CxfPlainProxyEchoBench\", \"method\": \"dsoapPlainProxy\", \"params\": " + params
                + ", \"ms\": 1, \"unit\": \"ms/op\", \"serverCpuUsPerRequest\": " + dsoapUs + "}";
    }

    private static ResultFile file(String name, String date, String... points) {
        return ResultFile.parse(name, "{\"suite\": \"short\", \"date\": \"" + date + "\", \"results\": ["
                + String.join(", ", points) + "]}");
    }

    private static Targets.Verdict handlers(Results r) {
        return Targets.all().stream().filter(t -> t.text().startsWith(HANDLERS)).findFirst().orElseThrow().evaluate(r);
    }

    /**
     * A later run that measured only the point without handlers replaces that point in the merged results; the target
     * must still pair the earlier run's two points with each other, not its handlers point with the later run's.
     */
    @Test
    void featuresAreComparedWithinOneRun() {
        ResultFile stored = file("handlers.json", "2026-12-02T18:00", point("none", 26000, 4700),
                point("header_handlers", 75000, 6900));
        ResultFile later = file("short.json", "2026-12-02T21:00", point("none", 30000, 3000));
        Targets.Verdict v = handlers(new Results(List.of(stored, later)));
        assertEquals(Targets.Status.MET, v.status(), v.measured());
        assertEquals(List.of("handlers.json"), v.sources());
        assertEquals(true, v.measured().contains("26.00 → 4.70 ms"), v.measured());
    }

    /** Where one run measured both, its own pair decides, even when an earlier run would have met the target. */
    @Test
    void theLatestRunWithBothDecides() {
        ResultFile earlier = file("a.json", "2026-12-01T10:00", point("none", 26000, 4700),
                point("header_handlers", 75000, 6900));
        ResultFile later = file("b.json", "2026-12-02T10:00", point("none", 26000, 2600),
                point("header_handlers", 75000, 15000));
        Targets.Verdict v = handlers(new Results(List.of(later, earlier)));
        assertEquals(Targets.Status.NOT_MET, v.status(), v.measured());
        assertEquals(List.of("b.json"), v.sources());
    }

    /** One paired 64 KiB floor cell: dsoap and the floor ({@code floor}, or none given) at that much server CPU. */
    private static String floorCell(String floor, double dsoapUs, double floorUs) {
        String params = "\"chunks=64k features=none" + (floor == null ? "" : " floor=" + floor)
                + " pattern=scattered percent=10 size=100000 widths=mixed\"";
        String measure = ", \"measure\": \"avgt x1 " + Pairing.PAIRED_IN + " pairedPlainProxyWithFloor\"";
        return "{\"benchmark\": \"CxfPlainProxyEchoBench\", \"method\": \"dsoapPlainProxy\", \"params\": " + params
                + measure + ", \"ms\": 1, \"unit\": \"ms/op\", \"serverCpuUsPerRequest\": " + dsoapUs + "}, "
                + "{\"benchmark\": \"CxfPlainProxyEchoBench\", \"method\": \"floorPlainProxy\", \"params\": " + params
                + measure + ", \"ms\": 1, \"unit\": \"ms/op\", \"serverCpuUsPerRequest\": " + floorUs + "}";
    }

    private static Targets.Verdict sixtyFourKiB(Results r) {
        return Targets.all().stream().filter(t -> t.text().startsWith("scattered updates, the same proxy sending 64 KiB"))
                .findFirst().orElseThrow().evaluate(r);
    }

    /**
     * The floor cells are judged against a floor behind Jetty's servlet layer, as CXF's endpoints run; a floor below it
     * (a handler of Jetty's own, or a result stored before the floor was a parameter) is shown beside the verdict, never
     * judged.
     */
    @Test
    void floorCellsAreJudgedAgainstTheServletFloor() {
        ResultFile run = file("short.json", "2026-12-04T21:00", floorCell("servlet", 8500, 4600),
                floorCell("jetty", 8900, 4300));
        Targets.Verdict v = sixtyFourKiB(new Results(List.of(run)));
        assertEquals(Targets.Status.MET, v.status(), v.measured());
        assertEquals(true, v.measured().startsWith("1.85x the floor (every width, 64 KiB chunks)"), v.measured());
        assertEquals(true, v.measured().contains("not part of the target: 2.07x the floor (every width, 64 KiB chunks, a "
                + "floor below Jetty's servlet layer)"), v.measured());
        ResultFile old = file("old.json", "2026-12-03T21:00", floorCell(null, 8000, 4000));
        Targets.Verdict o = sixtyFourKiB(new Results(List.of(old)));
        assertEquals(Targets.Status.NOT_MEASURED, o.status(), o.measured());
        ResultFile over = file("over.json", "2026-12-04T22:00", floorCell("servlet", 9300, 4600));
        assertEquals(Targets.Status.NOT_MET, sixtyFourKiB(new Results(List.of(over))).status());
    }

    @Test
    void withoutBothPointsInOneRunItIsNotMeasured() {
        ResultFile a = file("a.json", "2026-12-01T10:00", point("none", 26000, 4700));
        ResultFile b = file("b.json", "2026-12-02T10:00", point("header_handlers", 75000, 6900));
        assertEquals(Targets.Status.NOT_MEASURED, handlers(new Results(List.of(a, b))).status());
    }
}
