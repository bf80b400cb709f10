package dev.dsoap.bench.echo;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Clients calling at the same moment: one thread a client, and a round in which each sends its next call and which
 * ends when all are answered. For the benchmarks whose {@code arrival} is {@code at_once}. Rounds are made one at a
 * time; closing stops the threads.
 */
public final class Rounds implements AutoCloseable {
    /** One client's call in round {@code k}, returning what the benchmark sums (bytes or items echoed). */
    public interface Call {
        long call(int client, long k) throws Exception;
    }

    private final ExecutorService pool;
    private final int clients;
    private final Call call;
    /** Rounds made so far. */
    private long round;

    /**
     * @param first the round number the first round passes to {@code call} (the calls before it made by the setup)
     */
    public Rounds(int clients, long first, Call call) {
        this.pool = Executors.newFixedThreadPool(clients);
        this.clients = clients;
        this.call = call;
        this.round = first;
    }

    /** Every client makes its next call at once; returns the sum of what the calls returned. */
    public long next() throws Exception {
        long k = round++;
        List<Future<Long>> calls = new ArrayList<>(clients);
        for (int c = 0; c < clients; c++) {
            int client = c;
            calls.add(pool.submit(() -> call.call(client, k)));
        }
        long sum = 0;
        for (Future<Long> f : calls) {
            sum += f.get(120, TimeUnit.SECONDS);
        }
        return sum;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
