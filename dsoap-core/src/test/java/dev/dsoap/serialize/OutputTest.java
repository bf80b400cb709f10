package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutputTest {
    @Test
    void buffersAndStreamCarryTheSameBytesMessageAfterMessage() throws IOException {
        MessagePlan plan = new PlanCompiler().compile(MessageShape.wrapped("urn:t", "echoResponse",
                MessageShape.Part.of("return", double[].class)), WireConvention.documentLiteralWrapped());
        DifferentialSerializer s = new DifferentialSerializer(plan,
                SerializerConfig.builder().chunkSize(512).build(), new SerializerStats(), null);
        long seed = 11L;
        Random r = new Random(seed);
        double[] v = new double[3000];
        for (int msg = 0; msg < 50; msg++) {
            for (int k = 0; k < 40; k++) {
                v[r.nextInt(v.length)] = r.nextDouble() * Math.pow(10, r.nextInt(30) - 15);
            }
            s.serialize(new Object[] {v});
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            s.writeTo(out);
            for (int twice = 0; twice < 2; twice++) {
                ByteBuffer[] bufs = s.buffers();
                ByteArrayOutputStream gathered = new ByteArrayOutputStream();
                for (ByteBuffer b : bufs) {
                    assertTrue(b.isReadOnly());
                    byte[] chunk = new byte[b.remaining()];
                    b.get(chunk);
                    gathered.write(chunk);
                }
                assertArrayEquals(out.toByteArray(), gathered.toByteArray(), "seed " + seed + " message " + msg);
            }
            assertEquals(out.size(), s.messageLength());
            assertTrue(s.chunkCount() > 1);
        }
    }
}
