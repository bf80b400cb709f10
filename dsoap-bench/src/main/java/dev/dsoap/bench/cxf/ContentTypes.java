package dev.dsoap.bench.cxf;

import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

import java.util.ArrayList;
import java.util.List;

/**
 * Records the HTTP {@code Content-Type} of every message its endpoint or client receives, as it came off the wire:
 * it runs in CXF's {@code receive} phase, before {@code FastInfosetFeature}'s reader (in {@code post-stream})
 * rewrites {@code application/fastinfoset} to an XML type. Keeps at most {@value #MAX} types; thread-safe.
 */
final class ContentTypes extends AbstractPhaseInterceptor<Message> {
    /** The most content types kept; later ones are dropped. */
    static final int MAX = 64;
    private final List<String> seen = new ArrayList<>();

    ContentTypes() {
        super(Phase.RECEIVE);
    }

    @Override
    public void handleMessage(Message message) {
        Object type = message.get(Message.CONTENT_TYPE);
        synchronized (seen) {
            if (seen.size() < MAX) {
                seen.add(String.valueOf(type));
            }
        }
    }

    /** The content types received so far, oldest first ({@code "null"} for a message without one). */
    List<String> seen() {
        synchronized (seen) {
            return List.copyOf(seen);
        }
    }
}
