/**
 * Coalescing of identical concurrent requests (the pre-serialization analysis paper's request
 * post-deserialization analysis, done in flight instead of in 2-second batches): while one request of an operation is
 * being processed, a request from the same caller with byte-identical body waits for that one's response instead of
 * being processed again, and gets the very same response (or the same failure).
 *
 * <p>Host-neutral: a host hands {@link dev.dsoap.coalesce.Coalescer} the request's body bytes as it read them, the
 * caller's identity as it can tell it, and the work that produces the response; how a response is written, and which
 * operations are safe to coalesce (no side effects, answers that depend only on the body and the caller), is the
 * host's. Nothing is cached: once a response is handed out the request is forgotten, and the next identical request
 * is processed anew. {@link dev.dsoap.coalesce.CoalescerSettings} holds the limits (waiters per request, how long a
 * waiter waits, an optional linger window before the work runs).
 */
package dev.dsoap.coalesce;
