package dev.dsoap.metrics;

import dev.dsoap.host.Fallback;
import dev.dsoap.host.Jmx;
import dev.dsoap.host.LiveStats;
import dev.dsoap.host.OperationStats;
import dev.dsoap.template.MemoryBudget;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The binder over what hosts publish through {@link Jmx} (MBeans off, as {@code dsoap.jmx=false} has it): meters for
 * operations published before and after binding, one set of meters summing two live operations with the same tags,
 * a replaced operation's meters reading the new counters, withdrawn and resumed operations, budgets, and nothing left
 * after the host closes or the binder closes. And dsoap-core without Micrometer: hosts publish, and only the binder
 * needs it.
 */
class DsoapMetricsTest {
    private static final List<String> LOG = new ArrayList<>();

    private static OperationStats stats(String service, String operation) {
        return new OperationStats("Test", LOG::add, service, operation);
    }

    private static FunctionCounter read(MeterRegistry r, String side, String service, String operation) {
        return r.find("dsoap.messages.read").tags("host", "test", "side", side, "service", service, "operation", operation)
                .functionCounter();
    }

    private static long dsoapMeters(MeterRegistry r) {
        return r.getMeters().stream().filter(m -> m.getId().getName().startsWith("dsoap.")).count();
    }

    @Test
    void metersFollowWhatHostsPublish() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        Object configuration = new Object();
        Jmx host = new Jmx(false, "Test", configuration, LOG::add);
        MemoryBudget budget = new MemoryBudget(1 << 20);
        host.memory(budget);
        OperationStats early = stats("S.P", "early");
        early.readFallback(Fallback.CHARSET, "latin-1");
        host.operation(early, "server", false);
        try (DsoapMetrics metrics = new DsoapMetrics(Tags.of("app", "t"))) {
            metrics.bindTo(registry);
            FunctionCounter charset = registry.find("dsoap.fallbacks").tags("app", "t", "operation", "early",
                    "direction", "read", "reason", "CHARSET").functionCounter();
            assertNotNull(charset, "published before binding");
            assertEquals(1, charset.count());
            early.readFallback(Fallback.CHARSET, null);
            assertEquals(2, charset.count(), "reads the live counter");
            assertEquals(1 << 20, registry.find("dsoap.memory.limit").tags("host", "test", "context", host.context())
                    .gauge().value());

            // two live endpoints of one service and port (two addresses): one set of meters, their sum
            OperationStats a = stats("S.P", "op");
            OperationStats b = stats("S.P", "op");
            host.operation(a, "server", false);
            long meters = dsoapMeters(registry);
            host.operation(b, "server", false);
            assertEquals(meters, dsoapMeters(registry), "the second shares the first's meters");
            a.rejected();
            b.rejected();
            b.rejected();
            assertEquals(3, registry.find("dsoap.messages.rejected").tags("operation", "op").functionCounter().count());
            host.withdraw(a);
            assertEquals(2, registry.find("dsoap.messages.rejected").tags("operation", "op").functionCounter().count());
            host.withdraw(b);
            assertNull(registry.find("dsoap.messages.rejected").tags("operation", "op").functionCounter(), "both withdrawn");
            host.resume(b);
            assertEquals(2, registry.find("dsoap.messages.rejected").tags("operation", "op").functionCounter().count());

            // a redeployed service's operation replaces the old one's counters
            OperationStats old = stats("R", "op");
            host.operation(old, "server", true);
            old.rejected();
            OperationStats redeployed = stats("R", "op");
            host.operation(redeployed, "server", true);
            assertEquals(0, registry.find("dsoap.messages.rejected").tags("service", "R").functionCounter().count());

            // the client side is told apart
            host.operation(stats("S.P", "early"), "client", false);
            assertNotNull(read(registry, "client", "S.P", "early"));
            assertNotNull(read(registry, "server", "S.P", "early"));

            host.close();
            assertEquals(0, dsoapMeters(registry), "the host closed");
            assertTrue(LiveStats.operations().stream().noneMatch(o -> o.context().equals(host.context())));

            Jmx second = new Jmx(false, "Test", new Object(), LOG::add);
            second.operation(stats("T", "op"), "server", false);
            assertNotNull(read(registry, "server", "T", "op"), "published after binding");
            metrics.close();
            assertEquals(0, dsoapMeters(registry), "the binder closed");
            second.operation(stats("T", "later"), "server", false);
            assertEquals(0, dsoapMeters(registry), "a closed binder adds nothing");
            second.close();
        }
    }

    @Test
    void mapKeysBecomeDottedNames() {
        assertEquals("not.shared", OperationMeters.dotted("notShared"));
        assertEquals("bytes.fanned.out", OperationMeters.dotted("bytesFannedOut"));
        assertEquals("leaders", OperationMeters.dotted("leaders"));
    }

    /** dsoap-core's classes alone, without Micrometer (or anything else) on the class path. */
    @Test
    void hostsPublishWithoutMicrometer() throws Exception {
        URL core = LiveStats.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader alone = new URLClassLoader(new URL[] {core}, ClassLoader.getPlatformClassLoader())) {
            assertThrows(ClassNotFoundException.class, () -> alone.loadClass("io.micrometer.core.instrument.MeterRegistry"));
            Class<?> jmx = alone.loadClass(Jmx.class.getName());
            Class<?> stats = alone.loadClass(OperationStats.class.getName());
            Class<?> budget = alone.loadClass(MemoryBudget.class.getName());
            Object host = jmx.getConstructor(boolean.class, String.class, Object.class, java.util.function.Consumer.class)
                    .newInstance(false, "Alone", new Object(), (java.util.function.Consumer<String>) s -> { });
            Object op = stats.getConstructor(String.class, java.util.function.Consumer.class, String.class, String.class)
                    .newInstance("Alone", (java.util.function.Consumer<String>) s -> { }, "S", "op");
            jmx.getMethod("memory", budget).invoke(host, budget.getConstructor(long.class).newInstance(1024L));
            jmx.getMethod("operation", stats, String.class, boolean.class).invoke(host, op, "server", false);
            List<?> published = (List<?>) alone.loadClass(LiveStats.class.getName()).getMethod("operations").invoke(null);
            assertEquals(1, published.size());
            jmx.getMethod("close").invoke(host);
            assertThrows(NoClassDefFoundError.class, () -> Class.forName(DsoapMetrics.class.getName(), true, alone),
                    "only the binder needs Micrometer");
        }
    }
}
