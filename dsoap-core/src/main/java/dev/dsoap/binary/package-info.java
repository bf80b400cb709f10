/**
 * dsoap's binary encoding of SOAP parameters (SOAP-bin): a {@link dev.dsoap.binary.BinaryFormat} compiled from the
 * same plan as the XML form puts numbers on the wire as their bits, arrays of primitives as one block in the
 * sender's byte order; a {@link dev.dsoap.binary.Descriptor} names each format by the hash of its canonical
 * description; {@link dev.dsoap.binary.BinaryWriter} and {@link dev.dsoap.binary.BinaryReader} write and read
 * {@link dev.dsoap.binary.Frame frames}; {@link dev.dsoap.binary.BinaryXml} converts between the two forms.
 * Host-independent: the hosts decide who gets binary (see {@code dev.dsoap.negotiation}).
 */
package dev.dsoap.binary;
