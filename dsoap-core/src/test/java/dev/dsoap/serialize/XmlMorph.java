package dev.dsoap.serialize;

import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.PlanNode;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.binding.StructNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites a serialized message into another spelling of the same infoset, as other SOAP stacks would
 * write it: namespace prefixes renamed and declarations moved, whitespace, comments and processing
 * instructions between elements and inside leaf values, leaf text as CDATA or character references,
 * attributes reordered or an unrelated one added, numbers written wider. Which rewrites apply is drawn
 * from the {@link Random} given, so the same seed gives the same bytes. Not thread-safe.
 */
final class XmlMorph {
    private static final Pattern XMLNS = Pattern.compile("\\sxmlns:([A-Za-z_][\\w.-]*)=\"[^\"]*\"");
    private static final Set<ScalarType> FLOATING = EnumSet.of(ScalarType.DOUBLE, ScalarType.FLOAT);
    private static final Set<ScalarType> INTEGRAL = EnumSet.of(ScalarType.INT, ScalarType.LONG, ScalarType.SHORT,
            ScalarType.BYTE, ScalarType.INTEGER);

    /** Element local name -> the leaf types elements of that name have in the plan. */
    private final Map<String, Set<ScalarType>> leafTypes = new HashMap<>();
    /** What the last {@link #apply} did, for failure messages. */
    final List<String> applied = new ArrayList<>();
    private int fresh;

    XmlMorph(MessagePlan plan) {
        scan(plan.root());
    }

    private void scan(PlanNode n) {
        if (n instanceof StructNode s) {
            s.children().forEach(this::scan);
        } else if (n instanceof ArrayNode a) {
            scan(a.item());
        } else if (n instanceof ScalarNode s && !s.attribute() && s.open() != null) {
            leafTypes.computeIfAbsent(localName(new String(s.open(), StandardCharsets.UTF_8)),
                    k -> EnumSet.noneOf(ScalarType.class)).add(s.type());
        }
    }

    private static String localName(String tag) {
        int i = tag.startsWith("</") ? 2 : 1;
        int e = i;
        while (e < tag.length() && " \t\r\n/>".indexOf(tag.charAt(e)) < 0) {
            e++;
        }
        String q = tag.substring(i, e);
        return q.substring(q.indexOf(':') + 1);
    }

    /** Each rewrite applied with probability {@code percent}. */
    byte[] apply(byte[] message, Random r, int percent) {
        applied.clear();
        List<String> t = tokens(new String(message, StandardCharsets.UTF_8));
        if (chance(r, percent)) {
            renamePrefixes(t, r);
        }
        if (chance(r, percent)) {
            moveDeclaration(t, r);
        }
        boolean numbers = chance(r, percent);
        boolean encode = chance(r, percent);
        boolean leafMarkup = chance(r, percent);
        if (numbers || encode || leafMarkup) {
            applied.add((numbers ? "numbers " : "") + (encode ? "cdata/refs " : "") + (leafMarkup ? "leaf-comments" : ""));
            for (int i = 2; i < t.size() - 1; i += 2) {
                if (isLeaf(t, i)) {
                    t.set(i, leaf(t.get(i - 1), t.get(i), r, numbers, encode, leafMarkup));
                }
            }
        }
        if (chance(r, percent)) {
            attributes(t, r);
        }
        boolean space = chance(r, percent);
        boolean markup = chance(r, percent);
        if (space || markup) {
            applied.add((space ? "whitespace " : "") + (markup ? "comments/PIs" : ""));
            between(t, r, space, markup);
        }
        return String.join("", t).getBytes(StandardCharsets.UTF_8);
    }

    private static boolean chance(Random r, int percent) {
        return r.nextInt(100) < percent;
    }

    /** Alternating text, tag, text, tag, ..., text (texts may be empty). */
    static List<String> tokens(String xml) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (true) {
            int lt = xml.indexOf('<', i);
            if (lt < 0) {
                out.add(xml.substring(i));
                return out;
            }
            out.add(xml.substring(i, lt));
            int j = lt + 1;
            char quote = 0;
            while (true) {
                char c = xml.charAt(j);
                if (quote != 0) {
                    if (c == quote) {
                        quote = 0;
                    }
                } else if (c == '"' || c == '\'') {
                    quote = c;
                } else if (c == '>') {
                    break;
                }
                j++;
            }
            out.add(xml.substring(lt, j + 1));
            i = j + 1;
        }
    }

    private static boolean isStart(String tag) {
        return tag.startsWith("<") && !tag.startsWith("</") && !tag.startsWith("<?") && !tag.startsWith("<!")
                && !tag.endsWith("/>");
    }

    /** Text token {@code i} is the content of a leaf (or empty) element. */
    private static boolean isLeaf(List<String> t, int i) {
        return i > 0 && i < t.size() - 1 && isStart(t.get(i - 1)) && t.get(i + 1).startsWith("</");
    }

    private void renamePrefixes(List<String> t, Random r) {
        Set<String> declared = new LinkedHashSet<>();
        for (int i = 1; i < t.size(); i += 2) {
            Matcher m = XMLNS.matcher(t.get(i));
            while (m.find()) {
                declared.add(m.group(1));
            }
        }
        for (String p : declared) {
            if (r.nextInt(3) != 0) {
                String q = "p" + (fresh++ % 50) + (char) ('a' + r.nextInt(26));
                applied.add("prefix " + p + "->" + q);
                Pattern name = Pattern.compile("(?<=[<\\s/\"])" + Pattern.quote(p) + ":");
                Pattern decl = Pattern.compile("xmlns:" + Pattern.quote(p) + "=");
                for (int i = 1; i < t.size(); i += 2) {
                    String s = decl.matcher(t.get(i)).replaceAll("xmlns:" + q + "=");
                    t.set(i, name.matcher(s).replaceAll(q + ":"));
                }
            }
        }
    }

    /** Moves one declaration of the Envelope to the Body or the first element in it, or the Body content's up to the Envelope. */
    private void moveDeclaration(List<String> t, Random r) {
        int env = -1;
        for (int i = 1; i < t.size(); i += 2) {
            if (isStart(t.get(i))) {
                env = i;
                break;
            }
        }
        int body = env + 2;
        int inner = body + 2;
        if (env < 0 || inner >= t.size() || !isStart(t.get(body)) || !isStart(t.get(inner))) {
            return;
        }
        String envPrefix = prefix(t.get(env));
        if (r.nextBoolean()) {
            List<String> movable = new ArrayList<>();
            Matcher m = XMLNS.matcher(t.get(env));
            while (m.find()) {
                if (!m.group(1).equals(envPrefix)) {
                    movable.add(m.group());
                }
            }
            if (movable.isEmpty()) {
                return;
            }
            String d = movable.get(r.nextInt(movable.size()));
            int to = r.nextBoolean() ? body : inner;
            applied.add("move" + d + " to " + localName(t.get(to)));
            t.set(env, t.get(env).replace(d, ""));
            t.set(to, insertAttribute(t.get(to), d));
        } else {
            Matcher m = XMLNS.matcher(t.get(inner));
            if (!m.find() || t.get(env).contains("xmlns:" + m.group(1) + "=")) {
                return;
            }
            applied.add("move" + m.group() + " to Envelope");
            t.set(inner, t.get(inner).replace(m.group(), ""));
            t.set(env, insertAttribute(t.get(env), m.group()));
        }
    }

    private static String prefix(String tag) {
        int i = tag.startsWith("</") ? 2 : 1;
        int c = tag.indexOf(':');
        int e = i;
        while (e < tag.length() && " \t\r\n/>".indexOf(tag.charAt(e)) < 0) {
            e++;
        }
        return c > 0 && c < e ? tag.substring(i, c) : "";
    }

    private static String insertAttribute(String tag, String attr) {
        int end = tag.endsWith("/>") ? tag.length() - 2 : tag.length() - 1;
        return tag.substring(0, end) + attr + tag.substring(end);
    }

    private String leaf(String open, String text, Random r, boolean numbers, boolean encode, boolean markup) {
        String value = decode(text);
        if (numbers && !value.isEmpty()) {
            Set<ScalarType> types = leafTypes.get(localName(open));
            if (types != null && FLOATING.containsAll(types)) {
                value = widenFloating(value, r);
            } else if (types != null && INTEGRAL.containsAll(types)) {
                value = widenIntegral(value, r);
            }
        }
        if (!encode && !markup && value.equals(decode(text))) {
            return text;
        }
        if (value.length() > 256) {
            // a long string: respell a window, write the rest plainly
            int from = value.offsetByCodePoints(0, r.nextInt(value.codePointCount(0, value.length()) - 200));
            int to = value.offsetByCodePoints(from, 64);
            return encode(value.substring(0, from), r, false, false) + encode(value.substring(from, to), r, encode, markup)
                    + encode(value.substring(to), r, false, false);
        }
        return encode(value, r, encode, markup);
    }

    static String widenFloating(String v, Random r) {
        if (!v.matches("[+-]?\\d+(\\.\\d*)?([eE][+-]?\\d+)?")) {
            return v;
        }
        String zeros = "0".repeat(1 + r.nextInt(6));
        int e = Math.max(v.indexOf('E'), v.indexOf('e'));
        String mant = e < 0 ? v : v.substring(0, e);
        String exp = e < 0 ? "" : v.substring(e);
        mant = mant.indexOf('.') < 0 ? mant + "." + zeros : mant + zeros;
        return mant + exp;
    }

    static String widenIntegral(String v, Random r) {
        if (!v.matches("[+-]?\\d+")) {
            return v;
        }
        String zeros = "0".repeat(1 + r.nextInt(5));
        return v.startsWith("-") || v.startsWith("+") ? v.charAt(0) + zeros + v.substring(1) : zeros + v;
    }

    /** The characters a leaf's text stands for. */
    static String decode(String text) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '&') {
                int semi = text.indexOf(';', i);
                String ref = text.substring(i + 1, semi);
                switch (ref) {
                    case "amp" -> b.append('&');
                    case "lt" -> b.append('<');
                    case "gt" -> b.append('>');
                    case "quot" -> b.append('"');
                    case "apos" -> b.append('\'');
                    default -> b.appendCodePoint(ref.startsWith("#x") ? Integer.parseInt(ref.substring(2), 16)
                            : Integer.parseInt(ref.substring(1)));
                }
                i = semi + 1;
            } else if (text.startsWith("<![CDATA[", i)) {
                int end = text.indexOf("]]>", i);
                b.append(text, i + 9, end);
                i = end + 3;
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    /** {@code value} as leaf text: references, CDATA runs, comments and PIs mixed in as asked. */
    static String encode(String value, Random r, boolean encode, boolean markup) {
        StringBuilder b = new StringBuilder();
        boolean inCdata = false;
        int i = 0;
        while (i <= value.length()) {
            if (markup && r.nextInt(6) == 0) {
                if (inCdata) {
                    b.append("]]>");
                    inCdata = false;
                }
                b.append(r.nextBoolean() ? "<!--" + (r.nextBoolean() ? "" : " c" + r.nextInt(100) + " ") + "-->"
                        : "<?dsoap-note " + r.nextInt(100) + "?>");
            }
            if (i == value.length()) {
                break;
            }
            int cp = value.codePointAt(i);
            i += Character.charCount(cp);
            int how = encode ? r.nextInt(5) : 0;
            boolean cdataOk = cp != '\r' && cp != '>';
            if (how == 1 && cdataOk) {
                if (!inCdata) {
                    b.append("<![CDATA[");
                    inCdata = true;
                }
                b.appendCodePoint(cp);
                continue;
            }
            if (inCdata && (how != 4 || !cdataOk)) {
                b.append("]]>");
                inCdata = false;
            }
            if (inCdata) {
                b.appendCodePoint(cp);
            } else if (how == 2) {
                b.append("&#").append(cp).append(';');
            } else if (how == 3) {
                b.append("&#x").append(Integer.toHexString(cp).toUpperCase()).append(';');
            } else {
                switch (cp) {
                    case '&' -> b.append("&amp;");
                    case '<' -> b.append("&lt;");
                    case '>' -> b.append("&gt;");
                    case '\r' -> b.append("&#13;");
                    default -> b.appendCodePoint(cp);
                }
            }
        }
        if (inCdata) {
            b.append("]]>");
        }
        return b.toString();
    }

    /** Shuffles the attributes of some start tags and adds an unrelated one to some. */
    private void attributes(List<String> t, Random r) {
        applied.add("attributes");
        for (int i = 1; i < t.size(); i += 2) {
            String tag = t.get(i);
            if (tag.startsWith("</") || tag.startsWith("<?") || tag.startsWith("<!") || r.nextInt(3) == 0) {
                continue;
            }
            int end = tag.endsWith("/>") ? tag.length() - 2 : tag.length() - 1;
            int j = 1;
            while (" \t\r\n".indexOf(tag.charAt(j)) < 0 && j < end) {
                j++;
            }
            String head = tag.substring(0, j);
            List<String> attrs = new ArrayList<>();
            while (true) {
                while (j < end && " \t\r\n".indexOf(tag.charAt(j)) >= 0) {
                    j++;
                }
                if (j >= end) {
                    break;
                }
                int eq = tag.indexOf('=', j);
                char q = tag.charAt(eq + 1);
                int close = tag.indexOf(q, eq + 2);
                attrs.add(" " + tag.substring(j, close + 1));
                j = close + 1;
            }
            if (r.nextInt(4) == 0) {
                attrs.add(r.nextBoolean() ? " extra=\"" + r.nextInt(1000) + "\""
                        : " xmlns:zz=\"urn:unrelated\" zz:note='a&amp;b'");
            }
            Collections.shuffle(attrs, r);
            t.set(i, head + String.join("", attrs) + tag.substring(end));
        }
    }

    /** Whitespace, comments and PIs between elements, and whitespace inside tags. */
    private static void between(List<String> t, Random r, boolean space, boolean markup) {
        String[] ws = {" ", "\n", "\r\n  ", "\t", "  \n\t "};
        for (int i = 2; i < t.size(); i += 2) {
            if (isLeaf(t, i) || !t.get(i).isBlank()) {
                continue;
            }
            if (i == t.size() - 1 || i == 0) {
                continue;
            }
            StringBuilder b = new StringBuilder(t.get(i));
            if (space && r.nextInt(3) == 0) {
                b.append(ws[r.nextInt(ws.length)]);
            }
            if (markup && r.nextInt(4) == 0) {
                b.append(r.nextBoolean() ? "<!-- between " + r.nextInt(1000) + " -->" : "<?dsoap-pi x='1'?>");
                if (space && r.nextBoolean()) {
                    b.append(ws[r.nextInt(ws.length)]);
                }
            }
            t.set(i, b.toString());
        }
        if (space) {
            for (int i = 1; i < t.size(); i += 2) {
                String tag = t.get(i);
                if (tag.startsWith("<?") || tag.startsWith("<!") || r.nextInt(3) != 0) {
                    continue;
                }
                int end = tag.endsWith("/>") ? tag.length() - 2 : tag.length() - 1;
                t.set(i, tag.substring(0, end) + ws[r.nextInt(ws.length)] + tag.substring(end));
            }
        }
    }
}
