package dev.dsoap.quality;

import java.util.Map;

/**
 * Makes a smaller variant of a message for the quality attributes now in effect (SOAP-binQ's quality handler):
 * fewer array items, a downsampled image, fewer timesteps. The variant has the full message's type, so any
 * receiver reads it as an ordinary message; what the handler leaves out arrives as the type's defaults.
 * {@link QualityHandlers} has the common ones.
 *
 * <p>Implementations must be thread-safe (one handler serves every call of an operation) and must not modify
 * {@code parts} or the objects it holds: the caller's values stay as they were.
 */
@FunctionalInterface
public interface QualityHandler {
    /**
     * @param parts      the full message's parts, in plan order
     * @param attributes the quality attributes now in effect (e.g. {@code rtt} in milliseconds), read-only
     * @return the variant's parts, in plan order: new arrays where anything changed, {@code parts} itself when nothing did
     */
    Object[] apply(Object[] parts, Map<String, Double> attributes);
}
