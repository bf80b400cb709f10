package dev.dsoap.bench.metro;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Eclipse Metro beside CXF in one benchmark JVM: CXF and Metro both implement JAX-WS (each registers itself as the
 * {@code jakarta.xml.ws.spi.Provider}) and cannot share a class path, so the Metro benchmarks run Metro, JAXB's
 * runtime, dsoap-core and dsoap-jaxws in a class loader of their own, over the {@code dsoap-bench-metro} module's
 * classes and {@code target/lib} (its runtime dependencies, copied there by its build), with the platform class loader
 * as parent. Found beside this jar ({@code dsoap-bench/target/benchmarks.jar} → {@code dsoap-bench/metro/target}), or
 * in the directory the system property {@code dsoap.bench.metro} names. The Metro side's entry point,
 * {@code dev.dsoap.bench.metro.world.MetroWorld}, speaks only in JDK types.
 */
final class MetroWorlds {
    /** System property: the {@code dsoap-bench-metro} module's {@code target} directory. */
    static final String DIRECTORY = "dsoap.bench.metro";
    private static ClassLoader loader;

    private MetroWorlds() {
    }

    /** The Metro class loader, made on first use. */
    static synchronized ClassLoader loader() throws IOException {
        if (loader == null) {
            Path dir = directory();
            Path classes = dir.resolve("classes");
            Path lib = dir.resolve("lib");
            if (!Files.isDirectory(classes) || !Files.isDirectory(lib)) {
                throw new IllegalStateException("no Metro benchmark world at " + dir + " (build the dsoap-bench/metro module"
                        + " first: ./mvnw -pl dsoap-bench/metro -am package, or set -D" + DIRECTORY + "=its target directory)");
            }
            List<URL> urls = new ArrayList<>();
            urls.add(url(classes));
            try (Stream<Path> jars = Files.list(lib)) {
                for (Path j : jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
                    urls.add(url(j));
                }
            }
            loader = new URLClassLoader("dsoap-metro-world", urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        }
        return loader;
    }

    private static Path directory() {
        String set = System.getProperty(DIRECTORY);
        if (set != null) {
            return Paths.get(set);
        }
        try {
            // benchmarks.jar, or target/classes: both in dsoap-bench/target
            Path here = Paths.get(MetroWorlds.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return here.getParent().resolveSibling("metro").resolve("target");
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static URL url(Path p) {
        try {
            return p.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A running Metro world: the plain and the dsoap endpoint in {@code container} ({@code jdk}: the JDK HTTP server;
     * {@code tomcat}: a {@code sun-jaxws.xml} web application in an embedded Tomcat) with the handlers {@code features}
     * names, their request threads named {@code plainThreads} and {@code dsoapThreads} and a number.
     */
    static World start(String container, String features, String plainThreads, String dsoapThreads) throws Exception {
        Class<?> c = Class.forName("dev.dsoap.bench.metro.world.MetroWorld", true, loader());
        Object w = call(c.getMethod("start", String.class, String.class, String.class, String.class), null, container,
                features, plainThreads, dsoapThreads);
        return new World(c, w);
    }

    private static Object call(Method m, Object target, Object... args) throws Exception {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception x) {
                throw x;
            }
            throw e;
        }
    }

    /** One {@code MetroWorld}, through reflection; closing it stops its servers. */
    static final class World implements AutoCloseable {
        private final Class<?> type;
        private final Object world;

        private World(Class<?> type, Object world) {
            this.type = type;
            this.world = world;
        }

        String plainAddress() throws Exception {
            return (String) call(type.getMethod("plainAddress"), world);
        }

        String dsoapAddress() throws Exception {
            return (String) call(type.getMethod("dsoapAddress"), world);
        }

        /** Starts the transport floor in front of the plain endpoint, its threads named {@code threads} and a number. */
        String floor(String threads) throws Exception {
            return (String) call(type.getMethod("floor", String.class), world, threads);
        }

        int floorRequests() throws Exception {
            return (Integer) call(type.getMethod("floorRequests"), world);
        }

        /** A plain Metro proxy at default settings for the endpoint at {@code address}, calling {@code callAddress}. */
        Function<double[], double[]> proxy(String address, String callAddress) throws Exception {
            return proxy(address, callAddress, null);
        }

        /** As {@link #proxy(String, String)}, naming itself {@code client} ({@code X-Dsoap-Client}) unless {@code null}. */
        @SuppressWarnings("unchecked")
        Function<double[], double[]> proxy(String address, String callAddress, String client) throws Exception {
            return (Function<double[], double[]>) call(type.getMethod("proxy", String.class, String.class, String.class),
                    world, address, callAddress, client);
        }

        /** A Metro proxy for the endpoint at {@code address} negotiating Fast Infoset with it. */
        @SuppressWarnings("unchecked")
        Function<double[], double[]> fastInfosetProxy(String address) throws Exception {
            return (Function<double[], double[]>) call(type.getMethod("fastInfosetProxy", String.class), world, address);
        }

        /** dsoap's own client for the dsoap endpoint at {@code address}, in binary with it (performance mode). */
        @SuppressWarnings("unchecked")
        Function<double[], double[]> binaryClient(String address) throws Exception {
            return (Function<double[], double[]>) call(type.getMethod("binaryClient", String.class), world, address);
        }

        /** The POST requests of media type {@code mediaType} the endpoint at {@code address} received (JDK server only). */
        int requests(String address, String mediaType) throws Exception {
            return (Integer) call(type.getMethod("requests", String.class, String.class), world, address, mediaType);
        }

        @Override
        public void close() throws Exception {
            call(type.getMethod("close"), world);
        }
    }
}
