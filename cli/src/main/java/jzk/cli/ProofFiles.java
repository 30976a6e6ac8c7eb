package jzk.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jzk.prover.batch.PorepProof;
import jzk.prover.groth16.Proof;
import jzk.prover.io.AtomicFiles;
import jzk.prover.snarkjs.SnarkjsJson;

/**
 * proof.json / public.json of {@code jzk prove} and {@code jzk verify}, in snarkjs's format
 * ({@link SnarkjsJson}). A one-partition proof is exactly a snarkjs file pair (so {@code snarkjs groth16 verify}
 * accepts it with the {@code verification_key.json} of {@code jzk setup}); a proof of P &gt; 1 partitions is a
 * JSON array of P snarkjs proof objects and an array of P public-signal arrays, partition i at index i.
 *
 * <p>Array elements go through {@link SnarkjsJson}'s reader and writer via a temporary file each, so there is
 * one parser with its checks (decimal ranges, curve equations, subgroups); its error messages are rewritten to
 * name {@code file[i]}.
 */
final class ProofFiles {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ProofFiles() {
    }

    /** The proofs and public-signal vectors (Montgomery Fr) of a file pair. */
    record Loaded(List<Proof> proofs, List<long[]> publicInputs) {
    }

    /**
     * Writes the pair atomically ({@link AtomicFiles}: both temps complete and fsynced, then both renamed), so a
     * failure leaves the old pair, never a truncated file or a new proof next to an old public.json.
     */
    static void write(PorepProof p, Path proofJson, Path publicJson) throws IOException {
        try (AtomicFiles g = AtomicFiles.of(proofJson, publicJson)) {
            writeTo(p, g.temp(proofJson), g.temp(publicJson));
            g.commit();
        }
    }

    /** One snarkjs proof and its public signals (Montgomery Fr) as an atomic pair. */
    static void write(Proof p, long[] publicSignals, Path proofJson, Path publicJson) throws IOException {
        try (AtomicFiles g = AtomicFiles.of(proofJson, publicJson)) {
            SnarkjsJson.writeProof(g.temp(proofJson), p);
            SnarkjsJson.writePublic(g.temp(publicJson), publicSignals);
            g.commit();
        }
    }

    private static void writeTo(PorepProof p, Path proofJson, Path publicJson) throws IOException {
        if (p.proofs().size() == 1) {
            SnarkjsJson.writeProof(proofJson, p.proofs().get(0));
            SnarkjsJson.writePublic(publicJson, p.publicInputs().get(0));
            return;
        }
        ArrayNode proofs = MAPPER.createArrayNode();
        ArrayNode publics = MAPPER.createArrayNode();
        Path tmp = Files.createTempFile("jzk-proof", ".json");
        try {
            for (int i = 0; i < p.proofs().size(); i++) {
                SnarkjsJson.writeProof(tmp, p.proofs().get(i));
                proofs.add(MAPPER.readTree(tmp.toFile()));
                SnarkjsJson.writePublic(tmp, p.publicInputs().get(i));
                publics.add(MAPPER.readTree(tmp.toFile()));
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        MAPPER.writerWithDefaultPrettyPrinter().writeValue(proofJson.toFile(), proofs);
        MAPPER.writerWithDefaultPrettyPrinter().writeValue(publicJson.toFile(), publics);
    }

    /** Reads a pair; malformed content throws {@link IllegalArgumentException} naming the file (and index). */
    static Loaded read(Path proofJson, Path publicJson) throws IOException {
        JsonNode proofs = tree(proofJson);
        JsonNode publics = tree(publicJson);
        if (proofs.isObject()) {
            return new Loaded(List.of(SnarkjsJson.readProof(proofJson)), List.of(SnarkjsJson.readPublic(publicJson)));
        }
        if (!proofs.isArray() || proofs.isEmpty()) {
            throw new IllegalArgumentException(proofJson + ": expected a snarkjs proof object or a non-empty array "
                    + "of them");
        }
        if (!publics.isArray() || publics.size() != proofs.size() || !publics.get(0).isArray()) {
            throw new IllegalArgumentException(publicJson + ": " + proofJson + " has " + proofs.size()
                    + " partition proofs, so this must be an array of " + proofs.size() + " public-signal arrays");
        }
        List<Proof> ps = new ArrayList<>();
        List<long[]> ins = new ArrayList<>();
        Path tmp = Files.createTempFile("jzk-proof", ".json");
        try {
            for (int i = 0; i < proofs.size(); i++) {
                MAPPER.writeValue(tmp.toFile(), proofs.get(i));
                ps.add(element(tmp, proofJson, i, true));
                MAPPER.writeValue(tmp.toFile(), publics.get(i));
                ins.add(element(tmp, publicJson, i, false));
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return new Loaded(ps, ins);
    }

    @SuppressWarnings("unchecked")
    private static <T> T element(Path tmp, Path file, int i, boolean proof) throws IOException {
        try {
            return (T) (proof ? SnarkjsJson.readProof(tmp) : SnarkjsJson.readPublic(tmp));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage().replace(tmp.toString(), file + "[" + i + "]"), e);
        }
    }

    private static JsonNode tree(Path file) throws IOException {
        try {
            return MAPPER.readTree(file.toFile());
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not valid JSON: " + e.getOriginalMessage());
        }
    }
}
