package dev.dsoap.binding;

import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Member;
import java.lang.reflect.Modifier;
import java.lang.reflect.UndeclaredThrowableException;

/**
 * Turns reflective members into fast callables, once, at plan time. Prefers a
 * {@link LambdaMetafactory} lambda implementing a {@code java.util.function} interface (inlined by the
 * JIT like a hand-written getter), built either with a full-privilege lookup in the member's own class
 * (so the lambda lives in that class's loader, which is all it needs to see: hosts such as Axis2 load
 * services in loaders that cannot see dsoap) or, for public members of classes dsoap's loader can see,
 * with dsoap's lookup. When neither is possible (e.g. a service class in a sibling class loader: its
 * {@link MethodHandles#privateLookupIn private lookup} lacks module access, which the metafactory
 * requires) it falls back to an exactly-typed {@link MethodHandle}, still without boxing.
 *
 * <p>Only {@code java.util.function} interfaces are passed to the metafactory: the lambda class is
 * defined in the target's loader, which must be able to resolve the interface. Stateless.
 */
final class Handles {
    /** dsoap's own lookup: full privilege in this package. */
    private static final MethodHandles.Lookup OWN = MethodHandles.lookup();

    private Handles() {
    }

    /**
     * A lookup with private access to {@code owner}, or {@code null} when its module does not open it to
     * dsoap (then only public members are reachable, through the public lookup).
     */
    static MethodHandles.Lookup privateLookup(Class<?> owner) {
        try {
            return MethodHandles.privateLookupIn(owner, OWN);
        } catch (IllegalAccessException | SecurityException e) {
            return null;
        }
    }

    /** The lookup to unreflect members with: the private one, or the public lookup when there is none. */
    static MethodHandles.Lookup lookupFor(MethodHandles.Lookup privateLookup) {
        return privateLookup != null ? privateLookup : MethodHandles.publicLookup();
    }

    /**
     * The lookup to give the metafactory for a lambda calling {@code member} of {@code owner}, or
     * {@code null} when no lambda can be built and the caller must use a method handle.
     */
    static MethodHandles.Lookup lambdaCaller(Class<?> owner, Member member, MethodHandles.Lookup privateLookup) {
        if (privateLookup != null && privateLookup.hasFullPrivilegeAccess()) {
            return privateLookup;
        }
        Class<?> declaring = member.getDeclaringClass();
        if (Modifier.isPublic(member.getModifiers()) && Modifier.isPublic(declaring.getModifiers())
                && Modifier.isPublic(owner.getModifiers()) && visibleToDsoap(owner) && visibleToDsoap(declaring)) {
            return OWN;
        }
        return null;
    }

    /**
     * A lambda implementing {@code iface.sam} by calling {@code impl}, or {@code null} if the metafactory
     * refuses (the caller then falls back to the handle).
     *
     * @param erased       the interface method's erased type, e.g. {@code (Object)double}
     * @param instantiated the same with the real types, e.g. {@code (Bean)double}
     */
    static Object lambda(MethodHandles.Lookup caller, Class<?> iface, String sam, MethodType erased,
                         MethodHandle impl, MethodType instantiated) {
        if (caller == null) {
            return null;
        }
        try {
            return LambdaMetafactory.metafactory(caller, sam, MethodType.methodType(iface), erased, impl, instantiated)
                    .getTarget().invoke();
        } catch (Throwable refused) {
            return null;
        }
    }

    /** Rethrows what a getter, setter or constructor threw: unchecked as is, checked wrapped. */
    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new UndeclaredThrowableException(t);
    }

    private static boolean visibleToDsoap(Class<?> c) {
        try {
            return Class.forName(c.getName(), false, Handles.class.getClassLoader()) == c;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
