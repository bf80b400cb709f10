package dev.dsoap.axis2.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * HTTP/1.1 over a raw socket, for requests no HTTP client sends: a body shorter than its
 * {@code Content-Length} from a sender that then stalls or closes, broken chunked encoding. What comes back
 * is kept as it arrived, so a response without a status line shows as such.
 */
final class RawHttp {
    /** What the sender does after its bytes. */
    enum After {
        /** Keeps the connection open and sends nothing more. */
        STALL,
        /** Closes its side of the connection (half-close: it still reads the response). */
        CLOSE
    }

    /**
     * What came back.
     *
     * @param raw        the bytes as they arrived
     * @param status     the status code, or -1 when the bytes do not start with a status line
     * @param headers    the header block (lower case names), or ""
     * @param body       the body, de-chunked (as far as it came), or all bytes when there is no status line
     * @param millis     from the last byte sent to the end of the response (or of the connection)
     * @param complete   whether a whole response arrived (else the connection ended or timed out first)
     */
    record Response(byte[] raw, int status, String headers, byte[] body, long millis, boolean complete) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        String rawText() {
            return new String(raw, StandardCharsets.UTF_8);
        }

        /** A header's value, or {@code null}. */
        String header(String name) {
            String key = "\n" + name.toLowerCase(Locale.ROOT) + ":";
            String all = "\n" + headers.toLowerCase(Locale.ROOT);
            int at = all.indexOf(key);
            if (at < 0) {
                return null;
            }
            int start = at + key.length();
            int end = all.indexOf('\r', start);
            return ("\n" + headers).substring(start, end < 0 ? all.length() : end).trim();
        }
    }

    private RawHttp() {
    }

    /** The request head of a SOAP POST to {@code path}, with {@code extraHeaders} (each ending in CRLF). */
    static byte[] head(int port, String path, String contentType, String extraHeaders) {
        return head(port, path, contentType, "\"\"", extraHeaders);
    }

    /** As {@link #head(int, String, String, String)}, with a {@code SOAPAction} header of {@code soapAction} ({@code null}: none). */
    static byte[] head(int port, String path, String contentType, String soapAction, String extraHeaders) {
        return ("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: " + contentType
                + "\r\n" + (soapAction == null ? "" : "SOAPAction: " + soapAction + "\r\n") + extraHeaders + "\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The parts one after the other. */
    static byte[] cat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    /**
     * Sends {@code request}, then does {@code after}, and reads the response for at most {@code waitMillis}.
     */
    static Response exchange(int port, byte[] request, After after, int waitMillis) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(250);
            OutputStream out = s.getOutputStream();
            out.write(request);
            out.flush();
            long sent = System.nanoTime();
            if (after == After.CLOSE) {
                s.shutdownOutput();
            }
            return read(s, sent, waitMillis, true);
        }
    }

    /**
     * Sends {@code first}, waits {@code pauseMillis}, sends {@code rest}, and reads the response for at most
     * {@code waitMillis} from the first send.
     */
    static Response exchangeInTwo(int port, byte[] first, byte[] rest, int pauseMillis, int waitMillis) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(250);
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            long sent = System.nanoTime();
            out.write(first);
            out.flush();
            try {
                Thread.sleep(pauseMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
            out.write(rest);
            out.flush();
            return read(s, sent, waitMillis, true);
        }
    }

    /**
     * Reads what arrives on {@code s} for at most {@code waitMillis} after {@code sent} (nanoseconds), until the server
     * closes, or, with {@code untilComplete}, until a whole response is there.
     */
    static Response read(Socket s, long sent, int waitMillis, boolean untilComplete) throws IOException {
        InputStream in = s.getInputStream();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        long deadline = sent + waitMillis * 1_000_000L;
        while (System.nanoTime() < deadline) { // bounded by the deadline
            int n;
            try {
                n = in.read(buf);
            } catch (SocketTimeoutException idle) {
                continue;
            } catch (IOException reset) {
                break;
            }
            if (n < 0) {
                break;
            }
            got.write(buf, 0, n);
            if (untilComplete) {
                Response r = parse(got.toByteArray(), sent);
                if (r.complete()) {
                    return r;
                }
            }
        }
        return parse(got.toByteArray(), sent);
    }

    /** The response in {@code raw}, complete or not. */
    static Response parse(byte[] raw, long sentNanos) {
        long millis = (System.nanoTime() - sentNanos) / 1_000_000L;
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (!text.startsWith("HTTP/") || end < 0) {
            return new Response(raw, -1, "", raw, millis, false);
        }
        int sp = text.indexOf(' ');
        int status = Integer.parseInt(text.substring(sp + 1, sp + 4));
        String headers = text.substring(text.indexOf("\r\n") + 2, end + 2);
        Response partial = new Response(raw, status, headers, new byte[0], millis, false);
        int at = end + 4;
        String te = partial.header("Transfer-Encoding");
        if (te != null && te.equalsIgnoreCase("chunked")) {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (int chunks = 0; chunks < 10_000; chunks++) {
                int line = text.indexOf("\r\n", at);
                if (line < 0) {
                    return new Response(raw, status, headers, body.toByteArray(), millis, false);
                }
                int size;
                try {
                    size = Integer.parseInt(text.substring(at, line).split(";")[0].trim(), 16);
                } catch (NumberFormatException notAChunk) {
                    // a broken chunked body: what came so far, and the rest as it came
                    body.write(raw, at, raw.length - at);
                    return new Response(raw, status, headers, body.toByteArray(), millis, false);
                }
                if (size == 0) {
                    return new Response(raw, status, headers, body.toByteArray(), millis, text.indexOf("\r\n", line + 2) >= 0);
                }
                if (line + 2 + size + 2 > raw.length) {
                    return new Response(raw, status, headers, body.toByteArray(), millis, false);
                }
                body.write(raw, line + 2, size);
                at = line + 2 + size + 2;
            }
            return partial;
        }
        String cl = partial.header("Content-Length");
        int length = cl == null ? 0 : Integer.parseInt(cl);
        if (raw.length - at < length) {
            return partial;
        }
        byte[] body = java.util.Arrays.copyOfRange(raw, at, at + length);
        return new Response(raw, status, headers, body, millis, true);
    }

    /**
     * A request body too large to hold twice in a test: {@code prefix}, {@code count} times {@code unit}, then
     * {@code suffix}, written in blocks of about 64 KiB and never held whole.
     */
    record Repeated(byte[] prefix, byte[] unit, int count, byte[] suffix) {
        long length() {
            return prefix.length + (long) unit.length * count + suffix.length;
        }

        void writeTo(OutputStream out) throws IOException {
            out.write(prefix);
            int perBlock = Math.max(1, 65536 / unit.length);
            byte[] block = new byte[perBlock * unit.length];
            for (int i = 0; i < perBlock; i++) {
                System.arraycopy(unit, 0, block, i * unit.length, unit.length);
            }
            for (int left = count; left > 0; left -= perBlock) { // bounded: left falls by perBlock >= 1
                out.write(block, 0, Math.min(left, perBlock) * unit.length);
            }
            out.write(suffix);
        }
    }

    /**
     * What came back for a large request, read as it streamed without keeping it: the status (-1 without a
     * status line), the body's length in bytes (de-chunked), the longest run of the digit cycle
     * {@code 0123456789012...} in it (each digit one more than the one before, modulo 10), and the body's
     * first and last bytes (up to 300 each) for failure messages.
     */
    record Large(int status, long bodyBytes, long longestDigitRun, String start, String end, boolean complete) {
    }

    /**
     * Sends {@code head} and {@code body}, then reads the response as it streams (de-chunking it), each read
     * waiting at most {@code readMillis}.
     */
    static Large exchangeLarge(int port, byte[] head, Repeated body, int readMillis) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(readMillis);
            OutputStream out = new java.io.BufferedOutputStream(s.getOutputStream(), 65536);
            out.write(head);
            body.writeTo(out);
            out.flush();
            InputStream in = new java.io.BufferedInputStream(s.getInputStream(), 65536);
            String status = line(in);
            if (status == null || !status.startsWith("HTTP/")) {
                return new Large(-1, 0, 0, String.valueOf(status), "", false);
            }
            long length = -1;
            boolean chunked = false;
            for (int i = 0; i < 200; i++) { // bounded: a response head has few lines
                String h = line(in);
                if (h == null || h.isEmpty()) {
                    break;
                }
                String lower = h.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Long.parseLong(h.substring(15).trim());
                } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                    chunked = true;
                }
            }
            Digest d = new Digest();
            boolean complete;
            try {
                if (chunked) {
                    complete = false;
                    for (int chunks = 0; chunks < 10_000_000; chunks++) { // bounded: each chunk is at least one byte
                        String size = line(in);
                        if (size == null) {
                            break;
                        }
                        long n = Long.parseLong(size.split(";")[0].trim(), 16);
                        if (n == 0) {
                            complete = true;
                            break;
                        }
                        if (!d.copy(in, n)) {
                            break;
                        }
                        line(in);
                    }
                } else {
                    complete = d.copy(in, length < 0 ? Long.MAX_VALUE : length) && length >= 0;
                }
            } catch (SocketTimeoutException | java.net.SocketException ended) {
                complete = false;
            }
            return new Large(Integer.parseInt(status.substring(9, 12)), d.bytes, d.longest, d.start.toString(StandardCharsets.UTF_8),
                    d.end(), complete);
        }
    }

    /** A line ending in CRLF (without it), or {@code null} at the end of the stream. */
    private static String line(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 65536; i++) { // bounded: no head line of a response is longer
            int c = in.read();
            if (c < 0) {
                return b.length() == 0 ? null : b.toString();
            }
            if (c == '\n') {
                int n = b.length();
                return n > 0 && b.charAt(n - 1) == '\r' ? b.substring(0, n - 1) : b.toString();
            }
            b.append((char) c);
        }
        return b.toString();
    }

    /** Counts a streamed body and follows its longest digit cycle. */
    private static final class Digest {
        private static final int KEEP = 300;
        /** Bytes seen. */
        long bytes;
        /** The longest digit cycle seen, and the current one. */
        long longest;
        private long run;
        private int last = -2;
        /** The first bytes. */
        final ByteArrayOutputStream start = new ByteArrayOutputStream();
        /** The last bytes, as a ring. */
        private final byte[] tail = new byte[KEEP];

        /** Copies {@code n} bytes (or up to the end); whether all {@code n} came. */
        boolean copy(InputStream in, long n) throws IOException {
            byte[] buf = new byte[65536];
            long left = n;
            while (left > 0) { // bounded: each turn reads at least one byte or ends
                int got = in.read(buf, 0, (int) Math.min(buf.length, left));
                if (got < 0) {
                    return false;
                }
                for (int i = 0; i < got; i++) {
                    take(buf[i]);
                }
                left -= got;
            }
            return true;
        }

        private void take(byte b) {
            if (start.size() < KEEP) {
                start.write(b);
            }
            tail[(int) (bytes % KEEP)] = b;
            bytes++;
            int digit = b >= '0' && b <= '9' ? b - '0' : -1;
            if (digit < 0) {
                run = 0;
            } else {
                run = run > 0 && digit == (last + 1) % 10 ? run + 1 : 1;
                longest = Math.max(longest, run);
            }
            last = digit;
        }

        String end() {
            int n = (int) Math.min(KEEP, bytes);
            byte[] out = new byte[n];
            for (int i = 0; i < n; i++) {
                out[i] = tail[(int) ((bytes - n + i) % KEEP)];
            }
            return new String(out, StandardCharsets.UTF_8);
        }
    }
}
