package dev.dsoap.host;

import java.util.Map;

/**
 * dsoap's statistics for one operation, registered as
 * {@code dev.dsoap:type=Axis2Operation,context=N,side=server|client,service=S,operation=O} (or
 * {@code type=CxfOperation}; see docs/axis2.md and docs/jaxws.md). "Requests" and "responses" are
 * the server's view; on an engaged client the directions swap (requests are written, responses read).
 * Counts are since deployment; memory figures are current, in bytes.
 */
public interface OperationStatsMXBean {
    String getService();

    String getOperation();

    /** Messages read by dsoap (differential deserialization). */
    long getMessagesRead();

    /** Messages written by dsoap (differential serialization). */
    long getMessagesWritten();

    /** Incoming messages rejected by dsoap's parser (malformed, over a limit, DTD) with a SOAP fault. */
    long getMessagesRejected();

    /**
     * Client side: responses handed to the caller in their received bytes, without the host's tree (Axis2:
     * a generated stub's own parser reads them; see docs/axis2.md). Always 0 on the server side.
     */
    long getResponsesStreamed();

    /** Reads that fell back to the host's path, by {@link Fallback} reason. */
    Map<String, Long> getReadFallbacks();

    /** Writes that fell back to the host's path, by {@link Fallback} reason. */
    Map<String, Long> getWriteFallbacks();

    /** Written messages by match class (CONTENT, PERFECT_STRUCTURAL, PARTIAL_STRUCTURAL, FIRST_SEND). */
    Map<String, Long> getWriteMatches();

    /** Bytes rewritten into templates. */
    long getBytesRewritten();

    /** Values rewritten into templates. */
    long getValuesRewritten();

    /** Bytes of the messages written. */
    long getBytesWritten();

    /**
     * Template rewrites that dropped padding left by larger values: fields cut back when their value shrank by more
     * than {@code maxFieldPadding}, plus whole templates compacted when their padding passed {@code maxPaddingShare}.
     */
    long getTemplateCompactions();

    /** Templates that held more than their share of the memory budget and were dropped after their message. */
    long getTemplatesDropped();

    /** Read messages that held more than their share of the memory budget ({@code maxStateShare}) and were not kept. */
    long getReadStatesDropped();

    /** Read messages identical to a kept one (no parsing at all). */
    long getReadsIdentical();

    /** Read messages resumed from a checkpoint (parsed only where they differ). */
    long getReadsResumed();

    /**
     * Read messages of {@link #getReadsResumed()} that differed from the kept one only in items of an array of
     * numbers, each changed item read on its own.
     */
    long getReadsByItem();

    /**
     * Read messages that found the kept message their sender sent last by the sender's identity (a client id
     * header, the authenticated caller, the connection) rather than by comparing it with other senders'.
     */
    long getReadsByPeer();

    /**
     * Read messages parsed plainly because no kept message was of their family and every kept state was in use or
     * still paying its own sender: more senders than {@code dsoap.states} send to this operation. The excess senders
     * are read as without kept state; the others keep theirs.
     */
    long getReadsAtCapacity();

    /** Bytes of read messages skipped as equal to a kept message. */
    long getBytesSkipped();

    /** Bytes of read messages parsed. */
    long getBytesParsed();

    /** Checkpoint memory now held for this operation. */
    long getCheckpointBytes();

    /** All memory now held for this operation: kept messages, checkpoints and templates. */
    long getRetainedBytes();

    /** Messages read in dsoap's binary form. */
    long getBinaryMessagesRead();

    /** Messages written in dsoap's binary form. */
    long getBinaryMessagesWritten();

    /** Bytes of the binary messages read. */
    long getBinaryBytesRead();

    /** Bytes of the binary messages written. */
    long getBinaryBytesWritten();

    /**
     * Bytes of the binary messages read that were taken as the values of the same reader's last message (strings and
     * big numbers whose bytes had not changed) instead of being decoded again.
     */
    long getBinaryBytesReusedRead();

    /**
     * Bytes of the binary messages written that were not encoded again: strings and big numbers copied from the same
     * writer's last message, and unchanged items of tracked arrays left in place.
     */
    long getBinaryBytesReusedWritten();

    /**
     * Reads the operation's quality file again (an endpoint's): its new rules apply to the next answers, every
     * client's choice starting over. A file now malformed, or without rules for the operation, is refused and the
     * old rules stay.
     *
     * @return what was done, or why it was refused
     */
    String reloadQualityFile();

    /** Quality headers refused as malformed (a request's: answered with a sender fault; an answer's: not sampled). */
    long getQualityHeadersRefused();

    /** Switches of message variant under quality management (an endpoint's over all its peers; a client's requests). */
    long getQualitySwitches();

    /** An endpoint's answers under quality management, by variant. */
    Map<String, Long> getQualityVariantsSent();

    /**
     * Under quality management: on an endpoint, the most recently seen peers (at most 32) with their current variant
     * and attributes; on a client, the attributes it sends and the variant of the last answer.
     */
    Map<String, String> getQualityPeers();

    /**
     * Coalescing of identical concurrent requests (empty when off): {@code leaders} (requests processed with others
     * waiting on them, or that could have been), {@code joined} (requests answered with an identical request's
     * response, without being processed), {@code timeouts}, {@code overflow} (over {@code dsoap.coalesceWaiters}),
     * {@code uncoalesced} (the memory budget refused), {@code abandoned}, {@code notShared} (requests that waited for
     * an answer that was not dsoap's own, a fault or one the application set headers or a status on, and were then
     * processed on their own), {@code errorsShared} (of joined, those that got a failure), {@code leaderCancellations}, {@code bytesFannedOut} (response bytes written to joined requests)
     * {@code inFlight} (requests others can join now) and {@code waiting} (requests waiting for one now).
     */
    Map<String, Long> getCoalescing();

    /** Binary exchanges refused or given up, by {@link BinaryRefusal} reason. */
    Map<String, Long> getBinaryRefusals();

    /**
     * Response sharing across a window ({@code dsoap.share}; empty when off): {@code windows} begun, of them
     * {@code windowsShared} written through the window writer and {@code windowsTemplates} on each client's template,
     * {@code probes} (windows written the other way to measure it), {@code switches} of the way in use,
     * {@code sharedNow} (1 while the window writer is the way in use), {@code responsesShared},
     * {@code responsesTemplates}, {@code busy} (responses written on their template because another thread was writing
     * through the window), {@code chunksCopied}, {@code chunksFormatted}, {@code bytesCopied} (instead of formatted),
     * {@code budgetDrops} (windows the memory budget stopped), {@code retainedBytes} (the open window's state), and
     * the measured cost of each way, {@code templatePicosPerByte} and {@code sharedPicosPerByte} (-1 before its first
     * window).
     */
    Map<String, Long> getSharing();
}
