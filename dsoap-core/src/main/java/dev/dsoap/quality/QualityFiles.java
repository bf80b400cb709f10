package dev.dsoap.quality;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A quality file with rules per service and operation: settings, {@code attributes} and variants before the first
 * section apply to every section, and each section names its operation, {@code [Service/operation]} (service
 * {@code *} for the operation of any service), followed by its own settings, variants and intervals
 * ({@link QualityFile} describes them):
 *
 * <pre>
 * attributes = resolution
 * dwell = 2000
 * [BondService/getBonds]
 * variant two = last timesteps 2
 * variant one = last timesteps 1
 * 0   200 - full
 * 200 900 - two
 * 900 inf - one
 * [ImageService/getImage]
 * variant small = scale pixels width height 2
 * 0   300 - full
 * 300 inf - small
 * </pre>
 *
 * A file read from the file system can be {@linkplain #reload() read again} while the application runs. Immutable,
 * thread-safe.
 */
public final class QualityFiles {
    /** Where the file came from: a path, or a class path resource. */
    private final String source;
    private final Path path;
    private final String resource;
    private final ClassLoader loader;
    /** The rules by section key, {@code service/operation}, in file order. */
    private final Map<String, QualityFile> sections;

    private QualityFiles(String source, Path path, String resource, ClassLoader loader, Map<String, QualityFile> sections) {
        this.source = source;
        this.path = path;
        this.resource = resource;
        this.loader = loader;
        this.sections = sections;
    }

    /**
     * Parses a quality file's text. A text without sections holds one set of rules, for any operation.
     *
     * @param source names the file in error messages
     * @throws IllegalArgumentException naming the line when the text is malformed
     */
    public static QualityFiles parse(String text, String source) {
        return parse(text, source, null, null, null);
    }

    /**
     * Reads a quality file from the file system (UTF-8); {@link #reload()} reads it again.
     *
     * @throws IllegalArgumentException naming the line when it is malformed
     * @throws UncheckedIOException when it cannot be read
     */
    public static QualityFiles load(Path file) {
        Objects.requireNonNull(file, "file");
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString(), file, null, null);
        } catch (IOException e) {
            throw new UncheckedIOException("quality file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a quality file from the class path, as {@link QualityFile#load} finds it; {@link #reload()} reads it
     * again.
     *
     * @throws IllegalArgumentException when it is missing or malformed
     */
    public static QualityFiles load(String resource, ClassLoader loader) {
        String name = resource.startsWith("/") ? resource.substring(1) : resource;
        URL url = loader == null ? null : loader.getResource(name);
        if (url == null) {
            url = QualityFiles.class.getClassLoader().getResource(name);
        }
        if (url == null) {
            throw new IllegalArgumentException("quality file " + resource + ": not found on the class path");
        }
        try (InputStream in = url.openStream()) {
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource, null, resource, loader);
        } catch (IOException e) {
            throw new UncheckedIOException("quality file " + resource + ": " + e.getMessage(), e);
        }
    }

    private static QualityFiles parse(String text, String source, Path path, String resource, ClassLoader loader) {
        String[] lines = QualityFile.lines(text);
        QualityFile.Rules common = new QualityFile.Rules();
        Map<String, QualityFile> sections = new LinkedHashMap<>();
        Map<String, Integer> sectionLines = new LinkedHashMap<>();
        int n = 1;
        // what comes before the first section: settings, attributes and variants for all (or the only rules)
        int first = lines.length + 1;
        for (int i = 1; i <= lines.length; i++) {
            if (QualityFile.content(lines[i - 1]).startsWith("[")) {
                first = i;
                break;
            }
        }
        if (first > lines.length) {
            sections.put("*/*", QualityFile.parse(lines, 1, lines.length, common, source));
            return new QualityFiles(source, path, resource, loader, sections);
        }
        for (; n < first; n++) {
            String line = QualityFile.content(lines[n - 1]);
            if (!line.isEmpty() && !common.setting(line, source, n)) {
                throw QualityFile.bad(source, n, "intervals belong in a section: '[Service/operation]' first");
            }
        }
        while (n <= lines.length) {
            String head = QualityFile.content(lines[n - 1]);
            String key = key(head, source, n);
            Integer before = sectionLines.putIfAbsent(key, n);
            if (before != null) {
                throw QualityFile.bad(source, n, "section [" + key + "] already on line " + before);
            }
            int end = n + 1;
            while (end <= lines.length && !QualityFile.content(lines[end - 1]).startsWith("[")) {
                end++;
            }
            sections.put(key, QualityFile.parse(lines, n + 1, end - 1, common, source + " [" + key + "]"));
            n = end;
        }
        return new QualityFiles(source, path, resource, loader, sections);
    }

    private static String key(String head, String source, int line) {
        if (!head.endsWith("]")) {
            throw QualityFile.bad(source, line, "expected '[Service/operation]', found '" + head + "'");
        }
        String key = head.substring(1, head.length() - 1).strip();
        int slash = key.indexOf('/');
        if (slash <= 0 || slash == key.length() - 1 || key.indexOf('/', slash + 1) >= 0
                || key.chars().anyMatch(Character::isWhitespace)) {
            throw QualityFile.bad(source, line, "expected '[Service/operation]' (service '*' for any), found '" + head + "'");
        }
        return key;
    }

    /**
     * The rules for {@code operation} of {@code service}: its own section, else the section of
     * {@code operation} for any service (service {@code *}), else the rules of a file without sections; {@code null} when none apply.
     */
    public QualityFile rules(String service, String operation) {
        QualityFile f = sections.get(service + "/" + operation);
        if (f == null) {
            f = sections.get("*/" + operation);
        }
        return f != null ? f : sections.get("*/*");
    }

    /**
     * The sections by key ({@code service/operation}; a file without sections has one, whose service and operation
     * are both {@code *}), in file order.
     */
    public Map<String, QualityFile> sections() {
        return java.util.Collections.unmodifiableMap(sections);
    }

    /** Where the file came from. */
    public String source() {
        return source;
    }

    /**
     * Reads the file again from where it was loaded. A file parsed from text has nowhere to be read from again and
     * returns itself.
     *
     * @return the rules as the file now holds them; this object is not changed
     * @throws IllegalArgumentException naming the line when the file is now malformed (the caller keeps the old rules)
     * @throws UncheckedIOException when it cannot be read
     */
    public QualityFiles reload() {
        if (path != null) {
            return load(path);
        }
        return resource != null ? load(resource, loader) : this;
    }

    @Override
    public String toString() {
        return "quality files " + source + " " + sections.keySet();
    }
}
