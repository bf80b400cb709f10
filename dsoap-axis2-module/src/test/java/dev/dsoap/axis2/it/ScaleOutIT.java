package dev.dsoap.axis2.it;

import dev.dsoap.axis2.DsoapRpcServiceClient;
import dev.dsoap.testing.Nginx;
import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Three Axis2 servers with dsoap.mar behind a real nginx that hashes dsoap's client id header ({@code hash
 * $http_x_dsoap_client consistent}), called by engaged Axis2 clients ({@code DsoapRpcServiceClient}, each naming
 * itself with a random id) sending seeded similar arrays: every answer comes back to the values sent, bit for bit;
 * the servers read nearly every request against its own client's last one (each client stays on one server); then
 * one server is stopped mid-run: no request fails (nginx passes a request its server refused to the next, as the
 * configuration allows), and the clients that moved are read against their own state again from their second
 * message on their new server.
 */
@Timeout(120)
class ScaleOutIT {
    private static final int SERVERS = 3;
    private static final int CLIENTS = 12;
    private static final int SIZE = 400;
    /** No infinities: Axis2's server refuses the lexical form RPCServiceClient's binding gives them (docs/axis2.md). */
    private static final double[] EDGES = {Double.NaN, -0.0, Double.MIN_VALUE, Double.MIN_NORMAL,
        2.2250738585072009E-308, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0 / 3};

    @TempDir
    Path dir;

    @Test
    void clientsStayOnTheirServerAndMovedOnesRecoverWithinOneMessage() throws Exception {
        if (Nginx.find() == null) {
            System.out.println("SKIPPED: " + Nginx.MISSING);
            Assumptions.assumeTrue(false, Nginx.MISSING);
        }
        long seed = 0x5CA1E_A215L;
        List<Axis2Server> servers = new ArrayList<>();
        List<DsoapRpcServiceClient> clients = new ArrayList<>();
        ConfigurationContext clientConfig = null;
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < SERVERS; i++) {
                Axis2Server s = Axis2Server.start(dir, true, "");
                servers.add(s);
                ports.add(java.net.URI.create(s.url()).getPort());
            }
            Path repo = Axis2Server.repository(dir, true, "");
            clientConfig = ConfigurationContextFactory.createConfigurationContextFromFileSystem(repo.toString(),
                    repo.resolve("axis2.xml").toString());
            try (Nginx nginx = Nginx.start(Nginx.Policy.CONSISTENT_HASH, true, ports)) {
                String path = java.net.URI.create(servers.get(0).url()).getPath().substring(1);
                for (int c = 0; c < CLIENTS; c++) {
                    DsoapRpcServiceClient client = new DsoapRpcServiceClient(clientConfig, null);
                    client.getOptions().setTo(new EndpointReference(nginx.url(path)));
                    client.getOptions().setTimeOutInMilliSeconds(30_000);
                    clients.add(client);
                }
                Random[] r = new Random[CLIENTS];
                double[][] v = new double[CLIENTS][];
                for (int c = 0; c < CLIENTS; c++) {
                    r[c] = new Random(seed + c);
                    v[c] = first(r[c]);
                }
                QName echo = new QName(servers.get(0).namespace(), "echo");
                // 1. ten messages each, all servers up
                for (int msg = 0; msg < 10; msg++) {
                    for (int c = 0; c < CLIENTS; c++) {
                        v[c] = next(v[c], r[c]);
                        check(clients.get(c), echo, v[c], "seed " + seed + ", client " + c + ", message " + msg);
                    }
                }
                long[][] before = reads(servers);
                long read = 0;
                long misses = 0;
                for (long[] n : before) {
                    read += n[0];
                    misses += n[0] - n[1];
                }
                System.out.println("scale-out (Axis2): requests read by each server " + counts(before, 0)
                        + ", not against the client's own state " + misses);
                assertEquals(10L * CLIENTS, read, "every request read by dsoap on some server");
                assertTrue(misses <= CLIENTS + 2, "only each client's first message is not read against its own state: "
                        + misses + " of " + read);
                // 2. the busiest server stops; ten more messages each
                int stopped = busiest(before);
                long moved = before[stopped][0] / 10;
                servers.get(stopped).close();
                servers.set(stopped, null);
                for (int msg = 10; msg < 20; msg++) {
                    for (int c = 0; c < CLIENTS; c++) {
                        v[c] = next(v[c], r[c]);
                        check(clients.get(c), echo, v[c], "seed " + seed + ", client " + c + ", message " + msg
                                + " (server " + stopped + " stopped)");
                    }
                }
                long[][] after = reads(servers);
                long readAfter = 0;
                long missesAfter = 0;
                for (int i = 0; i < SERVERS; i++) {
                    if (i != stopped) {
                        readAfter += after[i][0] - before[i][0];
                        missesAfter += (after[i][0] - after[i][1]) - (before[i][0] - before[i][1]);
                    }
                }
                System.out.println("scale-out (Axis2): server " + stopped + " stopped with " + moved + " of " + CLIENTS
                        + " clients; after it, reads not against the client's own state: " + missesAfter
                        + " (nginx's log: " + nginx.upstreamErrors() + " upstream errors)");
                assertEquals(10L * CLIENTS, readAfter, "every later request read by the servers still up");
                assertTrue(moved >= 1 && moved <= CLIENTS - 1, "the busiest server had some clients: " + moved);
                assertTrue(missesAfter >= moved && missesAfter <= moved + 2, "each moved client missed its state once"
                        + " (its first message on its new server), the others not: " + missesAfter + " for " + moved
                        + " moved");
            }
        } finally {
            for (DsoapRpcServiceClient c : clients) {
                c.cleanup();
            }
            if (clientConfig != null) {
                clientConfig.terminate();
            }
            for (Axis2Server s : servers) {
                if (s != null) {
                    s.close();
                }
            }
        }
    }

    private static double[] first(Random r) {
        double[] v = new double[SIZE];
        for (int i = 0; i < SIZE; i++) {
            v[i] = Math.round(r.nextDouble() * 1e6) / 1e3;
        }
        v[r.nextInt(SIZE)] = EDGES[r.nextInt(EDGES.length)];
        return v;
    }

    /** The next message: 10 % of the values changed in one run, now and then an edge value. */
    private static double[] next(double[] v, Random r) {
        double[] n = v.clone();
        int at = r.nextInt(SIZE - SIZE / 10);
        for (int i = at; i < at + SIZE / 10; i++) {
            n[i] = Math.round(r.nextDouble() * 1e6) / 1e3;
        }
        if (r.nextInt(3) == 0) {
            n[r.nextInt(SIZE)] = EDGES[r.nextInt(EDGES.length)];
        }
        return n;
    }

    private static void check(DsoapRpcServiceClient c, QName op, double[] sent, String where) throws AxisFault {
        c.getOptions().setAction("urn:echo");
        Object[] got;
        try {
            got = c.invokeBlocking(op, new Object[] {ServerIT.boxed(sent)}, new Class<?>[] {double[].class});
        } finally {
            c.cleanupTransport();
        }
        double[] back = (double[]) got[0];
        assertEquals(sent.length, back.length, where);
        for (int i = 0; i < sent.length; i++) {
            if (Double.doubleToRawLongBits(sent[i]) != Double.doubleToRawLongBits(back[i])
                    && !(Double.isNaN(sent[i]) && Double.isNaN(back[i]))) {
                fail(where + ": value " + i + " came back as " + back[i] + ", sent " + sent[i]);
            }
        }
    }

    /** Per server: {requests read by dsoap, of them read against their client's own kept state}; zeros once stopped. */
    private static long[][] reads(List<Axis2Server> servers) throws Exception {
        long[][] n = new long[servers.size()][2];
        for (int i = 0; i < servers.size(); i++) {
            Axis2Server s = servers.get(i);
            if (s != null) {
                Stats st = s.stats("echo");
                n[i][0] = st.get("MessagesRead");
                n[i][1] = st.get("ReadsByPeer");
            }
        }
        return n;
    }

    private static String counts(long[][] n, int column) {
        StringBuilder b = new StringBuilder();
        for (long[] row : n) {
            b.append(b.length() == 0 ? "" : ", ").append(row[column]);
        }
        return b.toString();
    }

    /** The server that read the most requests (so stopping it moves clients). */
    private static int busiest(long[][] reads) {
        int best = 0;
        for (int i = 1; i < reads.length; i++) {
            if (reads[i][0] > reads[best][0]) {
                best = i;
            }
        }
        return best;
    }
}
