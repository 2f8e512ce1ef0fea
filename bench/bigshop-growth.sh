#!/bin/bash
# Issue 44's growth table in one command: every figure at 10,000, 100,000 and 1,000,000 licences on SQLite and on
# PostgreSQL, one bench after another (nothing else may run beside them), each bench's output in its own log.
#
#   bash bench/bigshop-growth.sh [LOG_DIR] [sqlite|pg|both]      # defaults: /tmp/bigshop-growth, both
#
# It generates the shops it lacks (`npm run bench:bigshop`: /tmp/bigshop-N.sqlite, PostgreSQL databases bigshop_N on
# PGURL, default postgres://postgres@127.0.0.1:5432), then per database: the admin pages and searches
# (bench/bigshop-pages.ts), a worker pass with 1,000 due (bench/workers-due.ts, on a copy: it changes the shop), the
# licence check with the three shops in one run (bench/bigshop-check.ts, 30 s a phase), the shop's export and
# `npm run backup` while the shop answers (bench/health-during.ts, on a copy), and the EDD import (bench/import.ts).
# LOG_DIR/index.log lists each bench with its start, exit code and time. SIZES="10000 100000" for a shorter run.
# About 70 minutes on a 2-core machine with the shops made (SQLite 1,000,000: about 3 minutes; PostgreSQL: 6–8).
set -u
cd "$(dirname "$0")/.."
LOGS=${1:-/tmp/bigshop-growth}
WHICH=${2:-both}
PG=${PGURL:-postgres://postgres@127.0.0.1:5432}
SIZES=${SIZES:-10000 100000 1000000}
mkdir -p "$LOGS"
run() {
  local name=$1
  shift
  echo "== $name $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$LOGS/index.log"
  /usr/bin/time -f "wall %e s, user %U s, sys %S s, maxrss %M KB" "$@" >"$LOGS/$name.log" 2>&1
  echo "   rc=$? $(date -u +%H:%M:%S) $(tail -1 "$LOGS/$name.log")" >>"$LOGS/index.log"
}
psqlc() { psql -q "$PG/postgres" -c "$1"; }
pgcopy() { psqlc "drop database if exists $2 with (force)" && psqlc "create database $2 template $1"; }
pgdrop() { psqlc "drop database if exists $1 with (force)"; }
shops() { for n in $SIZES; do printf -- '--shop %s ' "$1$n$2"; done; }

if [ "$WHICH" != pg ]; then
  for n in $SIZES; do [ -f /tmp/bigshop-$n.sqlite ] || run generate-sqlite-$n npm run bench:bigshop -- --licences $n; done
  for n in $SIZES; do run pages-sqlite-$n env DATABASE_URL=sqlite:/tmp/bigshop-$n.sqlite npx tsx bench/bigshop-pages.ts; done
  for n in $SIZES; do
    cp /tmp/bigshop-$n.sqlite /tmp/workers-$n.sqlite
    run workers-sqlite-$n env DATABASE_URL=sqlite:/tmp/workers-$n.sqlite npx tsx bench/workers-due.ts
    rm -f /tmp/workers-$n.sqlite*
  done
  run check-sqlite env BENCH_SECONDS=30 BENCH_ROUNDS=3 npx tsx bench/bigshop-check.ts $(shops sqlite:/tmp/bigshop- .sqlite)
  for n in $SIZES; do for op in export backup; do
    cp /tmp/bigshop-$n.sqlite /tmp/during-$n.sqlite
    run $op-sqlite-$n npx tsx bench/health-during.ts --shop /tmp/during-$n.sqlite --op $op --out /tmp/during-$n.out
    rm -rf /tmp/during-$n.sqlite* /tmp/during-$n.out*
  done; done
  for n in $SIZES; do run import-sqlite-$n npm run bench:import -- --licenses $n; done
fi
if [ "$WHICH" != sqlite ]; then
  for n in $SIZES; do
    psql -q "$PG/bigshop_$n" -c 'select 1' >/dev/null 2>&1 ||
      run generate-pg-$n env DATABASE_URL=$PG/postgres npm run bench:bigshop -- --licences $n
  done
  for n in $SIZES; do run pages-pg-$n env DATABASE_URL=$PG/bigshop_$n npx tsx bench/bigshop-pages.ts; done
  for n in $SIZES; do
    pgcopy bigshop_$n workers_$n
    run workers-pg-$n env DATABASE_URL=$PG/workers_$n npx tsx bench/workers-due.ts
    pgdrop workers_$n
  done
  run check-pg env BENCH_SECONDS=30 BENCH_ROUNDS=3 npx tsx bench/bigshop-check.ts $(shops $PG/bigshop_ '')
  for n in $SIZES; do for op in export backup; do
    pgcopy bigshop_$n during_$n
    run $op-pg-$n npx tsx bench/health-during.ts --shop $PG/during_$n --op $op --out /tmp/during-$n.out
    pgdrop during_$n
    rm -rf /tmp/during-$n.out*
  done; done
  for n in $SIZES; do run import-pg-$n npm run bench:import -- --licenses $n --postgres; done
fi
echo "== done $(date -u +%H:%M:%S)" >>"$LOGS/index.log"
