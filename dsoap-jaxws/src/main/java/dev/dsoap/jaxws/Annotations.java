package dev.dsoap.jaxws;

import dev.dsoap.host.Settings;

/**
 * {@code @DifferentialSoap}'s attributes as raw {@code dsoap.*} values, for the runtimes' glue (CXF's here, Metro's in
 * {@code dev.dsoap.jaxws.metro}); not an API for applications. Stateless.
 */
public final class Annotations {
    private Annotations() {
    }

    /** The value the annotation gives {@code name}, or {@code null} when it leaves the default. */
    public static String value(DifferentialSoap a, String name) {
        return switch (name) {
            case Settings.SERIALIZE -> String.valueOf(a.serialize());
            case Settings.DESERIALIZE -> String.valueOf(a.deserialize());
            case Settings.STATES -> positive(a.states());
            case Settings.CHUNK_SIZE -> positive(a.chunkSize());
            case Settings.CHECKPOINTS -> a.checkpoints().isEmpty() ? null : a.checkpoints();
            case Settings.ADAPTIVE -> String.valueOf(a.adaptive());
            case Settings.MAX_MESSAGE -> positive(a.maxMessageBytes());
            case Settings.MAX_DEPTH -> positive(a.maxDepth());
            case Settings.MAX_TEXT -> positive(a.maxTextBytes());
            case Settings.MEMORY_BUDGET -> positive(a.memoryBudget());
            case Settings.IDLE_TIMEOUT -> positive(a.idleTimeout());
            case Settings.JMX -> String.valueOf(a.jmx());
            case Settings.BINARY -> a.binary().isEmpty() ? null : a.binary();
            case Settings.QUALITY -> a.quality().isEmpty() ? null : a.quality();
            case Settings.COALESCE -> a.coalesce().length == 0 ? null
                    : java.util.Arrays.asList(a.coalesce()).contains("*") ? "true" : String.join(",", a.coalesce());
            case Settings.SHARE -> a.share().length == 0 ? null
                    : java.util.Arrays.asList(a.share()).contains("*") ? "true" : String.join(",", a.share());
            default -> null;
        };
    }

    private static String positive(long v) {
        return v < 0 ? null : Long.toString(v);
    }

    /** The annotation on {@code c}, its superclasses or interfaces, or {@code null}. */
    public static DifferentialSoap find(Class<?> c) {
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            DifferentialSoap a = k.getAnnotation(DifferentialSoap.class);
            if (a != null) {
                return a;
            }
            for (Class<?> i : k.getInterfaces()) {
                DifferentialSoap found = find(i);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
