package dev.dsoap.host;

import dev.dsoap.binding.MessageShape;
import dev.dsoap.quality.QualityAttributes;
import dev.dsoap.quality.QualityClient;
import dev.dsoap.quality.QualityFile;
import dev.dsoap.quality.QualityFiles;
import dev.dsoap.quality.QualityHandler;
import dev.dsoap.quality.QualityServer;
import dev.dsoap.quality.Variant;
import dev.dsoap.template.MemoryBudget;

import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What {@value Settings#QUALITY} says for one endpoint or client, for the hosts: off, on (a client measures and
 * reports), or a quality file whose rules make each operation's {@link QualityServer} (an endpoint) or
 * {@link QualityClient} (a client). The file is read once, when the endpoint or client is made; {@link #reload()}
 * reads it again for operations made afterwards. Thread-safe.
 */
public final class QualitySetting {
    /** Property (endpoint or bus, Axis2 parameter) holding the application's handlers: a {@code Map<String, QualityHandler>}. */
    public static final String HANDLERS = "dsoap.qualityHandlers";

    /**
     * The application's handlers in a {@link #HANDLERS} property value (a {@code Map} from name to
     * {@link QualityHandler}; entries of other types are left out), or {@code null} when the value is not a map.
     */
    public static Function<String, QualityHandler> handlers(Object property) {
        return property instanceof Map<?, ?> m ? name -> m.get(name) instanceof QualityHandler h ? h : null : null;
    }

    private final String value;
    private final ClassLoader loader;
    private volatile QualityFiles files;
    private final boolean on;

    private QualitySetting(String value, ClassLoader loader, QualityFiles files, boolean on) {
        this.value = value;
        this.loader = loader;
        this.files = files;
        this.on = on;
    }

    /**
     * Reads the setting.
     *
     * @param value  {@link Settings#quality()}
     * @param loader where a class path file is looked up first
     * @throws IllegalArgumentException naming the file and line when the quality file is missing or malformed
     */
    public static QualitySetting of(String value, ClassLoader loader) {
        if (value == null || value.equalsIgnoreCase("off")) {
            return new QualitySetting("off", loader, null, false);
        }
        if (value.equalsIgnoreCase("on")) {
            return new QualitySetting("on", loader, null, true);
        }
        return new QualitySetting(value, loader, load(value, loader), true);
    }

    private static QualityFiles load(String value, ClassLoader loader) {
        if (value.startsWith("file:")) {
            return QualityFiles.load(Path.of(java.net.URI.create(value)));
        }
        return QualityFiles.load(value.startsWith("classpath:") ? value.substring("classpath:".length()) : value, loader);
    }

    /** Whether quality management is on. */
    public boolean enabled() {
        return on;
    }

    /** The quality file's rules, or {@code null} (off, or on without a file). */
    public QualityFiles files() {
        return files;
    }

    /**
     * Reads the quality file again; operations made afterwards use the new rules. When the file is now malformed
     * the old rules stay and the error is thrown.
     */
    public void reload() {
        if (files != null) {
            files = files.reload();
        }
    }

    /**
     * Reads the quality file again and gives {@code server} (the endpoint side of {@code operation}) its new rules.
     *
     * @return what was done, for the operator
     * @throws IllegalArgumentException naming the file and line when the file is now malformed, or when it no longer
     *                                  has rules for the operation (the old rules stay in both cases)
     * @throws java.io.UncheckedIOException when the file cannot be read
     */
    public String reload(QualityServer server, String service, String operation, MessageShape shape,
                         Function<String, QualityHandler> registered) {
        QualityFiles now = files == null ? null : files.reload();
        QualityFile rules = now == null ? null : now.rules(service, operation);
        if (rules == null) {
            throw new IllegalArgumentException("quality file " + value + " has no rules for " + service + "/" + operation
                    + " now; the old rules stay");
        }
        Map<String, QualityHandler> handlers = handlers(rules, shape, registered);
        files = now;
        server.rules(rules, handlers);
        return "reloaded " + rules;
    }

    /**
     * The endpoint side of {@code operation}: {@code null} when the file has no rules for it (or there is no file).
     *
     * @param shape      the operation's response message, whose parts the variants name
     * @param registered the application's handlers by name, or {@code null}
     * @param own        the endpoint's own attributes, shared by its operations
     * @throws IllegalArgumentException naming the file and line when a variant names a part or handler not there
     */
    public QualityServer server(String service, String operation, MessageShape shape,
                                Function<String, QualityHandler> registered, MemoryBudget budget,
                                QualityAttributes own) {
        QualityFile rules = files == null ? null : files.rules(service, operation);
        if (rules == null) {
            return null;
        }
        return new QualityServer(service + "/" + operation, rules, handlers(rules, shape, registered), System::nanoTime,
                budget, own);
    }

    /**
     * The client side of {@code operation}: {@code null} when quality management is off.
     *
     * @param shape      the operation's request message, whose parts the client's variants name
     * @param attributes the client's attributes, shared by its operations
     */
    public QualityClient client(String service, String operation, MessageShape shape,
                                Function<String, QualityHandler> registered, QualityAttributes attributes) {
        if (!on) {
            return null;
        }
        QualityFile rules = files == null ? null : files.rules(service, operation);
        return new QualityClient(rules, rules == null ? Map.of() : handlers(rules, shape, registered), System::nanoTime,
                attributes);
    }

    private static Map<String, QualityHandler> handlers(QualityFile rules, MessageShape shape,
                                                        Function<String, QualityHandler> registered) {
        List<String> names = new ArrayList<>();
        List<Object> defaults = new ArrayList<>();
        for (MessageShape.Part p : shape.parts()) {
            names.add(p.name());
            defaults.add(zero(p.type()));
        }
        Map<String, QualityHandler> m = new HashMap<>();
        for (Variant v : rules.variants().values()) {
            m.put(v.name(), v.bind(names, defaults.toArray(), registered));
        }
        return m;
    }

    /** What a part left out arrives as: a primitive's zero, else {@code null}. */
    static Object zero(Type t) {
        if (t == boolean.class) {
            return false;
        } else if (t == char.class) {
            return '\0';
        } else if (t == byte.class) {
            return (byte) 0;
        } else if (t == short.class) {
            return (short) 0;
        } else if (t == int.class) {
            return 0;
        } else if (t == long.class) {
            return 0L;
        } else if (t == float.class) {
            return 0f;
        } else if (t == double.class) {
            return 0d;
        }
        return null;
    }

    @Override
    public String toString() {
        return "quality " + value;
    }
}
