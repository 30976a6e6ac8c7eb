package jzk.tornado.runtime.backend;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

import jzk.tornado.api.DeviceException;

/**
 * A shared library opened through FFM for the life of the JVM, with a clear message when it or one of its
 * symbols is missing.
 */
public final class NativeLibrary {
    private final String name;
    private final SymbolLookup lookup;
    private final Linker linker = Linker.nativeLinker();

    private NativeLibrary(String name, SymbolLookup lookup) {
        this.name = name;
        this.lookup = lookup;
    }

    /** Opens {@code name} (a file name searched like {@code dlopen} does, or a path). */
    @SuppressWarnings("restricted") // FFM native access is this class's purpose
    public static NativeLibrary open(String name) {
        try {
            return new NativeLibrary(name, SymbolLookup.libraryLookup(name, Arena.global()));
        } catch (IllegalArgumentException e) {
            throw new UnsatisfiedLinkError("cannot load " + name + " (" + e.getMessage() + ")");
        }
    }

    /** A downcall handle for {@code symbol}; throws {@link UnsatisfiedLinkError} naming the library if absent. */
    @SuppressWarnings("restricted") // FFM native access is this class's purpose
    public MethodHandle function(String symbol, FunctionDescriptor descriptor) {
        return linker.downcallHandle(lookup.find(symbol).orElseThrow(
                () -> new UnsatisfiedLinkError(name + " has no symbol " + symbol)), descriptor);
    }

    /**
     * What a hot-path {@code invokeExact} wrapper throws when the native call {@code name} threw {@code t}: a
     * {@link RuntimeException} as it is, an {@link Error} rethrown here, anything else wrapped in a
     * {@link DeviceException} naming the call.
     */
    public static RuntimeException rethrow(String name, Throwable t) {
        if (t instanceof RuntimeException re) {
            return re;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new DeviceException(name + " threw " + t, t);
    }

    /** Calls {@code h}, a downcall returning a C {@code int}, with boxed arguments; a throw goes through {@link #rethrow}. */
    public static int invokeInt(String name, MethodHandle h, Object... args) {
        try {
            return (int) h.invokeWithArguments(args);
        } catch (Throwable t) {
            throw rethrow(name, t);
        }
    }

    public String name() {
        return name;
    }
}
