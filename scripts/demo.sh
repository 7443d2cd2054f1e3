#!/usr/bin/env bash
# README command 1: install what is missing, build Glass, and run the demo program under the
# glass-printer tool so you can see the event stream a tool receives.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${GLASS_BUILD:-$here/build}
"$here/scripts/deps.sh"
"$here/scripts/build.sh"
clang-22 -fopenmp -O2 -g -I"$here/include" -L"$build/lib" -Wl,-rpath,"$build/lib" \
  "$here/examples/demo.c" -o "$build/glass-demo"
echo "== running examples/demo.c on Glass (OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}) with the glass-printer tool =="
OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} OMP_TOOL_LIBRARIES="$build/lib/libglass-printer.so" \
  "$build/glass-demo"
