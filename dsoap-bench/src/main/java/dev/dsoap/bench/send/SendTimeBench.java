package dev.dsoap.bench.send;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.Mio;
import dev.dsoap.bench.serialize.Payload;
import dev.dsoap.bench.serialize.ValueKind;
import dev.dsoap.bench.serialize.WoodstoxWriter;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.client.DsoapClient;
import dev.dsoap.client.DummySoapServer;
import dev.dsoap.client.Framing;
import dev.dsoap.client.Response;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Send time, as bSOAP measured it (paper section 4): the time from preparing a message until the last of its
 * bytes is handed to the socket, against a dummy SOAP server that reads and discards requests without parsing
 * them ({@link DummySoapServer}, Netty, same JVM, loopback). Every method sends through the same
 * {@link DsoapClient} (one kept-alive connection, TCP_NODELAY, the message's chunks in one gathering write,
 * framed by {@code framing}): only how the message is made differs.
 *
 * <ul>
 *   <li>{@code baselineWoodstox}: the message written in full by Woodstox's {@code XMLStreamWriter} (as the
 *       serialization benchmarks' baseline) into reused 32 KiB chunks ({@link ChunkedOutput}), then sent.</li>
 *   <li>{@code baselineFirstSend}: the message written in full by dsoap's serializer, its template dropped
 *       before every message ({@link MatchClass#FIRST_SEND}), then sent.</li>
 *   <li>{@code dsoapDifferential}: one serializer kept across messages: only the values that changed are
 *       rewritten in the template (a content match at 0 %), then its chunks are sent.</li>
 * </ul>
 *
 * <p>Messages: an array of {@code size} items of {@code shape} ({@code doubles}, {@code ints}, {@code mios}) in
 * the serialization benchmarks' message ({@link BenchPlans}), the values of the end-to-end benchmarks
 * ({@link EchoValues}: hard doubles, random ints, consecutive arrays differing in {@code percent} % of the
 * items), cycling through a ring of {@value #RING} arrays whose neighbours (the last and the first included)
 * differ exactly so.
 *
 * <p>A {@code send} returns once the bytes are written; the response is awaited one send later (so the
 * server's answer overlaps the next message's preparation, and at most two requests are in flight), and its
 * {@link DummySoapServer#BODY_LENGTH} must equal the length sent. The setup first checks, against a server
 * that keeps the bodies, that each method's messages arrive exactly as serialized; the teardown checks that
 * the server read every request and byte sent.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar SendTimeBench -p shape=doubles -p size=100000 -p percent=25
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m", "-XX:+AlwaysPreTouch"})
public class SendTimeBench {
    /** Arrays in the ring of messages. */
    static final int RING = EchoValues.VARIANTS;
    /** Messages of dsoap's stream checked byte for byte in the setup: a first send, then differential ones. */
    static final int VERIFIED = 3;

    @Param({"doubles", "ints", "mios"})
    public String shape;
    @Param({"1", "100", "1000", "10000", "100000"})
    public int size;
    @Param({"0", "25", "50", "100"})
    public int percent;
    @Param({"CONTENT_LENGTH"})
    public Framing framing;

    private Payload[] ring;
    private int next;
    private MessagePlan plan;
    /** dsoap's stream, kept from message to message. */
    private DifferentialSerializer ds;
    /** The first-send baseline's serializer, reset before every message. */
    private DifferentialSerializer fresh;
    private final WoodstoxWriter woodstox = new WoodstoxWriter();
    private final ChunkedOutput out = new ChunkedOutput();
    private DummySoapServer server;
    private DsoapClient client;
    /** The last send's response, awaited at the next send, and its body length. */
    private CompletableFuture<Response> pending;
    private long pendingLength;
    /** Requests and body bytes sent in the trial. */
    private long sends;
    private long bytes;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        Shape s = Shape.of(shape);
        EchoValues values = new EchoValues(s, size, percent);
        ring = new Payload[RING];
        for (int n = 0; n < RING; n++) {
            ring[n] = payload(values.values(n));
        }
        plan = BenchPlans.plan(kind(s));
        ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        fresh = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        verify();
        server = DummySoapServer.start();
        client = DsoapClient.builder(server.uri("/send")).framing(framing).maxInFlight(2).build();
    }

    private static ValueKind kind(Shape s) {
        return switch (s) {
            case DOUBLES -> ValueKind.DOUBLE;
            case INTS -> ValueKind.INT;
            case MIOS -> ValueKind.MIO;
            case STRINGS -> throw new IllegalArgumentException("SendTimeBench has no strings message (shape "
                    + "doubles|ints|mios)");
        };
    }

    private static Payload payload(Object array) {
        if (array instanceof double[] d) {
            return Payload.of(d);
        }
        if (array instanceof int[] i) {
            return Payload.of(i);
        }
        return Payload.of((Mio[]) array);
    }

    /**
     * Sends messages to a server that keeps the bodies, and checks each body against the bytes its serializer
     * wrote (dsoap's through {@code writeTo}): one by each baseline, which serializes every message in full,
     * and {@value #VERIFIED} by dsoap's stream, a first send and differential ones.
     */
    private void verify() throws Exception {
        try (DummySoapServer keeping = DummySoapServer.builder().keepBodies(true).start();
             DsoapClient c = DsoapClient.builder(keeping.uri("/verify")).framing(framing).build()) {
            woodstox.write(ring[0], out.reset());
            DsoapClient.await(c.send(out.buffers()));
            expect(concat(out.buffers()), keeping.takeBodies(), "baselineWoodstox", 0);
            fresh.reset();
            DsoapClient.await(c.send(fresh, ring[0].parts()));
            expect(written(fresh), keeping.takeBodies(), "baselineFirstSend", 0);
            for (int n = 0; n < VERIFIED; n++) {
                DsoapClient.await(c.send(ds, ring[n].parts()));
                expect(written(ds), keeping.takeBodies(), "dsoapDifferential", n);
            }
        }
    }

    private static byte[] concat(ByteBuffer[] buffers) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (ByteBuffer x : buffers) {
            ByteBuffer d = x.duplicate();
            byte[] a = new byte[d.remaining()];
            d.get(a);
            b.writeBytes(a);
        }
        return b.toByteArray();
    }

    private static byte[] written(DifferentialSerializer s) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        s.writeTo(b);
        return b.toByteArray();
    }

    private void expect(byte[] want, List<byte[]> got, String method, int n) {
        if (got.size() != 1 || !Arrays.equals(want, got.get(0))) {
            throw new IllegalStateException(this + " " + method + ", message " + n + ": the server read "
                    + (got.size() == 1 ? got.get(0).length + " bytes that differ from the " + want.length + " serialized"
                    : got.size() + " bodies"));
        }
    }

    private Payload nextPayload() {
        Payload p = ring[next];
        next = (next + 1) % RING;
        return p;
    }

    /** Keeps the one-behind response check: awaits the previous send's response and checks its length. */
    private long sent(CompletableFuture<Response> f, long length) {
        CompletableFuture<Response> prev = pending;
        long prevLength = pendingLength;
        pending = f;
        pendingLength = length;
        sends++;
        bytes += length;
        if (prev != null) {
            check(DsoapClient.await(prev), prevLength);
        }
        return length;
    }

    private void check(Response r, long length) {
        String got = r.header(DummySoapServer.BODY_LENGTH);
        if (got == null || Long.parseLong(got) != length) {
            throw new IllegalStateException(this + ": sent " + length + " bytes, the server read " + got);
        }
    }

    @Benchmark
    public long baselineWoodstox() throws Exception {
        woodstox.write(nextPayload(), out.reset());
        return sent(client.send(out.buffers()), out.length());
    }

    @Benchmark
    public long baselineFirstSend() {
        fresh.reset();
        Checks.expect(fresh.serialize(nextPayload().parts()), MatchClass.FIRST_SEND, "baselineFirstSend");
        return sent(client.send(fresh), fresh.messageLength());
    }

    @Benchmark
    public long dsoapDifferential() {
        ds.serialize(nextPayload().parts());
        return sent(client.send(ds), ds.messageLength());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        try {
            if (pending != null) {
                check(DsoapClient.await(pending), pendingLength);
            }
            if (server.requests() != sends || server.bodyBytes() != bytes) {
                throw new IllegalStateException(this + ": sent " + sends + " requests of " + bytes + " bytes, the server read "
                        + server.requests() + " of " + server.bodyBytes());
            }
        } finally {
            client.close();
            server.close();
        }
    }

    @Override
    public String toString() {
        return "SendTimeBench(" + shape + ", size " + size + ", " + percent + " %, " + framing + ")";
    }
}
