#!/usr/bin/env bash
# Restart time: from `npm start` to the first healthy GET /api/health, with the build current (issue 18's bar: < 2 s).
# The first run builds when the sources changed since the last build; the runs after it are restarts.
# Usage: bash bench/restart.sh [runs]   (port 3999 or BENCH_PORT, a throw-away DATA_DIR)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
export DATA_DIR PORT=${BENCH_PORT:-3999} ADMIN_PASSWORD=restart-bench-password
DATA_DIR=$(mktemp -d)
# Each run's server is its own process group (setsid), ended by that group's id: never by name, which would also
# end other checkouts' servers on a shared machine.
pid=
stop() { if [ -n "$pid" ]; then kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi; pid=; }
trap 'stop; rm -rf "$DATA_DIR"' EXIT
for i in $(seq 1 "$runs"); do
  start=$(date +%s%N)
  setsid npm start >/dev/null 2>&1 &
  pid=$!
  until curl -sf "http://127.0.0.1:$PORT/api/health" >/dev/null; do sleep 0.05; done
  echo "run $i: $(( ($(date +%s%N) - start) / 1000000 )) ms from npm start to healthy"
  stop
  sleep 0.5
done
