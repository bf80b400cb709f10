package dev.dsoap.jaxws.it;

import com.sun.management.HotSpotDiagnosticMXBean;
import kotlin.sequences.SequencesKt;
import shark.FilteringLeakingObjectFinder;
import shark.HeapAnalysis;
import shark.HeapAnalysisFailure;
import shark.HeapAnalysisSuccess;
import shark.HeapAnalyzer;
import shark.HeapObject;
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
 * The paths from GC roots to the class loaders of one class (say a test's own loader class), the classes they
 * defined and those classes' instances, read from a heap dump of this JVM with LeakCanary's JVM heap analyzer
 * (Shark). Shark follows neither an object's reference to its class nor a class's to its loader, so a path ends at
 * the first object of the loader's world, the object before it being what holds it. Weak, soft and phantom
 * references are not paths. A test diagnostic: a dump and its analysis take a few seconds.
 */
final class LoaderPaths {
    private LoaderPaths() {
    }

    /**
     * Dumps the live heap to {@code dump} (which must not exist; deleted afterwards) and returns one text block per
     * shortest path to the world of the class loaders of class {@code loaderClass}; empty when none is reachable.
     */
    static List<String> to(String loaderClass, Path dump) throws IOException {
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(dump.toString(), true);
        try {
            List<ReferenceMatcher> ignored = List.of(
                    new IgnoredReferenceMatcher(new ReferencePattern.InstanceFieldPattern("java.lang.ref.Reference", "referent")),
                    new IgnoredReferenceMatcher(new ReferencePattern.InstanceFieldPattern("java.lang.ref.Reference", "discovered")));
            Map<Long, Boolean> classes = new HashMap<>();
            Set<Long>[] loaders = new Set[1];
            FilteringLeakingObjectFinder finder = new FilteringLeakingObjectFinder(List.of(o -> {
                if (loaders[0] == null) {
                    loaders[0] = new HashSet<>();
                    for (HeapObject.HeapInstance i : SequencesKt.asIterable(o.getGraph().getInstances())) {
                        if (i.getInstanceClassName().equals(loaderClass)) {
                            loaders[0].add(i.getObjectId());
                        }
                    }
                }
                if (loaders[0].contains(o.getObjectId())) {
                    return true;
                }
                HeapObject.HeapClass c = o instanceof HeapObject.HeapClass k ? k
                        : o instanceof HeapObject.HeapInstance i ? i.getInstanceClass() : null;
                return c != null && classes.computeIfAbsent(c.getObjectId(),
                        id -> loaders[0].contains(c.readRecord().getClassLoaderId()));
            }));
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
}
