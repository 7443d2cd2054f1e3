#!/bin/bash
# The GPU tests, in two parts (docs/offload.md says how the lead runs them).
#   test/gpu/run.sh build [DIR]  on the build machine (clang-19, CUDA 13's ptxas and nvlink):
#       builds the programs of test/gpu for sm_90 with LLVM 19's NVPTX device runtime (unpacked
#       privately from Debian's libomp-19-dev into build/cache) and puts them, with Glass's
#       libraries (GLASS_BUILD, default build/), into DIR (default build/gpu).
#   test/gpu/run.sh run [DIR]    on the GPU machine (no compiler needed): runs them, checks
#       their results, and writes logs and a summary under $OUT (default DIR/out). Exits 2 with
#       "no GPU" where there is none.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cmd=${1:-}
dir=${2:-$root/build/gpu}
arch=${GLASS_GPU_ARCH:-sm_90}
cuda=${CUDA_ROOT:-/usr/local/cuda}
progs="saxpy reduction teams mappers globals nowait routines events bench"

fetch_devicertl() { # the two files of LLVM 19's NVPTX device runtime, in a folder of their own
  local cache=$root/build/cache/llvm19-devicertl
  if [ ! -f "$cache/libomptarget-nvptx-$arch.bc" ]; then
    local tmp
    tmp=$(mktemp -d) || return 1
    (cd "$tmp" && apt-get download libomp-19-dev >/dev/null 2>&1 && dpkg -x libomp-19-dev_*.deb x) ||
      { echo "cannot fetch libomp-19-dev (apt-get download)" >&2; rm -rf "$tmp"; return 1; }
    mkdir -p "$cache"
    cp "$tmp/x/usr/lib/llvm-19/lib/libomptarget-nvptx-$arch.bc" \
       "$tmp/x/usr/lib/llvm-19/lib/libomptarget.devicertl.a" "$cache/" || return 1
    rm -rf "$tmp"
  fi
  echo "$cache"
}

build() {
  local glass=${GLASS_BUILD:-$root/build} rtl
  rtl=$(fetch_devicertl) || exit 1
  [ -f "$glass/lib/libomptarget.rtl.cuda.so" ] ||
    { echo "no CUDA plugin in $glass/lib: build Glass first (scripts/build.sh)" >&2; exit 1; }
  rm -rf "$dir" && mkdir -p "$dir/bin" "$dir/lib" || exit 1
  cp -a "$glass"/lib/libomp.so* "$glass"/lib/libomptarget.so* "$glass"/lib/libomptarget.rtl.*.so \
     "$dir/lib/" || exit 1
  local links=$dir/linkdir
  mkdir -p "$links" && ln -sf "$glass/lib/libomptarget.so" "$links/libomptarget.so" &&
    ln -sf "$glass/lib/libomp.so" "$links/libomp.so"
  for p in $progs; do
    PATH=$cuda/bin:$PATH clang-19 -O2 -fopenmp --offload-arch="$arch" --cuda-path="$cuda" \
      --libomptarget-nvptx-bc-path="$rtl" -L"$rtl" -L"$links" -I"$root/include" -I"$root/test/utils" \
      -Wno-unknown-cuda-version "$here/$p.c" -o "$dir/bin/$p" -Wl,-rpath,'$ORIGIN/../lib' ||
      { echo "FAIL build $p" >&2; exit 1; }
  done
  rm -rf "$links"
  cp "$here/run.sh" "$dir/" && du -sh "$dir"
  echo "built $progs for $arch into $dir"
}

run_one() { # name, then the command; a log per run, a line in the summary
  local name=$1 log=$out/$1.log rc
  shift
  timeout 60 env LD_LIBRARY_PATH="$dir/lib" OMP_TARGET_OFFLOAD=mandatory "$@" >"$log" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && ! grep -q '^FAIL' "$log"; then
    echo "PASS $name" | tee -a "$out/summary.txt"
  else
    echo "FAIL $name (exit $rc): $(grep -m1 FAIL "$log" || tail -1 "$log")" | tee -a "$out/summary.txt"
    failures=$((failures + 1))
  fi
}

# The benchmarks against the H200's floors: an untraced empty target region at most 2x a raw
# launch + synchronize (8.6 us), tracing adding at most 1.1x what CUPTI activity adds per
# launch (2.6 us).
floors() {
  python3 - "$out" <<'PY'
import re, sys
vals = {}
for m in ("plain", "callbacks", "trace"):
    try:
        line = open("%s/bench-%s.log" % (sys.argv[1], m)).read()
    except OSError:
        continue
    r = re.search(r"tracing=(\S+) empty_target_us=([\d.]+) saxpy_2\^24_us=([\d.]+)", line)
    if r:
        vals[m] = (r.group(1), float(r.group(2)), float(r.group(3)))
if "plain" in vals:
    e = vals["plain"][1]
    print("floor: empty target %.2f us untraced, %.2fx a raw launch+sync (target <= 2x)" % (e, e / 8.6))
if "plain" in vals and "callbacks" in vals:
    print("floor: target callbacks add %.2f us per empty region" % (vals["callbacks"][1] - vals["plain"][1]))
if "plain" in vals and "trace" in vals:
    d = vals["trace"][1] - vals["plain"][1]
    print("floor: tracing (%s) adds %.2f us per empty region, %.2fx CUPTI's 2.6 us (target <= 1.1x)"
          % (vals["trace"][0], d, d / 2.6))
    print("floor: saxpy 2^24 %.1f us untraced, %.1f traced" % (vals["plain"][2], vals["trace"][2]))
PY
}

run() {
  out=${OUT:-$dir/out}
  mkdir -p "$out" && : >"$out/summary.txt"
  if ! ls /dev/nvidia0 >/dev/null 2>&1 && ! nvidia-smi -L >/dev/null 2>&1; then
    echo "no GPU: nothing run" | tee "$out/summary.txt"
    exit 2
  fi
  [ -x "$dir/bin/saxpy" ] || { echo "no programs in $dir/bin: run '$0 build' first" >&2; exit 1; }
  nvidia-smi -L >"$out/gpu.txt" 2>&1
  failures=0
  LIBOMPTARGET_INFO=0x100 LD_LIBRARY_PATH="$dir/lib" "$dir/bin/saxpy" >"$out/info.log" 2>&1
  for p in saxpy reduction teams mappers globals nowait routines events; do
    run_one "$p" "$dir/bin/$p"
  done
  # The asynchronous path: each target nowait queued on a stream of its own (async.c says so
  # under LIBOMPTARGET_INFO=0x10), its task completed by the progress thread.
  run_one nowait-queued env LIBOMPTARGET_INFO=0x10 "$dir/bin/nowait"
  echo "async: $(grep -c 'target nowait: queued' "$out/nowait-queued.log") target nowait" \
    "constructs queued of $(sed -n 's/^nowait constructs //p' "$out/nowait-queued.log")" \
    >>"$out/summary.txt"
  # The trace again with CUPTI's driver API records on (GLASS_CUPTI_API_RECORDS, cupti.c).
  run_one events-apirec env GLASS_CUPTI_API_RECORDS=1 "$dir/bin/events"
  for m in plain callbacks trace; do
    run_one "bench-$m" env GLASS_BENCH_MODE=$m "$dir/bin/bench"
    grep '^bench' "$out/bench-$m.log" >>"$out/summary.txt"
  done
  grep -H '^events\|^trace\|^TRACE\|^native\|^set_trace\|^device tracing' "$out/events.log" \
    "$out/events-apirec.log" >>"$out/summary.txt"
  floors >>"$out/summary.txt"
  echo "$failures failure(s); logs in $out" | tee -a "$out/summary.txt"
  # Everything the note needs, on stdout: the device, the summary, the first events and records.
  echo "==== device"; cat "$out/gpu.txt"; grep 'plugin cuda' "$out/info.log"
  echo "==== summary"; cat "$out/summary.txt"
  echo "==== event stream and trace records (events.log)"; grep '^event\|^record' "$out/events.log"
  [ $failures -eq 0 ]
}

case $cmd in
build) build ;;
run) run ;;
*) echo "usage: $0 build|run [DIR]" >&2; exit 1 ;;
esac
