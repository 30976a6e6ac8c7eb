#!/usr/bin/env bash
# A whole jzk cluster on this machine, thrown away at the end: a PostgreSQL server on 127.0.0.1 (Debian's, installed
# by scripts/install-postgresql.sh; trust authentication for user jzk, loopback only, no Unix socket), N workers on
# the CPU prover (cpu), jobs of a tiny built-in shape submitted, the job table listed, one proof fetched and verified.
#   scripts/cluster-demo.sh [WORKERS] [JOBS]      (default 2 workers, 6 jobs)
# The same commands run a real cluster with --db pointing to the shared database (README, cluster/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
WORKERS=${1:-2}
JOBS=${2:-6}
scripts/install-postgresql.sh
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$BIN/initdb" ] || { echo "cluster-demo: no PostgreSQL server (run scripts/install-postgresql.sh as root)" >&2; exit 3; }
DIR=$(mktemp -d /tmp/jzk-cluster-demo.XXXXXX)
chmod 755 "$DIR"
AS=()
if [ "$(id -u)" = 0 ]; then # initdb refuses root: the server runs as postgres
  chown postgres "$DIR"
  AS=(runuser -u postgres --)
fi
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U jzk --auth=trust -E UTF8 --no-sync --no-instructions >/dev/null
stop() {
  "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=" start >/dev/null
export JZK_DB="postgresql://jzk@127.0.0.1:$PORT/postgres"
OUT=$(mktemp -d /tmp/jzk-cluster-out.XXXXXX)
export JZK_CACHE="$OUT/cache"
echo "cluster-demo: database $JZK_DB; outputs in $OUT"
./jzk submit --challenges 1 --depth 2 --partitions 2 --count "$JOBS" --priority 1
for i in $(seq 1 "$WORKERS"); do
  ./jzk worker --device cpu --name "demo-w$i" --idle-exit 5 >"$OUT/worker-$i.log" 2>&1 &
done
wait
./jzk jobs
./jzk fetch 1 --proof "$OUT/proof.json" --public "$OUT/public.json" --vk "$OUT/verification_key.json"
./jzk verify --vk "$OUT/verification_key.json" --proof "$OUT/proof.json" --public "$OUT/public.json"
