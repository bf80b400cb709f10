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
        return ("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: " + contentType
                + "\r\nSOAPAction: \"\"\r\n" + extraHeaders + "\r\n").getBytes(StandardCharsets.US_ASCII);
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
                Response r = parse(got.toByteArray(), sent);
                if (r.complete()) {
                    return r;
                }
            }
            return parse(got.toByteArray(), sent);
        }
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
                int size = Integer.parseInt(text.substring(at, line).split(";")[0].trim(), 16);
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
}
