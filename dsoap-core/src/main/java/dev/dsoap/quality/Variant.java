package dev.dsoap.quality;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A message variant a {@link QualityFile} declares ({@code variant NAME = ...}): how the smaller message of an
 * operation is made from the full one. Kinds, with parts named as in the operation's message:
 *
 * <pre>
 * variant meta  = fields header count          # only these parts; the others arrive as their defaults
 * variant two   = last timesteps 2             # the last 2 items of array part timesteps
 * variant every = downsample samples 4         # every 4th item of array part samples
 * variant small = scale pixels width height 2       # image part pixels (its size in int parts width and
 *                                                   # height) at half its width and height
 * variant crop  = crop pixels width height 320 240  # its centered 320 x 240
 * variant thumb = handler thumbnail            # a QualityHandler the application registers as "thumbnail"
 * </pre>
 *
 * Immutable, thread-safe.
 */
public final class Variant {
    /** The name of the full message, which every file knows without declaring it. */
    public static final String FULL = "full";

    private final String name;
    private final String kind;
    private final List<String> args;
    private final String source;
    private final int line;

    private Variant(String name, String kind, List<String> args, String source, int line) {
        this.name = name;
        this.kind = kind;
        this.args = args;
        this.source = source;
        this.line = line;
    }

    /**
     * Parses the definition after {@code variant NAME =}.
     *
     * @throws IllegalArgumentException naming {@code source} and {@code line} when it is malformed
     */
    static Variant parse(String name, String definition, String source, int line) {
        String[] t = definition.strip().split("\\s+");
        String kind = t[0];
        List<String> args = List.of(t).subList(1, t.length);
        int want = switch (kind) {
            case "full" -> 0;
            case "fields" -> -1;
            case "last", "downsample" -> 2;
            case "scale" -> 4;
            case "crop" -> 5;
            case "handler" -> 1;
            default -> throw QualityFile.bad(source, line, "variant " + name + ": unknown kind '" + kind
                    + "' (expected full, fields, last, downsample, scale, crop or handler)");
        };
        if (want >= 0 && args.size() != want || want < 0 && args.isEmpty()) {
            throw QualityFile.bad(source, line, "variant " + name + ": '" + kind + "' takes "
                    + (want < 0 ? "one or more part names" : want + " argument" + (want == 1 ? "" : "s"))
                    + ", found '" + definition.strip() + "'");
        }
        int numbers = switch (kind) {
            case "last", "downsample" -> 1;
            case "scale" -> 3;
            case "crop" -> 3;
            default -> args.size();
        };
        for (int i = numbers; i < args.size(); i++) {
            try {
                if (Integer.parseInt(args.get(i)) < 1) {
                    throw new NumberFormatException();
                }
            } catch (NumberFormatException e) {
                throw QualityFile.bad(source, line, "variant " + name + ": '" + args.get(i)
                        + "' is not a whole number >= 1");
            }
        }
        return new Variant(name, kind, args, source, line);
    }

    /** The variant's name. */
    public String name() {
        return name;
    }

    /** The line of the quality file declaring it. */
    public int line() {
        return line;
    }

    /**
     * The handler making this variant for an operation whose message has parts {@code partNames} (in plan order).
     *
     * @param defaults   what a part left out arrives as, in plan order ({@code null}, or a primitive's zero)
     * @param registered the application's handlers by name, for {@code handler NAME}
     * @throws IllegalArgumentException naming the file and line when a part or handler is unknown or a part is not of
     *                                  the kind the variant needs
     */
    public QualityHandler bind(List<String> partNames, Object[] defaults, Function<String, QualityHandler> registered) {
        switch (kind) {
            case "full":
                return QualityHandlers.full();
            case "fields": {
                int[] kept = new int[args.size()];
                for (int i = 0; i < kept.length; i++) {
                    kept[i] = part(partNames, args.get(i));
                }
                return QualityHandlers.keep(defaults, kept);
            }
            case "last":
                return QualityHandlers.lastItems(part(partNames, args.get(0)), number(1));
            case "downsample":
                return QualityHandlers.downsample(part(partNames, args.get(0)), number(1));
            case "scale":
                return QualityHandlers.scaleImage(part(partNames, args.get(0)), part(partNames, args.get(1)),
                        part(partNames, args.get(2)), number(3));
            case "crop":
                return QualityHandlers.cropImage(part(partNames, args.get(0)), part(partNames, args.get(1)),
                        part(partNames, args.get(2)), number(3), number(4));
            default: {
                QualityHandler h = registered == null ? null : registered.apply(args.get(0));
                if (h == null) {
                    throw QualityFile.bad(source, line, "variant " + name + ": no handler registered as '"
                            + args.get(0) + "'");
                }
                return h;
            }
        }
    }

    private int part(List<String> partNames, String part) {
        int i = partNames.indexOf(part);
        if (i < 0) {
            throw QualityFile.bad(source, line, "variant " + name + ": the message has no part '" + part
                    + "' (its parts: " + String.join(", ", partNames) + ")");
        }
        return i;
    }

    private int number(int arg) {
        return Integer.parseInt(args.get(arg));
    }

    /** The definitions of {@code variants} as written, for messages. */
    static String describe(Map<String, Variant> variants) {
        StringBuilder b = new StringBuilder();
        for (Variant v : variants.values()) {
            b.append(b.length() == 0 ? "" : "; ").append(v);
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return name + " = " + kind + (args.isEmpty() ? "" : " " + String.join(" ", args));
    }
}
