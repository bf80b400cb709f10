package dev.dsoap.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

/**
 * One request from the moment it has a pipelining slot until its response (or failure) completes its
 * future, which gives the slot back. Completion is idempotent: the first outcome wins.
 */
final class Pending {
    /** The request's number on its client, from 1. */
    final long number;
    /** Body bytes. */
    final long bodyBytes;
    /** Completed with the response, or exceptionally with a {@link ClientException}. */
    final CompletableFuture<Response> future = new CompletableFuture<>();
    /** The client's pipelining slots; one is held by this request until it completes. */
    private final Semaphore slots;
    /** Whether the slot has been given back. Guarded by {@code this}. */
    private boolean released;
    /** Whether every byte of the request was handed to the socket; written on the I/O thread. */
    volatile boolean written;

    Pending(long number, long bodyBytes, Semaphore slots) {
        this.number = number;
        this.bodyBytes = bodyBytes;
        this.slots = slots;
    }

    void complete(Response r) {
        release();
        future.complete(r);
    }

    void fail(ClientException e) {
        release();
        future.completeExceptionally(e);
    }

    private void release() {
        synchronized (this) {
            if (released) {
                return;
            }
            released = true;
        }
        slots.release();
    }

    /** How this request is named in error messages. */
    String describe() {
        return "request #" + number + " (" + bodyBytes + " body bytes, " + (written ? "written" : "not fully written") + ")";
    }
}
