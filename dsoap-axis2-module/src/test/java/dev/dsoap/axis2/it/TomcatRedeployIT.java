package dev.dsoap.axis2.it;

import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.apache.axis2.transport.http.AxisServlet;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.management.ObjectName;
import javax.xml.namespace.QName;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A redeploy of the Axis2 web application in a real Tomcat, dsoap loaded from the .mar in {@code WEB-INF/modules}
 * by Axis2's module class loader: the module's idle sweeps run on a {@code dsoap-idle} thread of that loader while
 * the application runs (kept state ages out after {@code dsoap.idleTimeout}, here one second), and when the
 * application is undeployed (AxisServlet terminates its configuration, which shuts the module down) the thread ends
 * and the module's MBean is gone; the application deployed again gets a thread and beans of its own and serves. Then
 * the stopped application's class loaders (the web application's and the one Axis2 loaded dsoap.mar with) must be
 * collected: nothing of dsoap is left on Tomcat's worker threads or elsewhere; if they are not, the test fails with
 * the paths from GC roots to them. Plain Axis2 redeployed the same way is the baseline.
 */
class TomcatRedeployIT {
    @TempDir
    static Path dir;

    /** The live {@code dsoap-idle} threads whose context class loader is {@code loader}. */
    private static List<Thread> idleThreads(ClassLoader loader) {
        List<Thread> found = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("dsoap-idle") && t.isAlive() && t.getContextClassLoader() == loader) {
                found.add(t);
            }
        }
        return found;
    }

    private static Context webapp(Tomcat tomcat, String name) throws Exception {
        return webapp(tomcat, name, true);
    }

    /** The Axis2 web application {@code name}: with dsoap.mar in WEB-INF/modules, engaged, or plain Axis2 without it. */
    private static Context webapp(Tomcat tomcat, String name, boolean dsoap) throws Exception {
        Path repo = Axis2Server.repository(dir, dsoap, "<parameter name=\"dsoap.idleTimeout\">1000</parameter>");
        if (!dsoap) {
            try (var mars = Files.newDirectoryStream(repo.resolve("modules"), "dsoap*.mar")) {
                for (Path mar : mars) {
                    Files.delete(mar);
                }
            }
        }
        Path war = Files.createDirectories(dir.resolve(name));
        Path webInf = Files.createDirectories(war.resolve("WEB-INF"));
        String axis2 = Files.readString(repo.resolve("axis2.xml")).replace(
                "class=\"org.apache.axis2.transport.http.SimpleHTTPServer\"",
                "class=\"org.apache.axis2.transport.http.AxisServletListener\"");
        Files.writeString(Files.createDirectories(webInf.resolve("conf")).resolve("axis2.xml"), axis2);
        Files.move(repo.resolve("modules"), webInf.resolve("modules"));
        Path meta = Files.createDirectories(webInf.resolve("services").resolve("PlainEcho").resolve("META-INF"));
        Files.writeString(meta.resolve("services.xml"), """
                <service name="PlainEcho">
                  <parameter name="ServiceClass">%s</parameter>
                  <messageReceivers>
                    <messageReceiver mep="http://www.w3.org/ns/wsdl/in-out"
                                     class="org.apache.axis2.rpc.receivers.RPCMessageReceiver"/>
                  </messageReceivers>
                </service>
                """.formatted(EchoService.class.getName()));
        Context c = tomcat.addContext("/" + name, war.toString());
        // by class name: Tomcat makes a new servlet each start (an instance given to it is initialized only once)
        Wrapper servlet = Tomcat.addServlet(c, "AxisServlet", AxisServlet.class.getName());
        servlet.setLoadOnStartup(1);
        c.addServletMappingDecoded("/services/*", "AxisServlet");
        return c;
    }

    private static ConfigurationContext axis2(Context webapp) {
        ConfigurationContext c = (ConfigurationContext) webapp.getServletContext().getAttribute(AxisServlet.CONFIGURATION_CONTEXT);
        assertNotNull(c, "AxisServlet did not start");
        return c;
    }

    private static void echo(int port, String path, ConfigurationContext axis2, double[] v) throws Exception {
        RPCServiceClient client = new RPCServiceClient();
        try {
            client.getOptions().setTo(new EndpointReference("http://127.0.0.1:" + port + "/" + path + "/services/PlainEcho"));
            QName echo = new QName(axis2.getAxisConfiguration().getService("PlainEcho").getTargetNamespace(), "echo");
            Object[] got = client.invokeBlocking(echo, new Object[] {ServerIT.boxed(v)}, new Class<?>[] {double[].class});
            assertArrayEquals(v, (double[]) got[0]);
        } finally {
            client.cleanup();
        }
    }

    private static ObjectName moduleBean(ConfigurationContext c) throws Exception {
        return new ObjectName("dev.dsoap:type=Axis2Module,context=" + Integer.toHexString(System.identityHashCode(c)));
    }

    /**
     * Asserts that the stopped application {@code name}'s class loaders are collected after a few bounded rounds of
     * garbage collection; if not, fails with the paths from GC roots to them, read from a heap dump.
     */
    @SafeVarargs
    private static void assertCollected(String name, WeakReference<ClassLoader>... loaders) throws Exception {
        for (int i = 0; i < 40 && !cleared(loaders); i++) { // bounded: 40 rounds of 50 ms
            System.gc();
            Thread.sleep(50);
        }
        if (!cleared(loaders)) {
            List<String> paths = HeapPaths.toStoppedWebappLoaders(dir.resolve(name + ".hprof"), "/" + name + "/WEB-INF/");
            fail("the stopped application's class loaders are still reachable; " + paths.size() + " path(s) from GC roots:\n"
                    + String.join("\n", paths));
        }
    }

    @SafeVarargs
    private static boolean cleared(WeakReference<ClassLoader>... loaders) {
        for (WeakReference<ClassLoader> l : loaders) {
            if (l.get() != null) {
                return false;
            }
        }
        return true;
    }

    /**
     * The baseline: plain Axis2 (no dsoap.mar) redeployed the same way lets its web application's class loader and
     * its module and service class loaders go, so any path left in the test below is dsoap's.
     */
    @Test
    void plainAxis2LetsTheStoppedApplicationGo() throws Exception {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createDirectories(dir.resolve("tomcat-plain")).toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context webapp = webapp(tomcat, "plain", false);
        tomcat.start();
        try {
            int port = connector.getLocalPort();
            double[] v = {1.5, -0.0, 1e300, 7};
            ConfigurationContext first = axis2(webapp);
            assertNull(first.getAxisConfiguration().getModule("dsoap"), "plain Axis2 has no dsoap module");
            echo(port, "plain", first, v);
            WeakReference<ClassLoader> webappGone = new WeakReference<>(webapp.getLoader().getClassLoader());
            WeakReference<ClassLoader> serviceGone = new WeakReference<>(
                    first.getAxisConfiguration().getService("PlainEcho").getClassLoader());
            tomcat.getHost().removeChild(webapp);
            webapp = null;
            first = null;

            Context again = webapp(tomcat, "plainagain", false);
            ((Wrapper) again.findChild("AxisServlet")).load();
            echo(port, "plainagain", axis2(again), v);
            assertCollected("plain", webappGone, serviceGone);
        } finally {
            tomcat.stop();
            tomcat.destroy();
        }
    }

    @Test
    void undeployingTheApplicationEndsItsIdleThreadAndDeployingItAgainStartsAnother() throws Exception {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createDirectories(dir.resolve("tomcat")).toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context webapp = webapp(tomcat, "axis2");
        tomcat.start();
        try {
            int port = connector.getLocalPort();
            double[] v = {1.5, -0.0, 1e300, 7};
            ConfigurationContext first = axis2(webapp);
            AxisModule module = first.getAxisConfiguration().getModule("dsoap");
            ClassLoader firstLoader = module.getModuleClassLoader();
            ClassLoader firstWebappLoader = webapp.getLoader().getClassLoader();
            assertNotSame(getClass().getClassLoader(), firstLoader);
            echo(port, "axis2", first, v);
            Stats stats = Stats.module(first);
            assertEquals(1000, stats.get("IdleTimeoutMillis"));
            assertEquals(1, idleThreads(firstLoader).size(), "one dsoap-idle thread of the module's class loader");
            assertTrue(stats.get("MemoryUsedBytes") > 0, "the echo's state is kept");
            for (int i = 0; i < 200 && stats.get("MemoryUsedBytes") > 0; i++) { // bounded: 10 s
                Thread.sleep(50);
            }
            assertEquals(0, stats.get("MemoryUsedBytes"), "the echo's state aged out");
            assertTrue(stats.get("IdleDrops") > 0);
            Thread firstThread = idleThreads(firstLoader).get(0);
            ObjectName firstBean = moduleBean(first);

            tomcat.getHost().removeChild(webapp); // undeploy: the context stops and is destroyed
            webapp = null; // the removed context still holds its servlet, and so the configuration and its class loaders
            firstThread.join(5000);
            assertFalse(firstThread.isAlive(), "the stopped application's dsoap-idle thread still runs");
            assertFalse(ManagementFactory.getPlatformMBeanServer().isRegistered(firstBean), "the stopped application's bean");

            Context again = webapp(tomcat, "axis2again"); // deploy anew: a new context, class loaders and configuration
            ((Wrapper) again.findChild("AxisServlet")).load(); // added to a running host: loaded now, not at its start
            ConfigurationContext second = axis2(again);
            assertNotSame(first, second);
            ClassLoader secondLoader = second.getAxisConfiguration().getModule("dsoap").getModuleClassLoader();
            echo(port, "axis2again", second, v);
            assertEquals(1, idleThreads(secondLoader).size(), "the restarted application's dsoap-idle thread");
            assertTrue(Stats.module(second).get("MemoryUsedBytes") > 0);
            assertTrue(idleThreads(firstLoader).isEmpty());

            WeakReference<ClassLoader> moduleGone = new WeakReference<>(firstLoader);
            WeakReference<ClassLoader> webappGone = new WeakReference<>(firstWebappLoader);
            firstLoader = null;
            firstWebappLoader = null;
            module = null;
            first = null;
            stats = null;
            firstThread = null;
            assertCollected("axis2", moduleGone, webappGone);
        } finally {
            tomcat.stop();
            tomcat.destroy();
        }
    }
}
