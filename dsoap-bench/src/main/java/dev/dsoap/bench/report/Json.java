package dev.dsoap.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader for the result files the report reads back: objects become {@link LinkedHashMap}s (member
 * order kept), arrays {@link ArrayList}s, numbers {@link Double}s, and {@code true}/{@code false}/{@code null}
 * themselves. Strict: anything that is not JSON fails with the byte offset and what was expected.
 */
final class Json {
    /** The text being read. */
    private final String s;
    /** The next character to read. */
    private int pos;

    private Json(String s) {
        this.s = s;
    }

    /** Parses one JSON value that must fill the whole text (whitespace aside). */
    static Object parse(String text) {
        Json j = new Json(text);
        Object v = j.value();
        j.skipSpace();
        if (j.pos != text.length()) {
            throw j.error("end of input");
        }
        return v;
    }

    private Object value() {
        skipSpace();
        if (pos >= s.length()) {
            throw error("a value");
        }
        char c = s.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("a value");
        }
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (empty('}')) {
            return m;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw error("a member name");
            }
            String k = string();
            skipSpace();
            expect(':');
            m.put(k, value());
            if (closed('}')) {
                return m;
            }
        }
    }

    private List<Object> array() {
        List<Object> a = new ArrayList<>();
        if (empty(']')) {
            return a;
        }
        while (true) {
            a.add(value());
            if (closed(']')) {
                return a;
            }
        }
    }

    /** Steps over the opening bracket; true (and past {@code close}) when the object or array is empty. */
    private boolean empty(char close) {
        pos++;
        skipSpace();
        if (peek() == close) {
            pos++;
            return true;
        }
        return false;
    }

    /** After a member or an element: true at {@code close}, false at a comma; anything else fails. */
    private boolean closed(char close) {
        skipSpace();
        String expected = "',' or '" + close + "'";
        char c = next(expected);
        if (c == close) {
            return true;
        }
        if (c != ',') {
            pos--;
            throw error(expected);
        }
        return false;
    }

    private String string() {
        pos++;
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = next("'\"'");
            if (c == '"') {
                return b.toString();
            }
            if (c < 0x20) {
                pos--;
                throw error("no control character in a string");
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = next("an escape");
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (pos + 4 > s.length()) {
                        throw error("4 hex digits");
                    }
                    try {
                        b.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException ex) {
                        throw error("4 hex digits");
                    }
                    pos += 4;
                }
                default -> {
                    pos--;
                    throw error("an escape");
                }
            }
        }
    }

    private Double number() {
        int start = pos;
        while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) {
            pos++;
        }
        try {
            return Double.valueOf(s.substring(start, pos));
        } catch (NumberFormatException ex) {
            pos = start;
            throw error("a number");
        }
    }

    private Object literal(String word, Object v) {
        if (!s.startsWith(word, pos)) {
            throw error(word);
        }
        pos += word.length();
        return v;
    }

    private void skipSpace() {
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return;
            }
            pos++;
        }
    }

    private char peek() {
        return pos < s.length() ? s.charAt(pos) : '\0';
    }

    private char next(String expected) {
        if (pos >= s.length()) {
            throw error(expected);
        }
        return s.charAt(pos++);
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("'" + c + "'");
        }
        pos++;
    }

    private IllegalArgumentException error(String expected) {
        String found = pos < s.length() ? "'" + s.charAt(pos) + "'" : "end of input";
        return new IllegalArgumentException("JSON: expected " + expected + " at offset " + pos + ", found " + found);
    }
}
