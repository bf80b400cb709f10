package dev.dsoap.bench.echo;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * What the dsoap server's reads of the measured operation did in each iteration of an end-to-end benchmark, and what
 * it keeps, as JMH auxiliary counters: the request bytes its differential reads skipped ({@code readSkippedBytes}) and
 * parsed ({@code readParsedBytes}) in the iteration, and the bytes the operation's kept states hold at the iteration's
 * end ({@code stateBytes}, with {@code stateSamples} 1 per iteration, so that the report averages them). Recorded by the
 * benchmark's thread 0 alone, from the counters the benchmark gave its {@link MeasuredServer}
 * ({@link MeasuredServer#watchReads}); the other threads report 0. Whatever the setup sent (each client's first
 * messages) is outside the iterations.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class ReadCounters {
    public long readSkippedBytes;
    public long readParsedBytes;
    public long stateBytes;
    public long stateSamples;
    /** The counters at the iteration's start (thread 0), else null. */
    private long[] start;

    @Setup(Level.Iteration)
    public void open(MeasuredServer server, ThreadParams thread) throws Exception {
        readSkippedBytes = 0;
        readParsedBytes = 0;
        stateBytes = 0;
        stateSamples = 0;
        start = thread.getThreadIndex() == 0 ? server.reads() : null;
    }

    @TearDown(Level.Iteration)
    public void record(MeasuredServer server) throws Exception {
        if (start != null) {
            long[] end = server.reads();
            readSkippedBytes = end[0] - start[0];
            readParsedBytes = end[1] - start[1];
            stateBytes = end[2];
            stateSamples = 1;
        }
    }
}
