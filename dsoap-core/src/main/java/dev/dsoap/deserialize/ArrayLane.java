package dev.dsoap.deserialize;

import dev.dsoap.binding.ScalarType;
import dev.dsoap.numbers.XsdParse;

import java.util.Arrays;

/**
 * Differential deserialization's lane for one array of numbers, booleans or strings: where a message differs from the
 * kept one only in the items of that array, each changed item is read on its own and every other value is the kept
 * one, with no parser state to restore or match. The general reader ({@link DdsStream}) resumes at a checkpoint before
 * each change and matches checkpoints after it, some thousand cycles a changed value; here a change costs the compare
 * that finds it, adding up the kept items' spans to the one that holds it, and the item's own bytes.
 *
 * <p>The watched array is the first in the plan whose items are numbers or booleans (lanes J and D) or strings (lane
 * O) and that sits under structures only, so that a message holds it once. Its index, the byte span of each of the
 * kept message's items and the offset of every {@value #STRIDE}th, is built by one pass over the kept message after a read of the general reader ({@link #build}), and kept
 * up to date by this lane's own reads. The pass accepts only the form every SOAP stack writes: items one after the
 * other, whitespace at most between them (dsoap's templates keep spare bytes there), each {@code <name>text</name>}
 * with the first item's start tag; a kept message of any other form gets no index, and its next message goes the
 * general way.
 *
 * <p>A read here succeeds only when, in the new message, everything before the first item and after the last is the
 * kept message's bytes, and every item that differs is a start tag equal to the first item's, a text of at most
 * {@link #MAX_TEXT} bytes for a number and {@link #MAX_STRING} for a string (and the parser's text limit) that the
 * item's type reads (a string's of printable ASCII, tabs and line feeds without {@code &} or {@code ]}; a number's
 * reading refuses every byte a number may not hold), and the matching end tag. Any other difference (an item added or removed, a tag, an attribute, an entity, a
 * comment, a value its type refuses) gives up before anything is changed, and the message is read the general way,
 * which reports what is wrong where. So the values read here are those the general reader reads from the same bytes.
 *
 * <p>Not thread-safe: owned by one {@link DdsStream}.
 */
final class ArrayLane {
    /** Longest item text read here: the longest number of any type with room for whitespace around it. */
    static final int MAX_TEXT = 64;
    /** Longest string item read here. */
    static final int MAX_STRING = 256;
    /** Most messages read the general way, without building an index, after lane reads that gave up often. */
    private static final int MAX_BACKOFF = 256;
    private static final int[] NONE = new int[0];
    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    /** Changes above which their working arrays are made afresh for the next message rather than kept (16 KiB). */
    private static final int SCRATCH = 1024;
    private static final byte[] NONE_BYTES = new byte[0];
    /** Items per entry of the coarse index ({@link #at}). */
    static final int STRIDE = 64;
    /** Lane reads since the last give-up after which a give-up starts the backoff afresh. */
    private static final int CALM = 8;

    /** The watched array's node, its item's type and lane, whether items take a presence code (boxed). */
    final ReadNode array;
    private final ScalarType type;
    /** The items' lane: {@link ReadNode#LANE_J}, {@link ReadNode#LANE_D}, or {@link ReadNode#LANE_O} for strings. */
    private final int lane;
    private final boolean laneD;
    private final boolean strings;
    private final boolean boxed;
    private final boolean javaInfinity;
    private final int maxText;
    private final int maxMessage;

    // where the array is in the message being read by the general reader (recorded by Binder, or carried over)
    private int startAt;
    private int endAt;
    private int startLane;
    private int endLane;
    private int startS;
    private int endS;

    // the kept message's array
    private int keptStartAt = -1;
    private int keptEndAt = -1;
    private int keptStartLane;
    private int keptEndLane;
    private int keptStartS;
    private int keptEndS;
    /**
     * Every {@value #STRIDE}th item's offset in the kept message (item {@code k * STRIDE} at {@code at[k]}), or none.
     * An item between two is found by adding up the {@link #spans} of the items before it in its block.
     */
    private int[] at = NONE;
    /**
     * Each kept item's span: the bytes from its start tag to the next item's (its text, end tag and the whitespace
     * after it), one byte an item, or two (little-endian, {@link #wide}) once an item spans more than 255 bytes (a
     * long string). Finding the item that holds a difference is then adding spans, not searching bytes, and a changed
     * item moves only its own span (and the coarse offsets after it). An offset for each item would add half the
     * values' size again to what a client keeps; a byte is an eighth of it.
     */
    private byte[] spans = NONE_BYTES;
    /** Whether {@link #spans} holds two bytes an item. */
    private boolean wide;
    /** Items indexed in {@link #at} and {@link #spans}; -1 when the kept message has no index. */
    private int items = -1;
    private byte[] open = NONE_BYTES;
    private byte[] close = NONE_BYTES;
    /** {@link #open} and {@link #close} as words for {@link #holds}. */
    private long openWord;
    private long openMask;
    private long closeWord;
    private long closeMask;

    // the changes of the message being read here: item, value (double bits or long), shift of all after it
    private int[] chItem = new int[16];
    private long[] chBits = new long[16];
    /** For strings: the changed items' values; {@link #string}, the one just read. */
    private String[] chString = new String[0];
    private String string;
    private int[] chShift = new int[16];
    private int changes;
    /** Changed items of the last message kept: the scratch arrays' size once they grow past their first 16. */
    private int lastChanges;
    private int parsedBytes;

    /**
     * Messages still to be read the general way without an index: a message read here drops the kept checkpoints, so
     * one that goes the general way right after is read from its start. Where that keeps happening (changes outside the
     * array every other message, say) the lane steps aside for 1, 2, 4 ... up to {@value #MAX_BACKOFF} messages, and
     * the general reader keeps its checkpoints meanwhile.
     */
    private int skipLeft;
    private int backoff;
    /** Lane reads since the last give-up; a give-up after {@value #CALM} of them starts the backoff afresh. */
    private int sinceGiveUp = CALM;

    private ArrayLane(ReadNode array, boolean javaInfinity, int maxText, int maxMessage) {
        this.array = array;
        this.type = array.item.type;
        this.lane = array.item.lane;
        this.laneD = lane == ReadNode.LANE_D;
        this.strings = lane == ReadNode.LANE_O;
        this.boxed = !array.item.primitive && !strings;
        this.javaInfinity = javaInfinity;
        this.maxText = Math.min(strings ? MAX_STRING : MAX_TEXT, maxText);
        this.maxMessage = maxMessage;
        forgetCurrent();
    }

    /**
     * The lane for {@code plan}'s first array of numbers, booleans or strings under structures only, or {@code null} if
     * it has none.
     */
    static ArrayLane of(ReadPlan plan, boolean javaInfinity, int maxText, int maxMessage) {
        ReadNode a = find(plan.root());
        return a == null ? null : new ArrayLane(a, javaInfinity, maxText, maxMessage);
    }

    private static ReadNode find(ReadNode n) {
        if (n.kind == ReadNode.ARRAY) {
            ReadNode item = n.item;
            boolean read = item.kind == ReadNode.LEAF && (item.lane != ReadNode.LANE_O || item.type == ScalarType.STRING);
            return read ? n : null; // an array inside is not under structures only
        }
        if (n.kind == ReadNode.STRUCT) {
            for (ReadNode c : n.children) {
                ReadNode a = find(c);
                if (a != null) {
                    return a;
                }
            }
        }
        return null;
    }

    // ------------------------------------------------------------------------------------------- general reads

    /** Before a read of the general reader: nothing known yet of where the array is in the new message. */
    void forgetCurrent() {
        startAt = -1;
        endAt = -1;
    }

    /** Binder: the array's first item starts at {@code offset}; its values start at the tape's current lengths. */
    void started(int offset, Tape t) {
        startAt = offset;
        startLane = laneLength(t);
        startS = t.ns;
    }

    /** Binder: the array ended with the tag at {@code offset}; the tape's lengths are past its last item. */
    void ended(int offset, Tape t) {
        endAt = offset;
        endLane = laneLength(t);
        endS = t.ns;
    }

    /**
     * The general reader copied the kept message's bytes {@code [from, to)} to {@code from + delta} of the new one,
     * their values to lane lengths moved by {@code ds} (S) and {@code dl} (the array's lane).
     */
    void copied(int from, int to, int delta, int ds, int dl) {
        if (startAt < 0 && keptStartAt >= from && keptStartAt < to) {
            startAt = keptStartAt + delta;
            startLane = keptStartLane + dl;
            startS = keptStartS + ds;
        }
        if (endAt < 0 && keptEndAt >= from && keptEndAt < to) {
            endAt = keptEndAt + delta;
            endLane = keptEndLane + dl;
            endS = keptEndS + ds;
        }
    }

    /**
     * The general reader's message is now the kept one ({@code kept[0, keptLen)}): its array's place becomes the kept
     * one, and its index is built, unless lane reads gave up lately.
     */
    void keptGeneral(byte[] kept, int keptLen) {
        keptStartAt = startAt;
        keptEndAt = endAt;
        keptStartLane = startLane;
        keptEndLane = endLane;
        keptStartS = startS;
        keptEndS = endS;
        forgetCurrent();
        items = -1;
        if (skipLeft > 0) {
            skipLeft--;
        } else if (build(kept, keptLen)) {
            items = keptEndLane - keptStartLane;
        }
    }

    /** Forgets the kept message's array (the stream dropped its message). */
    void drop() {
        keptStartAt = -1;
        keptEndAt = -1;
        items = -1;
        at = NONE;
        spans = NONE_BYTES;
        forgetCurrent();
    }

    /** Bytes this lane keeps. */
    long retainedBytes() {
        return 4L * at.length + spans.length + open.length + close.length + 16L * chItem.length + 4L * chString.length
                + 64;
    }

    /**
     * Indexes the kept message's items: one after the other from the array's start to its end, whitespace at most
     * between them, each the first item's start tag, text without {@code <}, and its end tag, as many as the array's
     * values.
     */
    private boolean build(byte[] b, int len) {
        int start = keptStartAt;
        int end = keptEndAt;
        int count = keptEndLane - keptStartLane;
        if (start < 0 || end < 0 || end > len || count <= 0 || (boxed && keptEndS - keptStartS != count)) {
            return false;
        }
        if (b[start] != '<') {
            return false;
        }
        int gt = start + 1;
        int nameEnd = -1;
        while (gt < end && b[gt] != '>') {
            if (nameEnd < 0 && (b[gt] == ' ' || b[gt] == '\t' || b[gt] == '\n' || b[gt] == '\r')) {
                nameEnd = gt;
            }
            gt++;
        }
        if (gt >= end || b[gt - 1] == '/') {
            return false;
        }
        if (nameEnd < 0) {
            nameEnd = gt;
        }
        if (open.length != gt + 1 - start || !Arrays.equals(open, 0, open.length, b, start, gt + 1)) {
            open = Arrays.copyOfRange(b, start, gt + 1);
            int name = nameEnd - start - 1;
            close = new byte[name + 3];
            close[0] = '<';
            close[1] = '/';
            System.arraycopy(b, start + 1, close, 2, name);
            close[name + 2] = '>';
            openWord = word(open);
            openMask = mask(open);
            closeWord = word(close);
            closeMask = mask(close);
        }
        int blocks = (count + STRIDE - 1) / STRIDE;
        if (at.length < blocks || at.length > 2 * blocks + 16) {
            at = new int[blocks + (blocks >> 7)];
        }
        wide = false;
        sizeSpans(count);
        byte[] o = open;
        byte[] c = close;
        int p = start;
        for (int k = 0; k < count; k++) {
            if (k % STRIDE == 0) {
                at[k / STRIDE] = p;
            }
            int from = p;
            if (!Arrays.equals(b, p, p + o.length, o, 0, o.length)) {
                return false;
            }
            p += o.length;
            while (p < end && b[p] != '<') {
                p++;
            }
            if (p + c.length > end || !Arrays.equals(b, p, p + c.length, c, 0, c.length)) {
                return false;
            }
            p = blank(b, p + c.length, end);
            int span = p - from;
            if (span > MAX_NARROW && !wide) {
                widen(k, count);
            }
            if (span > MAX_WIDE) {
                return false;
            }
            setSpan(k, span);
        }
        if (p != end) {
            return false;
        }
        return true;
    }

    /** The most a narrow span holds; a wide one. */
    private static final int MAX_NARROW = 0xFF;
    private static final int MAX_WIDE = 0xFFFF;

    /** Room in {@link #spans} for {@code count} items at the current width, kept when it is not far too much. */
    private void sizeSpans(int count) {
        int need = wide ? 2 * count : count;
        if (spans.length < need || spans.length > 2 * need + 64) {
            spans = new byte[need + (need >> 7)];
        }
    }

    /** Two bytes an item from here on, for {@code count} items, the first {@code kept} spans kept. */
    private void widen(int kept, int count) {
        byte[] narrow = spans;
        wide = true;
        byte[] w = new byte[2 * count + (count >> 6)];
        for (int k = 0; k < kept; k++) {
            w[2 * k] = narrow[k];
        }
        spans = w;
    }

    private int span(int k) {
        return wide ? (spans[2 * k] & 0xFF) | (spans[2 * k + 1] & 0xFF) << 8 : spans[k] & 0xFF;
    }

    private void setSpan(int k, int span) {
        if (wide) {
            spans[2 * k] = (byte) span;
            spans[2 * k + 1] = (byte) (span >>> 8);
        } else {
            spans[k] = (byte) span;
        }
    }

    // ------------------------------------------------------------------------------------------- lane reads

    /** Of the lane lengths' changes given, the one of the items' lane. */
    int pick(int dj, int dd, int dobj) {
        return lane == ReadNode.LANE_D ? dd : lane == ReadNode.LANE_J ? dj : dobj;
    }

    private int laneLength(Tape t) {
        return lane == ReadNode.LANE_D ? t.nd : lane == ReadNode.LANE_J ? t.nj : t.no;
    }

    /** Whether the kept message has an index to read the next one by. */
    boolean ready() {
        return items > 0;
    }

    /**
     * Reads the changed items of {@code b[off, off + len)}, which first differs from {@code kept} at {@code m}:
     * true when every difference is a changed item (the changes are then held for {@link #patch} and {@link #keptLane}),
     * false (nothing changed here) when the message is to be read the general way.
     */
    boolean read(byte[] b, int off, int len, int m, byte[] kept, int keptLen) {
        changes = 0;
        parsedBytes = 0;
        if (len > maxMessage || !readChanges(b, off, len, m, kept, keptLen)) {
            gaveUp();
            return false;
        }
        sinceGiveUp++;
        return true;
    }

    private void gaveUp() {
        if (strings) {
            Arrays.fill(chString, 0, Math.min(changes, chString.length), null);
        }
        string = null;
        changes = 0;
        if (chItem.length > SCRATCH) {
            chItem = new int[16];
            chBits = new long[16];
            chShift = new int[16];
            chString = new String[0];
        }
        items = -1;
        if (sinceGiveUp >= CALM) {
            backoff = 0; // the first in a while: the next message is indexed again
        }
        skipLeft = backoff;
        backoff = backoff == 0 ? 1 : Math.min(MAX_BACKOFF, backoff * 2);
        sinceGiveUp = 0;
    }

    private boolean readChanges(byte[] b, int off, int len, int m, byte[] kept, int keptLen) {
        if (m < keptStartAt || m > keptEndAt) { // at the array's end: whitespace after its last item, perhaps
            return false;
        }
        byte[] o = open;
        byte[] c = close;
        int lim = off + len;
        int shift = 0;
        int j = itemFor(m, 0, keptStartAt);
        int start = foundStart;
        int next = foundEnd; // where item j + 1 starts in the kept message
        while (true) {
            int p = off + start + shift; // item j's start in b: the bytes before it are the kept ones
            if (p + o.length > lim || !holds(b, p, o, openWord, openMask)) {
                return false;
            }
            int t = p + o.length;
            int textEnd = Math.min(lim, t + maxText + 1);
            int e = strings ? stringText(b, t, textEnd) : lessThan(b, t, textEnd);
            if (e < 0) {
                return false;
            }
            if (e - t > maxText || e + c.length > lim || !holds(b, e, c, closeWord, closeMask)) {
                return false;
            }
            long v;
            if (strings) {
                v = e - t; // the text's length, for the string's heap size
                string = new String(b, t, e - t, java.nio.charset.StandardCharsets.US_ASCII);
            } else {
                try {
                    v = value(b, t, e - t);
                } catch (IllegalArgumentException ex) {
                    return false; // the general reader reports it, where it is
                }
            }
            int end = blank(b, e + c.length, lim) - off; // and the whitespace after it, which the reader passes over
            if (end - (p - off) > (wide ? MAX_WIDE : MAX_NARROW)) {
                return false; // a span the index does not hold: read the general way, which indexes it anew
            }
            parsedBytes += end - (p - off);
            shift = end - next;
            add(j, v, shift);
            int r = Arrays.mismatch(b, off + end, lim, kept, next, keptLen);
            if (r < 0) {
                return true;
            }
            int q = next + r;
            if (q > keptEndAt || q == keptEndAt && j + 1 >= items) {
                return false; // the array's end or what follows differs: items added or removed, or other values
            }
            j = itemFor(q, j + 1, next);
            start = foundStart;
            next = foundEnd;
        }
    }

    /**
     * Where a string item's text starting at {@code t} ends (its first {@code <}, or {@code end}), or -1 where it holds a
     * byte this lane leaves to the general reader: a control character but tab and line feed, a byte above ASCII, an
     * entity's {@code &}, or a {@code ]} ("]]>" may not stand in text).
     */
    private static int stringText(byte[] b, int t, int end) {
        for (int e = t; e < end; e++) {
            byte x = b[e];
            if (x == '<') {
                return e;
            }
            if (x < 0x20 ? x != '\t' && x != '\n' : x > 0x7e || x == '&' || x == ']') {
                return -1;
            }
        }
        return end;
    }

    /**
     * Where a number's text starting at {@code t} ends: its first {@code <} before {@code end}, eight bytes at a time, or
     * {@code end}. Its bytes are not checked here: the number's reading refuses every byte a number may not hold
     * (control characters, bytes above ASCII, {@code &}, {@code ]}), and XML whitespace around it is read as the
     * general reader reads it.
     */
    private static int lessThan(byte[] b, int t, int end) {
        int p = t;
        for (; p <= end - Long.BYTES; p += Long.BYTES) {
            long x = (long) LONGS.get(b, p) ^ 0x3C3C_3C3C_3C3C_3C3CL; // a '<' byte becomes 0
            long z = (x - 0x0101_0101_0101_0101L) & ~x & 0x8080_8080_8080_8080L;
            if (z != 0) {
                return p + (Long.numberOfTrailingZeros(z) >>> 3);
            }
        }
        while (p < end && b[p] != '<') {
            p++;
        }
        return p;
    }

    /**
     * Whether {@code b} holds {@code tag} at {@code p} (within bounds): a tag of up to eight bytes (most are) in one
     * compare of a word, {@code word} being its bytes and {@code mask} covering them.
     */
    private static boolean holds(byte[] b, int p, byte[] tag, long word, long mask) {
        if (mask != 0 && p <= b.length - Long.BYTES) {
            return (((long) LONGS.get(b, p) ^ word) & mask) == 0;
        }
        return Arrays.equals(b, p, p + tag.length, tag, 0, tag.length);
    }

    /** {@code tag}'s bytes as a little-endian word, if it has at most eight; else 0. */
    private static long word(byte[] tag) {
        long w = 0;
        for (int i = Math.min(tag.length, Long.BYTES) - 1; i >= 0; i--) {
            w = (w << 8) | (tag[i] & 0xFF);
        }
        return tag.length <= Long.BYTES ? w : 0;
    }

    /** The mask of {@link #holds} for {@code tag}: its bytes' bits, or 0 when it is longer than a word. */
    private static long mask(byte[] tag) {
        return tag.length > Long.BYTES ? 0 : tag.length == Long.BYTES ? -1L : (1L << (8 * tag.length)) - 1;
    }

    /**
     * The item of the kept message to read again for a difference at {@code q}, at or after item {@code from} (which
     * starts at {@code fromStart}): the one holding {@code q}, or, when {@code q} is where an item starts, the one before
     * (whitespace added or removed after an item is that item's: {@link #blank}).
     */
    private int itemFor(int q, int from, int fromStart) {
        int j = find(q, from, fromStart);
        if (j > from && foundStart == q) {
            foundEnd = foundStart;
            foundStart -= span(j - 1);
            return j - 1;
        }
        return j;
    }

    /** Start and end of the item {@link #find} found, in the kept message. */
    private int foundStart;
    private int foundEnd;

    /**
     * The item of the kept message holding offset {@code q}, at or after item {@code from} (which starts at
     * {@code fromStart}): its index (its start and end in {@link #foundStart}, {@link #foundEnd}). Changes a few items
     * apart are the common case: the spans of the items between are added up, and a difference blocks away is reached
     * through the coarse offsets first. Across one message's changes the search only moves forwards.
     */
    private int find(int q, int from, int fromStart) {
        int[] at = this.at;
        int k = from;
        int s = fromStart;
        int b = k / STRIDE;
        int last = (items - 1) / STRIDE;
        if (b < last && at[b + 1] <= q) {
            do {
                b++;
            } while (b < last && at[b + 1] <= q);
            k = b * STRIDE;
            s = at[b];
        }
        int e = s + span(k);
        while (e <= q && k + 1 < items) {
            k++;
            s = e;
            e += span(k);
        }
        foundStart = s;
        foundEnd = e;
        return k;
    }

    /**
     * Past the whitespace at {@code p} (before {@code lim}): between two items, where the reader passes over it, and
     * where a template keeps its spare bytes after a value that shrank.
     */
    private static int blank(byte[] b, int p, int lim) {
        while (p < lim && (b[p] == ' ' || b[p] == '\n' || b[p] == '\t' || b[p] == '\r')) {
            p++;
        }
        return p;
    }

    private long value(byte[] b, int off, int len) {
        // the general reader's own parsing of the same text: the same value, or the same refusal
        return laneD ? Double.doubleToRawLongBits(XsdParse.parseDouble(b, off, len, javaInfinity))
                : Binder.integral(type, b, off, len, javaInfinity);
    }

    private void add(int item, long v, int shift) {
        if (changes == chItem.length) {
            // as many as the last message had (and an eighth more) at once, rather than a dozen doublings from 16
            int n = Math.max(changes * 2, lastChanges + (lastChanges >> 3));
            chItem = Arrays.copyOf(chItem, n);
            chBits = Arrays.copyOf(chBits, n);
            chShift = Arrays.copyOf(chShift, n);
        }
        chItem[changes] = item;
        chBits[changes] = v;
        if (strings) {
            if (chString.length < chItem.length) {
                chString = Arrays.copyOf(chString, chItem.length);
            }
            chString[changes] = string;
        }
        chShift[changes] = shift;
        changes++;
    }

    /** Changed items of the last successful {@link #read}. */
    int changes() {
        return changes;
    }

    /** Bytes of the changed items the last successful {@link #read} parsed. */
    int parsedBytes() {
        return parsedBytes;
    }

    /** Writes the changed values into {@code t}, the kept message's tape, which becomes the new message's. */
    void patch(Tape t) {
        int base = keptStartLane;
        for (int i = 0; i < changes; i++) {
            int k = base + chItem[i];
            if (laneD) {
                t.d[k] = Double.longBitsToDouble(chBits[i]);
            } else if (!strings) {
                t.j[k] = chBits[i];
            } else {
                String v = chString[i];
                t.o[k] = v;
                t.os[k] = dev.dsoap.template.HeapBytes.ofDecoded(v, (int) chBits[i]);
            }
        }
        if (boxed) {
            for (int i = 0; i < changes; i++) {
                t.s[keptStartS + chItem[i]] = Tape.PRESENT;
            }
        }
    }

    /**
     * The message read here is now the kept one: each changed item's span takes its change of length, and the coarse
     * offsets after each change move by its shift.
     */
    void keptLane() {
        int[] at = this.at;
        int blocks = (items - 1) / STRIDE + 1;
        int before = 0;
        for (int i = 0; i < changes; i++) {
            int s = chShift[i];
            int k = chItem[i];
            setSpan(k, span(k) + s - before); // within bounds: readChanges checked the new span
            before = s;
            int to = i + 1 < changes ? chItem[i + 1] / STRIDE : blocks - 1;
            for (int b = k / STRIDE + 1; b <= to; b++) {
                at[b] += s;
            }
        }
        if (changes > 0) {
            keptEndAt += chShift[changes - 1];
        }
        if (strings) {
            Arrays.fill(chString, 0, Math.min(changes, chString.length), null); // the tape holds them now
        }
        lastChanges = changes;
        if (chItem.length > SCRATCH) {
            // the changes are needed while a message is read: many of them are not kept with the sender's state
            chItem = new int[16];
            chBits = new long[16];
            chShift = new int[16];
            chString = new String[0];
        }
        forgetCurrent();
    }

}
