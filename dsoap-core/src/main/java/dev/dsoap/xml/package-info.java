/**
 * XML character data as UTF-8 bytes: {@link dev.dsoap.xml.XmlText} escapes strings for element
 * content and attribute values, {@link dev.dsoap.xml.Base64Text} encodes and decodes
 * xsd:base64Binary.
 */
package dev.dsoap.xml;
