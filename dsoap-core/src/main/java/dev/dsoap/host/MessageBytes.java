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
        return readAtMost(in, limit, declared, null);
    }

    /**
     * As {@link #readAtMost(InputStream, int, long)}; past the limit, {@code overflow[0]} (when given) receives a
     * stream that replays every byte read and then the rest of {@code in}, for the host to read the message its
     * own way. The replay holds at most {@code limit + 1} bytes.
     *
     * @param overflow an array of at least one element, or {@code null}
     */
    public static MessageBytes readAtMost(InputStream in, int limit, long declared, InputStream[] overflow) throws IOException {
        if (limit < 0) {
            throw new IllegalArgumentException("limit " + limit);
        }
        int first = declared >= 0 && declared < TRUSTED_DECLARED ? (int) declared + 1 : FIRST;
        byte[] b = new byte[(int) Math.min((long) limit + 1, first)];
        int n = fill(in, b, 0);
        if (n < b.length) {
            return new MessageBytes(b, n);
        }
        // more than the first buffer: collect buffers, each as large as all before it, then join
        List<byte[]> full = new ArrayList<>();
        full.add(b);
        long total = n;
        while (true) {
            if (total > limit) {
                return overflow(full, null, 0, in, overflow);
            }
            byte[] next = new byte[(int) Math.min(Math.max(total, FIRST), (long) limit + 1 - total)];
            int got = fill(in, next, 0);
            total += got;
            if (got < next.length) {
                if (total > limit) {
                    return overflow(full, next, got, in, overflow);
                }
                byte[] all = new byte[(int) total];
                int at = 0;
                for (byte[] f : full) {
                    System.arraycopy(f, 0, all, at, f.length);
                    at += f.length;
                }
                System.arraycopy(next, 0, all, at, got);
                return new MessageBytes(all, (int) total);
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

    /** Reads into {@code b[from..)} until it is full or the stream ends; returns the bytes now in {@code b}. */
    private static int fill(InputStream in, byte[] b, int from) throws IOException {
        int n = from;
        while (n < b.length) {
            int r = in.read(b, n, b.length - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        return n;
    }
}
