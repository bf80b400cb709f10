package dev.dsoap.jaxws;

import dev.dsoap.parse.ParserLimits;

import java.util.function.Function;

/**
 * CXF's own parser limits (the {@code org.apache.cxf.stax.*} properties, on the endpoint or the bus, else
 * system properties, else CXF's defaults), as dsoap's: an endpoint's {@code dsoap.max*} settings default to
 * them, so dsoap's path refuses what CXF's parser refuses. CXF counts attribute and text lengths in
 * characters, dsoap in UTF-8 bytes: for non-ASCII values dsoap's bound is the tighter one. Stateless.
 */
final class CxfLimits {
    private static final String PREFIX = "org.apache.cxf.stax.";

    private CxfLimits() {
    }

    /** The limits CXF applies on an endpoint whose properties (then its bus's) are {@code values}. */
    static ParserLimits of(Function<String, String> values) {
        ParserLimits d = ParserLimits.defaults();
        return d.toBuilder()
                .maxDepth(bound(values, "maxElementDepth", "org.apache.cxf.staxutils.innerElementLevelThreshold", 100))
                .maxChildElements(bound(values, "maxChildElements", "org.apache.cxf.staxutils.innerElementCountThreshold", 50_000))
                .maxAttributes(bound(values, "maxAttributeCount", null, 500))
                .maxAttributeValueBytes(bound(values, "maxAttributeSize", null, 64 * 1024))
                .maxTextBytes(Math.min(bound(values, "maxTextLength", null, 128 << 20), Integer.MAX_VALUE - 8))
                .build();
    }

    /** A limit as CXF reads it; a negative or zero value (CXF's "none") is no limit. */
    private static int bound(Function<String, String> values, String name, String oldName, int dflt) {
        String v = values.apply(PREFIX + name);
        if (v == null) {
            v = System.getProperty(PREFIX + name);
        }
        if (v == null && oldName != null) {
            v = System.getProperty(oldName);
        }
        if (v == null) {
            return dflt;
        }
        try {
            int n = Integer.parseInt(v.trim());
            return n <= 0 ? Integer.MAX_VALUE : n;
        } catch (NumberFormatException e) {
            return dflt; // CXF too ignores a value it cannot read
        }
    }
}
