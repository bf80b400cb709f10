package dev.dsoap.bench;

import java.util.concurrent.TimeUnit;

/**
 * JMH scores as milliseconds per operation, the one unit {@link Report} and the report charts use. A time
 * ({@code ms/op}, {@code us/op}...) converts directly; a throughput ({@code ops/s}...), the score of all the
 * benchmark's threads together, becomes its inverse, the time per operation of the whole system.
 */
public final class Scores {
    private Scores() {
    }

    /** The score in ms per operation. */
    public static double ms(double score, String unit) {
        if (unit.startsWith("ops/")) {
            return perOp(unit.substring("ops/".length())) / score;
        }
        return score * perOp(unit);
    }

    /** The score's error in ms per operation (relative error kept for a throughput). */
    public static double msError(double score, double error, String unit) {
        if (unit.startsWith("ops/")) {
            return ms(score, unit) * error / score;
        }
        return error * perOp(unit);
    }

    /** Milliseconds in one of the unit's time unit ("s", "ms/op", "us", "ns"...). */
    private static double perOp(String unit) {
        String u = unit.replace("/op", "");
        TimeUnit t = switch (u) {
            case "s" -> TimeUnit.SECONDS;
            case "ms" -> TimeUnit.MILLISECONDS;
            case "us" -> TimeUnit.MICROSECONDS;
            case "ns" -> TimeUnit.NANOSECONDS;
            default -> throw new IllegalArgumentException("unit " + unit);
        };
        return t.toNanos(1) / 1e6;
    }
}
