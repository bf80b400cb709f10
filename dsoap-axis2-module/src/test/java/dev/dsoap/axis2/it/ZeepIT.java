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
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * zeep, the Python SOAP client, installed from PyPI into a virtual environment under {@code target/} by the
 * test itself, calls the POJO service on a plain Axis2 server and on one with dsoap.mar: both must answer
 * every call alike (doubles compared by bits), and dsoap's counters must show it read zeep's requests itself,
 * differentially. zeep sends WS-Addressing header blocks (Axis2's WSDL says the binding uses addressing);
 * dsoap reads the body past them. Without python3, venv or the package index, the test is skipped with the
 * reason printed.
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

    private static List<String> calls(Axis2Server server, long seed) throws Exception {
        Path script = Paths.get("..", "dsoap-core", "src", "test", "python", "zeep_calls.py").toAbsolutePath().normalize();
        Run r = run(List.of(python.toString(), script.toString(), server.url(), Long.toString(seed), Integer.toString(CALLS),
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
}
