#!/usr/bin/env bash
# CI smoke test of the benchmark suite: builds it (and Glass, unless GLASS_BUILD names a build),
# runs every construct and application kernel once on Glass, LLVM libomp and libgomp, under
# every tool mode, and one group under callgrind; then the offload latency benchmark once
# (bench/offload.py --smoke: Glass and LLVM 22's libomptarget, without and with a tool,
# tracing with the tool's callbacks and with device callbacks only). Takes well under a minute.
#
# Exits non-zero only when something fails to build or a run fails (crash, hang, wrong result,
# a tool not loaded); never because of a timing. A construct whose entry points Glass lacks is
# reported n/a, not failed.
#
#   bench/smoke.sh                       # builds Glass into bench/out/smoke/glass-build
#   GLASS_BUILD=build bench/smoke.sh     # uses an existing build
#   bench/smoke.sh --out /tmp/smoke      # any bench/run.py option
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
args=(--smoke)
if [ -n "${GLASS_BUILD:-}" ]; then
  args+=(--glass-build "$GLASS_BUILD")
fi
/usr/bin/python3 "$here/run.py" "${args[@]}" "$@"
glass=${GLASS_BUILD:-$here/out/smoke/glass-build}
if [ -e "$glass/lib/libomptarget.so.22.1" ]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
  /usr/bin/python3 "$here/offload.py" --smoke --quiet --glass-build "$glass" --out "$out"
else
  echo "bench/smoke.sh: no libomptarget in $glass; offload benchmark skipped"
fi
