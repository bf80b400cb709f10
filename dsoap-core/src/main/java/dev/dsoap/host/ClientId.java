package dev.dsoap.host;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The id a dsoap client sends in its client id header ({@link Settings#CLIENT_ID_HEADER}), so that a server (or a
 * load balancer hashing on the header) can tell its clients apart without their addresses or credentials.
 *
 * <p>Thread-safe.
 */
public final class ClientId {
    private static final SecureRandom RANDOM = new SecureRandom();

    private ClientId() {
    }

    /** A new random id: 128 bits as 32 lower-case hex digits, derived from nothing about the client. */
    public static String random() {
        byte[] r = new byte[16];
        RANDOM.nextBytes(r);
        return HexFormat.of().formatHex(r);
    }
}
