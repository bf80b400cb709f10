package dev.dsoap.bench.echo;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * A paired benchmark's counters, in place of {@link ServerCpu}: a paired benchmark ({@code pairedX}) sends each request
 * to the dsoap server and the same request to its partners, each first in turn ({@link Turns}), the plain server ({@code baseline...}) and, where it
 * has one, the transport floor ({@code floor...}), so that all of them see the same machine at the same moments and
 * their ratios do not carry the drift between two runs (on a shared two-core machine, a fifth from one run to the
 * next). Per iteration, for each side: the server's CPU time (ns), the calls it answered, and the wall-clock time of
 * those calls at the client (ns), which a paired run's JMH score (the calls together) cannot give. Recorded as
 * {@link ServerCpu} records, by thread 0 at its iteration teardown, from the windows the benchmark gave
 * {@link MeasuredServer}; a side with no window reports 0. The suite's report turns one paired result into a dsoap, a
 * baseline and a floor row. {@link Turns} makes one paired round's calls, each server first as often as the others.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class Partners {
    public long serverCpuNanos;
    public long serverRequests;
    public long serverCallNanos;
    public long baselineCpuNanos;
    public long baselineRequests;
    public long baselineCallNanos;
    public long floorCpuNanos;
    public long floorRequests;
    public long floorCallNanos;

    @Setup(Level.Iteration)
    public void clear() {
        serverCpuNanos = 0;
        serverRequests = 0;
        serverCallNanos = 0;
        baselineCpuNanos = 0;
        baselineRequests = 0;
        baselineCallNanos = 0;
        floorCpuNanos = 0;
        floorRequests = 0;
        floorCallNanos = 0;
    }

    @TearDown(Level.Iteration)
    public void record(MeasuredServer server, ThreadParams thread) {
        if (thread.getThreadIndex() != 0) {
            return;
        }
        long[] w = server.window().close();
        serverCpuNanos = w[0];
        serverRequests = w[1];
        serverCallNanos = w[2];
        CpuWindow baseline = server.baselineWindow();
        if (baseline != null) {
            w = baseline.close();
            baselineCpuNanos = w[0];
            baselineRequests = w[1];
            baselineCallNanos = w[2];
        }
        CpuWindow floor = server.floorWindow();
        if (floor != null) {
            w = floor.close();
            floorCpuNanos = w[0];
            floorRequests = w[1];
            floorCallNanos = w[2];
        }
        if (baseline == null && floor == null) {
            throw new IllegalStateException("the paired benchmark's trial setup gave no partner's window");
        }
    }
}
