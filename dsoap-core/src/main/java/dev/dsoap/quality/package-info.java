/**
 * SOAP-binQ's quality model, on every host: quality files mapping intervals of a quality attribute to message
 * variants ({@code QualityFile}, {@code QualityFiles}, {@code Variant}, {@code QualityHandler}), the round-trip
 * estimate (RFC 6298's smoothed RTT and deviation with fast and slow averages and Karn's rule, {@code SmoothedRtt};
 * the paper's plain average, {@code RttEstimator}), the choice of a variant from the estimate's band with
 * asymmetric thresholds and a dwell time ({@code BandSelection}), and the two sides of an exchange
 * ({@code QualityClient}, {@code QualityServer}) with their wire form ({@code QualityWire}). Host-independent: the
 * Axis2 and CXF paths, {@code DsoapClient} and the portable JAX-WS handler all use it.
 */
package dev.dsoap.quality;
