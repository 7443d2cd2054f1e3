#!/usr/bin/env bash
# README command 1: install what is missing, build Glass, and run the demo program (tasks,
# loops, a lock) under glass-trace, which writes a timeline you can open in a browser.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${GLASS_BUILD:-$here/build}
"$here/scripts/deps.sh"
"$here/scripts/build.sh"
threads=${OMP_NUM_THREADS:-4}
out=$build/demo-trace
cc() { clang-22 -fopenmp -O2 -g -I"$here/include" "$@"; }
# The demo needs the runtime's worksharing, tasking and lock entry points. While a Glass build
# lacks some of them, trace the parallel-region demo instead and say so.
cc -c "$here/examples/trace-demo.c" -o "$build/trace-demo.o"
missing=$(comm -23 <(nm -u "$build/trace-demo.o" | awk '$2 ~ /^(__kmpc_|omp_)/ {print $2}' | sort -u) \
  <(nm -D --defined-only "$build/lib/libomp.so.5" | awk '{sub(/@.*/, "", $3); print $3}' | sort -u))
if [ -z "$missing" ]; then
  cc "$build/trace-demo.o" -L"$build/lib" -Wl,-rpath,"$build/lib" -o "$build/glass-demo"
  echo "== running examples/trace-demo.c on Glass (OMP_NUM_THREADS=$threads) under glass-trace =="
else
  echo "== this Glass build does not provide yet:" $missing
  echo "== so glass-trace traces examples/demo.c (parallel regions, barriers) instead."
  if [ -e /usr/lib/llvm-19/lib/libomp.so.5 ]; then
    cc "$build/trace-demo.o" -L/usr/lib/llvm-19/lib -o "$build/trace-demo-libomp"
    echo "== The full demo, traced on LLVM's libomp:"
    echo "==   $build/bin/glass-trace --runtime /usr/lib/llvm-19/lib -- $build/trace-demo-libomp"
  fi
  cc "$here/examples/demo.c" -L"$build/lib" -Wl,-rpath,"$build/lib" -o "$build/glass-demo"
  echo "== running examples/demo.c on Glass (OMP_NUM_THREADS=$threads) under glass-trace =="
fi
OMP_NUM_THREADS=$threads "$build/bin/glass-trace" -o "$out" -- "$build/glass-demo"
echo
echo "Open the timeline in a browser: file://$out.html"
echo "The same trace for ui.perfetto.dev or chrome://tracing: $out.json"
