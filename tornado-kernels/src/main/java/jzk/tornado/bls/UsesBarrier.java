package jzk.tornado.bls;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks a kernel that calls {@code KernelContext.localBarrier()}: {@link JvmHost} then runs its work-groups on threads. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface UsesBarrier {
}
