package dev.dsoap.host;

import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.negotiation.BinaryMode;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.Stuffing;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/**
 * dsoap's settings for one operation, read from named {@code dsoap.*} values that a host module looks up in
 * its own configuration (Axis2 parameters; CXF endpoint and bus properties over {@code @DifferentialSoap}).
 * The names and defaults are listed in docs/configuration.md. A malformed value fails with a message naming
 * the setting, the value and where it was read.
 *
 * <p>Immutable, thread-safe.
 */
public final class Settings {
    public static final String SERIALIZE = "dsoap.serialize";
    public static final String DESERIALIZE = "dsoap.deserialize";
    public static final String STATES = "dsoap.states";
    public static final String CHUNK_SIZE = "dsoap.chunkSize";
    public static final String STUFFING = "dsoap.stuffing";
    public static final String STUFF_WIDTH = "dsoap.stuffWidth";
    public static final String ADAPTIVE = "dsoap.adaptive";
    public static final String CHECKPOINTS = "dsoap.checkpoints";
    public static final String CHECKPOINT_INTERVAL = "dsoap.checkpointInterval";
    public static final String MAX_MESSAGE = "dsoap.maxMessageBytes";
    public static final String MAX_DEPTH = "dsoap.maxDepth";
    public static final String MAX_TEXT = "dsoap.maxTextBytes";
    public static final String MAX_ATTRIBUTES = "dsoap.maxAttributes";
    /**
     * The HTTP header that names a client to the server ({@link #clientIdHeader()}); {@code none} switches
     * telling clients apart by it off.
     */
    public static final String CLIENT_ID_HEADER = "dsoap.clientIdHeader";
    /** Default of {@link #CLIENT_ID_HEADER}. */
    public static final String DEFAULT_CLIENT_ID_HEADER = "X-Dsoap-Client";
    /** Bytes of padding a shrunk field of a template may keep before it is cut back (0..1 MiB; default 256). */
    public static final String MAX_FIELD_PADDING = "dsoap.maxFieldPadding";
    /** Padding a template may carry, as a fraction of the rest of its message, before it is compacted (0..16; default 0.5). */
    public static final String MAX_PADDING_SHARE = "dsoap.maxPaddingShare";
    /**
     * The fraction of the memory budget one kept state (a template, or a kept message with its checkpoints and
     * values) may hold, in (0, 1] (default 0.25): a message with a larger state is served and not kept.
     */
    public static final String MAX_STATE_SHARE = "dsoap.maxStateShare";
    /**
     * Host-wide: bytes all templates and checkpoints of one host configuration may keep (default
     * {@link #defaultBudget(long)} of the maximum heap).
     */
    public static final String MEMORY_BUDGET = "dsoap.memoryBudget";
    /**
     * Host-wide: bytes that buffers of messages being read at once may hold, charged to the memory budget while
     * they are held (default: the host-wide {@link #MAX_MESSAGE} plus 1 MiB, room for one message of the largest
     * size dsoap reads). A message that finds no room goes the host's way at once ({@link Fallback#IN_FLIGHT}).
     * Joining a complete message's buffers into one array may pass the bound by up to the bound again.
     */
    public static final String MAX_IN_FLIGHT = "dsoap.maxInFlightBytes";
    /**
     * Host-wide: milliseconds, fractions allowed, a kept state (template, kept message, binary reader or writer,
     * quality estimates, ...) may go unused before it is dropped and its bytes given back to the budget (default
     * 600000: ten minutes; 0: never).
     */
    public static final String IDLE_TIMEOUT = "dsoap.idleTimeout";
    /** Host-wide: whether statistics are registered as MBeans. */
    public static final String JMX = "dsoap.jmx";
    /** Who gets the binary form: {@code off}, {@code interoperability} (the default) or {@code performance}. */
    public static final String BINARY = "dsoap.binary";
    /**
     * Axis2 only: whether the WSDL Axis2 generates for a carried service ({@code ?wsdl}) refers to dsoap's binary
     * assertion as a WS-Policy ({@code false} by default). Off, plain clients of other toolkits that warn about a
     * policy assertion they do not know (CXF) read the WSDL without a word; dsoap's clients never need it.
     */
    public static final String BINARY_POLICY = "dsoap.binaryPolicy";
    /**
     * Quality management ({@link QualitySetting}): {@code off} (the default), {@code on} (a client measures round
     * trips and reports them), or where the quality file is: {@code classpath:/path}, {@code file:/path}, or a class
     * path resource.
     */
    public static final String QUALITY = "dsoap.quality";
    /**
     * Coalescing of identical concurrent requests ({@link dev.dsoap.coalesce.Coalescer}): {@code false} (the
     * default), {@code true} (every operation the setting applies to), or a comma-separated list of operation names.
     * Only for operations whose answer depends on nothing but the request and the caller: declare it, dsoap never
     * guesses.
     */
    public static final String COALESCE = "dsoap.coalesce";
    /** Requests that wait for one identical request at most (default 64, 1 to 4096). */
    public static final String COALESCE_WAITERS = "dsoap.coalesceWaiters";
    /** Milliseconds a request waits for an identical one before it is processed on its own (default 10000). */
    public static final String COALESCE_TIMEOUT = "dsoap.coalesceTimeout";
    /** Milliseconds, fractions allowed, a new request waits for identical ones to join it (default 0: off; at most 1000). */
    public static final String COALESCE_LINGER = "dsoap.coalesceLinger";
    /**
     * Request headers that do not shape answers (comma-separated, case-insensitive; none by default), such as
     * {@code traceparent}, {@code User-Agent} or {@code X-Request-Id}: requests that differ only in them may share an
     * answer. Headers that carry credentials or a session ({@code Authorization}, {@code Proxy-Authorization},
     * {@code Cookie}) cannot be named.
     */
    public static final String COALESCE_IGNORE = "dsoap.coalesceIgnore";

    /**
     * Response sharing across a window ({@link dev.dsoap.sharing.WindowWriter}): {@code false} (the default),
     * {@code true}, or a comma-separated list of operation names. Only answers of one {@code double[]} part are
     * written this way; a policy measures it against the templates and uses the faster.
     */
    public static final String SHARE = "dsoap.share";
    /** Milliseconds, fractions allowed, one window of shared responses lasts (default 2; above 0, at most 1000). */
    public static final String SHARE_WINDOW = "dsoap.shareWindow";
    /** Bytes of values per shared chunk, a multiple of 8 from 32 to 4096 (default 256: 32 doubles). */
    public static final String SHARE_CHUNK = "dsoap.shareChunk";
    /** How a window finds equal chunks: {@code hash} (the default), {@code trie} or {@code trie:DEPTH} (bytes, 1..4096). */
    public static final String SHARE_INDEX = "dsoap.shareIndex";

    /** The largest default of {@link #MEMORY_BUDGET}: 256 MiB (reached from a maximum heap of 2.5 GiB). */
    public static final long DEFAULT_BUDGET = 256L << 20;
    /** The smallest default of {@link #MEMORY_BUDGET}: 4 MiB. */
    static final long MIN_DEFAULT_BUDGET = 4L << 20;
    /** Default of {@link #IDLE_TIMEOUT}: ten minutes, in milliseconds. */
    public static final long DEFAULT_IDLE_MILLIS = 600_000;

    private final boolean serialize;
    private final boolean deserialize;
    private final SerializerConfig serializer;
    private final DeserializerConfig deserializer;
    private final int states;
    private final String clientIdHeader;
    private final BinaryMode binary;
    private final String quality;
    private final String coalesce;
    private final dev.dsoap.coalesce.CoalescerSettings coalescing;
    private final String share;
    private final dev.dsoap.sharing.SharingConfig sharing;
    private final long shareWindowNanos;

    private Settings(Values p, ParserLimits host) {
        String q = p.raw(QUALITY);
        quality = q == null || q.isBlank() ? "off" : q.strip();
        String c = p.raw(COALESCE);
        coalesce = c == null ? "" : c.strip();
        coalescing = dev.dsoap.coalesce.CoalescerSettings.builder()
                .maxWaiters(p.integer(COALESCE_WAITERS, dev.dsoap.coalesce.CoalescerSettings.DEFAULT_MAX_WAITERS, 1, 4096))
                .waitTimeoutNanos(Math.round(p.fraction(COALESCE_TIMEOUT, 10_000, 0.001, 3_600_000, false) * 1e6))
                .lingerNanos(Math.round(p.fraction(COALESCE_LINGER, 0, 0, 1000, true) * 1e6))
                .ignoreHeaders(p.headerNames(COALESCE_IGNORE))
                .build();
        String sh = p.raw(SHARE);
        share = sh == null ? "" : sh.strip();
        shareWindowNanos = Math.round(p.fraction(SHARE_WINDOW, 2, 0, 1000, false) * 1e6);
        sharing = sharingConfig(p);
        serialize = p.bool(SERIALIZE, true);
        deserialize = p.bool(DESERIALIZE, true);
        states = p.integer(STATES, 64, 1, 1024);
        String header = p.raw(CLIENT_ID_HEADER);
        clientIdHeader = header == null ? DEFAULT_CLIENT_ID_HEADER
                : header.isEmpty() || header.equalsIgnoreCase("none") ? null : p.token(CLIENT_ID_HEADER, header);
        String mode = p.raw(BINARY);
        try {
            binary = mode == null ? BinaryMode.INTEROPERABILITY : BinaryMode.of(mode);
        } catch (IllegalArgumentException e) {
            throw p.bad(BINARY, mode, "off, interoperability or performance");
        }
        SerializerConfig d = SerializerConfig.defaults();
        SerializerConfig.Builder sb = SerializerConfig.builder()
                .chunkSize(p.integer(CHUNK_SIZE, d.chunkSize(), 64, 1 << 24))
                .stuffing(p.choice(STUFFING, Stuffing.class, d.stuffing()))
                .adaptive(p.bool(ADAPTIVE, d.adaptive()))
                .maxFieldPadding(p.integer(MAX_FIELD_PADDING, d.maxFieldPadding(), 0, 1 << 20))
                .maxPaddingShare(p.fraction(MAX_PADDING_SHARE, d.maxPaddingShare(), 0, 16, true))
                .maxStateShare(p.fraction(MAX_STATE_SHARE, d.maxStateShare(), 0, 1, false));
        if (p.raw(STUFF_WIDTH) != null) {
            sb.stuffWidth(p.integer(STUFF_WIDTH, 0, 1, 1024));
        }
        serializer = sb.build();
        ParserLimits l = host;
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
                .maxStateShare(serializer.maxStateShare())
                .build();
    }

    /**
     * Reads the per-operation settings.
     *
     * @param values the raw value of a {@code dsoap.*} name (trimmed or not), or {@code null} when unset
     * @param where  names where the values come from, for error messages (e.g. {@code operation echo}), or {@code null}
     * @throws IllegalArgumentException naming the setting when a value is malformed or out of range
     */
    public static Settings read(Function<String, String> values, String where) {
        return new Settings(new Values(values, where), ParserLimits.defaults());
    }

    /**
     * As {@link #read(Function, String)}, with the host's own parser limits as the defaults of the
     * {@code dsoap.max*} settings, so that dsoap's path refuses what the host's parser refuses and no more.
     */
    public static Settings read(Function<String, String> values, String where, ParserLimits host) {
        return new Settings(new Values(values, where), java.util.Objects.requireNonNull(host, "host"));
    }

    /** The host-wide memory budget ({@link #MEMORY_BUDGET}) in bytes; by default {@link #defaultBudget(long)} of this JVM's maximum heap. */
    public static long budget(Function<String, String> values, String where) {
        return new Values(values, where).size(MEMORY_BUDGET, defaultBudget(Runtime.getRuntime().maxMemory()));
    }

    /**
     * The default memory budget for a maximum heap of {@code maxHeapBytes} ({@link Runtime#maxMemory()}): one tenth
     * of it, at least 4 MiB and at most {@link #DEFAULT_BUDGET} 256 MiB (so 53,687,091 bytes with {@code -Xmx512m}).
     */
    public static long defaultBudget(long maxHeapBytes) {
        return Math.max(MIN_DEFAULT_BUDGET, Math.min(DEFAULT_BUDGET, maxHeapBytes / 10));
    }

    /** The host-wide idle timeout ({@link #IDLE_TIMEOUT}) in nanoseconds; 0: kept state never ages out. */
    public static long idleNanos(Function<String, String> values, String where) {
        return Math.round(new Values(values, where).fraction(IDLE_TIMEOUT, DEFAULT_IDLE_MILLIS, 0, 1e9, true) * 1e6);
    }

    /**
     * The host-wide bound on bytes of messages in flight ({@link #MAX_IN_FLIGHT}) in bytes: by default the
     * host-wide {@link #MAX_MESSAGE} (default 64 MiB) plus 1 MiB.
     */
    public static long maxInFlight(Function<String, String> values, String where) {
        Values p = new Values(values, where);
        long message = p.integer(MAX_MESSAGE, ParserLimits.defaults().maxMessageBytes(), 1024, Integer.MAX_VALUE - 8);
        return p.size(MAX_IN_FLIGHT, message + (1L << 20));
    }

    /** Whether statistics are registered as MBeans ({@link #JMX}). */
    /** Whether the binary assertion is published as a WS-Policy ({@link #BINARY_POLICY}, default {@code false}). */
    public static boolean binaryPolicy(Function<String, String> values, String where) {
        return new Values(values, where).bool(BINARY_POLICY, false);
    }

    public static boolean jmx(Function<String, String> values, String where) {
        return new Values(values, where).bool(JMX, true);
    }

    /** Whether responses (server) or requests (client) are written differentially. */
    public boolean serialize() {
        return serialize;
    }

    /** Whether requests (server) or responses (client) are read differentially. */
    public boolean deserialize() {
        return deserialize;
    }

    public SerializerConfig serializer() {
        return serializer;
    }

    public DeserializerConfig deserializer() {
        return deserializer;
    }

    /** Kept templates (and kept read states) per operation and SOAP version; senders beyond this write plainly. */
    public int states() {
        return states;
    }

    /**
     * The HTTP request header whose value names the sending client ({@link #CLIENT_ID_HEADER}), or {@code null}
     * when switched off. A server tries a named client's own kept message first (see
     * {@link Carrier#peerKey(String, String, String)}).
     */
    public String clientIdHeader() {
        return clientIdHeader;
    }

    /**
     * The coalescing settings of {@code operation} ({@link #COALESCE}): enabled when the setting is {@code true} or
     * names it.
     */
    public dev.dsoap.coalesce.CoalescerSettings coalescing(String operation) {
        return names(coalesce, operation) ? coalescing.toBuilder().enabled(true).build() : coalescing;
    }

    /**
     * How {@code operation}'s responses are shared across a window ({@link #SHARE}, {@link #SHARE_CHUNK},
     * {@link #SHARE_INDEX}), or {@code null} when the setting does not name it.
     */
    public dev.dsoap.sharing.SharingConfig sharing(String operation) {
        return names(share, operation) ? sharing : null;
    }

    /** How long one window of shared responses lasts ({@link #SHARE_WINDOW}), in nanoseconds. */
    public long shareWindowNanos() {
        return shareWindowNanos;
    }

    /** Whether a {@code true}/{@code false}/list setting's value {@code v} names {@code operation}. */
    private static boolean names(String v, String operation) {
        boolean on = v.equalsIgnoreCase("true");
        if (!on && !v.isEmpty() && !v.equalsIgnoreCase("false")) {
            for (String name : v.split(",")) {
                on |= name.strip().equals(operation);
            }
        }
        return on;
    }

    private static dev.dsoap.sharing.SharingConfig sharingConfig(Values p) {
        dev.dsoap.sharing.SharingConfig c = dev.dsoap.sharing.SharingConfig.defaults();
        String chunk = p.raw(SHARE_CHUNK);
        if (chunk != null) {
            int n = p.integer(SHARE_CHUNK, c.chunkBytes(), dev.dsoap.sharing.SharingConfig.MIN_CHUNK_BYTES,
                    dev.dsoap.sharing.SharingConfig.MAX_CHUNK_BYTES);
            if (n % 8 != 0) {
                throw p.bad(SHARE_CHUNK, chunk, "a multiple of 8 from " + dev.dsoap.sharing.SharingConfig.MIN_CHUNK_BYTES
                        + " to " + dev.dsoap.sharing.SharingConfig.MAX_CHUNK_BYTES);
            }
            c = c.withChunkBytes(n);
        }
        String index = p.raw(SHARE_INDEX);
        if (index != null) {
            String v = index.strip().toLowerCase(Locale.ROOT);
            if (v.equals("hash")) {
                c = c.withHash();
            } else if (v.equals("trie")) {
                c = c.withTrie(c.trieDepth());
            } else if (v.matches("trie:[0-9]{1,4}") && Integer.parseInt(v.substring(5)) >= 1
                    && Integer.parseInt(v.substring(5)) <= 4096) {
                c = c.withTrie(Integer.parseInt(v.substring(5)));
            } else {
                throw p.bad(SHARE_INDEX, index, "hash, trie or trie:DEPTH with DEPTH from 1 to 4096");
            }
        }
        return c;
    }

    /** Quality management ({@link #QUALITY}): {@code off}, {@code on}, or where the quality file is. */
    public String quality() {
        return quality;
    }

    /**
     * Who gets the binary form ({@link #BINARY}): on a server, {@link BinaryMode#OFF} refuses binary requests and
     * never answers binary, any other mode answers binary to a client that asks and reads binary requests; on a
     * client, see {@link BinaryMode}.
     */
    public BinaryMode binary() {
        return binary;
    }

    /** Typed reads of raw values; a malformed value fails with a message naming it. */
    private static final class Values {
        private final Function<String, String> values;
        private final String where;

        Values(Function<String, String> values, String where) {
            this.values = values;
            this.where = where;
        }

        String raw(String name) {
            String v = values.apply(name);
            return v == null ? null : v.trim();
        }

        /** {@code v} when it is an HTTP header name (an RFC 9110 token). */
        String token(String name, String v) {
            for (int i = 0; i < v.length(); i++) {
                char c = v.charAt(i);
                if (c > 126 || c <= 32 || "\"(),/:;<=>?@[\\]{}".indexOf(c) >= 0) {
                    throw bad(name, v, "an HTTP header name, or none");
                }
            }
            return v;
        }

        /** Comma-separated HTTP header names (none when absent), each checked as {@link #token}. */
        java.util.List<String> headerNames(String name) {
            String v = raw(name);
            java.util.List<String> names = new java.util.ArrayList<>();
            if (v != null) {
                for (String n : v.split(",")) {
                    String t = n.strip();
                    if (!t.isEmpty()) {
                        if (dev.dsoap.coalesce.Callers.CREDENTIALS.contains(t.toLowerCase(Locale.ROOT))) {
                            throw bad(name, v, "headers that do not tell callers apart (credentials and sessions always do)");
                        }
                        names.add(token(name, t));
                    }
                }
            }
            return names;
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

        /** A decimal number in [min, max] ({@code min} itself only when {@code minIncluded}), e.g. 0.25. */
        double fraction(String name, double dflt, double min, double max, boolean minIncluded) {
            String v = raw(name);
            if (v == null) {
                return dflt;
            }
            String expected = "a number " + (minIncluded ? "from " : "above ") + min + " to " + max;
            if (!v.matches("[0-9]{1,9}(\\.[0-9]{0,9})?|\\.[0-9]{1,9}")) {
                throw bad(name, v, expected);
            }
            double d = Double.parseDouble(v);
            if (!(minIncluded ? d >= min : d > min) || !(d <= max)) {
                throw bad(name, v, expected);
            }
            return d;
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
                throw bad(name, v, "one of " + Arrays.toString(type.getEnumConstants()));
            }
        }

        private IllegalArgumentException bad(String name, String value, String expected) {
            return new IllegalArgumentException("parameter " + name + " = '" + value + "'"
                    + (where == null ? "" : " on " + where) + ": expected " + expected);
        }
    }
}
