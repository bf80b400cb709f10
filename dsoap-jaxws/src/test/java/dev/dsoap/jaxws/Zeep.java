package dev.dsoap.jaxws;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * zeep, the Python SOAP client, for the tests of both JAX-WS runtimes: installed from PyPI into a virtual environment
 * under the build's {@code target/} (shared by the modules), and its script {@code zeep_calls.py} (dsoap-core's test
 * sources) run against an endpoint. Without python3, venv or the package index, the calling test is skipped with the
 * reason printed. No CXF or Metro classes: usable on either class path.
 */
public final class Zeep {
    /** The zeep release the tests install. */
    public static final String RELEASE = "zeep==4.3.3";

    private Zeep() {
    }

    /** A finished process: its exit code and its output (standard error merged). */
    public record Run(int code, String output) {
    }

    /** The venv's python with zeep installed, made once per build directory; skips the calling test when it cannot be had. */
    public static Path python() throws IOException, InterruptedException {
        Path venv = Paths.get("..", "target", "zeep-venv").toAbsolutePath().normalize(); // shared by the modules
        Path py = venv.resolve("bin").resolve("python");
        if (!Files.isExecutable(py) || run(List.of(py.toString(), "-c", "import zeep"), 60).code() != 0) {
            Run made = run(List.of("python3", "-m", "venv", venv.toString()), 120);
            skipUnless(made, "python3 -m venv");
            Run pip = run(List.of(py.toString(), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", RELEASE), 300);
            skipUnless(pip, "pip install " + RELEASE);
        }
        return py;
    }

    private static void skipUnless(Run r, String what) {
        if (r.code() != 0) {
            String why = "zeep is not available (" + what + " exited " + r.code() + "): " + r.output().strip();
            System.out.println("zeep test skipped: " + why);
            Assumptions.abort(why);
        }
    }

    /** The script the tests run with zeep. */
    public static Path script() {
        return Paths.get("..", "dsoap-core", "src", "test", "python", "zeep_calls.py").toAbsolutePath().normalize();
    }

    /** Runs {@code command}, for at most {@code seconds}; its output read as it comes. */
    public static Run run(List<String> command, int seconds) throws IOException, InterruptedException {
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

    /**
     * The script's seeded mix of the CXF test service's operations (echoDoubles, sum, echoInts, echoStrings; Metro's test
     * service has them too) against {@code address}, {@code calls} rounds from {@code seed}, with {@code --wire}: its
     * answer lines and wire lines (the answer's header blocks last), in order.
     */
    public static List<String> wired(Path python, String address, long seed, int calls) throws IOException, InterruptedException {
        Run r = run(List.of(python.toString(), script().toString(), address, Long.toString(seed), Integer.toString(calls),
                "cxf", "--wire"), 300);
        if (r.code() != 0) {
            throw new AssertionError("zeep against " + address + " exited " + r.code() + ": " + r.output());
        }
        List<String> lines = new ArrayList<>();
        for (String line : r.output().split("\n")) {
            if (line.matches("^(wire )?(echoDoubles|sum|echoInts|echoStrings) \\d+ .*")) {
                lines.add(line);
            }
        }
        return lines;
    }
}
