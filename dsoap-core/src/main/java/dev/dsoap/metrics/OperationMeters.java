package dev.dsoap.metrics;

import dev.dsoap.host.BinaryRefusal;
import dev.dsoap.host.Fallback;
import dev.dsoap.host.OperationStats;
import dev.dsoap.serialize.MatchClass;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;

import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The meters of one operation ({@link OperationStats}, the figures of {@code OperationStatsMXBean}): one line per meter.
 * Counters are function counters over the live counts, gauges read current bytes; each reads the sum over its
 * {@link Binding.Group}'s members. Not thread-safe (called under the {@link Binding}'s lock).
 */
final class OperationMeters {
    /** Keys of the coalescing and sharing maps that are current values, not counts. */
    private static final Set<String> CURRENT = Set.of("inFlight", "waiting", "sharedNow", "retainedBytes",
            "templatePicosPerByte", "sharedPicosPerByte");

    private final MeterRegistry registry;
    private final Tags tags;
    private final Binding.Group group;

    private OperationMeters(MeterRegistry registry, Tags tags, Binding.Group group) {
        this.registry = registry;
        this.tags = tags;
        this.group = group;
    }

    /**
     * Registers the meters of an operation tagged {@code tags} into {@code group.meters}; {@code first} (the first
     * member) tells whether coalescing and response sharing are on, whose meters are registered only then.
     */
    static void register(MeterRegistry registry, Tags tags, Binding.Group group, OperationStats first) {
        OperationMeters m = new OperationMeters(registry, tags, group);
        String msgs = BaseUnits.MESSAGES;
        String bytes = BaseUnits.BYTES;
        m.counter("dsoap.messages.read", msgs, "messages read by dsoap (differential deserialization)", OperationStats::getMessagesRead);
        m.counter("dsoap.messages.written", msgs, "messages written by dsoap (differential serialization)", OperationStats::getMessagesWritten);
        m.counter("dsoap.messages.rejected", msgs, "incoming messages dsoap's parser refused with a fault", OperationStats::getMessagesRejected);
        m.counter("dsoap.responses.streamed", msgs, "client side: responses handed on in their bytes", OperationStats::getResponsesStreamed);
        for (Fallback f : Fallback.values()) {
            m.counter("dsoap.fallbacks", Tags.of("direction", "read", "reason", f.name()), msgs,
                    "messages left to the host's path, by direction and reason", s -> s.readFallbacks(f));
            m.counter("dsoap.fallbacks", Tags.of("direction", "write", "reason", f.name()), msgs,
                    "messages left to the host's path, by direction and reason", s -> s.writeFallbacks(f));
        }
        for (MatchClass c : MatchClass.values()) {
            m.counter("dsoap.matches", Tags.of("match", c.name()), msgs, "messages written, by match class",
                    s -> s.writes().matches(c));
        }
        m.counter("dsoap.bytes.rewritten", bytes, "bytes rewritten into templates", OperationStats::getBytesRewritten);
        m.counter("dsoap.values.rewritten", "values", "values rewritten into templates", OperationStats::getValuesRewritten);
        m.counter("dsoap.bytes.written", bytes, "bytes of the messages dsoap wrote", OperationStats::getBytesWritten);
        m.counter("dsoap.template.compactions", "compactions", "template rewrites that dropped padding", OperationStats::getTemplateCompactions);
        m.counter("dsoap.templates.dropped", "templates", "templates over their share of the memory budget, dropped", OperationStats::getTemplatesDropped);
        m.counter("dsoap.read.states.dropped", msgs, "read messages over their share of the memory budget, not kept", OperationStats::getReadStatesDropped);
        m.counter("dsoap.reads.identical", msgs, "read messages identical to a kept one", OperationStats::getReadsIdentical);
        m.counter("dsoap.reads.resumed", msgs, "read messages resumed from a checkpoint", OperationStats::getReadsResumed);
        m.counter("dsoap.reads.by.item", msgs, "read messages that differed from a kept one only in items of an array of numbers, read item by item", OperationStats::getReadsByItem);
        m.counter("dsoap.reads.by.peer", msgs, "read messages matched to their sender's kept message by identity", OperationStats::getReadsByPeer);
        m.counter("dsoap.reads.at.capacity", msgs, "read messages parsed without kept state: every kept state in use or paying its sender", OperationStats::getReadsAtCapacity);
        m.counter("dsoap.bytes.skipped", bytes, "bytes of read messages skipped as equal to a kept message", OperationStats::getBytesSkipped);
        m.counter("dsoap.bytes.parsed", bytes, "bytes of read messages parsed", OperationStats::getBytesParsed);
        m.gauge("dsoap.memory.retained", bytes, "memory now held for the operation", OperationStats::getRetainedBytes);
        m.gauge("dsoap.memory.checkpoints", bytes, "checkpoint memory now held for the operation", OperationStats::getCheckpointBytes);
        m.counter("dsoap.binary.messages.read", msgs, "messages read in dsoap's binary form", OperationStats::getBinaryMessagesRead);
        m.counter("dsoap.binary.messages.written", msgs, "messages written in dsoap's binary form", OperationStats::getBinaryMessagesWritten);
        m.counter("dsoap.binary.bytes.read", bytes, "bytes of binary messages read", OperationStats::getBinaryBytesRead);
        m.counter("dsoap.binary.bytes.written", bytes, "bytes of binary messages written", OperationStats::getBinaryBytesWritten);
        m.counter("dsoap.binary.bytes.reused.read", bytes, "binary bytes read taken from the last message", OperationStats::getBinaryBytesReusedRead);
        m.counter("dsoap.binary.bytes.reused.written", bytes, "binary bytes written not encoded again", OperationStats::getBinaryBytesReusedWritten);
        for (BinaryRefusal r : BinaryRefusal.values()) {
            m.counter("dsoap.binary.refusals", Tags.of("reason", r.name()), "exchanges",
                    "binary exchanges refused or given up, by reason", s -> s.binaryRefusals(r));
        }
        m.counter("dsoap.quality.headers.refused", msgs, "quality headers refused as malformed", OperationStats::getQualityHeadersRefused);
        m.counter("dsoap.quality.switches", "switches", "switches of message variant under quality management", OperationStats::getQualitySwitches);
        for (String key : first.getCoalescing().keySet()) {
            m.entry("dsoap.coalescing.", key, "coalescing of identical concurrent requests", s -> s.getCoalescing().getOrDefault(key, 0L));
        }
        for (String key : first.getSharing().keySet()) {
            m.entry("dsoap.sharing.", key, "response sharing across a window", s -> s.getSharing().getOrDefault(key, 0L));
        }
    }

    private void counter(String name, String unit, String description, ToDoubleFunction<OperationStats> value) {
        counter(name, Tags.empty(), unit, description, value);
    }

    private void counter(String name, Tags more, String unit, String description, ToDoubleFunction<OperationStats> value) {
        Binding.Group g = group;
        group.meters.add(FunctionCounter.builder(name, g, x -> x.sum(value)).tags(tags).tags(more).baseUnit(unit)
                .description(description).register(registry));
    }

    private void gauge(String name, String unit, String description, ToDoubleFunction<OperationStats> value) {
        Binding.Group g = group;
        group.meters.add(Gauge.builder(name, g, x -> x.sum(value)).tags(tags).baseUnit(unit).description(description)
                .strongReference(true).register(registry));
    }

    /** A meter for one key of a map figure: {@code prefix} and the key in dotted lower case (notShared: not.shared). */
    private void entry(String prefix, String key, String description, ToDoubleFunction<OperationStats> value) {
        String name = prefix + dotted(key);
        String unit = key.endsWith("Bytes") || key.startsWith("bytes") ? BaseUnits.BYTES : null;
        if (CURRENT.contains(key)) {
            gauge(name, unit, description, value);
        } else {
            counter(name, unit, description, value);
        }
    }

    /** {@code camelCase} as {@code camel.case}. */
    static String dotted(String key) {
        StringBuilder b = new StringBuilder(key.length() + 4);
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (Character.isUpperCase(c)) {
                b.append('.').append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
