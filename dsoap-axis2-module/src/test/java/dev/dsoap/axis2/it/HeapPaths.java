package dev.dsoap.axis2.it;

import com.sun.management.HotSpotDiagnosticMXBean;
import shark.FilteringLeakingObjectFinder;
import shark.HeapAnalysis;
import shark.HeapAnalysisFailure;
import shark.HeapAnalysisSuccess;
import shark.HeapAnalyzer;
import shark.HeapField;
import shark.HeapObject;
import shark.HeapValue;
import kotlin.sequences.SequencesKt;
import shark.IgnoredReferenceMatcher;
import shark.Leak;
import shark.LeakTrace;
import shark.MetadataExtractor;
import shark.ObjectInspectors;
import shark.OnAnalysisProgressListener;
import shark.ReferenceMatcher;
import shark.ReferencePattern;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The paths from GC roots to the class loaders of a stopped Tomcat web application, read from a heap dump of this JVM
 * with LeakCanary's JVM heap analyzer (Shark): the web application's loader (a Tomcat {@code WebappClassLoaderBase}
 * no longer started) and every other class loader that loads from under the application's directory, such as the
 * {@code DeploymentClassLoader} Axis2 loads a .mar in {@code WEB-INF/modules} with, and the classes they defined
 * and those classes' instances (Shark follows neither an object's reference to its class nor a class's to its
 * loader, so a path ends at the first object of the stopped application, the object before it being what holds
 * it). Weak, soft and phantom references are not paths. A test diagnostic: a dump and its analysis take about ten
 * seconds.
 */
final class HeapPaths {
    private static final String WEBAPP_LOADER = "org.apache.catalina.loader.WebappClassLoaderBase";

    private HeapPaths() {
    }

    /**
     * Dumps the live heap of this JVM to {@code dump} (which must not exist) and returns the shortest paths from GC
     * roots into a stopped web application: to its class loaders (a Tomcat web application loader no longer started,
     * or
     * a URL class loader with a URL whose path contains {@code webappDir}, say {@code "/axis2/WEB-INF/"}), their
     * classes and their classes' instances; one text block per path, empty when none is reachable. The dump file is deleted afterwards.
     */
    static List<String> toStoppedWebappLoaders(Path dump, String webappDir) throws IOException {
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(dump.toString(), true);
        try {
            List<ReferenceMatcher> ignored = List.of(
                    new IgnoredReferenceMatcher(new ReferencePattern.InstanceFieldPattern("java.lang.ref.Reference", "referent")),
                    new IgnoredReferenceMatcher(new ReferencePattern.InstanceFieldPattern("java.lang.ref.Reference", "discovered")));
            FilteringLeakingObjectFinder finder = new FilteringLeakingObjectFinder(List.of(new Stopped(webappDir)));
            HeapAnalysis analysis = new HeapAnalyzer(OnAnalysisProgressListener.Companion.getNO_OP()).analyze(
                    dump.toFile(), finder, ignored, false, ObjectInspectors.Companion.getJdkDefaults(),
                    MetadataExtractor.Companion.getNO_OP(), null);
            if (analysis instanceof HeapAnalysisFailure failure) {
                throw new IllegalStateException("the heap dump " + dump + " could not be analyzed", failure.getException());
            }
            List<String> paths = new ArrayList<>();
            for (Leak leak : ((HeapAnalysisSuccess) analysis).getApplicationLeaks()) {
                for (LeakTrace trace : leak.getLeakTraces()) {
                    paths.add(trace.toString());
                }
            }
            return paths;
        } finally {
            Files.deleteIfExists(dump);
        }
    }

    /**
     * Selects the stopped application's class loaders, the classes they defined and the instances of those classes:
     * Shark follows neither an object's reference to its class nor a class's to its loader, so the first object of
     * the stopped application on a path is where the path is reported, the object before it being what holds it.
     */
    private static final class Stopped implements FilteringLeakingObjectFinder.LeakingObjectFilter {
        private final String webappDir;
        private Set<Long> loaders;
        private final Map<Long, Boolean> classes = new HashMap<>();

        Stopped(String webappDir) {
            this.webappDir = webappDir;
        }

        @Override
        public boolean isLeakingObject(HeapObject object) {
            if (loaders == null) {
                loaders = new HashSet<>();
                for (HeapObject.HeapInstance i : SequencesKt.asIterable(object.getGraph().getInstances())) {
                    if (stoppedWebappLoader(i) || loadsFrom(i, webappDir)) {
                        loaders.add(i.getObjectId());
                    }
                }
            }
            if (loaders.contains(object.getObjectId())) {
                return true;
            }
            if (object instanceof HeapObject.HeapClass c) {
                return definedByStopped(c);
            }
            return object instanceof HeapObject.HeapInstance i && definedByStopped(i.getInstanceClass());
        }

        private boolean definedByStopped(HeapObject.HeapClass c) {
            return classes.computeIfAbsent(c.getObjectId(), id -> loaders.contains(c.readRecord().getClassLoaderId()));
        }
    }

    /** A Tomcat web application loader no longer started. */
    private static boolean stoppedWebappLoader(HeapObject object) {
        if (!(object instanceof HeapObject.HeapInstance loader) || !loader.instanceOf(WEBAPP_LOADER)) {
            return false;
        }
        HeapField state = loader.get(WEBAPP_LOADER, "state");
        HeapObject.HeapInstance value = state == null ? null : state.getValueAsInstance();
        HeapField name = value == null ? null : value.get("java.lang.Enum", "name");
        return name != null && !"STARTED".equals(name.getValue().readAsJavaString());
    }

    /** A URL class loader with a URL whose path contains {@code dir}. */
    private static boolean loadsFrom(HeapObject object, String dir) {
        if (!(object instanceof HeapObject.HeapInstance loader) || !loader.instanceOf("java.net.URLClassLoader")) {
            return false;
        }
        HeapField ucp = loader.get("java.net.URLClassLoader", "ucp");
        HeapObject.HeapInstance classPath = ucp == null ? null : ucp.getValueAsInstance();
        HeapField path = classPath == null ? null : classPath.get("jdk.internal.loader.URLClassPath", "path");
        HeapObject.HeapInstance list = path == null ? null : path.getValueAsInstance();
        HeapField data = list == null ? null : list.get("java.util.ArrayList", "elementData");
        HeapObject.HeapObjectArray urls = data == null ? null : data.getValueAsObjectArray();
        if (urls == null) {
            return false;
        }
        for (HeapValue v : SequencesKt.toList(urls.readElements())) {
            HeapObject url = v.getAsObject();
            if (url instanceof HeapObject.HeapInstance u && u.instanceOf("java.net.URL")) {
                HeapField p = u.get("java.net.URL", "path");
                String s = p == null ? null : p.getValue().readAsJavaString();
                if (s != null && s.contains(dir)) {
                    return true;
                }
            }
        }
        return false;
    }
}
