package dev.dsoap.quality;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Named quality attributes a {@code dev.dsoap.jaxws.handler.DsoapQualityHandler} (in dsoap-jaxws) announces to
 * its peer with every message (SOAP-binQ's {@code update_attribute()}): an application sets them with
 * {@link #update(String, double)}, e.g. a desired resolution, and the peer reads them from its message context
 * ({@code DsoapQualityHandler.PEER_ATTRIBUTES}). Values are plain numbers whose unit the application chooses;
 * the names the handler uses itself are {@code rtt} (client: smoothed round-trip time, milliseconds) and
 * {@code processing} (server: milliseconds from request to response in the handler). A value set here under
 * one of those names is sent instead of the handler's own.
 *
 * <p>Names: 1 to {@value #MAX_NAME} characters, ASCII letters, digits, {@code '.'}, {@code '_'} and
 * {@code '-'}, starting with a letter; at most {@value #MAX_ATTRIBUTES} attributes. Thread-safe: updates are
 * serialized, readers see a consistent snapshot without locking.
 */
public final class QualityAttributes {
    /** Most attributes one message carries (and a handler accepts from a peer). */
    public static final int MAX_ATTRIBUTES = 16;
    /** Longest attribute name, in characters. */
    public static final int MAX_NAME = 64;

    /** Immutable, sorted by name; replaced on every change. */
    private volatile Map<String, Double> values = Collections.emptyMap();

    /**
     * Sets attribute {@code name} to {@code value}; sent with every following message.
     *
     * @throws IllegalArgumentException when the name is malformed, the value is NaN or infinite, or the
     *                                  attribute would be the {@value #MAX_ATTRIBUTES}+1st
     */
    public synchronized void update(String name, double value) {
        checkName(name);
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("quality attribute " + name + " = " + value + ": expected a finite number");
        }
        Map<String, Double> now = values;
        if (!now.containsKey(name) && now.size() >= MAX_ATTRIBUTES) {
            throw new IllegalArgumentException("quality attribute " + name + ": already " + now.size()
                    + " attributes, at most " + MAX_ATTRIBUTES);
        }
        TreeMap<String, Double> next = new TreeMap<>(now);
        next.put(name, value);
        values = Collections.unmodifiableMap(next);
    }

    /** Removes attribute {@code name} (nothing when it is not set). */
    public synchronized void remove(String name) {
        if (values.containsKey(name)) {
            TreeMap<String, Double> next = new TreeMap<>(values);
            next.remove(name);
            values = Collections.unmodifiableMap(next);
        }
    }

    /** Attribute {@code name}'s value, or NaN when it is not set. */
    public double get(String name) {
        Double v = values.get(name);
        return v == null ? Double.NaN : v;
    }

    /** A snapshot of all attributes: immutable, sorted by name. */
    public Map<String, Double> asMap() {
        return values;
    }

    @Override
    public String toString() {
        return values.toString();
    }

    /** Throws unless {@code name} is a well-formed attribute name. */
    public static void checkName(String name) {
        if (!validName(name)) {
            throw new IllegalArgumentException("quality attribute name '" + name + "': expected 1 to " + MAX_NAME
                    + " ASCII letters, digits, '.', '_' or '-', starting with a letter");
        }
    }

    public static boolean validName(String name) {
        if (name == null || name.isEmpty() || name.length() > MAX_NAME || !letter(name.charAt(0))) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!letter(c) && !(c >= '0' && c <= '9') && c != '.' && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private static boolean letter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
