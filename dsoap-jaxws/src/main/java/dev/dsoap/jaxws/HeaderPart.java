package dev.dsoap.jaxws;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.host.CursorPool;
import dev.dsoap.parse.ParserLimits;

/**
 * One SOAP header part of an operation's incoming messages ({@code @WebParam(header = true)}): the block's
 * element name, where its value goes in CXF's content list, and a reader of the block by the part's bare plan
 * (dsoap's own parser and binding, the whole block every time: header blocks are small). Thread-safe: each
 * thread reads with its own reader.
 */
final class HeaderPart {
    /** Namespace of the block's element. */
    final String namespace;
    /** Local name of the block's element. */
    final String localName;
    /** Content-list index of the value. */
    final int index;
    /** Java type of the value (a primitive cannot stand for an absent block). */
    final Class<?> type;
    /** The readers of the block (pooled, not thread-local: the host's threads keep nothing of dsoap). */
    private final CursorPool<PlanDeserializer> readers;

    HeaderPart(String namespace, String localName, int index, Class<?> type, MessagePlan plan, ParserLimits limits) {
        this.namespace = namespace;
        this.localName = localName;
        this.index = index;
        this.type = type;
        this.readers = new CursorPool<>(() -> PlanDeserializer.headerBlock(plan, limits));
    }

    /**
     * The value of this part's block in {@code b[0..len)}, {@code null} when the Header has no such block.
     *
     * @throws dev.dsoap.parse.XmlParseException                if the message's start is malformed or over a limit
     * @throws dev.dsoap.deserialize.MessageBindingException if the block does not hold a value of the part's type
     */
    Object read(byte[] b, int len) {
        PlanDeserializer r = readers.take();
        try {
            return r.deserialize(b, 0, len)[0];
        } finally {
            readers.give(r);
        }
    }

    @Override
    public String toString() {
        return "{" + namespace + "}" + localName;
    }
}
