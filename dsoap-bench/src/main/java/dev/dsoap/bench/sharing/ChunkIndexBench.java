package dev.dsoap.bench.sharing;

import dev.dsoap.sharing.ChunkIndex;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Paper Table 1 (analysis time by chunk size and trie depth): the responses of one window, {@link #CLIENTS} of
 * {@link #SIZE} doubles from a {@link Feed} (the same values but for each client's own 1 per mille), are cut into
 * {@code chunkBytes}-byte chunks (chunkBytes / 8 doubles) and every chunk is looked up in, or added to, a fresh
 * index: {@code trie} is the paper's byte trie cut at {@code depth} bytes, {@code hash} the 64-bit hash table (which
 * has no depth: the suite runs it at one). Only the analysis is timed, no serialization. Returns the chunks found.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ChunkIndexBench {
    /** Responses in the window. */
    static final int CLIENTS = 16;
    /** Doubles per response. */
    static final int SIZE = 25_000;

    @Param({"32", "64", "128", "256", "512", "1024", "2048", "4096"})
    public int chunkBytes;
    @Param({"15", "25", "35", "65", "75"})
    public int depth;

    /** Each response's values as raw bits. */
    private long[][] words;
    private ChunkIndex trie;
    private ChunkIndex hash;

    @Setup
    public void setup() {
        Feed f = new Feed(CLIENTS, SIZE, 100, dev.dsoap.bench.serialize.Values.SEED);
        words = new long[CLIENTS][SIZE];
        for (int c = 0; c < CLIENTS; c++) {
            for (int i = 0; i < SIZE; i++) {
                words[c][i] = Double.doubleToRawLongBits(f.a[c][i]);
            }
        }
        trie = ChunkIndex.trie(depth, 1 << 20);
        hash = ChunkIndex.hashed(1 << 20);
    }

    @Benchmark
    public int trie() {
        return analyze(trie);
    }

    @Benchmark
    public int hash() {
        return analyze(hash);
    }

    private int analyze(ChunkIndex ix) {
        ix.clear();
        int k = chunkBytes / 8;
        int found = 0;
        for (long[] w : words) {
            for (int i = 0; i < w.length; i += k) {
                if (ix.findOrAdd(w, i, Math.min(k, w.length - i)) >= 0) {
                    found++;
                }
            }
        }
        return found;
    }
}
