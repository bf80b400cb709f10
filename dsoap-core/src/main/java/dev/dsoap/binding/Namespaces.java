package dev.dsoap.binding;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The namespace prefixes of one message being compiled. The envelope prefix, {@code xsi} and
 * {@code xsd} are bound on the Envelope; the wrapper (or bare body element) namespace gets the
 * convention's wrapper prefix; every other namespace gets {@code typePrefixStem + n}, {@code n} counting
 * from 1 in document order of first use and skipping prefixes already taken. All of them are declared on
 * the body's top element, so every prefix is in scope wherever the template puts it, whichever optional
 * parts a message leaves out. Not thread-safe: one per compilation.
 */
final class Namespaces {
    /** Prefix by namespace URI, in order of first use. */
    private final Map<String, String> prefixes = new LinkedHashMap<>();
    /** Prefixes taken (bound here or on the Envelope). */
    private final Set<String> taken = new HashSet<>();
    /** Stem of generated prefixes. */
    private final String stem;
    /** The next number to try after the stem. */
    private int next = 1;

    Namespaces(WireConvention conv) {
        this.stem = XmlNames.checkNcName(conv.typePrefixStem(), conv + " type prefix stem");
        if (stem.toLowerCase(Locale.ROOT).startsWith("xml")) {
            throw new IllegalArgumentException(conv + " type prefix stem: '" + stem + "' is reserved (starts with xml)");
        }
        taken.add(XmlNames.checkNcName(conv.envelopePrefix(), conv + " envelope prefix"));
        taken.add("xsi");
        taken.add("xsd");
    }

    /** Binds {@code prefix} to {@code uri} (the wrapper namespace); must come before any {@link #prefix}. */
    void bind(String uri, String prefix, String what) {
        XmlNames.checkNcName(prefix, what);
        if (taken.contains(prefix) || prefix.toLowerCase(Locale.ROOT).startsWith("xml")) {
            throw new IllegalArgumentException(what + ": prefix '" + prefix + "' is reserved or already bound");
        }
        taken.add(prefix);
        prefixes.put(uri, prefix);
    }

    /** The prefix for {@code uri}, allocating {@code stem + n} on first use. */
    String prefix(String uri) {
        String p = prefixes.get(uri);
        if (p == null) {
            do {
                p = stem + next++;
            } while (taken.contains(p));
            taken.add(p);
            prefixes.put(uri, p);
        }
        return p;
    }

    /** {@code local} qualified for {@code uri}: {@code p:local}, or {@code local} when {@code uri} is empty. */
    String qualify(String uri, String local) {
        return uri.isEmpty() ? local : prefix(uri) + ":" + local;
    }

    /** {@code  xmlns:p="uri"} for every namespace bound so far, in order of first use. */
    String declarations() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : prefixes.entrySet()) {
            b.append(" xmlns:").append(e.getValue()).append("=\"").append(XmlNames.escapeAttribute(e.getKey())).append('"');
        }
        return b.toString();
    }
}
