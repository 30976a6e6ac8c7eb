#!/usr/bin/env bash
# jzk serve on this machine, end to end: the daemon on 127.0.0.1 (free ports) with the circom fixture's zkey
# loaded, a proof submitted and awaited, one of the built-in circuit, the status, a cancelled job, the batch
# benchmark against the daemon, every proof checked by jzk verify; the daemon is stopped at the end.
#   scripts/serve-demo.sh [DEVICE]      (default cpu; cuda:0 on a GPU host)
set -euo pipefail
cd "$(dirname "$0")/.."
DEVICE=${1:-cpu}
M=$PWD/prover/src/test/resources/snarkjs/mul
OUT=$(mktemp -d /tmp/jzk-serve-demo.XXXXXX)
export JZK_CACHE="$OUT/cache"
ports=$(python3 -c 'import socket
for _ in range(2):
    s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
GRPC=$(echo "$ports" | sed -n 1p)
HTTP=$(echo "$ports" | sed -n 2p)
S=127.0.0.1:$GRPC
./jzk version >/dev/null # builds once, before the daemon's start is timed
./jzk serve --device "$DEVICE" --listen "$S" --http-port "$HTTP" --zkey "$M/k.zkey" >"$OUT/daemon.log" 2>&1 &
DAEMON=$!
trap 'kill $DAEMON 2>/dev/null; wait $DAEMON 2>/dev/null || true; rm -rf "$OUT"' EXIT
for _ in $(seq 120); do grep -q 'serving gRPC' "$OUT/daemon.log" && break; sleep 1; done
grep -q 'serving gRPC' "$OUT/daemon.log" || { cat "$OUT/daemon.log" >&2; exit 1; }
echo "serve-demo: daemon on $S, /status and /metrics on 127.0.0.1:$HTTP"
job=$(./jzk serve submit --server "$S" --zkey "$M/k.zkey" --wtns "$M/w.wtns" --priority high --request-id demo-1)
./jzk serve await "$job" --server "$S" --proof "$OUT/proof.json" --public "$OUT/public.json"
./jzk verify --vk "$M/vk.json" --proof "$OUT/proof.json" --public "$OUT/public.json"
again=$(./jzk serve submit --server "$S" --zkey "$M/k.zkey" --wtns "$M/w.wtns" --priority high --request-id demo-1)
[ "$again" = "$job" ] && echo "serve-demo: resubmitting request id demo-1 returned the same $job"
built=$(./jzk serve submit --server "$S" --challenges 1 --depth 2 --partitions 1)
./jzk serve await "$built" --server "$S" --proof "$OUT/p2.json" --public "$OUT/pub2.json"
late=$(./jzk serve submit --server "$S" --challenges 1 --depth 2 --partitions 1 --priority low)
./jzk serve cancel "$late" --server "$S" || true
./jzk serve status --server "$S"
./jzk batch --server "$S" --challenges 1 --depth 2 --partitions 1 --count 6 --concurrency 2
curl -sf "http://127.0.0.1:$HTTP/metrics" 2>/dev/null | grep -m3 'jzk_stage_seconds' || true
