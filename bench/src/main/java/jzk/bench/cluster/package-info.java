/**
 * The cluster benchmark {@link jzk.bench.cluster.ClusterBench}: workers on a throw-away PostgreSQL, killed and
 * restarted while proving. Depends on the product modules (as the bench module's package-info says) and {@link
 * jzk.bench.BenchConfig}; nothing depends on it. Tests: none (measurements; the cluster's behaviour is tested by
 * {@code cli/src/test/java/jzk/cli/ClusterTest}).
 */
package jzk.bench.cluster;
