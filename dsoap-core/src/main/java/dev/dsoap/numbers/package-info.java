/**
 * XML Schema lexical forms of Java primitives, written into and parsed from {@code byte[]} without
 * going through {@link java.lang.String}: {@link dev.dsoap.numbers.XsdFormat} writes (doubles and
 * floats as their shortest round-trip decimal), {@link dev.dsoap.numbers.XsdParse} reads.
 */
package dev.dsoap.numbers;
