/**
 * What dsoap's host modules (the Axis2 module, the JAX-WS/CXF module) share: the reasons a message falls
 * back to the host's path, per-operation counters with their MXBean, and JMX registration. Not meant for
 * applications; the MXBean interface is what operators read.
 */
package dev.dsoap.host;
