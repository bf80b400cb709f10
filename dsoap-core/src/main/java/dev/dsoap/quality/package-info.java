/**
 * SOAP-binQ's quality model: quality files mapping intervals of a quality attribute to message types, the
 * choice of a type from attribute samples with protection against oscillation ({@code Selection}, the paper's
 * history rule; {@code BandSelection}, on a TCP-style estimate's band with asymmetric thresholds and a dwell
 * time), round-trip time estimates (the paper's average, {@code RttEstimator}; RFC 6298's smoothed RTT and
 * deviation with a slow average and Karn's rule, {@code SmoothedRtt}), and user-set attributes. Host-independent; the portable JAX-WS quality handler uses it today.
 */
package dev.dsoap.quality;
