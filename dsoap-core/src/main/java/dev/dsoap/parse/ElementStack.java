package dev.dsoap.parse;

import java.util.Arrays;

/**
 * The scanner's open elements and the namespace declarations in scope: per open element its qualified name,
 * namespace URI and local-name ids (from the scanner's symbol tables) and where its declarations begin;
 * the declarations innermost last. Also its saved form, the state vector differential deserialization
 * checkpoints ({@link #save}, {@link #restore}, {@link #equalsState}).
 *
 * <p>Fields are read directly by {@link XmlScanner}, its only user; nothing here checks its arguments. Not
 * thread-safe: part of one scanner.
 */
final class ElementStack {
    /** Open elements. */
    int depth;
    /** Per depth (1-based): qualified name id. */
    int[] name = new int[16];
    /** Per depth: namespace URI id. */
    int[] uri = new int[16];
    /** Per depth: local-name id. */
    int[] local = new int[16];
    /** Per depth: {@link #nsCount} before the element's declarations. */
    int[] nsMark = new int[16];
    /** In-scope declarations, innermost last: prefix id (0 for the default namespace). */
    int[] nsPrefix = new int[16];
    /** In-scope declarations: URI id (0 undeclares the default namespace). */
    int[] nsUri = new int[16];
    /** In-scope declarations. */
    int nsCount;

    /** No open element, no declaration. */
    void clear() {
        depth = 0;
        nsCount = 0;
    }

    /** Adds a declaration of {@code prefix} for {@code uri}, innermost. */
    void declare(int prefix, int uriId) {
        if (nsCount == nsPrefix.length) {
            nsPrefix = Arrays.copyOf(nsPrefix, nsCount * 2);
            nsUri = Arrays.copyOf(nsUri, nsCount * 2);
        }
        nsPrefix[nsCount] = prefix;
        nsUri[nsCount] = uriId;
        nsCount++;
    }

    /** Whether {@code prefix} is declared by one of the declarations from index {@code mark} on. */
    boolean declaredSince(int mark, int prefix) {
        for (int j = mark; j < nsCount; j++) {
            if (nsPrefix[j] == prefix) {
                return true;
            }
        }
        return false;
    }

    /** The URI id the innermost declaration binds {@code prefix} to, or -1 if none does. */
    int uriOf(int prefix) {
        for (int i = nsCount - 1; i >= 0; i--) {
            if (nsPrefix[i] == prefix) {
                return nsUri[i];
            }
        }
        return -1;
    }

    /** Opens an element whose declarations start at index {@code mark}. */
    void push(int nameId, int uriId, int localId, int mark) {
        if (++depth == name.length) {
            grow(depth * 2);
        }
        name[depth] = nameId;
        uri[depth] = uriId;
        local[depth] = localId;
        nsMark[depth] = mark;
    }

    /** Closes the innermost element and its declarations; returns the new depth. */
    int pop() {
        nsCount = nsMark[depth];
        return --depth;
    }

    private void grow(int size) {
        name = Arrays.copyOf(name, size);
        uri = Arrays.copyOf(uri, size);
        local = Arrays.copyOf(local, size);
        nsMark = Arrays.copyOf(nsMark, size);
    }

    // ------------------------------------------------------------------------------------------- saved form

    /** Ints {@link #save} writes: {@code 4 + 2 * declarations} per open element. */
    int stateLength() {
        return 4 * depth + 2 * nsCount;
    }

    /**
     * Writes, outermost first, per open element its name, URI and local ids, its number of declarations
     * and their prefix and URI ids, to {@code dst[off..off+stateLength())}; states inside the same
     * ancestors share a prefix.
     */
    void save(int[] dst, int off) {
        int o = off;
        for (int d = 1; d <= depth; d++) {
            dst[o++] = name[d];
            dst[o++] = uri[d];
            dst[o++] = local[d];
            int from = nsMark[d];
            int to = d < depth ? nsMark[d + 1] : nsCount;
            dst[o++] = to - from;
            for (int i = from; i < to; i++) {
                dst[o++] = nsPrefix[i];
                dst[o++] = nsUri[i];
            }
        }
    }

    /** Replaces the stack with a state written by {@link #save}, assumed well-formed. */
    void restore(int[] src, int off, int len) {
        int o = off;
        int end = off + len;
        depth = 0;
        nsCount = 0;
        while (o < end) {
            if (++depth == name.length) {
                grow(depth * 2);
            }
            name[depth] = src[o++];
            uri[depth] = src[o++];
            local[depth] = src[o++];
            nsMark[depth] = nsCount;
            int decls = src[o++];
            if (nsCount + decls > nsPrefix.length) {
                nsPrefix = Arrays.copyOf(nsPrefix, Math.max(nsCount + decls, nsPrefix.length * 2));
                nsUri = Arrays.copyOf(nsUri, nsPrefix.length);
            }
            for (int i = 0; i < decls; i++) {
                nsPrefix[nsCount] = src[o++];
                nsUri[nsCount] = src[o++];
                nsCount++;
            }
        }
    }

    /** Whether the stack equals {@code src[off..off+len)} as written by {@link #save}. */
    boolean equalsState(int[] src, int off, int len) {
        if (len != stateLength()) {
            return false;
        }
        int o = off;
        for (int d = 1; d <= depth; d++) {
            if (src[o++] != name[d] || src[o++] != uri[d] || src[o++] != local[d]) {
                return false;
            }
            int from = nsMark[d];
            int to = d < depth ? nsMark[d + 1] : nsCount;
            if (src[o++] != to - from) {
                return false;
            }
            for (int i = from; i < to; i++) {
                if (src[o++] != nsPrefix[i] || src[o++] != nsUri[i]) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Why {@code src[off..off+len)} is not a state {@link #save} could have written with symbol tables of
     * {@code names} names and {@code uris} URIs, or {@code null} if it is one.
     */
    static String checkState(int[] src, int off, int len, int names, int uris) {
        int o = off;
        int end = off + len;
        while (o < end) {
            if (end - o < 4) {
                return "element at int " + (o - off) + " is cut: " + (end - o) + " of 4 ints";
            }
            int n = src[o];
            int u = src[o + 1];
            int l = src[o + 2];
            int decls = src[o + 3];
            if (n < 0 || n >= names || l < 0 || l >= names || u < 0 || u >= uris) {
                return "element at int " + (o - off) + " has ids " + n + ", " + u + ", " + l + " outside the symbol"
                        + " tables (" + names + " names, " + uris + " URIs)";
            }
            o += 4;
            if (decls < 0 || decls > (end - o) / 2) {
                return "element at int " + (o - 4 - off) + " declares " + decls + " namespaces, " + (end - o)
                        + " ints left";
            }
            for (int i = 0; i < decls; i++, o += 2) {
                if (src[o] < 0 || src[o] >= names || src[o + 1] < 0 || src[o + 1] >= uris) {
                    return "declaration at int " + (o - off) + " has ids " + src[o] + ", " + src[o + 1]
                            + " outside the symbol tables (" + names + " names, " + uris + " URIs)";
                }
            }
        }
        return null;
    }
}
