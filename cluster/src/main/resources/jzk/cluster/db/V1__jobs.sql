-- jzk cluster schema, version 1. Applied once by Migrations (under an advisory lock, in one transaction).

-- Large inputs (vanilla-proof JSON, zkey, wtns) and verifying keys, stored once and referenced by content hash.
CREATE TABLE blobs (
    hash       bytea PRIMARY KEY CHECK (length(hash) = 32),   -- SHA-256 of data
    size       bigint NOT NULL,
    data       bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per proof to make. state: queued -> running -> done | failed (running -> queued on a retryable
-- failure or when the lease expired and attempts remain).
-- Invariant: a running job has lease_owner, lease_expires; lease_epoch grows by one at every claim, so
-- (lease_owner, lease_epoch) names one attempt and a completion is accepted only for the current one.
CREATE TABLE jobs (
    id              bigserial PRIMARY KEY,
    kind            text NOT NULL CHECK (kind IN ('porep', 'snarkjs')),
    spec            jsonb NOT NULL,                 -- kind-specific: shape and input hash, or zkey and wtns hashes
    label           text NOT NULL,
    priority        integer NOT NULL DEFAULT 0,     -- higher first, then older first
    needs_bytes     bigint NOT NULL DEFAULT 0,      -- memory a worker must have to claim it
    partitions      integer NOT NULL CHECK (partitions >= 1),
    partitions_done integer NOT NULL DEFAULT 0,
    state           text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
    attempts        integer NOT NULL DEFAULT 0,
    max_attempts    integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
    retry_delay_s   real NOT NULL DEFAULT 0 CHECK (retry_delay_s >= 0),  -- after failed attempt n: wait n × this
    not_before      timestamptz NOT NULL DEFAULT now(),                 -- a queued job is claimable from then on
    lease_owner     text,
    lease_epoch     bigint NOT NULL DEFAULT 0,
    lease_expires   timestamptz,
    last_error      text,
    submitted_at    timestamptz NOT NULL DEFAULT now(),
    started_at      timestamptz,
    finished_at     timestamptz,
    CHECK (state <> 'running' OR (lease_owner IS NOT NULL AND lease_expires IS NOT NULL))
);
CREATE INDEX jobs_queued ON jobs (priority DESC, submitted_at, id) WHERE state = 'queued';
CREATE INDEX jobs_leases ON jobs (lease_expires) WHERE state = 'running';

-- The proof of a done job, written in the same transaction that marks it done (at most one per job).
CREATE TABLE proofs (
    job_id        bigint PRIMARY KEY REFERENCES jobs (id),
    proof         bytea NOT NULL,   -- per partition the 192-byte compressed Groth16 proof (A, B, C), concatenated
    public_inputs bytea NOT NULL,   -- per partition: 4-byte big-endian count n, then n canonical 32-byte BE Fr
    vk_hash       bytea NOT NULL REFERENCES blobs (hash),  -- snarkjs verification_key.json the proof verified under
    worker        text NOT NULL,
    lease_epoch   bigint NOT NULL,
    prove_ms      bigint NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- Every attempt: who claimed the job, when, and how it ended (done, failed, retry, released, refused, expired).
CREATE TABLE attempts (
    job_id      bigint NOT NULL REFERENCES jobs (id),
    lease_epoch bigint NOT NULL,
    worker      text NOT NULL,
    started_at  timestamptz NOT NULL DEFAULT now(),
    ended_at    timestamptz,
    outcome     text,
    error       text,
    PRIMARY KEY (job_id, lease_epoch)
);

-- Workers advertise what they can run; last_seen is renewed with every heartbeat.
CREATE TABLE workers (
    name         text PRIMARY KEY,
    host         text NOT NULL,
    devices      text NOT NULL,
    memory_bytes bigint NOT NULL,
    kinds        text NOT NULL,
    started_at   timestamptz NOT NULL DEFAULT now(),
    last_seen    timestamptz NOT NULL DEFAULT now()
);
