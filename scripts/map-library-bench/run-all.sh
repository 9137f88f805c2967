#!/bin/sh
# Rebuilds and re-measures everything: ./run-all.sh [RUNS]  (default 5 alternating runs per library and rate).
# Writes perf-run.log, results-*.json(l); stops the two loopback servers it started.
set -e
cd "$(dirname "$0")"
RUNS=${1:-5}
./build.sh >/dev/null 2>&1
node sizes.mjs > results-sizes.jsonl
node server.mjs 8731 > server.log 2>&1 & PLAIN=$!
ISOLATE=1 node server.mjs 8732 > server-iso.log 2>&1 & ISO=$!
trap 'kill $PLAIN $ISO' EXIT
sleep 2
{
  date -Is; uptime
  node bench.mjs webgl
  echo "--- x1"; node bench.mjs perf "$RUNS" 1
  echo "--- x4"; node bench.mjs perf "$RUNS" 4
  uptime; date -Is
} > perf-run.log 2>&1
PORT=8732 node bench.mjs mem 3 > results-mem.jsonl
node summarize.mjs .
