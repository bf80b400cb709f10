package dev.dsoap.bench.gsoap;

import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.serialize.Mio;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * gSOAP 2.8, the papers' own baseline, as a peer no one here wrote: a C client for one of the benchmarks' echo
 * services, and for the CXF benchmark's ({@code cxf.EchoPort}) a C server too, generated on this machine with
 * gSOAP's {@code wsdl2h} and {@code soapcpp2} from the service's WSDL and compiled with the system C compiler
 * against {@code libgsoap}. Only the two small mains ({@code echo-client.c}, {@code echo-server.c}, resources of
 * this package) are dsoap's; gSOAP's generated code stays in the build directory and is never shipped.
 *
 * <p>The client works from either service's WSDL: the CXF endpoint's ({@link #build}) or the Axis2 ADB
 * service's ({@code AdbEcho.wsdl}, {@link #buildClient}), whose wrapper and MIO structs gSOAP names differently
 * ({@code echo-client.c} picks the names soapStub.h declares). Either way it speaks SOAP 1.1 ({@code soapcpp2 -1}),
 * as the Java clients of both hosts' benchmarks do: the WSDL Axis2 publishes lists its SOAP 1.2 binding first,
 * which gSOAP would otherwise use. The server is built for the CXF WSDL only ({@code echo-server.c} implements
 * its operations).
 *
 * <p>{@link #probe()} tells whether gSOAP is installed (Debian: {@code apt-get install gsoap libgsoap-dev});
 * when it is not, the suite says so and skips the peer. Not thread-safe; one caller builds and drives it.
 */
public final class GsoapPeer {
    /** Seconds after which a build step or a client run is abandoned. */
    private static final long STEP_SECONDS = 300;
    /** Seconds without a connection after which the gSOAP server exits by itself. */
    static final int SERVER_IDLE_SECONDS = 120;

    /** Where the generated code, the binaries and the client's files are. */
    private final Path dir;
    /** Whether the server was built too. */
    private final boolean withServer;

    private GsoapPeer(Path dir, boolean withServer) {
        this.dir = dir;
        this.withServer = withServer;
    }

    /**
     * Null if gSOAP's tools, header and a C compiler are installed, else what is missing and how to install it.
     */
    public static String probe() {
        List<String> missing = new ArrayList<>();
        for (String tool : new String[] {"wsdl2h", "soapcpp2", "cc"}) {
            if (onPath(tool) == null) {
                missing.add(tool);
            }
        }
        if (!Files.exists(Path.of("/usr/include/stdsoap2.h")) && !Files.exists(Path.of("/usr/local/include/stdsoap2.h"))) {
            missing.add("stdsoap2.h");
        }
        return missing.isEmpty() ? null : "gSOAP not found (missing " + String.join(", ", missing)
                + "); on Debian or Ubuntu: apt-get install gsoap libgsoap-dev gcc";
    }

    private static Path onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String d : path.split(java.io.File.pathSeparator)) {
            Path p = Path.of(d, tool);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /**
     * Generates and compiles the client and server in {@code dir} from the WSDL at {@code wsdl} (a running
     * CXF echo endpoint's {@code ?wsdl}).
     *
     * @throws IOException if a step fails; the message holds the step's output
     */
    public static GsoapPeer build(Path dir, URI wsdl) throws IOException, InterruptedException {
        return build(dir, wsdl, true);
    }

    /**
     * Generates and compiles the client alone in {@code dir} from the WSDL at {@code wsdl} (a running echo
     * endpoint's {@code ?wsdl}: CXF's, or the Axis2 ADB service's); {@link #startServer()} then throws.
     *
     * @throws IOException if a step fails; the message holds the step's output
     */
    public static GsoapPeer buildClient(Path dir, URI wsdl) throws IOException, InterruptedException {
        return build(dir, wsdl, false);
    }

    private static GsoapPeer build(Path dir, URI wsdl, boolean withServer) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        try (InputStream in = wsdl.toURL().openStream()) {
            Files.write(dir.resolve("echo.wsdl"), in.readAllBytes());
        }
        for (String c : withServer ? new String[] {"echo-client.c", "echo-server.c"} : new String[] {"echo-client.c"}) {
            try (InputStream in = GsoapPeer.class.getResourceAsStream(c)) {
                if (in == null) {
                    throw new IOException("resource " + c + " missing from the benchmark jar");
                }
                Files.write(dir.resolve(c), in.readAllBytes());
            }
        }
        try (Stream<Path> maps = Files.list(dir)) {
            for (Path stale : maps.filter(p -> p.getFileName().toString().endsWith(".nsmap")).toList()) {
                Files.delete(stale);
            }
        }
        run(dir, "wsdl2h", "-c", "-o", "echo.h", "echo.wsdl");
        run(dir, "soapcpp2", "-c", "-L", "-x", "-1", "echo.h");
        try (Stream<Path> maps = Files.list(dir)) {
            List<Path> found = maps.filter(p -> p.getFileName().toString().endsWith(".nsmap")
                    && !p.getFileName().toString().equals("echo.nsmap")).toList();
            if (found.size() != 1) {
                throw new IOException("soapcpp2 wrote " + found.size() + " namespace maps in " + dir + ", not one: " + found);
            }
            Files.copy(found.get(0), dir.resolve("echo.nsmap"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        run(dir, "cc", "-O2", "-o", "echo-client", "echo-client.c", "soapC.c", "soapClient.c", "-lgsoap");
        if (withServer) {
            run(dir, "cc", "-O2", "-o", "echo-server", "echo-server.c", "soapC.c", "soapServer.c", "-lgsoap");
        }
        return new GsoapPeer(dir, withServer);
    }

    private static String run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(STEP_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", command) + " in " + dir + " took over " + STEP_SECONDS + " s");
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " in " + dir + " exited " + p.exitValue() + ":\n" + text);
        }
        return text;
    }

    /**
     * Starts the gSOAP server on a free loopback port; it exits by itself when idle for {@value #SERVER_IDLE_SECONDS} s.
     *
     * @throws IllegalStateException if this peer was built without its server ({@link #buildClient})
     */
    public Server startServer() throws IOException {
        if (!withServer) {
            throw new IllegalStateException("the gSOAP peer in " + dir + " was built without its server");
        }
        Process p = new ProcessBuilder(dir.resolve("echo-server").toString(), "0", Integer.toString(SERVER_IDLE_SECONDS))
                .directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
        String line = r.readLine();
        if (line == null || !line.startsWith("listening ")) {
            p.destroyForcibly();
            throw new IOException("gSOAP server did not start: " + line);
        }
        return new Server(p, URI.create("http://127.0.0.1:" + line.substring("listening ".length()).trim() + "/"));
    }

    /**
     * Calls {@code endpoint} with the gSOAP client once per array of {@code arrays} (all of {@code shape},
     * of one length), over one kept-alive connection. The arrays reach the client, and the echoes come back,
     * in files of little-endian items: a double as its 8 IEEE 754 bytes, an int as 4 bytes, an MIO as int
     * {@code a}, int {@code b}, double {@code v}, a string as its length in UTF-8 bytes (4 bytes) and those
     * bytes.
     *
     * @return what each call echoed and how long it took, measured by the client
     * @throws IOException if the client fails (its message holds the fault or transport error)
     */
    public Calls call(URI endpoint, Shape shape, List<?> arrays) throws IOException, InterruptedException {
        int items = length(arrays.get(0));
        long bytes = 0;
        for (Object a : arrays) {
            if (length(a) != items) {
                throw new IllegalArgumentException("arrays of different lengths: " + items + " and " + length(a));
            }
            bytes += bytes(a);
        }
        if (bytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(arrays.size() + " arrays of " + items + " " + shape.param + " take "
                    + bytes + " bytes, more than one file buffer holds");
        }
        ByteBuffer b = ByteBuffer.allocate((int) bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (Object a : arrays) {
            put(b, a);
        }
        Path in = dir.resolve("in.bin");
        Path out = dir.resolve("out.bin");
        Files.write(in, b.array());
        Files.deleteIfExists(out);
        String printed = run(dir, dir.resolve("echo-client").toString(), endpoint.toString(), shape.param,
                Integer.toString(items), Integer.toString(arrays.size()), in.toString(), out.toString());
        long[] nanos = new long[arrays.size()];
        int n = 0;
        for (String line : printed.split("\n")) {
            if (line.startsWith("call ")) {
                nanos[n++] = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1).trim());
            }
        }
        if (n != arrays.size()) {
            throw new IOException("gSOAP client reported " + n + " of " + arrays.size() + " calls:\n" + printed);
        }
        ByteBuffer echoed = ByteBuffer.wrap(Files.readAllBytes(out)).order(ByteOrder.LITTLE_ENDIAN);
        List<Object> got = new ArrayList<>();
        for (int i = 0; i < arrays.size(); i++) {
            got.add(get(echoed, shape, items));
        }
        return new Calls(got, nanos);
    }

    /** The bytes {@code a} takes in the client's files (see {@link #call}). */
    private static long bytes(Object a) {
        if (a instanceof String[] strings) {
            long n = 0;
            for (String s : strings) {
                n += 4 + utf8(s).length;
            }
            return n;
        }
        int width = a instanceof double[] ? 8 : a instanceof int[] ? 4 : 16;
        return (long) width * length(a);
    }

    private static byte[] utf8(String s) {
        if (s == null) {
            throw new IllegalArgumentException("the gSOAP client's files hold no null strings");
        }
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static int length(Object a) {
        return java.lang.reflect.Array.getLength(a);
    }

    private static void put(ByteBuffer b, Object a) {
        if (a instanceof double[] d) {
            for (double v : d) {
                b.putDouble(v);
            }
        } else if (a instanceof int[] ints) {
            for (int v : ints) {
                b.putInt(v);
            }
        } else if (a instanceof String[] strings) {
            for (String s : strings) {
                byte[] u = utf8(s);
                b.putInt(u.length).put(u);
            }
        } else {
            for (Mio m : (Mio[]) a) {
                b.putInt(m.getA()).putInt(m.getB()).putDouble(m.getV());
            }
        }
    }

    private static Object get(ByteBuffer b, Shape shape, int items) {
        switch (shape) {
            case DOUBLES -> {
                double[] d = new double[items];
                for (int i = 0; i < items; i++) {
                    d[i] = b.getDouble();
                }
                return d;
            }
            case INTS -> {
                int[] v = new int[items];
                for (int i = 0; i < items; i++) {
                    v[i] = b.getInt();
                }
                return v;
            }
            case STRINGS -> {
                String[] s = new String[items];
                for (int i = 0; i < items; i++) {
                    byte[] u = new byte[b.getInt()];
                    b.get(u);
                    s[i] = new String(u, StandardCharsets.UTF_8);
                }
                return s;
            }
            default -> {
                Mio[] m = new Mio[items];
                for (int i = 0; i < items; i++) {
                    m[i] = new Mio(b.getInt(), b.getInt(), b.getDouble());
                }
                return m;
            }
        }
    }

    /** What the calls echoed, in order, and each call's time in ns as the gSOAP client measured it. */
    public record Calls(List<Object> echoed, long[] nanos) {
    }

    /** A running gSOAP server; {@link #close()} stops it. */
    public static final class Server implements AutoCloseable {
        private final Process process;
        private final URI uri;

        Server(Process process, URI uri) {
            this.process = process;
            this.uri = uri;
        }

        /** Where it listens. */
        public URI uri() {
            return uri;
        }

        /** The CPU time (user and system) the server process has used so far, in ns; -1 if the OS does not tell. */
        public long cpuNanos() {
            return process.info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
