package dev.dsoap.bench.link;

import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The relay passes bytes through unchanged and in order, both ways, over several connections, and closes a
 * connection when the far side does. (How fast is for the benchmarks to measure, not for a test to assert.)
 */
class ThrottledLinkTest {
    @Test
    void bytesGoThroughUnchangedBothWays() throws Exception {
        try (ServerSocket echo = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                for (int c = 0; c < 2; c++) { // two connections, then stop
                    try (Socket s = echo.accept()) {
                        s.setSoTimeout(30_000);
                        InputStream in = s.getInputStream();
                        OutputStream out = s.getOutputStream();
                        byte[] buf = new byte[8192];
                        for (int n; (n = in.read(buf)) > 0; ) {
                            out.write(buf, 0, n);
                        }
                    } catch (Exception e) {
                        return;
                    }
                }
            });
            server.setDaemon(true);
            server.start();
            long seed = 0x11CCL;
            Random r = new Random(seed);
            try (ThrottledLink link = ThrottledLink.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), echo.getLocalPort()),
                    64_000_000)) {
                assertEquals(8_000_000, link.bytesPerSecond());
                for (int c = 0; c < 2; c++) {
                    byte[] sent = new byte[200_000 + r.nextInt(100_000)];
                    r.nextBytes(sent);
                    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), link.port())) {
                        s.setSoTimeout(30_000);
                        Thread writer = new Thread(() -> {
                            try {
                                s.getOutputStream().write(sent);
                                s.shutdownOutput();
                            } catch (Exception ignored) {
                                // the read below fails then
                            }
                        });
                        writer.start();
                        byte[] got = new byte[sent.length];
                        new DataInputStream(s.getInputStream()).readFully(got);
                        assertArrayEquals(sent, got, "seed " + seed + " connection " + c);
                        assertEquals(-1, s.getInputStream().read(), "closed after the echo server closed");
                        writer.join(30_000);
                    }
                }
            }
            server.join(30_000);
        }
    }
}
