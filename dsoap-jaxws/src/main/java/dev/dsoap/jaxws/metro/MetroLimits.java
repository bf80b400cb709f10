package dev.dsoap.jaxws.metro;

import dev.dsoap.parse.ParserLimits;

import java.util.function.Function;

/**
 * Metro's own parser limits, as dsoap's: a carried Metro endpoint's {@code dsoap.max*} settings default to them, so
 * that dsoap's path carries no message Metro's parser would refuse. Metro sets them on its Woodstox parser from the
 * system properties {@code xml.ws.maximum.*} ({@code ElementDepth}, default 500; {@code AttributesPerElement}, 500;
 * {@code AttributeSize}, 524288 characters; {@code ChildrenPerElement}, none; {@code Characters}, none: a bound on a
 * whole document's text, which dsoap applies to each text, the tighter reading). Where dsoap's own bound is tighter
 * (256 nested elements, 256 attributes, 512000 bytes of an attribute value, 64 MiB of text), dsoap's stays: a message
 * past it goes Metro's way, which decides. dsoap counts attribute and text lengths in UTF-8 bytes, Metro in characters.
 * Stateless.
 */
final class MetroLimits {
    private static final String PREFIX = "xml.ws.maximum.";

    private MetroLimits() {
    }

    /** The limits for Metro's properties as {@code properties} gives them (the system properties, in use). */
    static ParserLimits of(Function<String, String> properties) {
        ParserLimits d = ParserLimits.defaults();
        return d.toBuilder()
                .maxDepth(Math.min(d.maxDepth(), bound(properties, "ElementDepth", 500)))
                .maxAttributes(Math.min(d.maxAttributes(), bound(properties, "AttributesPerElement", 500)))
                .maxAttributeValueBytes(Math.min(d.maxAttributeValueBytes(), bound(properties, "AttributeSize", 65536 * 8)))
                .maxChildElements(Math.min(d.maxChildElements(), bound(properties, "ChildrenPerElement", Integer.MAX_VALUE)))
                .maxTextBytes(Math.min(d.maxTextBytes(), bound(properties, "Characters", Integer.MAX_VALUE)))
                .build();
    }

    /** A limit as Metro reads it: a positive number, else (unset, zero, negative, unreadable) Metro's default. */
    private static int bound(Function<String, String> properties, String name, int dflt) {
        String v = properties.apply(PREFIX + name);
        if (v == null || v.isEmpty()) {
            return dflt;
        }
        try {
            // Metro reads the document's characters as a long, the others as ints
            long n = name.equals("Characters") ? Long.parseLong(v) : Integer.parseInt(v);
            return n <= 0 ? dflt : (int) Math.min(n, Integer.MAX_VALUE);
        } catch (NumberFormatException e) {
            return dflt;
        }
    }
}
