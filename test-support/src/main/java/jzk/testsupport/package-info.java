/**
 * Test infrastructure shared by every module's tests (test scope only, never a dependency of main code):
 * {@link jzk.testsupport.SkipReasonPrinter}, a JUnit listener that prints each skipped test with its reason.
 * Depends on the JUnit platform only. Tests: none of its own; its output shows in every module's test run.
 */
package jzk.testsupport;
