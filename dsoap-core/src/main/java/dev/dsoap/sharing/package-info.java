/**
 * Response sharing within a window (the pre-serialization analysis paper's response analysis): the responses of
 * one operation written in the same short window often carry long runs of equal values (every client of a feed
 * gets the same latest prices, each with its own few differences). {@link dev.dsoap.sharing.WindowWriter} cuts each
 * response's values into chunks, finds chunks equal to one of a response already written in the window (a
 * {@link dev.dsoap.sharing.ChunkIndex}: the paper's depth-limited trie, or a 64-bit hash verified byte for byte) and
 * copies that chunk's serialized bytes instead of formatting its values again. The bytes written are exactly those
 * of a plain serialization of each response. Nothing is kept once the window closes.
 *
 * <p>Whether that beats dsoap's differential serialization (one template per client) depends on how many clients
 * share a window, how much of each response is shared and how much changes between windows;
 * {@link dev.dsoap.sharing.SharingPolicy} measures both on real writes and picks the faster per operation.
 */
package dev.dsoap.sharing;
