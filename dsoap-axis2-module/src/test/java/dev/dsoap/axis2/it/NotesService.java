package dev.dsoap.axis2.it;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A POJO service with an in-only operation (a void method: Axis2 gives it its RPCInOnlyMessageReceiver) and an in-out
 * one of the same parameters (RPCMessageReceiver).
 */
public class NotesService {
    /** The notes received by any server of this JVM, as {@code level|text}, in order of arrival. */
    static final ConcurrentLinkedQueue<String> RECEIVED = new ConcurrentLinkedQueue<>();

    public void note(String text, int level) {
        RECEIVED.add(level + "|" + text);
    }

    /** The note as {@code level|text}, answered (nothing kept). */
    public String keep(String text, int level) {
        return level + "|" + text;
    }
}
