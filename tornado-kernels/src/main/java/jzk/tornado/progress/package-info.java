/**
 * What long work tells the person waiting for it: {@link jzk.tornado.progress.Progress} (one progress abstraction for
 * every phase that can take more than ~2 s — parameter generation, kernel compilation, proving per partition, a
 * batch — drawn as a bar redrawn in place on a terminal, as plain periodic lines otherwise) and
 * {@link jzk.tornado.progress.Timings} (where a command's start-up and run time went, printed with
 * {@code --timings}). Lives in tornado-kernels, the lowest module with a long phase (kernel compilation), so the
 * prover and the CLI use the same one. Depends on the JDK only. Tests:
 * {@code tornado-kernels/src/test/java/jzk/tornado/progress}.
 */
package jzk.tornado.progress;
