package dev.dsoap.axis2;

import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.Stuffing;
import org.apache.axis2.description.AxisDescription;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.description.Parameter;

import java.util.Locale;

/**
 * dsoap's settings for one operation, read from {@code dsoap.*} parameters: the operation's own, else its
 * service's, service group's or axis2.xml's (Axis2's parameter inheritance), else module.xml's, else the
 * defaults. Module-wide settings (memory budget, JMX, the request size read before dispatch) come from
 * axis2.xml, else module.xml. The names and defaults are listed in docs/configuration.md.
 *
 * <p>Immutable.
 */
final class Settings {
    static final String SERIALIZE = "dsoap.serialize";
    static final String DESERIALIZE = "dsoap.deserialize";
    static final String STATES = "dsoap.states";
    static final String CHUNK_SIZE = "dsoap.chunkSize";
    static final String STUFFING = "dsoap.stuffing";
    static final String STUFF_WIDTH = "dsoap.stuffWidth";
    static final String ADAPTIVE = "dsoap.adaptive";
    static final String CHECKPOINTS = "dsoap.checkpoints";
    static final String CHECKPOINT_INTERVAL = "dsoap.checkpointInterval";
    static final String MAX_MESSAGE = "dsoap.maxMessageBytes";
    static final String MAX_DEPTH = "dsoap.maxDepth";
    static final String MAX_TEXT = "dsoap.maxTextBytes";
    static final String MAX_ATTRIBUTES = "dsoap.maxAttributes";
    /** Module level only: bytes all templates and checkpoints of this Axis2 configuration may keep. */
    static final String MEMORY_BUDGET = "dsoap.memoryBudget";
    /** Module level only: whether statistics are registered as MBeans. */
    static final String JMX = "dsoap.jmx";

    static final long DEFAULT_BUDGET = 256L << 20;

    /** Whether responses (server) or requests (client) are written differentially. */
    final boolean serialize;
    /** Whether requests (server) or responses (client) are read differentially. */
    final boolean deserialize;
    final SerializerConfig serializer;
    final DeserializerConfig deserializer;
    /** Kept templates per operation and SOAP version (concurrent senders beyond this write plainly). */
    final int states;

    private Settings(Lookup p) {
        serialize = p.bool(SERIALIZE, true);
        deserialize = p.bool(DESERIALIZE, true);
        states = p.integer(STATES, 4, 1, 64);
        SerializerConfig d = SerializerConfig.defaults();
        SerializerConfig.Builder sb = SerializerConfig.builder()
                .chunkSize(p.integer(CHUNK_SIZE, d.chunkSize(), 64, 1 << 24))
                .stuffing(p.choice(STUFFING, Stuffing.class, d.stuffing()))
                .adaptive(p.bool(ADAPTIVE, d.adaptive()));
        if (p.raw(STUFF_WIDTH) != null) {
            sb.stuffWidth(p.integer(STUFF_WIDTH, 0, 1, 1024));
        }
        serializer = sb.build();
        ParserLimits l = ParserLimits.defaults();
        ParserLimits limits = l.toBuilder()
                .maxMessageBytes(p.integer(MAX_MESSAGE, l.maxMessageBytes(), 1024, Integer.MAX_VALUE - 8))
                .maxDepth(p.integer(MAX_DEPTH, l.maxDepth(), 8, 1 << 16))
                .maxTextBytes(p.integer(MAX_TEXT, l.maxTextBytes(), 16, Integer.MAX_VALUE - 8))
                .maxAttributes(p.integer(MAX_ATTRIBUTES, l.maxAttributes(), 1, 1 << 16))
                .build();
        DeserializerConfig dd = DeserializerConfig.defaults();
        deserializer = DeserializerConfig.builder()
                .checkpoints(p.choice(CHECKPOINTS, CheckpointStrategy.class, dd.checkpoints()))
                .interval(p.integer(CHECKPOINT_INTERVAL, dd.interval(), 32, 1024))
                .states(states)
                .adaptive(p.bool(ADAPTIVE, dd.adaptive()))
                .limits(limits)
                .build();
    }

    /** Settings for {@code where} (an operation, or a service on the client side). */
    static Settings of(AxisDescription where, AxisModule module) {
        return new Settings(new Lookup(where, module));
    }

    /** The module-wide memory budget in bytes. */
    static long budget(AxisModule module) {
        return new Lookup(null, module).size(MEMORY_BUDGET, DEFAULT_BUDGET);
    }

    static boolean jmx(AxisModule module) {
        return new Lookup(null, module).bool(JMX, true);
    }

    /** One parameter lookup; a malformed value fails deployment with a message naming it. */
    private static final class Lookup {
        private final AxisDescription where;
        private final AxisModule module;

        Lookup(AxisDescription where, AxisModule module) {
            this.where = where;
            this.module = module;
        }

        String raw(String name) {
            Parameter p = where != null ? where.getParameter(name)
                    : module != null && module.getParent() != null ? module.getParent().getParameter(name) : null;
            if (p == null && module != null) {
                p = module.getParameter(name);
            }
            Object v = p == null ? null : p.getValue();
            return v == null ? null : v.toString().trim();
        }

        boolean bool(String name, boolean dflt) {
            String v = raw(name);
            if (v == null) {
                return dflt;
            }
            return switch (v.toLowerCase(Locale.ROOT)) {
                case "true", "on", "yes" -> true;
                case "false", "off", "no" -> false;
                default -> throw bad(name, v, "true or false");
            };
        }

        int integer(String name, int dflt, int min, int max) {
            long v = size(name, dflt);
            if (v < min || v > max) {
                throw bad(name, raw(name), "a size from " + min + " to " + max);
            }
            return (int) v;
        }

        /** A byte count: digits with an optional k, m or g suffix (binary). */
        long size(String name, long dflt) {
            String v = raw(name);
            if (v == null) {
                return dflt;
            }
            String s = v.toLowerCase(Locale.ROOT);
            int shift = switch (s.isEmpty() ? ' ' : s.charAt(s.length() - 1)) {
                case 'k' -> 10;
                case 'm' -> 20;
                case 'g' -> 30;
                default -> 0;
            };
            try {
                long n = Long.parseLong(shift == 0 ? s : s.substring(0, s.length() - 1));
                if (n < 0 || n > (Long.MAX_VALUE >> shift)) {
                    throw bad(name, v, "a non-negative size");
                }
                return n << shift;
            } catch (NumberFormatException e) {
                throw bad(name, v, "a size such as 65536, 64k or 256m");
            }
        }

        <E extends Enum<E>> E choice(String name, Class<E> type, E dflt) {
            String v = raw(name);
            if (v == null) {
                return dflt;
            }
            try {
                return Enum.valueOf(type, v.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw bad(name, v, "one of " + java.util.Arrays.toString(type.getEnumConstants()));
            }
        }

        private IllegalArgumentException bad(String name, String value, String expected) {
            return new IllegalArgumentException("parameter " + name + " = '" + value + "'"
                    + (where == null ? "" : " on " + where) + ": expected " + expected);
        }
    }
}
