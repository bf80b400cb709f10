package dev.dsoap.axis2.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 64 distinct clients at once against one server with dsoap.mar at its default settings, each with its own
 * 1000 doubles of which about 10 % change per call (nothing alike between clients): every client gets back
 * exactly its own values, and the share of request bytes differential deserialization skips stays close to
 * what one client alone gets on the same server.
 */
class DistinctClientsIT {
    private static final int CLIENTS = 64;
    private static final int CALLS = 8;
    @TempDir
    static Path dir;
    static Axis2Server dsoap;

    @BeforeAll
    static void start() throws Exception {
        dsoap = Axis2Server.start(dir, true, "");
    }

    @AfterAll
    static void stop() throws Exception {
        if (dsoap != null) {
            dsoap.close();
        }
    }

    /** Skipped / (skipped + parsed) bytes of {@code echo} since {@code before} = {skipped, parsed}. */
    private static double share(Stats st, long[] before) throws Exception {
        long skipped = st.get("BytesSkipped") - before[0];
        long parsed = st.get("BytesParsed") - before[1];
        return skipped / (double) (skipped + parsed);
    }

    private static long[] mark(Stats st) throws Exception {
        return new long[] {st.get("BytesSkipped"), st.get("BytesParsed")};
    }

    /**
     * Plain clients, each on a keep-alive connection of its own: SimpleHTTPServer serves a connection on one worker
     * thread for its life, so nearly every message after a client's first is read against that client's own kept
     * message, found by its connection.
     */
    @Test
    void sixtyFourClientsGetTheirOwnValuesAndKeepTheirShareOfSkippedBytes() throws Exception {
        long byPeer = sixtyFourClients(0xA2_0064L, false);
        assertTrue(byPeer >= 2L * CLIENTS * (CALLS - 1) / 3, byPeer + " reads found by the connection");
    }

    /**
     * The same with clients that name themselves in dsoap's client id header: nearly every message after a
     * client's first is read against that client's own kept message, found without a search among the others.
     */
    @Test
    void namedClientsAreReadAgainstTheirOwnKeptMessage() throws Exception {
        long byPeer = sixtyFourClients(0xA2_0065L, true);
        // a client's first message has no kept state of its own; some find theirs taken over by a newcomer, more
        // when the two cores are busy (333 of 448 seen on a loaded CI run, just under 3/4): at least 2/3
        assertTrue(byPeer >= 2L * CLIENTS * (CALLS - 1) / 3, byPeer + " reads found by the client id");
    }

    /** 64 concurrent clients; returns how many of their reads found the sender's kept state by its identity. */
    private static long sixtyFourClients(long seed, boolean named) throws Exception {
        Stats st = dsoap.stats("echo");
        long[] before = mark(st);
        run(seed, -1, 3 * CALLS, named);
        double one = share(st, before);
        long byPeer = st.get("ReadsByPeer");

        before = mark(st);
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> done = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            done.add(pool.submit(() -> {
                go.await();
                return run(seed, client, CALLS, named);
            }));
        }
        go.countDown();
        int calls = 0;
        for (Future<Integer> f : done) {
            calls += f.get(5, TimeUnit.MINUTES);
        }
        pool.shutdown();
        double many = share(st, before);
        System.out.printf("echo, skipped share of request bytes: 1 client %.3f, %d clients %.3f (%d calls)%n",
                one, CLIENTS, many, calls);
        assertEquals(0, st.get("MessagesRejected"), st.toString());
        assertTrue(st.map("ReadFallbacks").isEmpty(), st.toString());
        // which of the 65 senders find a kept state free depends on how 64 threads interleave on the machine's
        // cores: measured 0.70-0.85 of the one-client share here (the benchmark reports it); below 0.6 is a regression
        assertTrue(many >= 0.6 * one, "seed " + seed + ": " + CLIENTS + " clients skipped " + many
                + " of the request bytes, one client " + one + ": " + st);
        return st.get("ReadsByPeer") - byPeer;
    }

    /** One client's calls; returns how many it made. */
    private static Integer run(long seed, int client, int calls, boolean named) throws Exception {
        String[] headers = named ? new String[] {"X-Dsoap-Client", "client-" + client} : new String[0];
        java.net.http.HttpClient http = Soap.client();
        Random r = new Random(seed + client);
        String ns = dsoap.namespace();
        double[] v = new double[1000];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextInt(10) == 0 ? Values.value(r) : r.nextInt(10_000_000) / 1000.0;
        }
        for (int call = 0; call < calls; call++) {
            for (int i = 0; i < v.length; i++) {
                if (r.nextInt(10) == 0) {
                    v[i] = r.nextInt(10) == 0 ? Values.value(r) : r.nextInt(10_000_000) / 1000.0;
                }
            }
            String where = "seed " + seed + " client " + client + " call " + call;
            Soap.Response resp = Soap.post11(http, dsoap.url(), Soap.request(ns, "echo", Soap.doubles("v", v)), headers);
            assertEquals(200, resp.status(), where + ": " + resp.text());
            assertArrayEquals(ServerIT.bits(v), ServerIT.bits(ConcurrencyIT.parse(resp.body())), where);
        }
        return calls;
    }
}
