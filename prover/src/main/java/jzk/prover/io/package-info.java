/**
 * File output shared by the prover and its callers: {@link jzk.prover.io.AtomicFiles} writes a group of files
 * through temporary files and renames, so a crash never leaves a clobbered or half-written target. Depends on the
 * JDK only. Tests: {@code prover/src/test/java/jzk/prover/io}.
 */
package jzk.prover.io;
