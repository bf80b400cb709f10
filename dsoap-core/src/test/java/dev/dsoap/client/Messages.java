package dev.dsoap.client;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import dev.dsoap.serialize.SeqBeans;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.CRC32;

/** The client tests' message: arrays of doubles, ints, strings and MIO beans, and a few scalars. */
final class Messages {
    static final String NS = "urn:dsoap:client";
    static final WireConvention SOAP11 = WireConvention.documentLiteralWrapped();
    static final WireConvention SOAP12 = WireConvention.builder("soap12").soapVersion(SoapVersion.SOAP_12).build();
    /** Small chunks, so that even short messages have many template chunks (and HTTP chunks). */
    static final SerializerConfig TINY_CHUNKS = SerializerConfig.builder().chunkSize(64).endSlack(8).splitThreshold(96).build();

    private Messages() {
    }

    static MessagePlan plan(WireConvention c) {
        return new PlanCompiler().compile(MessageShape.wrapped(NS, "put", Part.of("d", double[].class),
                Part.of("i", int[].class), Part.of(null, "s", String[].class, true), Part.of("p", SeqBeans.Mio[].class),
                Part.of("name", String.class), Part.of("x", double.class), Part.of(null, "dd", Double[].class, true)), c);
    }

    static DifferentialSerializer serializer(MessagePlan plan, SerializerConfig config) {
        return new DifferentialSerializer(plan, config, new SerializerStats(), null);
    }

    /** The message {@code ds} holds, through {@code writeTo(OutputStream)}: the reference for what arrives. */
    static byte[] bytes(DifferentialSerializer ds) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ds.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static long crc32(byte[] b) {
        CRC32 c = new CRC32();
        c.update(b);
        return c.getValue();
    }
}
