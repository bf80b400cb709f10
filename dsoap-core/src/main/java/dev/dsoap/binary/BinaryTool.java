package dev.dsoap.binary;

import dev.dsoap.binding.ScalarType;
import dev.dsoap.parse.ParserLimits;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/**
 * The converter command, for logs, debugging and gateways: reads binary messages without the service's Java
 * types, from the format descriptor a message carries (or one given in a file).
 *
 * <pre>
 * java -cp dsoap-core.jar dev.dsoap.binary.BinaryTool describe MESSAGE_OR_DESCRIPTOR
 * java -cp dsoap-core.jar dev.dsoap.binary.BinaryTool xml MESSAGE [DESCRIPTOR]
 * </pre>
 *
 * <p>{@code describe} prints a message's header (version, byte order, format id, sizes) and its format, or a
 * descriptor file's format. {@code xml} prints the SOAP 1.1 envelope holding the message's values: element and
 * attribute names from the descriptor (unqualified below the body element), {@code xsi:nil} for nillable nulls,
 * doubles and floats in xsd lexical form ({@code INF}, {@code -INF}, {@code NaN}), byte arrays in base64. The
 * message is read with the default limits and every check of {@link BinaryReader}; what is wrong is printed with
 * its offset and path, and the command exits with status 1. For the same values as dsoap's host would write them
 * (prefixes, namespaces of the service), convert with {@link BinaryXml} and the service's plan.
 */
public final class BinaryTool {
    private BinaryTool() {
    }

    public static void main(String[] args) throws IOException {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; returns the exit status (0 done, 1 a message or descriptor that cannot be read, 2 usage). */
    static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        if (args.length < 2 || args.length > 3 || !args[0].equals("describe") && !args[0].equals("xml")
                || args[0].equals("describe") && args.length != 2) {
            err.println("usage: BinaryTool describe MESSAGE_OR_DESCRIPTOR");
            err.println("       BinaryTool xml MESSAGE [DESCRIPTOR]");
            return 2;
        }
        byte[] b = Files.readAllBytes(Path.of(args[1]));
        try {
            if (args[0].equals("describe")) {
                out.print(describe(b));
            } else {
                Descriptor d = args.length == 3 ? descriptorFile(Files.readAllBytes(Path.of(args[2]))) : null;
                out.print(xml(b, d));
            }
            return 0;
        } catch (BinaryFormatException | IllegalArgumentException e) {
            err.println(args[1] + ": " + e.getMessage());
            return 1;
        }
    }

    private static Descriptor descriptorFile(byte[] b) {
        return Descriptor.parse(b, 0, b.length);
    }

    /** The header and format of a binary message, or the format of a descriptor. */
    static String describe(byte[] b) {
        if (!Frame.isBinary(b, 0, b.length)) {
            return descriptorFile(b).toString();
        }
        int flags = Frame.check(b, 0, b.length);
        Descriptor d = Frame.descriptor(b, 0, b.length);
        return "binary message, version " + Frame.VERSION + ", " + b.length + " bytes, "
                + ((flags & Frame.LITTLE_ENDIAN) != 0 ? "little-endian" : "big-endian") + ", format "
                + Descriptor.hex(Frame.id(b, 0)) + (d == null ? ", no descriptor\n" : ", descriptor of " + d.length() + " bytes:\n" + d);
    }

    /**
     * The SOAP 1.1 envelope of binary message {@code b}, read by the descriptor it carries or, when it carries none,
     * by {@code given}.
     */
    static String xml(byte[] b, Descriptor given) {
        Descriptor carried = Frame.descriptor(b, 0, b.length);
        Descriptor d = carried != null ? carried : given;
        if (d == null) {
            throw new IllegalArgumentException("the message carries no descriptor: give its format's descriptor file");
        }
        Object[] values = BinaryFormat.generic(d).newReader(ParserLimits.defaults()).read(b, 0, b.length);
        StringBuilder sb = new StringBuilder();
        sb.append("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"")
                .append(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><soapenv:Body>");
        Descriptor.Node root = d.root();
        if ((root.flags & Descriptor.BARE) != 0) {
            // a bare message: the body element is the one child, in the format's namespace
            Descriptor.Node element = root.children.get(0);
            Object v = values[0];
            if (v != null || (element.flags & Descriptor.NIL) != 0) {
                sb.append("<ns:").append(d.localName()).append(" xmlns:ns=\"");
                escape(sb, d.namespace(), true);
                sb.append('"');
                if (v == null) {
                    sb.append(" xsi:nil=\"true\"/>");
                } else if (element.kind == Descriptor.STRUCT) {
                    members(sb, element, (Object[]) v);
                    sb.append("</ns:").append(d.localName()).append('>');
                } else {
                    sb.append('>');
                    leaf(sb, element, v, false);
                    sb.append("</ns:").append(d.localName()).append('>');
                }
            }
            return sb.append("</soapenv:Body></soapenv:Envelope>\n").toString();
        }
        sb.append("<ns:").append(d.localName()).append(" xmlns:ns=\"");
        escape(sb, d.namespace(), true);
        sb.append('"');
        members(sb, root, values);
        sb.append("</ns:").append(d.localName()).append("></soapenv:Body></soapenv:Envelope>\n");
        return sb.toString();
    }

    /** Writes a struct's attributes into the open start tag, closes it, then writes its children. */
    private static void members(StringBuilder sb, Descriptor.Node struct, Object[] v) {
        int i = 0;
        for (Descriptor.Node a : struct.attributes) {
            Object x = v[i++];
            if (x != null) {
                sb.append(' ').append(a.name).append("=\"");
                leaf(sb, a, x, true);
                sb.append('"');
            }
        }
        sb.append('>');
        for (Descriptor.Node c : struct.children) {
            value(sb, c, v[i++]);
        }
    }

    private static void value(StringBuilder sb, Descriptor.Node n, Object x) {
        if (n.kind == Descriptor.ARRAY) {
            if (x == null) {
                if ((n.flags & Descriptor.NIL) != 0) {
                    sb.append('<').append(n.name).append(" xsi:nil=\"true\"/>");
                }
                return;
            }
            for (int i = 0, len = Array.getLength(x); i < len; i++) {
                value(sb, n.item, Array.get(x, i));
            }
            return;
        }
        if (x == null) {
            if ((n.flags & Descriptor.NIL) != 0) {
                sb.append('<').append(n.name).append(" xsi:nil=\"true\"/>");
            }
            return;
        }
        sb.append('<').append(n.name);
        if (n.kind == Descriptor.STRUCT) {
            members(sb, n, (Object[]) x);
        } else {
            sb.append('>');
            leaf(sb, n, x, false);
        }
        sb.append("</").append(n.name).append('>');
    }

    private static void leaf(StringBuilder sb, Descriptor.Node n, Object x, boolean attribute) {
        ScalarType t = Descriptor.type(n.code);
        if (x instanceof Double d) {
            sb.append(d.isNaN() ? "NaN" : d.isInfinite() ? (d > 0 ? "INF" : "-INF") : d.toString());
        } else if (x instanceof Float f) {
            sb.append(f.isNaN() ? "NaN" : f.isInfinite() ? (f > 0 ? "INF" : "-INF") : f.toString());
        } else if (x instanceof BigDecimal d) {
            sb.append(d.toPlainString());
        } else if (x instanceof byte[] bytes) {
            sb.append(Base64.getEncoder().encodeToString(bytes));
        } else if (t == ScalarType.STRING || t == ScalarType.ENUM) {
            escape(sb, x.toString(), attribute);
        } else {
            sb.append(x);
        }
    }

    private static void escape(StringBuilder sb, String s, boolean attribute) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append(attribute ? "&quot;" : "\"");
                case '\r' -> sb.append("&#13;");
                case '\t' -> sb.append(attribute ? "&#9;" : "\t");
                case '\n' -> sb.append(attribute ? "&#10;" : "\n");
                default -> sb.append(c);
            }
        }
    }
}
