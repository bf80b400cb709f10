package dev.dsoap.bench.echo;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Where an end-to-end benchmark puts the {@link CpuWindow} of the server it measures, at its trial setup, for
 * {@link ServerCpu} (or {@link Partners}) to close at each iteration's end. One per benchmark run.
 */
@State(Scope.Benchmark)
public class MeasuredServer {
    /** The window, set by the benchmark's trial setup. */
    private volatile CpuWindow window;

    /** Makes {@code w} the window {@link ServerCpu} reads. */
    public void watch(CpuWindow w) {
        this.window = w;
    }

    /** A paired benchmark's partners ({@link Partners}): the plain server's window and the floor's, each null if absent. */
    private volatile CpuWindow baselineWindow;
    private volatile CpuWindow floorWindow;

    /** Makes {@code w} the plain server's window {@link Partners} reads, for a benchmark that calls both in turn. */
    public void watchBaseline(CpuWindow w) {
        this.baselineWindow = w;
    }

    /** Makes {@code w} the transport floor's window {@link Partners} reads, for a benchmark that calls both in turn. */
    public void watchFloor(CpuWindow w) {
        this.floorWindow = w;
    }

    /**
     * The dsoap server's counters for {@link ReadCounters}: request bytes its reads of the measured operation skipped
     * and parsed so far, and the bytes its kept states hold now, in that order.
     */
    @FunctionalInterface
    public interface Reads {
        long[] now() throws Exception;
    }

    private volatile Reads reads;

    /** Makes {@code r} the counters {@link ReadCounters} reads. */
    public void watchReads(Reads r) {
        this.reads = r;
    }

    long[] reads() throws Exception {
        Reads r = reads;
        if (r == null) {
            throw new IllegalStateException("the benchmark's trial setup gave no read counters to record");
        }
        return r.now();
    }

    CpuWindow baselineWindow() {
        return baselineWindow;
    }

    CpuWindow floorWindow() {
        return floorWindow;
    }

    CpuWindow window() {
        CpuWindow w = window;
        if (w == null) {
            throw new IllegalStateException("the benchmark's trial setup gave no CPU window to measure");
        }
        return w;
    }
}
