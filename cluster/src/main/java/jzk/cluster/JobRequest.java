package jzk.cluster;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * A job to submit: its kind and kind-specific spec (JSON, referencing inputs by content hash), a label, its
 * partition count, the memory a worker needs to run it, and the blobs (hash → bytes) the spec references, stored
 * once each ({@code INSERT … ON CONFLICT DO NOTHING}) so a zkey shared by many jobs is uploaded once.
 */
public record JobRequest(String kind, String specJson, String label, int partitions, long needsBytes,
                         Map<String, byte[]> blobs) {

    /** Lower-case hex SHA-256 of {@code data}: the blob key. */
    public static String hash(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
