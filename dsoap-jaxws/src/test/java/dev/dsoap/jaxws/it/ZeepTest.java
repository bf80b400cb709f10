package dev.dsoap.jaxws.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import dev.dsoap.host.OperationStatsMXBean;

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
 * zeep, the Python SOAP client, installed from PyPI into a virtual environment under the build's
 * {@code target/} by the test itself, calls a plain CXF endpoint and a {@code @DifferentialSoap} one: both
 * must answer every call alike (doubles compared by bits), and dsoap's counters must show it read zeep's
 * requests itself, differentially. Without python3, venv or the package index, the test is skipped with
 * the reason printed.
 */
class ZeepTest {
    private static final String ZEEP = "zeep==4.3.3";
    private static final int CALLS = 40;
    static Cxf cxf;
    static String plain;
    static String dsoap;
    static Path python;

    @BeforeAll
    static void start() throws Exception {
        python = zeep();
        cxf = new Cxf();
        plain = cxf.publish(new EchoImpl());
        dsoap = cxf.publish(new DsoapEchoImpl());
    }

    @AfterAll
    static void stop() {
        if (cxf != null) {
            cxf.close();
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
            System.out.println("ZeepTest skipped: " + why);
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

    private static List<String> calls(String address, long seed) throws Exception {
        Path script = Paths.get("..", "dsoap-core", "src", "test", "python", "zeep_calls.py").toAbsolutePath().normalize();
        Run r = run(List.of(python.toString(), script.toString(), address, Long.toString(seed), Integer.toString(CALLS),
                "cxf"), 300);
        assertEquals(0, r.code, "zeep against " + address + ": " + r.output);
        List<String> lines = new ArrayList<>();
        for (String line : r.output.split("\n")) {
            if (line.matches("^(echoDoubles|sum|echoInts|echoStrings) \\d+ .*")) {
                lines.add(line);
            }
        }
        assertEquals(4 * CALLS, lines.size(), "zeep's output: " + r.output);
        return lines;
    }

    @Test
    void zeepGetsTheSameAnswersAndDsoapReadsItsRequests() throws Exception {
        long seed = 0x2EE9CL;
        String[] ops = {"echoDoubles", "sum", "echoInts", "echoStrings"};
        List<String> want = calls(plain, seed);
        List<String> got = calls(dsoap, seed);
        for (int i = 0; i < want.size(); i++) {
            assertEquals(want.get(i), got.get(i), "seed " + seed + ", call " + i + " (plain CXF first, dsoap second)");
        }
        for (String op : ops) {
            OperationStatsMXBean st = cxf.stats("server", "EchoService.EchoPort", op);
            assertEquals(CALLS, st.getMessagesRead(), op + ": dsoap did not read zeep's requests itself: " + st.getReadFallbacks());
            assertTrue(st.getReadFallbacks().isEmpty(), op + ": " + st.getReadFallbacks());
        }
        OperationStatsMXBean echo = cxf.stats("server", "EchoService.EchoPort", "echoDoubles");
        assertTrue(echo.getReadsResumed() + echo.getReadsIdentical() > CALLS / 2, "zeep's requests were not read differentially");
    }
}
