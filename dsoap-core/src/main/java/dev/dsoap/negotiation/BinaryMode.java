package dev.dsoap.negotiation;

import java.util.Locale;

/**
 * How a dsoap client uses the binary encoding with one endpoint.
 *
 * <ul>
 *   <li>{@link #OFF}: XML only; no {@code Accept} for binary is sent.</li>
 *   <li>{@link #INTEROPERABILITY} (the default): requests are XML; the client asks for binary answers, which a
 *       dsoap endpoint gives and any other endpoint ignores.</li>
 *   <li>{@link #PERFORMANCE}: as interoperability until the endpoint's first binary answer, then binary requests
 *       too; a refusal sends the client back to XML for a while ({@link Choice}).</li>
 * </ul>
 */
public enum BinaryMode {
    OFF, INTEROPERABILITY, PERFORMANCE;

    /**
     * The mode named {@code value} ({@code off}, {@code interoperability}, {@code performance}, any case).
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static BinaryMode of(String value) {
        try {
            return valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("binary mode '" + value + "': expected off, interoperability or performance");
        }
    }
}
