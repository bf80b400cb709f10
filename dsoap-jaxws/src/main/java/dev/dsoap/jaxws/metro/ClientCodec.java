package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.message.Message;
import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.pipe.Codec;
import com.sun.xml.ws.api.pipe.ContentType;
import dev.dsoap.host.EnvelopeHead;
import dev.dsoap.host.MessageBytes;
import dev.dsoap.host.RejectedMessageException;
import dev.dsoap.parse.XmlParseException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * The codec of a Metro client proxy whose service endpoint interface carries {@code @DifferentialSoap}, around Metro's
 * own: a request dsoap wrote ({@link CarriedReply}, made by {@link MetroClient}) is copied to the transport as it is,
 * with the header blocks Metro's tubes added; the answer to it is read by the operation's differential reader into the
 * values of its parts ({@link ReadAnswer}), which {@link MetroClient} returns to the caller. Everything else (faults, a
 * message dsoap did not write, an answer dsoap cannot read) is encoded and decoded by Metro's codec, from the same
 * bytes. Metro copies the codec per call ({@link #copy()}); an instance is used by one thread at a time.
 */
final class ClientCodec implements Codec {
    private final Codec metro;

    ClientCodec(Codec metro) {
        this.metro = metro;
    }

    @Override
    public String getMimeType() {
        return metro.getMimeType();
    }

    @Override
    public ContentType getStaticContentType(Packet packet) {
        return metro.getStaticContentType(packet);
    }

    @Override
    public ContentType encode(Packet packet, OutputStream out) throws IOException {
        Message m = packet.getInternalMessage();
        if (m instanceof CarriedReply r && packet.invocationProperties.get(MetroClient.CALL) instanceof MetroClient.Call) {
            ContentType type = metro.getStaticContentType(packet); // Content-Type and SOAPAction as Metro sends them
            if (type != null) {
                try {
                    r.writeTo(out);
                } finally {
                    r.close();
                }
                return type;
            }
            return metro.encode(packet, out); // a codec without a static type (MTOM): Metro's message of the same values
        }
        return metro.encode(packet, out);
    }

    @Override
    public ContentType encode(Packet packet, WritableByteChannel buffer) {
        return metro.encode(packet, buffer);
    }

    @Override
    public Codec copy() {
        return new ClientCodec(metro.copy());
    }

    @Override
    public void decode(ReadableByteChannel in, String contentType, Packet packet) {
        metro.decode(in, contentType, packet);
    }

    @Override
    public void decode(InputStream in, String contentType, Packet packet) throws IOException {
        if (!(packet.invocationProperties.get(MetroClient.CALL) instanceof MetroClient.Call call) || call.op().oneWay
                || !call.client().readable(contentType)) {
            metro.decode(in, contentType, packet);
            return;
        }
        MetroClient client = call.client();
        int limit = client.settings.deserializer().limits().maxMessageBytes();
        InputStream[] overflow = new InputStream[1];
        MessageBytes b = MessageBytes.readAtMost(in, limit, -1, overflow, client.budget);
        if (b == null) {
            call.op().stats.readFallback(MessageBytes.overflowReason(overflow[0]), "answer longer than " + limit
                    + " bytes (dsoap.maxMessageBytes) or no room among the bytes in flight");
            metro.decode(overflow[0], contentType, packet); // Metro reads it on from what was read
            return;
        }
        byte[] raw = b.bytes();
        int len = b.length();
        ReadAnswer answer = len == 0 ? null : read(call, raw, len, contentType, packet);
        if (answer != null) {
            packet.setMessage(answer);
            packet.invocationProperties.put(ReadAnswer.KEY, answer);
        } else if (packet.getInternalMessage() == null) {
            metro.decode(new ByteArrayInputStream(raw, 0, len), contentType, packet);
        }
    }

    /** The answer read by dsoap, or {@code null} (counted) when Metro is to read these bytes (a fault, another shape). */
    private ReadAnswer read(MetroClient.Call call, byte[] raw, int len, String contentType, Packet packet) {
        MetroOperation op = call.op();
        EnvelopeHead head;
        dev.dsoap.parse.XmlScanner sc = call.client().scanners().take();
        try {
            head = EnvelopeHead.read(sc, raw, len);
        } catch (XmlParseException e) {
            return null; // Metro's reading of it says what is wrong
        } finally {
            call.client().scanners().give(sc);
        }
        if (head.fault() || head.localName() == null || !head.localName().equals(op.responseElement.getLocalPart())
                || !java.util.Objects.equals(head.namespace(), op.responseElement.getNamespaceURI())) {
            return null; // a fault, or not the operation's answer: Metro's way
        }
        Message host = null;
        if (head.headerBlocks()) {
            // Metro's codec reads the header blocks for its tubes (WS-Addressing's checks, handlers); dsoap the body
            try {
                metro.decode(new ByteArrayInputStream(raw, 0, len), contentType, packet);
            } catch (IOException | RuntimeException e) {
                packet.setMessage(null);
                return null;
            }
            host = packet.getInternalMessage();
        }
        Object[] values;
        try {
            values = op.carrier.read(raw, len, 0, true, null, null);
        } catch (RejectedMessageException e) {
            packet.setMessage(null);
            return null; // counted; Metro reads the bytes and says what is wrong
        }
        if (values == null) {
            packet.setMessage(null);
            return null;
        }
        if (call.handlers()) {
            packet.setSAAJFactory(HandlerSaaj.INSTANCE); // the proxy's handlers get the lazy SAAJ message of these bytes
        }
        return new ReadAnswer(call.client().metroVersion, op, values, raw, len, contentType, metro, host, call.handlers());
    }
}
