package dev.dsoap.bench.echo;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The measured server's CPU time ({@code serverCpuNanos}, ns) and completed calls ({@code serverRequests}) in
 * each iteration of an end-to-end benchmark, as JMH auxiliary counters: recorded by the benchmark's thread 0
 * alone, at its iteration teardown (after every thread has stopped calling), from the {@link CpuWindow} the
 * benchmark gave its {@link MeasuredServer}; the other threads report 0, so JMH's sum over threads and
 * iterations is the total. The report divides the two.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class ServerCpu {
    public long serverCpuNanos;
    public long serverRequests;

    @Setup(Level.Iteration)
    public void clear() {
        serverCpuNanos = 0;
        serverRequests = 0;
    }

    @TearDown(Level.Iteration)
    public void record(MeasuredServer server, ThreadParams thread) {
        if (thread.getThreadIndex() == 0) {
            long[] w = server.window().close();
            serverCpuNanos = w[0];
            serverRequests = w[1];
        }
    }
}
