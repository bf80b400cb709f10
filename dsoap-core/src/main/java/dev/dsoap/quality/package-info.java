/**
 * SOAP-binQ's quality model: quality files mapping intervals of a quality attribute to message types, the
 * choice of a type from attribute samples with protection against oscillation, round-trip time estimates,
 * and user-set attributes. Host-independent; the portable JAX-WS quality handler uses it today.
 */
package dev.dsoap.quality;
