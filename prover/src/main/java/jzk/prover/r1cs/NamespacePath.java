package jzk.prover.r1cs;

import java.util.ArrayList;

/**
 * The stack of namespace names of a synthesis run. Pushing and popping cost no string building; the joined
 * path {@code a/b/name} is built only when asked for (recording with names, or reporting a failure).
 */
final class NamespacePath {
    private final ArrayList<String> stack = new ArrayList<>();

    void push(String name) {
        stack.add(name);
    }

    void pop() {
        if (stack.isEmpty()) {
            throw new IllegalStateException("popNamespace without a matching pushNamespace");
        }
        stack.remove(stack.size() - 1);
    }

    int depth() {
        return stack.size();
    }

    String path(String leaf) {
        if (stack.isEmpty()) {
            return leaf;
        }
        StringBuilder sb = new StringBuilder();
        for (String s : stack) {
            sb.append(s).append('/');
        }
        return sb.append(leaf).toString();
    }
}
