package dev.dsoap.bench.echo;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Where an end-to-end benchmark puts the {@link CpuWindow} of the server it measures, at its trial setup, for
 * {@link ServerCpu} to close at each iteration's end. One per benchmark run.
 */
@State(Scope.Benchmark)
public class MeasuredServer {
    /** The window, set by the benchmark's trial setup. */
    private volatile CpuWindow window;

    /** Makes {@code w} the window {@link ServerCpu} reads. */
    public void watch(CpuWindow w) {
        this.window = w;
    }

    /** The transport floor's window of a paired benchmark, set by its trial setup; else null. */
    private volatile CpuWindow floorWindow;

    /** Makes {@code w} the floor's window {@link FloorCpu} reads, for a benchmark that calls both in turn. */
    public void watchFloor(CpuWindow w) {
        this.floorWindow = w;
    }

    CpuWindow floorWindow() {
        CpuWindow w = floorWindow;
        if (w == null) {
            throw new IllegalStateException("the paired benchmark's trial setup gave no CPU window for the floor");
        }
        return w;
    }

    CpuWindow window() {
        CpuWindow w = window;
        if (w == null) {
            throw new IllegalStateException("the benchmark's trial setup gave no CPU window to measure");
        }
        return w;
    }
}
