package dev.dsoap.host;

import dev.dsoap.template.MemoryBudget;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The statistics dsoap's hosts have published in this class loader: every live operation's counters and every
 * memory budget, with a hook that tells listeners (a metrics binder) of those published before and after they
 * started listening. Hosts publish through {@link Jmx}, which adds here whether or not it registers MBeans.
 *
 * <p>Thread-safe. Listeners are called under this class's lock, in the order of the changes, and must not block.
 */
public final class LiveStats {
    /**
     * One operation's counters as a host published them. Equal when all components are. (This record's and
     * {@link Budget}'s equals and hashCode are written out: a record's generated ones are bootstrapped through
     * JDK-wide method handles that keep the last component type they were adapted to, on Java 17 strongly, which
     * would keep a stopped application's class loader reachable.)
     */
    public record Operation(String host, String context, String side, OperationStats stats) {
        /** The host's name in lower case, e.g. {@code axis2} or {@code cxf}. */
        public String hostTag() {
            return host.toLowerCase(java.util.Locale.ROOT);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Operation p && java.util.Objects.equals(host, p.host) && java.util.Objects.equals(context, p.context)
                    && java.util.Objects.equals(side, p.side) && java.util.Objects.equals(stats, p.stats);
        }

        @Override
        public int hashCode() {
            return ((java.util.Objects.hashCode(host) * 31 + java.util.Objects.hashCode(context)) * 31
                    + java.util.Objects.hashCode(side)) * 31 + java.util.Objects.hashCode(stats);
        }
    }

    /** A memory budget as a host published it: one per Axis2 configuration or CXF bus. Equal when all components are. */
    public record Budget(String host, String context, MemoryBudget budget) {
        /** The host's name in lower case, e.g. {@code axis2} or {@code cxf}. */
        public String hostTag() {
            return host.toLowerCase(java.util.Locale.ROOT);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Budget b && java.util.Objects.equals(host, b.host) && java.util.Objects.equals(context, b.context)
                    && java.util.Objects.equals(budget, b.budget);
        }

        @Override
        public int hashCode() {
            return (java.util.Objects.hashCode(host) * 31 + java.util.Objects.hashCode(context)) * 31
                    + java.util.Objects.hashCode(budget);
        }
    }

    /** Told of what is published and withdrawn. */
    public interface Listener {
        /** {@code op} is published (or was, before the listener started listening). */
        void added(Operation op);

        /** {@code op} is withdrawn: its endpoint stopped, its service was replaced, or its host shut down. */
        void removed(Operation op);

        /** {@code b} is published (or was, before the listener started listening). */
        void added(Budget b);

        /** {@code b} is withdrawn: its host shut down. */
        void removed(Budget b);
    }

    private static final Object LOCK = new Object();
    /** Published operations; guarded by {@link #LOCK}. */
    private static final Set<Operation> OPERATIONS = new LinkedHashSet<>();
    /** Published budgets; guarded by {@link #LOCK}. */
    private static final Set<Budget> BUDGETS = new LinkedHashSet<>();
    /** Listening now; guarded by {@link #LOCK}. */
    private static final List<Listener> LISTENERS = new ArrayList<>();

    private LiveStats() {
    }

    /**
     * Tells {@code listener} of everything published now, then of every change until the returned handle is closed.
     *
     * @return closing it stops the calls (nothing is withdrawn from the listener)
     */
    public static AutoCloseable listen(Listener listener) {
        synchronized (LOCK) {
            LISTENERS.add(listener);
            for (Budget b : BUDGETS) {
                listener.added(b);
            }
            for (Operation op : OPERATIONS) {
                listener.added(op);
            }
        }
        return () -> {
            synchronized (LOCK) {
                LISTENERS.remove(listener);
            }
        };
    }

    /** The operations published now. */
    public static List<Operation> operations() {
        synchronized (LOCK) {
            return List.copyOf(OPERATIONS);
        }
    }

    static void add(Operation op) {
        synchronized (LOCK) {
            if (OPERATIONS.add(op)) {
                for (Listener l : LISTENERS) {
                    l.added(op);
                }
            }
        }
    }

    static void remove(Operation op) {
        synchronized (LOCK) {
            if (OPERATIONS.remove(op)) {
                for (Listener l : LISTENERS) {
                    l.removed(op);
                }
            }
        }
    }

    static void add(Budget b) {
        synchronized (LOCK) {
            if (BUDGETS.add(b)) {
                for (Listener l : LISTENERS) {
                    l.added(b);
                }
            }
        }
    }

    static void remove(Budget b) {
        synchronized (LOCK) {
            if (BUDGETS.remove(b)) {
                for (Listener l : LISTENERS) {
                    l.removed(b);
                }
            }
        }
    }
}
