package dev.dsoap.binding;

/**
 * String rules the compiler needs: XML name checks, attribute-value escaping for namespace URIs, and
 * the JavaBeans / JAXB ways of turning Java names into XML names. Stateless.
 */
final class XmlNames {
    /** The XML Schema instance namespace ({@code xsi:nil}, {@code xsi:type}). */
    static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    /** The XML Schema namespace ({@code xsd:double} in {@code xsi:type}). */
    static final String XSD = "http://www.w3.org/2001/XMLSchema";

    private XmlNames() {
    }

    /** Whether {@code s} is an XML NCName (a name without a colon), checked for the BMP. */
    static boolean isNcName(String s) {
        if (s == null || s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean start = c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')
                    || (c >= 0xC0 && c != 0xD7 && c != 0xF7 && c <= 0x2FF) || (c >= 0x370 && c <= 0x1FFF && c != 0x37E)
                    || (c >= 0x200C && c <= 0x200D) || (c >= 0x2070 && c <= 0x218F) || (c >= 0x2C00 && c <= 0x2FEF)
                    || (c >= 0x3001 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFFD)
                    || Character.isSurrogate(c);
            boolean more = c == '-' || c == '.' || (c >= '0' && c <= '9') || c == 0xB7
                    || (c >= 0x300 && c <= 0x36F) || (c >= 0x203F && c <= 0x2040);
            if (!(start || (i > 0 && more))) {
                return false;
            }
        }
        return true;
    }

    /** Throws unless {@code name} is an NCName; {@code what} says whose name it is. */
    static String checkNcName(String name, String what) {
        if (!isNcName(name)) {
            throw new IllegalArgumentException(what + ": '" + name + "' is not a valid XML name");
        }
        return name;
    }

    /** {@code s} escaped for a double-quoted attribute value. */
    static String escapeAttribute(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String r = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '"' -> "&quot;";
                case '\t' -> "&#9;";
                case '\n' -> "&#10;";
                case '\r' -> "&#13;";
                default -> null;
            };
            if (r != null && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (b != null) {
                if (r != null) {
                    b.append(r);
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }

    /** {@code java.beans.Introspector.decapitalize}: {@code "Value"} -> {@code "value"}, {@code "URL"} stays. */
    static String decapitalize(String name) {
        if (name.isEmpty() || (name.length() > 1 && Character.isUpperCase(name.charAt(1))
                && Character.isUpperCase(name.charAt(0)))) {
            return name;
        }
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }

    /**
     * JAXB's default XML name for a class: the first word of the simple name in lower case, e.g.
     * {@code MyBean} -> {@code myBean}, {@code MIO} -> {@code mio}, {@code URLThing} -> {@code urlThing}.
     */
    static String jaxbDefaultName(String simpleName) {
        int n = simpleName.length();
        int end = 0;
        while (end < n && Character.isUpperCase(simpleName.charAt(end))) {
            end++;
        }
        if (end == 0) {
            return simpleName;
        }
        if (end > 1 && end < n && Character.isLowerCase(simpleName.charAt(end))) {
            end--; // "URLThing": the 'T' starts the next word
        }
        return simpleName.substring(0, end).toLowerCase(java.util.Locale.ROOT) + simpleName.substring(end);
    }

    /** The namespace derived from a package: {@code org.example.beans} -> {@code http://beans.example.org}. */
    static String packageNamespace(Class<?> c, String suffix) {
        String pkg = c.getPackageName();
        if (pkg.isEmpty()) {
            return "http://default" + suffix;
        }
        String[] parts = pkg.split("\\.");
        StringBuilder b = new StringBuilder("http://");
        for (int i = parts.length - 1; i >= 0; i--) {
            b.append(parts[i]).append(i == 0 ? "" : ".");
        }
        return b.append(suffix).toString();
    }
}
