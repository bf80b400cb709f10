package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.serialize.ValueKind;
import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;

import java.util.ArrayList;
import java.util.List;

/**
 * Figure 5 of "Lightweight Checkpointing for Faster SOAP Deserialization": the memory the checkpoints of
 * one message take, per strategy, checkpoint interval and array size (hard doubles), as counted by
 * {@link DifferentialDeserializer#checkpointBytes()} after a message is read in full. Not a timing, so not
 * JMH: deterministic, printed as a markdown table.
 *
 * <p>{@code java -cp dsoap-bench/target/benchmarks.jar dev.dsoap.bench.deserialize.CheckpointMemory}
 */
public final class CheckpointMemory {
    /** One measurement. */
    public record Row(int size, int messageBytes, int interval, CheckpointStrategy strategy, long checkpointBytes) {
        double percentOfMessage() {
            return 100.0 * checkpointBytes / messageBytes;
        }
    }

    /** The array sizes of Figure 5 (10K to 100K doubles). */
    private static final int[] SIZES = {10_000, 25_000, 50_000, 75_000, 100_000};
    /** The checkpoint intervals N of Figure 5, in bytes. */
    private static final int[] INTERVALS = {32, 64, 128, 256, 512, 1024};

    private CheckpointMemory() {
    }

    /** Figure 5's grid: every size of {@link #SIZES} with every interval of {@link #INTERVALS} and strategy. */
    public static List<Row> measureFigure5() {
        return measure(SIZES, INTERVALS);
    }

    /** Measures every combination. */
    public static List<Row> measure(int[] sizes, int[] intervals) {
        List<Row> rows = new ArrayList<>();
        for (int size : sizes) {
            DdsMessages m = DdsMessages.allDiffer(ValueKind.DOUBLE, size, 1);
            byte[] msg = m.message(0);
            for (int interval : intervals) {
                for (CheckpointStrategy s : CheckpointStrategy.values()) {
                    DifferentialDeserializer dds = new DifferentialDeserializer(DdsMessages.requestPlan(ValueKind.DOUBLE),
                            DeserializerConfig.builder().checkpoints(s).interval(interval).states(1).adaptive(false).build(),
                            new DeserializerStats(), null);
                    dds.deserialize(msg, 0, msg.length);
                    rows.add(new Row(size, msg.length, interval, s, dds.checkpointBytes()));
                }
            }
        }
        return rows;
    }

    /** The rows as a markdown table, one line per size and interval. */
    public static String markdown(List<Row> rows) {
        StringBuilder sb = new StringBuilder("| doubles | message bytes | N | FCP bytes | DCP bytes | LCP bytes | LCP % of message | LCP / FCP | LCP / DCP |\n");
        sb.append("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (int i = 0; i + 2 < rows.size(); i += 3) {
            Row f = rows.get(i);
            Row d = rows.get(i + 1);
            Row l = rows.get(i + 2);
            sb.append(String.format("| %d | %d | %d | %d | %d | %d | %.2f %% | %.1f %% | %.1f %% |%n", f.size, f.messageBytes,
                    f.interval, f.checkpointBytes, d.checkpointBytes, l.checkpointBytes, l.percentOfMessage(),
                    100.0 * l.checkpointBytes / f.checkpointBytes, 100.0 * l.checkpointBytes / d.checkpointBytes));
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        System.out.print(markdown(measureFigure5()));
    }
}
