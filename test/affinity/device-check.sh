#!/usr/bin/env bash
# Real binding on a bigger machine (the 16-core device): for each setting below, every thread's
# place and the processors the kernel allows it (sched_getaffinity in the thread), with Glass
# and, where it is installed, LLVM's libomp side by side, then whether they agree.
#
#   test/affinity/device-check.sh [LIBDIR] [PROGRAM]
#
# LIBDIR holds Glass's libomp.so.5 (default build/lib). PROGRAM is a build of
# test/affinity/Inputs/device_masks.c; without it the script compiles one with clang (CC).
# Build here and carry build/lib and the program when the device has no clang:
#   clang-22 -fopenmp -Iinclude test/affinity/Inputs/device_masks.c -o build/lib/device-masks
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
glass=${1:-$here/build/lib}
prog=${2:-}
libomp_dir=${LIBOMP_DIR:-}
if [ -z "$libomp_dir" ]; then
  for d in /usr/lib/llvm-22/lib /usr/lib/llvm-*/lib; do
    [ -e "$d/libomp.so.5" ] && libomp_dir=$d && break
  done
fi
out=${OUT:-/tmp}/device-check
mkdir -p "$out"

echo "== machine"
nproc; lscpu 2>/dev/null | grep -E "^(Socket|Core|Thread|NUMA node\(s\)|L3)" || true
taskset -p $$ 2>/dev/null || true
echo "== Glass runtime $glass"
if ldd "$glass/libomp.so.5" | grep "not found"; then
  echo "Glass's libomp.so.5 misses a library here (hwloc?): nothing to check"; exit 1
fi
ldd "$glass/libomp.so.5" | grep -E "hwloc" || echo "(built without hwloc: sysfs topology)"
if [ -z "$prog" ]; then
  cc=${CC:-$(command -v clang-22 || command -v clang || true)}
  [ -n "$cc" ] || { echo "no clang and no PROGRAM given"; exit 1; }
  prog=$out/device-masks
  "$cc" -fopenmp -I"$here/include" "$here/test/affinity/Inputs/device_masks.c" \
    -L"$glass" -Wl,-rpath,"$glass" -o "$prog" || exit 1
fi

N=$(nproc)
settings=(
  "OMP_PLACES=threads OMP_PROC_BIND=close|$N"
  "OMP_PLACES=cores OMP_PROC_BIND=close|$N"
  "OMP_PLACES=cores OMP_PROC_BIND=spread|4"
  "OMP_PLACES=sockets|4"
  "OMP_PLACES=ll_caches|4"
  "OMP_PLACES=numa_domains|4"
  "OMP_PLACES={0:4},{4:4} OMP_PROC_BIND=spread|2"
  "KMP_AFFINITY=granularity=fine,compact|$N"
  "KMP_AFFINITY=compact|4"
  "KMP_AFFINITY=granularity=fine,scatter|$N"
  "KMP_AFFINITY=scatter|4"
  "KMP_AFFINITY=granularity=fine,compact,1,0|4"
  "KMP_AFFINITY=compact,0,2|4"
  "KMP_AFFINITY=granularity=fine,balanced|3"
  "KMP_AFFINITY=explicit,proclist=[0,2,4,6]|4"
  "KMP_AFFINITY=granularity=core,explicit,proclist=[1,3]|2"
  "OMP_PLACES=threads KMP_HW_SUBSET=1s,4c,1t|4"
  "OMP_PLACES=cores KMP_HW_SUBSET=2c@1|4"
  "OMP_PLACES=threads KMP_HW_SUBSET=:1s,3t@1|3"
  "KMP_AFFINITY=none|2"
  "KMP_AFFINITY=disabled|2"
  "KMP_AFFINITY=granularity=die,compact|4"
  "OMP_PLACES=tiles|4"
  # Started on processors 0-1 only (a third field: taskset's list): respect keeps to them,
  # norespect uses the whole machine.
  "KMP_AFFINITY=granularity=fine,compact|$N|0-1"
  "KMP_AFFINITY=norespect,granularity=fine,compact|$N|0-1"
  "KMP_AFFINITY=norespect,none|2|0-1"
)
same=0 differ=0
for s in "${settings[@]}"; do
  IFS='|' read -r vars n cpus <<< "$s"
  start=()
  [ -n "$cpus" ] && command -v taskset > /dev/null && start=(taskset -c "$cpus")
  echo "== $vars ($n threads${cpus:+, started on $cpus})"
  "${start[@]}" env -u OMP_PLACES -u OMP_PROC_BIND -u KMP_AFFINITY -u KMP_HW_SUBSET $vars \
    LD_LIBRARY_PATH="$glass" timeout 30 "$prog" "$n" > "$out/glass.txt" 2> "$out/glass.err"
  if [ -n "$libomp_dir" ]; then
    "${start[@]}" env -u OMP_PLACES -u OMP_PROC_BIND -u KMP_AFFINITY -u KMP_HW_SUBSET $vars \
      LD_LIBRARY_PATH="$libomp_dir" timeout 30 "$prog" "$n" > "$out/libomp.txt" 2> "$out/libomp.err"
    paste -d'|' "$out/glass.txt" "$out/libomp.txt" | awk -F'|' '{ printf "  %-48s | %s\n", $1, $2 }'
    sed 's/^/  glass stderr: /' "$out/glass.err" | head -3
    # Place numbers may differ by design (docs/conformance.md); the processors must not.
    if diff <(sed 's/ place -\?[0-9]*//; s/ bind=[0-9]*//' "$out/glass.txt") \
            <(sed 's/ place -\?[0-9]*//; s/ bind=[0-9]*//' "$out/libomp.txt") > /dev/null; then
      echo "  -> same processors"; same=$((same + 1))
    else
      echo "  -> DIFFERENT"; differ=$((differ + 1))
    fi
  else
    sed 's/^/  /' "$out/glass.txt"; sed 's/^/  glass stderr: /' "$out/glass.err" | head -3
  fi
done
echo "== KMP_AFFINITY=verbose,compact (Glass)"
KMP_AFFINITY=verbose,compact LD_LIBRARY_PATH="$glass" timeout 30 "$prog" 2 2>&1 | head -40
echo "== summary: $same settings with the same processors as libomp, $differ different"
