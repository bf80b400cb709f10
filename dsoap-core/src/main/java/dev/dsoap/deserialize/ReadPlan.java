package dev.dsoap.deserialize;

import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.PlanNode;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.binding.StructNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@link MessagePlan} as a reader needs it: every node numbered, with its element name resolved to a
 * namespace URI and local name from the declarations the plan writes. Messages may use any prefixes;
 * names are compared by URI and local name.
 *
 * <p>Immutable, thread-safe; share one per plan.
 */
final class ReadPlan {
    static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final Pattern XMLNS = Pattern.compile("xmlns(?::([^=\\s]+))?=\"([^\"]*)\"");

    private final MessagePlan plan;
    private final String envelopeUri;
    /** Whether the body holds one wrapper element (the root struct's element); else the parts directly. */
    private final boolean wrapped;
    private final ReadNode root;
    private final ReadNode[] nodes;
    private final Map<String, String> prefixes = new HashMap<>();

    ReadPlan(MessagePlan plan) {
        this.plan = plan;
        this.envelopeUri = plan.convention().soapVersion().envelopeNamespace();
        scan(plan.prolog());
        scanTree(plan.root());
        List<ReadNode> all = new ArrayList<>();
        this.wrapped = plan.root().openStart().length > 0;
        this.root = build(plan.root(), all, true);
        this.root.size();
        this.nodes = all.toArray(new ReadNode[0]);
    }

    MessagePlan plan() {
        return plan;
    }

    String envelopeUri() {
        return envelopeUri;
    }

    boolean wrapped() {
        return wrapped;
    }

    ReadNode root() {
        return root;
    }

    ReadNode[] nodes() {
        return nodes;
    }

    private ReadNode build(PlanNode n, List<ReadNode> all, boolean isRoot) {
        int id = all.size();
        ReadNode r;
        if (n instanceof ScalarNode s) {
            String[] name = s.attribute() ? attributeName(s) : elementName(s.open(), n);
            Map<String, Object> enums = null;
            if (s.type() == ScalarType.ENUM) {
                enums = new HashMap<>();
                for (Object c : s.javaType().getEnumConstants()) {
                    enums.put(s.enumLexical(((Enum<?>) c).ordinal()), c);
                }
            }
            r = new ReadNode(id, n, ReadNode.LEAF, name[0], name[1], s.type(), s.primitive(), n.nil() != null, enums);
            all.add(r);
        } else if (n instanceof StructNode s) {
            String[] name = isRoot && s.openStart().length == 0 ? new String[]{"", ""} : elementName(s.openStart(), n);
            r = new ReadNode(id, n, ReadNode.STRUCT, name[0], name[1], null, false, n.nil() != null, null);
            all.add(r);
            List<ReadNode> attrs = new ArrayList<>();
            for (ScalarNode a : s.attributes()) {
                attrs.add(build(a, all, false));
            }
            List<ReadNode> kids = new ArrayList<>();
            for (PlanNode c : s.children()) {
                kids.add(build(c, all, false));
            }
            r.attributes = attrs.toArray(new ReadNode[0]);
            r.children = kids.toArray(new ReadNode[0]);
        } else {
            ArrayNode a = (ArrayNode) n;
            all.add(null);
            ReadNode item = build(a.item(), all, false);
            r = new ReadNode(id, n, ReadNode.ARRAY, item.uri, item.local, null, false, n.nil() != null, null);
            r.item = item;
            all.set(id, r);
        }
        return r;
    }

    private void scanTree(PlanNode n) {
        scan(n.nil());
        if (n instanceof ScalarNode s) {
            scan(s.open());
        } else if (n instanceof StructNode s) {
            scan(s.openStart());
            s.attributes().forEach(this::scanTree);
            s.children().forEach(this::scanTree);
        } else {
            scanTree(((ArrayNode) n).item());
        }
    }

    private void scan(byte[] bytes) {
        if (bytes == null) {
            return;
        }
        Matcher m = XMLNS.matcher(new String(bytes, StandardCharsets.UTF_8));
        while (m.find()) {
            String prefix = m.group(1) == null ? "" : m.group(1);
            String old = prefixes.put(prefix, unescape(m.group(2)));
            if (old != null && !old.equals(prefixes.get(prefix))) {
                throw new IllegalStateException("plan binds prefix '" + prefix + "' to " + old + " and "
                        + prefixes.get(prefix) + "; a reader cannot tell them apart");
            }
        }
    }

    private static String unescape(String s) {
        return s.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&apos;", "'")
                .replace("&amp;", "&");
    }

    private String[] elementName(byte[] open, PlanNode n) {
        String s = new String(open, StandardCharsets.UTF_8);
        if (!s.startsWith("<")) {
            throw new IllegalStateException(n.path() + ": element opener " + s);
        }
        int end = 1;
        while (end < s.length() && " \t\r\n>/".indexOf(s.charAt(end)) < 0) {
            end++;
        }
        return resolve(s.substring(1, end), true, n);
    }

    private String[] attributeName(ScalarNode a) {
        String q = new String(a.open(), StandardCharsets.UTF_8).trim();
        if (!q.endsWith("=\"")) {
            throw new IllegalStateException(a.path() + ": attribute opener " + q);
        }
        return resolve(q.substring(0, q.length() - 2), false, a);
    }

    private String[] resolve(String qname, boolean element, PlanNode n) {
        int colon = qname.indexOf(':');
        if (colon < 0) {
            return new String[]{element ? prefixes.getOrDefault("", "") : "", qname};
        }
        String uri = prefixes.get(qname.substring(0, colon));
        if (uri == null) {
            throw new IllegalStateException(n.path() + ": the prefix of " + qname + " is declared nowhere in the plan");
        }
        return new String[]{uri, qname.substring(colon + 1)};
    }
}
