package dev.dsoap.host;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A message's bytes as a host hands them to its {@link Carrier}: {@code bytes[0..length)}. Read once from
 * the transport by {@link #readAtMost}, which both hosts use, with the charset rule both apply.
 *
 * @param bytes  the message, from index 0 (the array may be longer)
 * @param length the message's length in bytes
 */
public record MessageBytes(byte[] bytes, int length) {
    /** The most a first buffer is sized for a declared length: beyond it, buffers grow as bytes arrive. */
    private static final int TRUSTED_DECLARED = 1 << 20;
    /** The first buffer when no length is declared, and the smallest one after it. */
    private static final int FIRST = 16 << 10;

    public MessageBytes {
        java.util.Objects.checkFromIndexSize(0, length, bytes.length);
    }

    /**
     * Whether a message of {@code contentType} is UTF-8: its {@code charset} parameter says UTF-8, or there is
     * none (which for SOAP means UTF-8). dsoap reads only UTF-8; anything else goes the host's way.
     */
    public static boolean utf8(String contentType) {
        if (contentType == null) {
            return true;
        }
        String lower = contentType.toLowerCase(Locale.ROOT);
        int at = lower.indexOf("charset=");
        if (at < 0) {
            return true;
        }
        int end = at + 8;
        while (end < lower.length() && lower.charAt(end) != ';' && lower.charAt(end) != ' ') {
            end++;
        }
        String cs = lower.substring(at + 8, end).replace("\"", "").replace("'", "");
        return cs.equals("utf-8") || cs.equals("utf8");
    }

    /**
     * All of {@code in}, or {@code null} if it holds more than {@code limit} bytes (reading stops one byte past
     * the limit). Memory follows the bytes that arrived, not what the sender claims: a declared length (or -1)
     * sizes the first buffer only up to 1 MiB; past that, buffers of growing size are added as bytes come and
     * joined once at the end.
     *
     * @throws IOException as {@code in} throws
     */
    public static MessageBytes readAtMost(InputStream in, int limit, long declared) throws IOException {
        return read(in, limit, declared, null, null);
    }

    /**
     * As {@link #readAtMost(InputStream, int, long)}; past the limit, {@code overflow[0]} (when given) receives a
     * stream that replays every byte read and then the rest of {@code in}, for the host to read the message its
     * own way. The replay holds at most {@code limit + 1} bytes.
     *
     * @param overflow an array of at least one element, or {@code null}
     */
    public static MessageBytes readAtMost(InputStream in, int limit, long declared, InputStream[] overflow) throws IOException {
        return read(in, limit, declared, null, overflow);
    }

    /**
     * As {@link #readAtMost}, but stops reading once the XML document's root element has ended, as an XML parser
     * reading the stream itself would: bytes a sender declared (a {@code Content-Length}) but never sends after
     * the document are not waited for, and are left in {@code in} for the host to drain. Bytes of the same
     * read past the root element are kept. A document with a DTD is read to the end of the stream.
     *
     * @throws Incomplete when {@code in} fails before the document ends (a read timeout, a connection closed
     *                    early, broken chunked encoding): it carries the bytes that arrived and, as its
     *                    cause, the stream's exception, so the host's own reader can meet the same failure
     *                    at the same place
     */
    public static MessageBytes readDocument(InputStream in, int limit, long declared) throws Incomplete {
        return readDocument(in, limit, declared, null);
    }

    /**
     * As {@link #readDocument(InputStream, int, long)}; past the limit, {@code overflow[0]} (when given)
     * receives a replay of every byte read followed by the rest of {@code in}, as
     * {@link #readAtMost(InputStream, int, long, InputStream[])} gives.
     *
     * @param overflow an array of at least one element, or {@code null}
     */
    public static MessageBytes readDocument(InputStream in, int limit, long declared, InputStream[] overflow) throws Incomplete {
        DocumentEnd end = new DocumentEnd();
        try {
            return read(in, limit, declared, end, overflow);
        } catch (Incomplete e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException("a read failure escaped the document reader", e);
        }
    }

    /**
     * A stream failed before the document ended: {@link #received()} holds what arrived, and the cause is the
     * stream's own exception.
     */
    public static final class Incomplete extends IOException {
        private static final long serialVersionUID = 1L;
        /** The bytes that arrived before the failure. */
        private final transient MessageBytes received;

        Incomplete(MessageBytes received, IOException cause) {
            super("the request failed after " + received.length() + " bytes: " + cause.getMessage(), cause);
            this.received = received;
        }

        /** The bytes that arrived before the failure. */
        public MessageBytes received() {
            return received;
        }

        /** The stream's exception. */
        @Override
        public synchronized IOException getCause() {
            return (IOException) super.getCause();
        }
    }

    /**
     * {@link #readAtMost}, stopping at the root element's end when {@code end} is given, and past the limit
     * putting a replay in {@code overflow[0]} when {@code overflow} is given.
     */
    private static MessageBytes read(InputStream in, int limit, long declared, DocumentEnd end, InputStream[] overflow)
            throws IOException {
        if (limit < 0) {
            throw new IllegalArgumentException("limit " + limit);
        }
        int first = declared >= 0 && declared < TRUSTED_DECLARED ? (int) declared + 1 : FIRST;
        byte[] b = new byte[(int) Math.min((long) limit + 1, first)];
        List<byte[]> full = new ArrayList<>();
        int n = fill(in, b, end, full, 0);
        if (n < b.length) {
            return new MessageBytes(b, n);
        }
        // more than the first buffer: collect buffers, each as large as all before it, then join
        full.add(b);
        long total = n;
        while (true) {
            if (total > limit) {
                return overflow(full, null, 0, in, overflow);
            }
            byte[] next = new byte[(int) Math.min(Math.max(total, FIRST), (long) limit + 1 - total)];
            int got = fill(in, next, end, full, total);
            total += got;
            if (got < next.length) {
                if (total > limit) {
                    return overflow(full, next, got, in, overflow);
                }
                return new MessageBytes(join(full, next, got, total), (int) total);
            }
            full.add(next);
        }
    }

    /** Puts in {@code overflow[0]} (when given) the replay of {@code full}, {@code last[0..n)} and the rest of {@code in}. */
    private static MessageBytes overflow(List<byte[]> full, byte[] last, int n, InputStream in, InputStream[] overflow) {
        if (overflow != null) {
            List<InputStream> parts = new ArrayList<>(full.size() + 2);
            for (byte[] f : full) {
                parts.add(new java.io.ByteArrayInputStream(f));
            }
            if (last != null) {
                parts.add(new java.io.ByteArrayInputStream(last, 0, n));
            }
            parts.add(in);
            overflow[0] = new java.io.SequenceInputStream(java.util.Collections.enumeration(parts));
        }
        return null;
    }

    private static byte[] join(List<byte[]> full, byte[] last, int lastLength, long total) {
        if (full.isEmpty()) {
            return last;
        }
        byte[] all = new byte[(int) total];
        int at = 0;
        for (byte[] f : full) {
            System.arraycopy(f, 0, all, at, f.length);
            at += f.length;
        }
        System.arraycopy(last, 0, all, at, lastLength);
        return all;
    }

    /**
     * Reads into {@code b} until it is full, the stream ends, or ({@code end} given) the document ends; returns
     * the bytes now in {@code b}. With {@code end} given, a failing stream throws {@link Incomplete} holding the
     * full buffers before {@code b}, {@code before} bytes in all, and what {@code b} got.
     */
    private static int fill(InputStream in, byte[] b, DocumentEnd end, List<byte[]> full, long before) throws IOException {
        int n = 0;
        while (n < b.length) {
            if (end != null && end.done()) {
                return n;
            }
            int r;
            try {
                r = in.read(b, n, b.length - n);
            } catch (IOException e) {
                if (end == null) {
                    throw e;
                }
                long total = before + n;
                throw new Incomplete(new MessageBytes(join(full, b, n, total), (int) total), e);
            }
            if (r < 0) {
                break;
            }
            if (end != null) {
                end.feed(b, n, r);
            }
            n += r;
        }
        return n;
    }
}
