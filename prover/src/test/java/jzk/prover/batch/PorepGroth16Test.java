package jzk.prover.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jzk.arith.Fr;
import jzk.prover.circuits.PorepInput;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.PorepPartition;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.groth16.Groth16;
import jzk.prover.groth16.ParamsFile;
import jzk.prover.pipeline.ProofWorkload;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The Groth16 PoRep workload outside the pipeline: stages in order, cache behaviour, failing partitions. */
@Timeout(60)
class PorepGroth16Test {
    static final PorepShape SHAPE = new PorepShape(1, 2, MerkleHash.POSEIDON);

    @TempDir
    static Path cacheDir;

    static PorepGroth16 factory;
    static final List<String> LOG = new ArrayList<>();
    static ProverSession session;

    @BeforeAll
    static void open() throws Exception {
        session = ProverSession.open(List.of(ProverSession.CPU));
        factory = PorepGroth16.open(SHAPE, 2, null, 5, new ParamsCache(cacheDir), session, LOG::add);
    }

    @AfterAll
    static void close() {
        session.close();
    }

    @Test
    void stagesGiveVerifyingPartitionProofsAndTamperingIsCaught() throws Exception {
        assertTrue(LOG.stream().anyMatch(l -> l.startsWith("generating Groth16 parameters")), LOG.toString());
        PorepProofWorkload w = (PorepProofWorkload) factory.create(0);
        assertEquals(2, w.partitions());
        ProofWorkload.Footprint fp = w.footprint(0);
        assertEquals(3L * 1024 * 32, fp.abcBytes());
        // one R1CS per shape for every partition and proof (recorded once per process)
        assertSame(PorepGroth16.r1cs(SHAPE), PorepGroth16.r1cs(SHAPE));
        assertSame(factory.cs, PorepGroth16.r1cs(SHAPE));
        PorepProof p = w.proveDirect(ProverSession.CPU);
        assertTrue(w.verify(p));
        // the GPU stage runs only on the devices of the factory's session
        var notHere = assertThrows(IllegalArgumentException.class, () -> w.proveDirect("jvm"));
        assertEquals("device 'jvm' is not in this session [cpu]", notHere.getMessage());
        assertEquals(2 * 192, p.toBytes().length);
        for (int i = 0; i < 2; i++) {
            assertTrue(Groth16.verify(factory.provingKey().vk, p.proofs().get(i), p.publicInputs().get(i)));
        }
        // the public inputs are those of the generated input: replica id and comm_r of partition 1
        PorepInput in = (PorepInput) factory.input(0);
        long[] pub1 = p.publicInputs().get(1);
        assertTrue(Fr.F.equal(pub1, 0, in.partitions().get(1).replicaId(), 0));
        assertTrue(Fr.F.equal(pub1, 4, in.partitions().get(1).commR(), 0));
        // partition 1 proven with partition 0's statement: the batch check fails
        PorepProof swapped = new PorepProof(p.proofs(), List.of(p.publicInputs().get(0), p.publicInputs().get(0)));
        assertFalse(w.verify(swapped));
    }

    @Test
    void generatedInputsAreDeterministicPerIndex() throws Exception {
        PorepInput a = (PorepInput) factory.input(3);
        PorepInput b = (PorepInput) factory.input(3);
        PorepInput c = (PorepInput) factory.input(4);
        assertTrue(Fr.F.equal(a.partitions().get(0).commR(), 0, b.partitions().get(0).commR(), 0));
        assertFalse(Fr.F.equal(a.partitions().get(0).commR(), 0, c.partitions().get(0).commR(), 0));
        assertEquals(a.partitions().get(0).commR()[0],
                PorepInputGenerator.generate(SHAPE, 2, 5 + 3).partitions().get(0).commR()[0]);
    }

    @Test
    void anUnsatisfiedPartitionFailsInSynthesisNamingIt() throws Exception {
        PorepInput good = (PorepInput) factory.input(1);
        PorepPartition p1 = good.partitions().get(1);
        long[] sib = p1.siblings().clone();
        Fr.F.add(sib, 0, sib, 0, Fr.F.fromLong(1), 0); // path no longer hashes to comm_r (not validated here)
        PorepPartition bad = new PorepPartition(p1.replicaId(), p1.commR(), p1.indices(), p1.data(), p1.leaves(), sib);
        PorepProofWorkload w = factory.workload(new PorepInput(SHAPE, List.of(good.partitions().get(0), bad)), "t");
        w.synthesize(0).close();
        var e = assertThrows(IllegalStateException.class, () -> w.synthesize(1));
        assertTrue(e.getMessage().startsWith("t partition 1: constraint ") && e.getMessage().contains("not satisfied"),
                e.getMessage());
    }

    @Test
    void cacheLoadsValidFilesAndRegeneratesDamagedOnes(@TempDir Path dir) throws Exception {
        ParamsCache cache = new ParamsCache(dir);
        var cs = PorepGroth16.r1cs(SHAPE);
        List<String> log = new ArrayList<>();
        ParamsCache.Loaded first = cache.loadOrGenerate(SHAPE.shapeId(), cs, log::add);
        assertTrue(first.generated());
        assertEquals(cache.fileFor(SHAPE.shapeId(), ParamsFile.shapeId(cs)), first.file());
        ParamsCache.Loaded second = cache.loadOrGenerate(SHAPE.shapeId(), cs, log::add);
        assertFalse(second.generated());
        assertEquals(first.pk().vk, second.pk().vk);
        assertEquals(1, log.size(), log.toString());

        byte[] bytes = Files.readAllBytes(first.file());
        Files.write(first.file(), java.util.Arrays.copyOf(bytes, 100)); // shorter than the header
        ParamsCache.Loaded third = cache.loadOrGenerate(SHAPE.shapeId(), cs, log::add);
        assertTrue(third.generated());
        assertTrue(log.get(1).startsWith("invalid parameter cache file, regenerating it: " + first.file()),
                log.get(1));
        assertEquals(bytes.length, third.fileBytes());
        try (var s = Files.list(dir)) {
            assertEquals(0, s.filter(f -> f.toString().endsWith(".tmp")).count(), "no temporary file left behind");
        }
    }
}
