package jzk.tornado.api;

import java.io.Serializable;

/**
 * Shapes of kernel method references for {@link Kernels#of}: a static kernel method of N parameters (the
 * {@link KernelContext} counts as one) fits {@code TaskN}. They are {@link Serializable} so that {@link Kernels} can
 * read the method reference's target from its {@link java.lang.invoke.SerializedLambda} instead of naming kernels
 * by strings; the lambda is never called. Twelve parameters cover every kernel (the widest has ten).
 */
public final class Tasks {
    private Tasks() {
    }

    @FunctionalInterface
    public interface Task1<A> extends Serializable {
        void apply(A a);
    }

    @FunctionalInterface
    public interface Task2<A, B> extends Serializable {
        void apply(A a, B b);
    }

    @FunctionalInterface
    public interface Task3<A, B, C> extends Serializable {
        void apply(A a, B b, C c);
    }

    @FunctionalInterface
    public interface Task4<A, B, C, D> extends Serializable {
        void apply(A a, B b, C c, D d);
    }

    @FunctionalInterface
    public interface Task5<A, B, C, D, E> extends Serializable {
        void apply(A a, B b, C c, D d, E e);
    }

    @FunctionalInterface
    public interface Task6<A, B, C, D, E, F> extends Serializable {
        void apply(A a, B b, C c, D d, E e, F f);
    }

    @FunctionalInterface
    public interface Task7<A, B, C, D, E, F, G> extends Serializable {
        void apply(A a, B b, C c, D d, E e, F f, G g);
    }

    @FunctionalInterface
    public interface Task8<A, B, C, D, E, F, G, H> extends Serializable {
        void apply(A a, B b, C c, D d, E e, F f, G g, H h);
    }

    @FunctionalInterface
    public interface Task9<A, B, C, D, E, F, G, H, I> extends Serializable {
        void apply(A a, B b, C c, D d, E e, F f, G g, H h, I i);
    }

    @FunctionalInterface
    public interface Task10<A, B, C, D, E, F, G, H, I, J> extends Serializable {
        void apply(A a, B b, C c, D d, E e, F f, G g, H h, I i, J j);
    }

    @FunctionalInterface
    public interface Task11<A, B, C, D, E, F, G, H, I, J, K> extends Serializable {
        void apply(A a, B b, C c, D d, E e, F f, G g, H h, I i, J j, K k);
    }

    @FunctionalInterface
    public interface Task12<A, B, C, D, E, F, G, H, I, J, K, L> extends Serializable {
        void apply(A a, B b, C c, D d, E e, F f, G g, H h, I i, J j, K k, L l);
    }
}
