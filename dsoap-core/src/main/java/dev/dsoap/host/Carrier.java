package dev.dsoap.host;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.UnsupportedTypeException;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.MessageBindingException;
import dev.dsoap.parse.XmlCheck;
import dev.dsoap.parse.XmlParseException;
import dev.dsoap.parse.XmlScanner;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerPool;
import dev.dsoap.sharing.SharingConfig;
import dev.dsoap.template.MemoryBudget;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The carrying engine of one operation on one side: a server's requests in and responses out, or a
 * client's requests out and responses in. Every host adapter (the Axis2 module, the CXF interceptors) hands
 * each message to a carrier once per direction, with the reason, if any, that the host itself keeps the
 * message on its own path; the carrier decides the rest, counts every fallback by reason, and holds the
 * host's path to dsoap's limits.
 *
 * <p><b>Inbound</b> ({@link #read}): raw bytes in, the parts' values out, read by differential
 * deserialization; or {@code null} when the message goes the host's way (counted, and checked against
 * dsoap's limits first); or a {@link RejectedMessageException} for a message no one may read. A host that
 * binds several element spellings of one operation (Axis2's RPC receiver also takes the positional
 * {@code argN}/{@code itemN} names its own {@code RPCServiceClient} writes) gives each as a form; the
 * carrier picks the form by the name of the message's first part element, and each form keeps its own
 * differential state.
 *
 * <p><b>Outbound</b> ({@link #write}): the parts' values in, a {@link Reply} out that writes itself and gives
 * its template back when closed (a kept template when one is idle, a one-message template when all are
 * busy); or {@code null} when the values go the host's way (counted).
 *
 * <p>Plans come from the host's {@link PlanCache}. Thread-safe.
 */
public final class Carrier {
    /** Configuration of the operation. */
    private final Settings settings;
    /** The operation's counters. */
    private final OperationStats stats;
    /** The inbound forms, the schema's first; empty when dsoap does not read this side. */
    private final Form[] forms;
    /** Why nothing is read, when {@link #forms} is empty. */
    private final String readProblem;
    /** The host's own binding rule over the values read, or {@code null}. */
    private final Function<Object[], String> readRule;
    /** The outbound templates, or {@code null}. */
    private final SerializerPool writer;
    /** The budget shared with the other carriers, or {@code null}: it lends a long message's outgoing writes a stage. */
    private final MemoryBudget budget;
    /** Why nothing is written, when {@link #writer} is {@code null}. */
    private final String writeProblem;
    /**
     * The kept state that read this thread's last inbound message ({@code [0]}, 0 for none), consumed by the
     * thread's next outbound message: a response is written on the template last used for the same peer.
     * Hosts read a request and write its response on one thread; where they do not, the response takes
     * any idle template, which is only slower.
     */
    private final ThreadLocal<long[]> readState = ThreadLocal.withInitial(() -> new long[2]);
    /**
     * {@code readState[0]} after an inbound message that went the host's way: its answer, if dsoap writes it, is
     * written on a one-message template, so an operation whose requests dsoap does not read keeps no template.
     */
    private static final long HOST_READ = -1;
    /** What is learned of requests whose first part element is none of the forms' (several forms only). */
    private final ShapeBypass unmatched = new ShapeBypass();
    /**
     * Parsers for the message head, when there are several forms to choose from: pooled, not thread-local, so that
     * a host's threads hold nothing of dsoap after its application stops.
     */
    private final CursorPool<XmlScanner> heads;
    /** The binary forms of this side's messages, their readers and writers. */
    private final BinarySide binary;
    /** The window responses are shared across ({@link Settings#SHARE}), or {@code null}. */
    private final SharedWindow shared;

    private Carrier(Builder b) {
        this.settings = b.settings;
        this.stats = b.stats;
        this.forms = b.forms.toArray(new Form[0]);
        this.readProblem = b.readProblem;
        this.readRule = b.readRule;
        this.writer = b.writer;
        this.budget = b.budget;
        this.writeProblem = b.writeProblem;
        this.heads = forms.length > 1 ? new CursorPool<>(() -> new XmlScanner(settings.deserializer().limits())) : null;
        this.binary = new BinarySide(settings, stats, b.binaryIns, b.binaryOut, b.budget);
        this.shared = b.shared;
        if (shared != null) {
            stats.sharing(shared);
        }
    }

    /**
     * Starts a carrier.
     *
     * @param budget caps the bytes kept by this and every other carrier sharing it, or {@code null}
     * @param plans  where plans are compiled and kept (one cache per deployed service or client)
     */
    public static Builder builder(Settings settings, OperationStats stats, MemoryBudget budget, PlanCache plans) {
        return new Builder(settings, stats, budget, plans);
    }

    /** The operation's counters. */
    public OperationStats stats() {
        return stats;
    }

    /** The operation's settings. */
    public Settings settings() {
        return settings;
    }

    /** Whether dsoap can read this side's incoming messages (a plan exists and reading is switched on). */
    public boolean reads() {
        return forms.length > 0 && settings.deserialize();
    }

    /** Whether dsoap can write this side's outgoing messages (a plan exists and writing is switched on). */
    public boolean writes() {
        return writer != null && settings.serialize();
    }

    /**
     * Bytes held now besides the kept inbound messages (which the operation's read counters report): the
     * outbound side's templates and the binary and shared sides' state.
     */
    public long retainedBytes() {
        return (writer == null ? 0 : writer.retainedBytes()) + binary.retainedBytes()
                + (shared == null ? 0 : shared.retainedBytes());
    }

    /**
     * The key of a message's sender, for {@link #read(byte[], int, long, Fallback, String)}: as
     * {@link #peerKey(String, String, String, String)} with no origin.
     */
    public static long peerKey(String clientId, String caller, String connection) {
        return peerKey(clientId, caller, null, connection);
    }

    /**
     * The origin a client id is bound to ({@link #peerKey(String, String, String, String)}): the remote address and the
     * forwarding headers as they came, or {@code null} when none is known. Thread-safe.
     *
     * @param address       the remote address, or {@code null}
     * @param forwardedFor  the {@code X-Forwarded-For} header, or {@code null}
     * @param forwarded     the {@code Forwarded} header, or {@code null}
     */
    public static String origin(String address, String forwardedFor, String forwarded) {
        return address == null && forwardedFor == null && forwarded == null ? null
                : address + " " + forwardedFor + " " + forwarded;
    }

    /**
     * The key of a message's sender, for {@link #read(byte[], int, long, Fallback, String)}, from what the host
     * knows of it, the first given of: the value of the client id header ({@link Settings#clientIdHeader()}),
     * which dsoap clients send; the caller the host authenticated (or the credentials it was given); the
     * connection (address and port). A 64-bit hash, never 0, odd for a client id and even otherwise (a client that
     * names itself is one sender; a caller or a connection may be many); nothing of the arguments is kept. Values
     * longer than 256 characters are not taken as an identity.
     *
     * <p>A client id is bound to the caller and the origin it comes with: the same id sent by another caller, or from
     * another address, is another sender, with kept state and a quality estimate of its own. Whoever learns a client's
     * id cannot steer that client's state or its answers' variant.
     *
     * @param caller the authenticated caller or the credentials sent ({@code Authorization}), or {@code null}
     * @param origin where the request came from: the remote address and any forwarding headers
     *               ({@code X-Forwarded-For}, {@code Forwarded}), or {@code null}
     * @return the key, or 0 when none is given (the sender is then anonymous)
     */
    public static long peerKey(String clientId, String caller, String origin, String connection) {
        if (usable(clientId)) {
            return hash("id:", caller == null && origin == null ? clientId
                    : clientId + '\n' + (caller == null ? "" : caller) + '\n' + (origin == null ? "" : origin)) | 1;
        }
        if (usable(caller)) {
            return even(hash("caller:", caller));
        }
        return usable(connection) ? even(hash("connection:", connection)) : 0;
    }

    private static long even(long h) {
        return (h & ~1L) == 0 ? 2 : h & ~1L;
    }

    /** Whether {@code peer} is the key of a client that named itself (its client id). */
    static boolean named(long peer) {
        return (peer & 1) != 0;
    }

    private static boolean usable(String identity) {
        return identity != null && !identity.isEmpty() && identity.length() <= 256;
    }

    /** FNV-1a over the characters, finished by a 64-bit mix; never 0. */
    static long hash(String kind, String identity) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < kind.length(); i++) {
            h = (h ^ kind.charAt(i)) * 0x100000001b3L;
        }
        for (int i = 0; i < identity.length(); i++) {
            h = (h ^ identity.charAt(i)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h == 0 ? 1 : h;
    }

    // ------------------------------------------------------------------------------------------ inbound

    /**
     * Reads the incoming message {@code b[0..len)}. The bytes are copied where they are kept, so the caller
     * may reuse {@code b} afterwards.
     *
     * @param hostReason why the host keeps this message on its own path (headers it owns, attachments, ...),
     *                   or {@code null} to let dsoap read it
     * @param hostDetail what the log line says about {@code hostReason}, or {@code null}
     * @return the parts' values in plan order, fresh objects; or {@code null} when the host must read the
     *         message itself (counted by reason; the bytes were checked against dsoap's limits)
     * @throws RejectedMessageException if the message is malformed, over a limit or carries a DTD
     */
    public Object[] read(byte[] b, int len, Fallback hostReason, String hostDetail) {
        return read(b, len, 0, hostReason, hostDetail);
    }

    /**
     * As {@link #read(byte[], int, Fallback, String)}, for a message from a known peer: the kept message that
     * peer sent last is tried first, so a peer among many keeps its benefit without its message being
     * compared with the others' (the response is then written on the template last used for that peer).
     *
     * @param peer the sender's {@link #peerKey(String, String, String)}, or 0 when the host cannot tell its peers
     *             apart (the message is then matched with the kept messages by similarity alone)
     */
    public Object[] read(byte[] b, int len, long peer, Fallback hostReason, String hostDetail) {
        return read(b, len, peer, false, hostReason, hostDetail);
    }

    /**
     * As {@link #read(byte[], int, long, Fallback, String)}; with {@code handOver}, the host gives {@code b} up (a
     * fresh array of this one message, which nothing writes after this call, though the host may still read it), so
     * that the kept state may keep it instead of a copy.
     */
    public Object[] read(byte[] b, int len, long peer, boolean handOver, Fallback hostReason, String hostDetail) {
        return read(b, len, peer, handOver ? DifferentialDeserializer.HAND_OVER : DifferentialDeserializer.COPY,
                hostReason, hostDetail);
    }

    /**
     * As {@link #read(byte[], int, long, Fallback, String)}, saying what becomes of {@code b}:
     * {@link DifferentialDeserializer#COPY} (the host keeps it), {@link DifferentialDeserializer#HAND_OVER} (a fresh
     * array of this one message, which nothing writes after this call, though the host may still read it) or
     * {@link DifferentialDeserializer#RELEASE} (as HAND_OVER, and the host does not read it either once this returns:
     * the kept state gives it to the memory budget as a spare read buffer when the sender's next message replaces it).
     */
    public Object[] read(byte[] b, int len, long peer, int handOver, Fallback hostReason, String hostDetail) {
        Objects.checkFromIndexSize(0, len, b.length);
        long[] state = readState.get();
        state[0] = 0;
        Fallback why = hostReason;
        String detail = hostDetail;
        if (why == null && !settings.deserialize()) {
            why = Fallback.DISABLED;
            detail = Settings.DESERIALIZE + " = false";
        } else if (why == null && forms.length == 0) {
            why = Fallback.UNSUPPORTED_TYPE;
            detail = readProblem;
        }
        if (why != null) {
            stats.readFallback(why, detail);
            check(b, len);
            return null;
        }
        int fi = -1;
        try {
            fi = formIndex(b, len);
            if (fi < 0 && unmatched.skip()) {
                state[0] = HOST_READ;
                stats.readFallback(Fallback.REQUEST_SHAPE, "first part element is none of the operation's forms'"
                        + " (the last such requests failed the shape; one is tried again later)");
                // read by the host under its own limits, as a message too long for dsoap is: checking it too would
                // cost a second parse of every message dsoap has learned not to read
                return null;
            }
            // the kept state that read the sender's last message is tried first; a client that names itself reads
            // against its own kept message, however much it changed (searching the others instead would take another
            // client's state and leave that client to a plain parse), and one that no kept state has read starts its
            // own while there is room (a caller or a connection may be many senders: they look for a similar one)
            state[0] = peer;
            state[1] = named(peer) ? 1 : 0;
            // values the read rule refuses go to the host, which reads b again: b is then not released
            int hold = handOver == DifferentialDeserializer.RELEASE && readRule != null
                    ? DifferentialDeserializer.HAND_OVER : handOver;
            Object[] values = forms[Math.max(fi, 0)].reader.deserialize(b, 0, len, state, hold);
            state[1] = 0;
            if (fi < 0) {
                unmatched.read();
            }
            if (state[0] == 0) {
                stats.checkCapacity(settings.deserializer().states());
            }
            String problem = readRule == null ? null : readRule.apply(values);
            if (problem == null) {
                return values;
            }
            state[0] = HOST_READ;
            stats.readFallback(Fallback.REQUEST_SHAPE, problem); // read whole by dsoap's parser: within its limits
            return null;
        } catch (XmlParseException e) {
            if (e.kind() != XmlParseException.Kind.UNSUPPORTED) {
                stats.rejected();
                throw RejectedMessageException.of(e);
            }
            state[0] = HOST_READ;
            state[1] = 0;
            stats.readFallback(Fallback.CHARSET, e.getMessage());
            return null;
        } catch (MessageBindingException e) {
            state[0] = HOST_READ; // not the id of the state that failed: the answer takes no template for it
            state[1] = 0;
            if (fi < 0 && forms.length > 1) {
                unmatched.failed();
            }
            stats.readFallback(Fallback.REQUEST_SHAPE, e.getMessage());
            check(b, len);
            return null;
        }
    }

    /** Whether requests of a first part element none of the forms' are left to the host now ({@link #skipsUnread}). */
    public boolean skipping() {
        return forms.length > 1 && unmatched.skipping();
    }

    /**
     * Whether a request is left to the host before its bytes are kept, from its first bytes {@code b[0..len)}
     * alone: when its first part element is none of the operation's forms' and the last such requests failed the
     * shape, so that the operation has learned to leave them to the host (one of the requests it leaves is used up,
     * as {@link #read} uses one). The host then reads the message from its stream, as without dsoap, and the
     * exchange is the host's: count it with {@link #bypass} ({@link Fallback#REQUEST_SHAPE}).
     *
     * @param b the message's first bytes; the rest need not have arrived
     */
    public boolean skipsUnread(byte[] b, int len) {
        Objects.checkFromIndexSize(0, len, b.length);
        if (forms.length < 2 || !settings.deserialize() || !unmatched.skipping()) {
            return false;
        }
        // what the first bytes do not tell (not well-formed, cut) is read on, the whole message then checked
        return skips(firstPart(b, len, true));
    }

    /**
     * As {@link #skipsUnread(byte[], int)}, for a host that has read the message's head from its first bytes already
     * ({@link EnvelopeHead#readPrefix}).
     */
    public boolean skipsUnread(EnvelopeHead head) {
        return forms.length > 1 && settings.deserialize() && unmatched.skipping() && skips(head.firstPartName());
    }

    /** Whether a request whose first part element is {@code first} (or unknown: {@code null}) is left unread now. */
    private boolean skips(String first) {
        return first != null && formOf(first) < 0 && unmatched.skip();
    }

    /**
     * The host read this thread's last inbound message without this carrier seeing it (it went the host's way before
     * its operation was known): the thread's next outbound message, if dsoap writes it, is written on a template of one
     * message, as after a read fallback, so that an operation whose requests dsoap never reads keeps no template.
     */
    public void hostRead() {
        readState.get()[0] = HOST_READ;
    }

    /**
     * Counts a whole exchange the host keeps on its own path before dsoap sees it (both directions when the
     * operation answers), and checks the request against dsoap's limits.
     *
     * @param answers whether a response follows (counted as a write fallback too)
     * @throws RejectedMessageException if the request is malformed, over a limit or carries a DTD
     */
    public void bypass(Fallback why, String detail, byte[] b, int len, boolean answers) {
        Objects.requireNonNull(why, "why");
        stats.readFallback(why, detail);
        if (answers) {
            stats.writeFallback(why, detail);
        }
        if (b != null) {
            Objects.checkFromIndexSize(0, len, b.length);
            check(b, len);
        }
    }

    /**
     * The index of the message's form: the one whose parts include the first part element's name, else the schema's
     * (0); -1 when there are several forms and the first part element is none of theirs (read with the schema's).
     */
    private int formIndex(byte[] b, int len) {
        if (forms.length == 1) {
            return 0;
        }
        String first = firstPart(b, len, false);
        return first == null ? 0 : formOf(first);
    }

    /**
     * The local name of the first part element of {@code b[0..len)} (several forms only), or {@code null}; with
     * {@code prefix}, as far as those bytes tell ({@link EnvelopeHead#readPrefix}).
     */
    private String firstPart(byte[] b, int len, boolean prefix) {
        XmlScanner sc = heads.take();
        try {
            return (prefix ? EnvelopeHead.readPrefix(sc, b, len) : EnvelopeHead.read(sc, b, len)).firstPartName();
        } finally {
            heads.give(sc);
        }
    }

    /** The index of the form whose parts include an element named {@code first}, or -1. */
    private int formOf(String first) {
        for (int i = 0; i < forms.length; i++) {
            if (forms[i].partNames.contains(first)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Holds a message the host reads itself to dsoap's limits (size, depth, text, attributes, no DTD) and to
     * well-formedness.
     *
     * @return {@code true}, or {@code false} when the message is in an encoding dsoap's parser does not read
     *         (UTF-16, XML 1.1): the host's parser checks it
     * @throws RejectedMessageException naming what is wrong and where (counted as rejected)
     */
    public boolean check(byte[] b, int len) {
        Objects.checkFromIndexSize(0, len, b.length);
        try {
            XmlCheck.check(b, 0, len, settings.deserializer().limits());
            return true;
        } catch (XmlParseException e) {
            if (e.kind() != XmlParseException.Kind.UNSUPPORTED) {
                stats.rejected();
                throw RejectedMessageException.of(e);
            }
            return false;
        }
    }

    // ------------------------------------------------------------------------------------------ binary

    /**
     * The binary form of this side's incoming messages, or {@code null} when they are not read in binary (no form,
     * reading or binary switched off).
     */
    public BinaryFormat binaryIn() {
        return binary.in();
    }

    /**
     * The binary forms of this side's incoming messages, one per inbound form that has one (the schema's first);
     * empty when they are not read in binary.
     */
    public List<BinaryFormat> binaryIns() {
        return binary.ins();
    }

    /** The ids of {@link #binaryIns()} as a header value: hexadecimal ids separated by commas, or {@code null}. */
    public String binaryInIds() {
        return binary.inIds();
    }

    /** The binary form of this side's outgoing messages, or {@code null} when they are not written in binary. */
    public BinaryFormat binaryOut() {
        return binary.out();
    }

    /**
     * Whether this side writes binary answers at all, so that an answer's form depends on the request's {@code Accept}
     * (hosts then say {@code Vary: Accept} on the answers dsoap writes).
     */
    public boolean offersBinary() {
        return binary.out() != null;
    }

    /**
     * Whether a request whose {@code Accept} header is {@code accept} gets its answer in binary: the client asks for
     * binary before {@code xmlType} (naming this answer's format, or none) and this side writes binary.
     */
    public boolean answersBinary(String accept, String xmlType) {
        return binary.answers(accept, xmlType);
    }

    /**
     * Reads the binary message {@code b[0..len)}.
     *
     * @return the parts' values in plan order, fresh objects
     * @throws RejectedMessageException naming what is wrong and where; {@link RejectedMessageException#unsupportedMediaType()}
     *                                  when binary is not read here or the message's format is not this side's
     */
    public Object[] readBinary(byte[] b, int len) {
        Objects.checkFromIndexSize(0, len, b.length);
        readState.get()[0] = 0;
        Object[] values = binary.read(b, len, forms.length == 0 ? readProblem : "values that cannot be built");
        String problem = readRule == null ? null : readRule.apply(values);
        if (problem != null) {
            stats.rejected();
            throw new RejectedMessageException("binary message not what the host takes: " + problem, null, false);
        }
        stats.binaryRead(len);
        return values;
    }

    /**
     * Writes the outgoing message of {@code parts} in binary.
     *
     * @param withDescriptor whether it carries its format descriptor (the peer may not know the format yet)
     * @return the written message, to send and then close; or {@code null} when this side writes no binary or the
     *         values cannot be carried (counted; write XML instead)
     */
    public Reply writeBinary(Object[] parts, boolean withDescriptor) {
        readState.get()[0] = 0;
        return binary.write(parts, withDescriptor);
    }

    // ------------------------------------------------------------------------------------------ outbound

    /**
     * Writes the outgoing message of {@code parts} (plan order).
     *
     * @param hostReason why the host keeps this message on its own path, or {@code null} to let dsoap write it
     * @param hostDetail what the log line says about {@code hostReason}, or {@code null}
     * @return the written message, to send and then close; or {@code null} when the host must write the
     *         message itself (counted by reason)
     */
    public Reply write(Object[] parts, Fallback hostReason, String hostDetail) {
        Fallback why = hostReason;
        String detail = hostDetail;
        if (why == null && !settings.serialize()) {
            why = Fallback.DISABLED;
            detail = Settings.SERIALIZE + " = false";
        } else if (why == null && writer == null) {
            why = Fallback.UNSUPPORTED_TYPE;
            detail = writeProblem;
        }
        if (why != null) {
            stats.writeFallback(why, detail);
            return null;
        }
        long[] state = readState.get();
        boolean hostRead = state[0] == HOST_READ;
        if (shared != null && parts.length == 1 && (parts[0] == null || parts[0] instanceof double[])) {
            Reply r = shared.write((double[]) parts[0], stats);
            if (r != null) {
                state[0] = 0;
                return r;
            }
        }
        long start = shared == null ? 0 : SharedWindow.cpuNanos();
        // the template of the peer whose request this answers; none for a request that went the host's way
        DifferentialSerializer ds = hostRead ? null : writer.borrow(state[0]);
        state[0] = 0;
        boolean kept = ds != null;
        if (!kept) {
            ds = writer.transientSerializer();
        }
        MatchClass match;
        try {
            match = ds.serialize(parts);
        } catch (RuntimeException e) {
            if (kept) {
                writer.release(ds);
            }
            stats.writeFallback(Fallback.UNSUPPORTED_VALUE, e.getMessage());
            return null;
        }
        if (shared != null) {
            shared.templateWritten(SharedWindow.cpuNanos() - start, ds.messageLength());
        }
        return new Reply(kept ? writer : null, ds, stats, match, ds.messageLength(), budget);
    }

    /** One inbound form: its reader and the local names of its part elements. */
    private record Form(DifferentialDeserializer reader, Set<String> partNames) {
    }

    /**
     * Compiles a carrier's plans; a side whose plan cannot be compiled keeps the reason and falls back.
     * Not thread-safe; the carrier it builds is.
     */
    public static final class Builder {
        private final Settings settings;
        private final OperationStats stats;
        private final MemoryBudget budget;
        private final PlanCache plans;
        private final List<Form> forms = new ArrayList<>();
        private String readProblem = "no inbound plan";
        private Function<Object[], String> readRule;
        private SerializerPool writer;
        private String writeProblem = "no outbound plan";
        private boolean headerBlocksHandled;
        private final List<BinaryFormat> binaryIns = new ArrayList<>();
        private BinaryFormat binaryOut;
        private MessagePlan writePlan;
        private SharedWindow shared;

        private Builder(Settings settings, OperationStats stats, MemoryBudget budget, PlanCache plans) {
            this.settings = Objects.requireNonNull(settings, "settings");
            this.stats = Objects.requireNonNull(stats, "stats");
            this.budget = budget;
            this.plans = Objects.requireNonNull(plans, "plans");
        }

        /**
         * The inbound form the operation's schema describes, or, called again, another spelling the host binds
         * to the same values (its parts' element names must differ from the first form's).
         *
         * @param shape gives the shape; may throw {@link IllegalArgumentException} naming why there is none
         */
        public Builder reads(Supplier<MessageShape> shape, WireConvention convention) {
            try {
                MessageShape s = shape.get();
                MessagePlan plan = plans.get(s, convention);
                Set<String> names = new HashSet<>();
                for (MessageShape.Part p : s.parts()) {
                    names.add(p.name());
                }
                DeserializerConfig config = headerBlocksHandled
                        ? settings.deserializer().toBuilder().skipHeaderBlocks(true).build() : settings.deserializer();
                forms.add(new Form(new DifferentialDeserializer(plan, config, stats.reads(), budget), names));
                BinaryFormat f = BinarySide.compile(plan, s, true);
                if (f != null && binaryIns.stream().noneMatch(g -> g.id() == f.id())) {
                    binaryIns.add(f);
                }
            } catch (UnsupportedTypeException | IllegalArgumentException e) {
                if (forms.isEmpty()) {
                    readProblem = e.getMessage();
                }
            }
            return this;
        }

        /**
         * The host hands over only messages whose SOAP header blocks its own handlers have dealt with (and that
         * leave the body as it arrived, such as WS-Addressing's): the inbound forms after this call pass over
         * header blocks instead of refusing the message.
         */
        public Builder headerBlocksHandledByHost() {
            this.headerBlocksHandled = true;
            return this;
        }

        /** No inbound side, and why (a one-way operation's client, a style dsoap does not read). */
        public Builder noReads(String why) {
            forms.clear();
            binaryIns.clear();
            readProblem = Objects.requireNonNull(why, "why");
            return this;
        }

        /**
         * The host's binding rule over what dsoap read: returns why the host would not pass these values on as
         * they are (the message then goes the host's way, counted as {@link Fallback#REQUEST_SHAPE}), or
         * {@code null}; may adjust the values in place to what the host passes (an absent array as empty).
         */
        public Builder readRule(Function<Object[], String> rule) {
            this.readRule = rule;
            return this;
        }

        /** The outbound plan; {@code shape} may throw {@link IllegalArgumentException} naming why there is none. */
        public Builder writes(Supplier<MessageShape> shape, WireConvention convention) {
            try {
                MessageShape s = shape.get();
                MessagePlan plan = plans.get(s, convention);
                writer = new SerializerPool(plan, settings.serializer(), stats.writes(), budget, settings.states());
                binaryOut = BinarySide.compile(plan, s, false);
                writePlan = plan;
            } catch (UnsupportedTypeException | IllegalArgumentException e) {
                writer = null;
                binaryOut = null;
                writePlan = null;
                writeProblem = e.getMessage();
            }
            return this;
        }

        /**
         * Shares {@code operation}'s responses across a window when the settings name it ({@link Settings#SHARE});
         * call after {@link #writes}. An answer other than one {@code double[]} part is written on templates only
         * (said once in the log).
         */
        public Builder sharing(String operation) {
            SharingConfig config = settings.sharing(operation);
            if (config == null || writePlan == null) {
                return this;
            }
            long max = budget == null ? config.maxWindowBytes()
                    : Math.min(config.maxWindowBytes(), (long) (budget.limitBytes() * settings.serializer().maxStateShare()));
            try {
                shared = new SharedWindow(writePlan, config.withBounds(config.maxChunks(), max),
                        settings.shareWindowNanos(), budget);
            } catch (IllegalArgumentException e) {
                stats.info(Settings.SHARE + " names it, but its answers are written on templates only: " + e.getMessage());
            }
            return this;
        }

        /** No outbound side, and why. */
        public Builder noWrites(String why) {
            writer = null;
            binaryOut = null;
            writePlan = null;
            writeProblem = Objects.requireNonNull(why, "why");
            return this;
        }

        public Carrier build() {
            return new Carrier(this);
        }
    }
}
