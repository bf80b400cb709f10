package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.metrics.DsoapMetrics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.Search;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DsoapMetrics} on a real CXF endpoint (Jetty, loopback) called by a plain JAX-WS proxy and by a dsoap client
 * proxy: bound to a {@link SimpleMeterRegistry} before the endpoint is published, its meters appear as operations are
 * published, read what the MXBeans read, and go when the endpoint stops (server) or the bus shuts down; a registry
 * bound later finds what is already published.
 */
class MetricsTest {
    private static final String SERVICE = "EchoService.EchoPort";
    private static final int CALLS = 12;

    private static Search find(MeterRegistry r, String name, String side, String operation) {
        return r.find(name).tags("host", "cxf", "side", side, "service", SERVICE, "operation", operation);
    }

    private static double count(MeterRegistry r, String name, String side, String operation, String... tags) {
        FunctionCounter c = find(r, name, side, operation).tags(tags).functionCounter();
        assertNotNull(c, name + " " + side + " " + operation + " " + String.join(",", tags) + " among "
                + r.getMeters().stream().map(m -> m.getId().toString()).filter(s -> s.contains("dsoap")).toList());
        return c.count();
    }

    private static double gauge(MeterRegistry r, String name, String side, String operation) {
        Gauge g = find(r, name, side, operation).gauge();
        assertNotNull(g, name + " " + side + " " + operation);
        return g.value();
    }

    /** Every counter of the MXBean that the meters mirror, compared one by one. */
    private static void assertSame(MeterRegistry r, OperationStatsMXBean st, String side, String operation) {
        String where = side + " " + operation + ": ";
        assertEquals(st.getMessagesRead(), count(r, "dsoap.messages.read", side, operation), where + "read");
        assertEquals(st.getMessagesWritten(), count(r, "dsoap.messages.written", side, operation), where + "written");
        assertEquals(st.getMessagesRejected(), count(r, "dsoap.messages.rejected", side, operation), where + "rejected");
        assertEquals(st.getBytesWritten(), count(r, "dsoap.bytes.written", side, operation), where + "bytes written");
        assertEquals(st.getBytesRewritten(), count(r, "dsoap.bytes.rewritten", side, operation), where + "bytes rewritten");
        assertEquals(st.getValuesRewritten(), count(r, "dsoap.values.rewritten", side, operation), where + "values rewritten");
        assertEquals(st.getBytesSkipped(), count(r, "dsoap.bytes.skipped", side, operation), where + "skipped");
        assertEquals(st.getBytesParsed(), count(r, "dsoap.bytes.parsed", side, operation), where + "parsed");
        assertEquals(st.getReadsResumed(), count(r, "dsoap.reads.resumed", side, operation), where + "resumed");
        assertEquals(st.getReadsIdentical(), count(r, "dsoap.reads.identical", side, operation), where + "identical");
        assertEquals(st.getReadsByPeer(), count(r, "dsoap.reads.by.peer", side, operation), where + "by peer");
        assertEquals(st.getRetainedBytes(), gauge(r, "dsoap.memory.retained", side, operation), where + "retained");
        assertEquals(st.getCheckpointBytes(), gauge(r, "dsoap.memory.checkpoints", side, operation), where + "checkpoints");
        for (Map.Entry<String, Long> e : st.getWriteMatches().entrySet()) {
            assertEquals((double) e.getValue(), count(r, "dsoap.matches", side, operation, "match", e.getKey()), where + e.getKey());
        }
        for (String reason : new String[] {"FAULT", "HEADERS", "CHARSET"}) {
            assertEquals((double) st.getReadFallbacks().getOrDefault(reason, 0L),
                    count(r, "dsoap.fallbacks", side, operation, "direction", "read", "reason", reason), where + "read " + reason);
            assertEquals((double) st.getWriteFallbacks().getOrDefault(reason, 0L),
                    count(r, "dsoap.fallbacks", side, operation, "direction", "write", "reason", reason), where + "write " + reason);
        }
    }

    @Test
    void metersFollowTheEndpointsAndReadWhatJmxReads() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (DsoapMetrics metrics = new DsoapMetrics(); Cxf cxf = new Cxf()) {
            metrics.bindTo(registry);
            String address = cxf.publish(new DsoapEchoImpl());
            Echo plain = cxf.plain(address);
            double[] v = {1.5, 2.25, 3, 4e-7, 5};
            for (int i = 0; i < CALLS; i++) {
                v[i % v.length] = i * 10.5;
                assertEquals(v[2], plain.echoDoubles(v)[2]);
            }
            assertThrows(EchoFault.class, () -> plain.fail("metrics"));

            OperationStatsMXBean server = cxf.stats("server", SERVICE, "echoDoubles");
            assertEquals(CALLS, server.getMessagesRead());
            assertEquals(CALLS, count(registry, "dsoap.messages.read", "server", "echoDoubles"));
            assertSame(registry, server, "server", "echoDoubles");
            assertSame(registry, cxf.stats("server", SERVICE, "fail"), "server", "fail");

            // the bus's memory budget: the default cap, and what the operations hold charged to it
            String context = Integer.toHexString(System.identityHashCode(cxf.bus));
            Gauge limit = registry.find("dsoap.memory.limit").tags("host", "cxf", "context", context).gauge();
            assertNotNull(limit, "budget meters");
            assertEquals(256L << 20, limit.value());
            double used = registry.find("dsoap.memory.used").tags("host", "cxf", "context", context).gauge().value();
            assertTrue(used > 0 && used <= limit.value(), "used " + used);
            assertTrue(registry.find("dsoap.memory.holders").tags("context", context).gauge().value() >= 1);
            assertNotNull(registry.find("dsoap.memory.evictions").tags("context", context).functionCounter());
            // the bytes of messages in flight: none now, some at their peak, the default bound, no refusal
            assertEquals(0, registry.find("dsoap.memory.inflight").tags("host", "cxf", "context", context).gauge().value());
            assertTrue(registry.find("dsoap.memory.inflight.peak").tags("context", context).gauge().value() > 0);
            // the bus-wide settings are read where the bus's first carried endpoint is: DsoapEchoImpl's 8 MiB messages
            assertEquals((8L << 20) + (1 << 20), registry.find("dsoap.memory.inflight.limit").tags("context", context).gauge().value());
            assertEquals(0, registry.find("dsoap.memory.inflight.refusals").tags("context", context).functionCounter().count());

            // a client created after binding: its operation gets meters on its first message
            Echo client = cxf.dsoap(address);
            assertNull(find(registry, "dsoap.messages.written", "client", "echoDoubles").functionCounter());
            for (int i = 0; i < 3; i++) {
                client.echoDoubles(v);
            }
            OperationStatsMXBean clientStats = cxf.stats("client", SERVICE, "echoDoubles");
            assertEquals(3, clientStats.getMessagesWritten());
            assertSame(registry, clientStats, "client", "echoDoubles");
            assertSame(registry, server, "server", "echoDoubles");
            // a fault read by the dsoap client: a fallback by reason
            assertThrows(EchoFault.class, () -> client.fail("metrics"));
            OperationStatsMXBean failed = cxf.stats("client", SERVICE, "fail");
            assertEquals(1L, failed.getReadFallbacks().get("FAULT"), "the fault's fallback: " + failed.getReadFallbacks());
            assertEquals(1, count(registry, "dsoap.fallbacks", "client", "fail", "direction", "read", "reason", "FAULT"));
            assertSame(registry, failed, "client", "fail");

            // a registry bound now finds what is published already
            SimpleMeterRegistry later = new SimpleMeterRegistry();
            metrics.bindTo(later);
            assertSame(later, server, "server", "echoDoubles");
            assertSame(later, clientStats, "client", "echoDoubles");

            // the endpoint stops: its meters go, the client's stay; the MBean stays until the bus shuts down
            cxf.lastEndpoint().stop();
            for (MeterRegistry r : new MeterRegistry[] {registry, later}) {
                assertNull(find(r, "dsoap.messages.read", "server", "echoDoubles").functionCounter(), "server meters left");
                assertNull(find(r, "dsoap.fallbacks", "server", "fail").functionCounter(), "server meters left");
                assertNotNull(find(r, "dsoap.messages.written", "client", "echoDoubles").functionCounter());
            }
            assertEquals(CALLS + 3, cxf.stats("server", SERVICE, "echoDoubles").getMessagesRead());
        }
        // the bus shut down and the binder closed: nothing of dsoap's is left
        assertTrue(registry.getMeters().stream().noneMatch(m -> m.getId().getName().startsWith("dsoap.")),
                "left: " + registry.getMeters().stream().map(m -> m.getId().toString()).toList());
    }

    @Test
    void meterNamesAreDottedLowerCase() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (DsoapMetrics metrics = new DsoapMetrics(); Cxf cxf = new Cxf()) {
            metrics.bindTo(registry);
            String address = cxf.publish(new DsoapEchoImpl());
            cxf.plain(address).echoInts(new int[] {1, 2, 3});
            long dsoap = registry.getMeters().stream().filter(m -> m.getId().getName().startsWith("dsoap.")).count();
            assertTrue(dsoap > 40, "meters: " + dsoap);
            for (var m : registry.getMeters()) {
                String name = m.getId().getName();
                if (name.startsWith("dsoap.")) {
                    assertTrue(name.matches("[a-z]+(\\.[a-z]+)+"), name);
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
