package jzk.tornado.runtime.backend;

import java.util.List;

import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.OffHeapIntArray;
import jzk.tornado.api.OffHeapLongArray;

/**
 * Matches launch arguments to a kernel's parameter list: one argument per parameter that
 * {@link KernelParam#takesArgument() takes one}, checked against the parameter's kind; hidden {@code $length}
 * parameters get the element count of their array. Used by every device so that all report the same errors.
 */
public final class LaunchArgs {
    private LaunchArgs() {
    }

    /** Receives a checked argument for parameter {@code index}; returns the value to store. */
    @FunctionalInterface
    public interface Sink {
        Object accept(int index, KernelParam param, Object arg);
    }

    /**
     * Checks {@code args} against {@code params} (a leading {@code null} or {@code KernelContext} for the context
     * parameter is accepted and dropped), calls {@code sink} for each argument-taking parameter (in order),
     * then fills hidden length parameters of {@code values} (an {@link Integer} or {@link Long} per the kind).
     */
    public static void bind(String kernel, List<KernelParam> params, Object[] args, Sink sink, Object[] values) {
        long expected = params.stream().filter(KernelParam::takesArgument).count();
        if (args.length == expected + 1 && !params.isEmpty() && params.getFirst().kind() == KernelParam.Kind.CONTEXT
                && (args[0] == null || args[0] instanceof jzk.tornado.api.KernelContext)) {
            // the Java argument list with a context placeholder first (as task graphs and tests write it)
            args = java.util.Arrays.copyOfRange(args, 1, args.length);
        }
        if (args.length != expected) {
            throw new DeviceException("kernel " + kernel + " takes " + expected + " arguments " + describe(params)
                    + ", got " + args.length);
        }
        Object[] rawByParam = new Object[params.size()];
        int a = 0;
        for (int i = 0; i < params.size(); i++) {
            KernelParam p = params.get(i);
            if (!p.takesArgument()) {
                continue;
            }
            Object arg = args[a];
            check(kernel, a, p, arg);
            rawByParam[i] = arg;
            sink.accept(i, p, arg);
            a++;
        }
        for (int i = 0; i < params.size(); i++) {
            KernelParam p = params.get(i);
            if (p.isHidden()) {
                int arrayIndex = arrayFor(params, i);
                if (arrayIndex < 0) {
                    throw new DeviceException("kernel " + kernel + ": hidden parameter " + p.name()
                            + " has no array parameter before it");
                }
                long n = elementCount(rawByParam[arrayIndex], params.get(arrayIndex).kind());
                values[i] = switch (p.kind()) {
                    case INT -> {
                        if (n > Integer.MAX_VALUE) {
                            throw new DeviceException("kernel " + kernel + ": " + p.name() + " = " + n
                                    + " does not fit the int parameter");
                        }
                        yield (int) n;
                    }
                    case LONG -> n;
                    default -> throw new DeviceException("kernel " + kernel + ": hidden parameter " + p.name()
                            + " must be INT or LONG, is " + p.kind());
                };
            }
        }
    }

    private static int arrayFor(List<KernelParam> params, int hidden) {
        String base = params.get(hidden).name();
        base = base.substring(0, base.length() - KernelParam.LENGTH_SUFFIX.length());
        for (int j = 0; j < params.size(); j++) {
            if (params.get(j).name().equals(base) && params.get(j).kind().isArray()) {
                return j;
            }
        }
        for (int j = hidden - 1; j >= 0; j--) {
            if (params.get(j).kind().isArray()) {
                return j;
            }
        }
        return -1;
    }

    /** Element count of an array argument for a parameter of the given kind. */
    public static long elementCount(Object arg, KernelParam.Kind kind) {
        return switch (arg) {
            case long[] x -> x.length;
            case int[] x -> x.length;
            case OffHeapLongArray x -> x.size();
            case OffHeapIntArray x -> x.size();
            case DeviceBuffer b -> b.byteSize() / kind.elementBytes();
            default -> throw new IllegalStateException("not an array argument: " + arg);
        };
    }

    private static void check(String kernel, int argIndex, KernelParam p, Object arg) {
        boolean ok = switch (p.kind()) {
            case INT -> arg instanceof Integer;
            case LONG -> arg instanceof Long;
            case INT_ARRAY -> arg instanceof int[] || arg instanceof DeviceBuffer;
            case LONG_ARRAY -> arg instanceof long[] || arg instanceof DeviceBuffer;
            case OFFHEAP_INTS -> arg instanceof OffHeapIntArray || arg instanceof DeviceBuffer;
            case OFFHEAP_LONGS -> arg instanceof OffHeapLongArray || arg instanceof DeviceBuffer;
            case CONTEXT -> false;
        };
        if (!ok) {
            String expected = switch (p.kind()) {
                case INT -> "Integer";
                case LONG -> "Long";
                case INT_ARRAY -> "int[] or DeviceBuffer";
                case LONG_ARRAY -> "long[] or DeviceBuffer";
                case OFFHEAP_INTS -> "OffHeapIntArray or DeviceBuffer";
                case OFFHEAP_LONGS -> "OffHeapLongArray or DeviceBuffer";
                case CONTEXT -> "nothing";
            };
            throw new DeviceException("kernel " + kernel + " argument " + argIndex + " (parameter " + p.name() + ", "
                    + p.kind() + "): expected " + expected + ", got "
                    + (arg == null ? "null" : arg.getClass().getTypeName()));
        }
        if (arg instanceof DeviceBuffer b && b.byteSize() % p.kind().elementBytes() != 0) {
            throw new DeviceException("kernel " + kernel + " argument " + argIndex + " (parameter " + p.name()
                    + "): buffer of " + b.byteSize() + " bytes is not a whole number of " + p.kind() + " elements");
        }
    }

    private static String describe(List<KernelParam> params) {
        StringBuilder sb = new StringBuilder("(");
        for (KernelParam p : params) {
            if (p.takesArgument()) {
                sb.append(sb.length() > 1 ? ", " : "").append(p.kind()).append(' ').append(p.name());
            }
        }
        return sb.append(')').toString();
    }
}
