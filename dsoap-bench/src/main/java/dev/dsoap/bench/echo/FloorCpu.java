package dev.dsoap.bench.echo;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * A paired benchmark's transport floor, beside {@link ServerCpu}: the floor server's CPU time ({@code floorCpuNanos},
 * ns) and the calls it answered ({@code floorRequests}) in each iteration, recorded as {@link ServerCpu} records the
 * measured server's, from the window the benchmark gave {@link MeasuredServer#watchFloor}. A paired benchmark calls
 * the measured server and the floor in turn, so both see the same machine at the same moments: their ratio does not
 * carry the drift between two runs.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class FloorCpu {
    public long floorCpuNanos;
    public long floorRequests;

    @Setup(Level.Iteration)
    public void clear() {
        floorCpuNanos = 0;
        floorRequests = 0;
    }

    @TearDown(Level.Iteration)
    public void record(MeasuredServer server, ThreadParams thread) {
        if (thread.getThreadIndex() == 0) {
            long[] w = server.floorWindow().close();
            floorCpuNanos = w[0];
            floorRequests = w[1];
        }
    }
}
