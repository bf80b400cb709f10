package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.serialize.ValueKind;
import dev.dsoap.host.MessageBytes;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * What keeping a request's bytes costs a host before anything reads them: a SOAP 1.1 request of {@code size} hard
 * doubles (about 30 bytes of markup and text each; 100K are about 3 MB; {@code attributes}: with an attribute on each
 * item's start tag, as Axis2's RPCServiceClient sends them), handed over by a stream in pieces of
 * {@value #PIECE} bytes at most, as a transport's decoder hands over a chunked body, read whole (no length declared):
 *
 * <ul>
 * <li>{@code toStreamEnd}: {@link MessageBytes#readAtMost} reads to the stream's end (the JAX-WS hosts);</li>
 * <li>{@code toDocumentEnd}: {@link MessageBytes#readDocument} reads to the root element's end, so that it stops
 *     where an XML parser stops (the Axis2 host, whose parser does not wait for declared bytes a sender never
 *     sends): it tracks the markup to the root's start tag, then takes the root's end tag arriving last for its
 *     end;</li>
 * <li>{@code toDocumentEndChecked}: the same, then every byte tracked to check that guess
 *     ({@link MessageBytes#wholeDocument()}), as a request dsoap refuses or may share an answer for pays.</li>
 * </ul>
 *
 * <p>The difference is the tracking's cost per message. Time per message, in ms; the setup checks both read every
 * byte.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class CaptureReadBench {
    /** The most bytes one read of the stream hands over. */
    static final int PIECE = 8192;

    @Param({"10000", "100000"})
    public int size;
    /**
     * The items' start tags: {@code none} ({@code <arg0>}), or {@code xmlns} ({@code <arg0 xmlns="">}, as Axis2's
     * {@code RPCServiceClient} writes every item).
     */
    @Param({"none", "xmlns"})
    public String attributes;

    private byte[] message;

    @Setup
    public void setup() throws IOException {
        message = DdsMessages.allDiffer(ValueKind.DOUBLE, size, 1).message(0);
        if (attributes.equals("xmlns")) {
            message = new String(message, java.nio.charset.StandardCharsets.UTF_8).replace("<arg0>", "<arg0 xmlns=\"\">")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        } else if (!attributes.equals("none")) {
            throw new IllegalArgumentException("attributes: none or xmlns, not " + attributes);
        }
        for (MessageBytes b : new MessageBytes[] {toStreamEnd(), toDocumentEnd(), toDocumentEndChecked()}) {
            if (b.length() != message.length || !Arrays.equals(b.bytes(), 0, b.length(), message, 0, message.length)) {
                throw new IllegalStateException("read " + b.length() + " of " + message.length + " bytes");
            }
        }
    }

    @Benchmark
    public MessageBytes toStreamEnd() throws IOException {
        return MessageBytes.readAtMost(new Pieces(message), Integer.MAX_VALUE - 8, -1);
    }

    @Benchmark
    public MessageBytes toDocumentEnd() throws IOException {
        return MessageBytes.readDocument(new Pieces(message), Integer.MAX_VALUE - 8, -1);
    }

    @Benchmark
    public MessageBytes toDocumentEndChecked() throws IOException {
        MessageBytes b = MessageBytes.readDocument(new Pieces(message), Integer.MAX_VALUE - 8, -1);
        if (!b.wholeDocument()) {
            throw new IllegalStateException("not the whole document");
        }
        return b;
    }

    /** A stream over a message that hands over at most {@link #PIECE} bytes a read. Not thread-safe. */
    static final class Pieces extends InputStream {
        private final byte[] b;
        private int at;

        Pieces(byte[] b) {
            this.b = b;
        }

        @Override
        public int read() {
            return at < b.length ? b[at++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] to, int off, int len) {
            if (at == b.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, PIECE), b.length - at);
            System.arraycopy(b, at, to, off, n);
            at += n;
            return n;
        }
    }
}
