package dev.dsoap.jaxws.it;

import dev.dsoap.host.Carrier;
import dev.dsoap.jaxws.DifferentialSoapFeature;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * An application with dsoap in a class loader of its own (dsoap-core, dsoap-jaxws and the application's classes;
 * CXF, Jetty and JAXB from the parent, as in a container that shares CXF) runs a CXF bus with a dsoap endpoint and
 * client, then shuts the bus down and is dropped: its class loader must then be collected, so nothing of dsoap (no
 * thread, thread-local, MBean or static registration) outlives the bus.
 */
class BusShutdownTest {
    /** Loads {@code dev.dsoap.*} itself, from {@code urls}, and everything else from its parent. */
    private static final class AppLoader extends URLClassLoader {
        AppLoader(URL[] urls, ClassLoader parent) {
            super("isolated-app", urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("dev.dsoap.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    c = findClass(name);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }

    private static URL codeSource(Class<?> c) {
        return c.getProtectionDomain().getCodeSource().getLocation();
    }

    @SuppressWarnings("unchecked")
    private static String runIsolated(WeakReference<ClassLoader>[] loader) throws Exception {
        URL[] urls = {codeSource(Carrier.class), codeSource(DifferentialSoapFeature.class), codeSource(BusShutdownTest.class)};
        AppLoader app = new AppLoader(urls, BusShutdownTest.class.getClassLoader());
        loader[0] = new WeakReference<>(app);
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(app);
        try {
            Class<?> main = app.loadClass(IsolatedApp.class.getName());
            assertNotSame(IsolatedApp.class, main, "the application's classes are its own");
            return ((Supplier<String>) main.getConstructor().newInstance()).get();
        } finally {
            t.setContextClassLoader(before);
            app.close();
        }
    }

    @Test
    void aShutDownBusLeavesNothingThatHoldsTheApplicationsClassLoader() throws Exception {
        @SuppressWarnings("unchecked")
        WeakReference<ClassLoader>[] loader = new WeakReference[1];
        String answers = runIsolated(loader);
        String one = Arrays.toString(new double[] {1.5, -0.0, 1e300, 7});
        assertEquals(one + one + one, answers);
        for (int i = 0; i < 40 && loader[0].get() != null; i++) { // bounded: 40 rounds of 50 ms
            System.gc();
            Thread.sleep(50);
        }
        if (loader[0].get() != null) {
            List<String> paths = LoaderPaths.to(AppLoader.class.getName(),
                    Path.of(System.getProperty("java.io.tmpdir"), "bus-shutdown-" + ProcessHandle.current().pid() + ".hprof"));
            fail("the application's class loader is still reachable after its bus shut down; " + paths.size()
                    + " path(s) from GC roots:\n" + String.join("\n", paths));
        }
    }
}
