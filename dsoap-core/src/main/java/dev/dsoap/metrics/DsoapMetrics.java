package dev.dsoap.metrics;

import dev.dsoap.host.LiveStats;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.ArrayList;
import java.util.List;

/**
 * Binds dsoap's statistics to a Micrometer {@link MeterRegistry}: the counters of every operation the Axis2 module or
 * dsoap-jaxws carries (server endpoints and engaged clients, tagged {@code host}, {@code side}, {@code service},
 * {@code operation}) and the gauges of every memory budget (tagged {@code host}, {@code context}), the same figures
 * the MXBeans under {@code dev.dsoap} report. Meters read the live counters when the registry asks (function counters
 * and gauges); nothing is counted twice. Operations published after binding (an endpoint published later, a client
 * proxy's first call) get their meters then; a stopped endpoint's or a shut-down host's meters are removed. Two live
 * endpoints with the same tags (one service and port at two addresses) share one set of meters that reads their sum.
 * The meter names are listed in docs/deployment.md ("Metrics").
 *
 * <pre>{@code new DsoapMetrics().bindTo(registry);}</pre>
 *
 * <p>It sees the hosts loaded by the class loader of its own dsoap-core: put dsoap on the application's class path
 * (an Axis2 module packed in a .mar and loaded by Axis2's module class loader alone is not seen). In Spring Boot with
 * Micrometer, dsoap-jaxws registers one as a bean. Thread-safe; {@link #close()} stops following the hosts and removes
 * the meters this binder added.
 */
public final class DsoapMetrics implements MeterBinder, AutoCloseable {
    /** Added to every meter's tags. */
    private final Tags common;
    /** One per registry bound; guarded by this. */
    private final List<Binding> bindings = new ArrayList<>();

    /** A binder adding no tags of its own. */
    public DsoapMetrics() {
        this(Tags.empty());
    }

    /** @param tags added to every meter's tags (e.g. an application name) */
    public DsoapMetrics(Iterable<Tag> tags) {
        this.common = Tags.of(tags);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Binding b = new Binding(registry, common);
        synchronized (this) {
            bindings.add(b);
        }
        b.listening(LiveStats.listen(b));
    }

    /** Stops following the hosts and removes every meter this binder added, from every registry it was bound to. */
    @Override
    public void close() {
        List<Binding> all;
        synchronized (this) {
            all = new ArrayList<>(bindings);
            bindings.clear();
        }
        for (Binding b : all) {
            b.close();
        }
    }
}
