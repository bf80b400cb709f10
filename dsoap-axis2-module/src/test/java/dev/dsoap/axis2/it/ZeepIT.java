package dev.dsoap.axis2.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * zeep, the Python SOAP client, installed from PyPI into a virtual environment under {@code target/} by the
 * test itself, calls the POJO service on a plain Axis2 server and on one with dsoap.mar: both must answer
 * every call alike (doubles compared by bits), and dsoap's counters must show it read zeep's requests itself,
 * differentially. zeep sends WS-Addressing header blocks (Axis2's WSDL says the binding uses addressing);
 * dsoap reads the body past them. zeep with its WS-Addressing plugin also calls a dsoap server with addressing
 * handlers engaged. Without python3, venv or the package index, the tests are skipped with the reason printed.
 */
class ZeepIT {
    private static final String ZEEP = "zeep==4.3.3";
    private static final int CALLS = 40;
    @TempDir
    static Path dir;
    static Axis2Server plain;
    static Axis2Server dsoap;
    static Path python;

    @BeforeAll
    static void start() throws Exception {
        python = zeep();
        plain = Axis2Server.start(dir, false, "");
        dsoap = Axis2Server.start(dir, true, "");
    }

    @AfterAll
    static void stop() throws Exception {
        for (Axis2Server s : new Axis2Server[] {plain, dsoap}) {
            if (s != null) {
                s.close();
            }
        }
    }

    /** The venv's python with zeep installed, made once per build directory; skips the test when it cannot be had. */
    private static Path zeep() throws Exception {
        Path venv = Paths.get("..", "target", "zeep-venv").toAbsolutePath().normalize(); // shared by the modules
        Path py = venv.resolve("bin").resolve("python");
        if (!Files.isExecutable(py) || run(List.of(py.toString(), "-c", "import zeep"), 60).code != 0) {
            Run made = run(List.of("python3", "-m", "venv", venv.toString()), 120);
            skipUnless(made, "python3 -m venv");
            Run pip = run(List.of(py.toString(), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", ZEEP), 300);
            skipUnless(pip, "pip install " + ZEEP);
        }
        return py;
    }

    private static void skipUnless(Run r, String what) {
        if (r.code != 0) {
            String why = "zeep is not available (" + what + " exited " + r.code + "): " + r.output.strip();
            System.out.println("ZeepIT skipped: " + why);
            Assumptions.abort(why);
        }
    }

    private record Run(int code, String output) {
    }

    private static Run run(List<String> command, int seconds) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return new Run(-1, e.getMessage());
        }
        p.getOutputStream().close();
        byte[][] out = new byte[1][];
        Thread reader = new Thread(() -> {
            try (InputStream in = p.getInputStream()) {
                out[0] = in.readAllBytes();
            } catch (IOException e) {
                out[0] = new byte[0];
            }
        });
        reader.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            reader.join(5000);
            return new Run(-2, "timed out after " + seconds + " s");
        }
        reader.join(5000);
        return new Run(p.exitValue(), out[0] == null ? "" : new String(out[0], StandardCharsets.UTF_8));
    }

    private static Path script() {
        return Paths.get("..", "dsoap-core", "src", "test", "python", "zeep_calls.py").toAbsolutePath().normalize();
    }

    private static List<String> calls(Axis2Server server, long seed) throws Exception {
        Run r = run(List.of(python.toString(), script().toString(), server.url(), Long.toString(seed), Integer.toString(CALLS),
                "axis2"), 300);
        assertEquals(0, r.code, "zeep against " + server.url() + ": " + r.output);
        List<String> lines = new ArrayList<>();
        for (String line : r.output.split("\n")) {
            if (line.matches("^(echo|scale|hello|echoStrings) \\d+ .*")) {
                lines.add(line);
            }
        }
        assertEquals(4 * CALLS, lines.size(), "zeep's output: " + r.output);
        return lines;
    }

    @Test
    void zeepGetsTheSameAnswersAndDsoapReadsItsRequests() throws Exception {
        long seed = 0x2EE9L;
        String[] ops = {"echo", "scale", "hello", "echoStrings"};
        long[] read = new long[ops.length];
        long[] shape = new long[ops.length];
        for (int i = 0; i < ops.length; i++) {
            read[i] = dsoap.stats(ops[i]).get("MessagesRead");
            shape[i] = dsoap.stats(ops[i]).readFallbacks("REQUEST_SHAPE");
        }
        long differential = dsoap.stats("echo").get("ReadsResumed") + dsoap.stats("echo").get("ReadsIdentical");
        List<String> want = calls(plain, seed);
        List<String> got = calls(dsoap, seed);
        for (int i = 0; i < want.size(); i++) {
            assertEquals(want.get(i), got.get(i), "seed " + seed + ", call " + i + " (plain Axis2 first, dsoap second)");
        }
        for (int i = 0; i < ops.length; i++) {
            Stats st = dsoap.stats(ops[i]);
            assertEquals(read[i] + CALLS, st.get("MessagesRead"), ops[i] + ": dsoap did not read zeep's requests itself: " + st);
            assertEquals(shape[i], st.readFallbacks("REQUEST_SHAPE"), ops[i] + ": " + st);
            assertEquals(0, st.readFallbacks("HEADERS"), ops[i] + ": zeep's WS-Addressing headers sent it to Axis2's path: " + st);
        }
        Stats echo = dsoap.stats("echo");
        assertTrue(echo.get("ReadsResumed") + echo.get("ReadsIdentical") - differential > CALLS / 2,
                "zeep's requests were not read differentially: " + echo);
    }

    /**
     * Edge values of the addressing test. Plain Axis2 refuses to read the infinities it writes ({@code INF}); dsoap
     * reads them, so a request that went Axis2's way with one would fail here as well as in the counters.
     */
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, 2.0e-310, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE,
            Long.MAX_VALUE, Long.MIN_VALUE, 1e-300, 0.1, -1.5};

    /**
     * zeep with {@code zeep.wsa.WsAddressingPlugin} (which zeep applies itself, since Axis2's WSDL names a wsa action per
     * operation; the script sees to it that a request carries one {@code wsa:MessageID}) against a dsoap server with
     * the addressing handlers ({@link WsaHandlers}) engaged: 30 calls of 10,000 doubles, a tenth changed per call,
     * edge values among them (NaN and the infinities in their xsd:double forms). Every answer is bit for bit what was
     * sent and carries a {@code wsa:RelatesTo} equal to its request's {@code wsa:MessageID}; dsoap read and wrote all 30
     * messages itself, with no fallback.
     */
    @Test
    void zeepWithAddressingAgainstAddressingHandlers() throws Exception {
        int calls = 30;
        int items = 10_000;
        long seed = Long.getLong("dsoap.seed", 0x2EE9_ADD5L);
        Random r = new Random(seed);
        double[] v = new double[items];
        for (int i = 0; i < items; i++) {
            v[i] = i < EDGES.length ? EDGES[i] : r.nextDouble() * 1000;
        }
        StringBuilder b = new StringBuilder();
        for (int call = 0; call < calls; call++) {
            if (call > 0) {
                for (int k = 0; k < items / 10; k++) {
                    v[r.nextInt(items)] = r.nextInt(5) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextDouble() * 1e5;
                }
            }
            for (double d : v) {
                b.append(Long.toHexString(Double.doubleToRawLongBits(d))).append(' ');
            }
            b.append('\n');
        }
        Path values = Files.createTempFile(dir, "zeep-values", ".txt");
        Files.writeString(values, b);
        try (Axis2Server server = Axis2Server.start(dir, true, "<module ref=\"" + WsaHandlers.MODULE + "\"/>")) {
            Stats st = server.stats("echo");
            long read = st.get("MessagesRead");
            long written = st.get("MessagesWritten");
            Map<String, Long> readFallbacks = st.map("ReadFallbacks");
            Map<String, Long> writeFallbacks = st.map("WriteFallbacks");
            Run run = run(List.of(python.toString(), script().toString(), server.url(), "0", Integer.toString(calls), "axis2",
                    "--values", values.toString(), "--wsa", "--wire"), 300);
            assertEquals(0, run.code, "zeep against " + server.url() + ": " + run.output);
            List<String> answers = new ArrayList<>();
            List<String[]> wire = new ArrayList<>();
            for (String line : run.output.split("\n")) {
                if (line.startsWith("echo ")) {
                    answers.add(line);
                } else if (line.startsWith("wire echo ")) {
                    wire.add(line.split(" "));
                }
            }
            assertEquals(calls, answers.size(), "zeep's output: " + run.output);
            assertEquals(calls, wire.size(), "zeep's output: " + run.output);
            for (int i = 0; i < calls; i++) {
                String call = "seed " + seed + ", call " + i;
                assertEquals("echo " + i + " same " + items, answers.get(i), call + ", zeep's check");
                String[] w = wire.get(i); // wire, op, n, Content-Encoding, MessageID blocks, MessageID, RelatesTo
                assertEquals(Integer.toString(i), w[2], call);
                // w[3], the answer's Content-Encoding, is "-": SimpleHTTPServer does not compress (TomcatIT covers gzip)
                assertEquals("1", w[4], call + ": wsa:MessageID blocks in zeep's request");
                assertTrue(w[5].startsWith("urn:uuid:"), call + ": zeep's wsa:MessageID " + w[5]);
                assertEquals(w[5], w[6], call + ": the answer's wsa:RelatesTo, as zeep got it");
            }
            assertEquals(read + calls, st.get("MessagesRead"), st.toString());
            assertEquals(written + calls, st.get("MessagesWritten"), st.toString());
            assertEquals(readFallbacks, st.map("ReadFallbacks"), st.toString());
            assertEquals(writeFallbacks, st.map("WriteFallbacks"), st.toString());
        }
    }
}
