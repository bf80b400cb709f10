package dev.dsoap.deserialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Many distinct clients, each sending its own series of similar messages, interleaved at random as a server
 * sees them, at the default settings: every message reads to what the plain reader reads, and the share of
 * bytes differential deserialization skips stays close to what one client alone gets.
 */
class DistinctClientsTest {
    private static final MessagePlan PLAN = new PlanCompiler().compile(MessageShape.wrapped("urn:dsoap:clients", "echo",
            Part.of("v", double[].class)), WireConvention.documentLiteralWrapped());

    /** Skipped bytes / (skipped + parsed) over {@code messages} messages from {@code clients} clients. */
    static double skippedShare(int clients, int messages, long seed) {
        Random r = new Random(seed);
        double[][] v = new double[clients][1000];
        DifferentialSerializer[] out = new DifferentialSerializer[clients];
        for (int c = 0; c < clients; c++) {
            for (int i = 0; i < v[c].length; i++) {
                v[c][i] = r.nextInt(1_000_000) / 1000.0;
            }
            out[c] = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), new SerializerStats(), null);
        }
        DeserializerStats stats = new DeserializerStats();
        DifferentialDeserializer dds = new DifferentialDeserializer(PLAN,
                DeserializerConfig.defaults(), stats, null);
        PlanDeserializer plain = new PlanDeserializer(PLAN, ParserLimits.defaults());
        for (int msg = 0; msg < messages; msg++) {
            int c = r.nextInt(clients);
            for (int i = 0; i < v[c].length; i++) {
                if (r.nextInt(10) == 0) {
                    v[c][i] = r.nextInt(1_000_000) / 1000.0;
                }
            }
            out[c].serialize(new Object[] {v[c].clone()});
            byte[] b = out[c].toByteArray();
            double[] want = (double[]) plain.deserialize(b, 0, b.length)[0];
            double[] got = (double[]) dds.deserialize(b, 0, b.length)[0];
            assertArrayEquals(want, got, "seed " + seed + " message " + msg + " client " + c);
        }
        return stats.bytesSkipped() / (double) (stats.bytesSkipped() + stats.bytesParsed());
    }

    @Test
    void sixtyFourClientsKeepTheirShareOfSkippedBytes() {
        long seed = 0xC1_0064L;
        double one = skippedShare(1, 400, seed);
        double many = skippedShare(64, 64 * 25, seed);
        System.out.printf("skipped share: 1 client %.3f, 64 clients %.3f%n", one, many);
        assertTrue(many >= 0.8 * one, "seed " + seed + ": 64 distinct clients skip " + many + " of the bytes, one client " + one);
    }
}
