package dev.dsoap.axis2.it;

import dev.dsoap.axis2.DsoapRpcServiceClient;
import dev.dsoap.metrics.DsoapMetrics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.Search;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DsoapMetrics} on a real Axis2 SimpleHTTPServer engaging dsoap.mar, bound to a {@link SimpleMeterRegistry}
 * before the server starts: after a plain {@code RPCServiceClient}'s calls and a request with a header block (a
 * fallback), the meters of the server's operation and of its configuration's memory budget equal the MXBeans'
 * figures; an engaged {@link DsoapRpcServiceClient} made later gets client-side meters; a service's meters go while it
 * is stopped and when it is removed, and the rest when the configuration terminates.
 *
 * <p>Runs in the failsafe execution with dsoap's classes on the class path (the binder sees the hosts of its own
 * dsoap-core; Axis2 loads the module's classes from there, parent first).
 */
class MetricsIT {
    private static final int CALLS = 9;
    @TempDir
    static Path dir;

    private static Search find(MeterRegistry r, String name, String side, String service, String operation) {
        return r.find(name).tags("host", "axis2", "side", side, "service", service, "operation", operation);
    }

    private static double count(MeterRegistry r, String name, String side, String service, String operation, String... tags) {
        FunctionCounter c = find(r, name, side, service, operation).tags(tags).functionCounter();
        assertNotNull(c, name + " " + side + " " + service + "/" + operation + " " + String.join(",", tags) + " among "
                + r.getMeters().stream().map(m -> m.getId().toString()).filter(s -> s.contains("dsoap")).toList());
        return c.count();
    }

    /** The meters of one operation against its MXBean, figure by figure. */
    private static void assertSame(MeterRegistry r, Stats st, String side, String service, String operation) throws Exception {
        String where = side + " " + service + "/" + operation + ": ";
        String[][] pairs = {{"dsoap.messages.read", "MessagesRead"}, {"dsoap.messages.written", "MessagesWritten"},
                {"dsoap.messages.rejected", "MessagesRejected"}, {"dsoap.responses.streamed", "ResponsesStreamed"},
                {"dsoap.bytes.written", "BytesWritten"}, {"dsoap.bytes.rewritten", "BytesRewritten"},
                {"dsoap.values.rewritten", "ValuesRewritten"}, {"dsoap.bytes.skipped", "BytesSkipped"},
                {"dsoap.bytes.parsed", "BytesParsed"}, {"dsoap.reads.resumed", "ReadsResumed"},
                {"dsoap.reads.identical", "ReadsIdentical"}, {"dsoap.reads.by.peer", "ReadsByPeer"}};
        for (String[] p : pairs) {
            assertEquals(st.get(p[1]), count(r, p[0], side, service, operation), where + p[0]);
        }
        Gauge retained = find(r, "dsoap.memory.retained", side, service, operation).gauge();
        assertEquals(st.get("RetainedBytes"), retained.value(), where + "retained");
        for (Map.Entry<String, Long> e : st.map("WriteMatches").entrySet()) {
            assertEquals((double) e.getValue(), count(r, "dsoap.matches", side, service, operation, "match", e.getKey()),
                    where + e.getKey());
        }
        for (String reason : new String[] {"HEADERS", "FAULT", "CHARSET"}) {
            assertEquals((double) st.readFallbacks(reason),
                    count(r, "dsoap.fallbacks", side, service, operation, "direction", "read", "reason", reason), where + reason);
            assertEquals((double) st.writeFallbacks(reason),
                    count(r, "dsoap.fallbacks", side, service, operation, "direction", "write", "reason", reason), where + reason);
        }
    }

    @Test
    void metersReadWhatJmxReadsOnBothSides() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (DsoapMetrics metrics = new DsoapMetrics()) {
            metrics.bindTo(registry);
            Axis2Server server = Axis2Server.start(dir, true, "");
            String service = server.echo.getName();
            String context = Integer.toHexString(System.identityHashCode(server.context));
            ConfigurationContext clients = null;
            try {
                RPCServiceClient rpc = ServerIT.client(server);
                QName echo = new QName(server.namespace(), "echo");
                double[] v = {1.5, -0.0, 3e-9, 42, 0.1};
                for (int call = 0; call < CALLS; call++) {
                    v[call % v.length] = call * 2.5;
                    Object[] got = rpc.invokeBlocking(echo, new Object[] {ServerIT.boxed(v)}, new Class<?>[] {double[].class});
                    assertArrayEquals(ServerIT.bits(v), ServerIT.bits((double[]) got[0]), "call " + call);
                    rpc.cleanupTransport();
                }
                rpc.cleanup();
                String header = FallbackIT.echo(server.namespace(), 1.5).replace("<soapenv:Header/>",
                        "<soapenv:Header><x:Token xmlns:x=\"urn:dsoap:test\">t-1</x:Token></soapenv:Header>");
                assertEquals(200, Soap.post11(server.url(), header).status());

                Stats st = server.stats("echo");
                assertEquals(CALLS, st.get("MessagesRead"), st.toString());
                assertEquals(1, st.readFallbacks("HEADERS"), st.toString());
                assertEquals(CALLS, count(registry, "dsoap.messages.read", "server", service, "echo"));
                assertEquals(1, count(registry, "dsoap.fallbacks", "server", service, "echo", "direction", "read", "reason", "HEADERS"));
                assertSame(registry, st, "server", service, "echo");

                Stats module = Stats.module(server.context);
                for (String[] p : new String[][] {{"dsoap.memory.used", "MemoryUsedBytes"}, {"dsoap.memory.limit", "MemoryBudgetBytes"}}) {
                    Gauge g = registry.find(p[0]).tags("host", "axis2", "context", context).gauge();
                    assertNotNull(g, p[0]);
                    assertEquals(module.get(p[1]), g.value(), p[0]);
                }
                assertTrue(registry.find("dsoap.memory.used").tags("context", context).gauge().value() > 0);
                assertEquals(module.get("Evictions"),
                        registry.find("dsoap.memory.evictions").tags("context", context).functionCounter().count());

                // an engaged client made now: its operation's meters come with it
                Path repo = Axis2Server.repository(dir, true, "");
                clients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(repo.toString(),
                        repo.resolve("axis2.xml").toString());
                DsoapRpcServiceClient engaged = new DsoapRpcServiceClient(clients, null);
                engaged.getOptions().setTo(new EndpointReference(server.url()));
                engaged.getOptions().setTimeOutInMilliSeconds(60_000);
                for (int call = 0; call < 3; call++) {
                    Object[] got = engaged.invokeBlocking(echo, new Object[] {ServerIT.boxed(v)}, new Class<?>[] {double[].class});
                    assertArrayEquals(ServerIT.bits(v), ServerIT.bits((double[]) got[0]), "engaged call " + call);
                }
                engaged.cleanup();
                Stats client = Stats.find(clients, "client", "anonService", "anonOutInOp");
                assertEquals(3, client.get("MessagesWritten"), client.toString());
                assertSame(registry, client, "client", "anonService", "anonOutInOp");
                assertSame(registry, st, "server", service, "echo");

                // a service stopped, started again, removed: its meters go, come back, go; the other service's stay
                org.apache.axis2.engine.AxisConfiguration config = server.context.getAxisConfiguration();
                assertTrue(registry.find("dsoap.messages.read").tags("service", Axis2Server.ADB).functionCounters().size() > 0,
                        "the ADB service's operations");
                config.stopService(service);
                assertNull(find(registry, "dsoap.messages.read", "server", service, "echo").functionCounter(), "stopped");
                config.startService(service);
                assertEquals(st.get("MessagesRead"), count(registry, "dsoap.messages.read", "server", service, "echo"), "started again");
                config.removeService(service);
                assertNull(find(registry, "dsoap.messages.read", "server", service, "echo").functionCounter(), "removed");
                assertTrue(registry.find("dsoap.messages.read").tags("service", Axis2Server.ADB).functionCounters().size() > 0,
                        "the ADB service's operations");
            } finally {
                server.close();
            }
            // the server's configuration terminated: its meters and its budget's are gone, the client's stay
            assertNull(find(registry, "dsoap.messages.read", "server", service, "echo").functionCounter(), "server meters left");
            assertNull(registry.find("dsoap.memory.used").tags("context", context).gauge(), "budget meters left");
            assertNotNull(find(registry, "dsoap.messages.written", "client", "anonService", "anonOutInOp").functionCounter());
            clients.terminate();
            assertNull(find(registry, "dsoap.messages.written", "client", "anonService", "anonOutInOp").functionCounter());
        }
        assertTrue(registry.getMeters().stream().noneMatch(m -> m.getId().getName().startsWith("dsoap.")),
                "left: " + registry.getMeters().stream().map(m -> m.getId().toString()).toList());
    }
}
