package dev.dsoap.binary;

import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;

/**
 * Converts the messages of one format between the binary and the XML form, for logs, debugging and gateways: a
 * binary message becomes the SOAP envelope dsoap would have written for the same values, and an envelope becomes
 * the binary message of the values it holds. Both directions check their input as the readers do (the binary
 * reader's checks, or dsoap's XML parser's limits and binding rules) and throw their exceptions.
 *
 * <p>Not thread-safe: one per thread.
 */
public final class BinaryXml {
    private final BinaryReader binaryReader;
    private final BinaryWriter binaryWriter;
    private final PlanDeserializer xmlReader;
    private final DifferentialSerializer xmlWriter;

    /**
     * @param limits what either reader accepts
     */
    public BinaryXml(BinaryFormat format, ParserLimits limits) {
        this.binaryReader = format.newReader(limits);
        this.binaryWriter = format.newWriter();
        this.xmlReader = new PlanDeserializer(format.plan(), limits);
        this.xmlWriter = new DifferentialSerializer(format.plan(), SerializerConfig.defaults(), new SerializerStats(), null);
    }

    /**
     * The SOAP envelope holding the values of binary message {@code b[off, off+len)}.
     *
     * @throws BinaryFormatException if the binary message cannot be read
     */
    public byte[] toXml(byte[] b, int off, int len) {
        Object[] values = binaryReader.read(b, off, len);
        xmlWriter.reset(); // each conversion from scratch: no template state carried between messages
        xmlWriter.serialize(values);
        return xmlWriter.toByteArray();
    }

    /**
     * The binary message, carrying its descriptor, of the values in SOAP envelope {@code b[off, off+len)}.
     *
     * @throws dev.dsoap.parse.XmlParseException if the envelope is not well-formed or over a limit
     * @throws dev.dsoap.deserialize.MessageBindingException if it does not hold this format's values
     */
    public byte[] toBinary(byte[] b, int off, int len) {
        Object[] values = xmlReader.deserialize(b, off, len);
        binaryWriter.write(values, true);
        return binaryWriter.toByteArray();
    }
}
