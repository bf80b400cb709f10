/**
 * A namespace-aware XML 1.0 pull parser over UTF-8 bytes whose state is a short vector of interned ids,
 * so differential deserialization can checkpoint it and resume it in another message.
 */
package dev.dsoap.parse;
