#!/usr/bin/env bash
# README command 2 (and .ci/run): install what is missing, build Glass, and run every test:
# the whole suite with clang-14 and with clang-22, test/offload with clang-19, the suite
# against a runtime built without tool support (ENABLE_OMPT=OFF), which must run every program
# the same way, and the
# benchmark suite's smoke mode (builds and runs every benchmark once; no timing is judged), and
# the suite (clang-22) against a runtime built with ASan and UBSan, and against one built with
# ThreadSanitizer (timed: docs/internals.md); the runtime is also compiled by clang-22 with
# warnings as errors.
# Before the build, in a second: the files and functions that docs and comments name must exist,
# and no .c file may declare a function it does not define (scripts/check-decls.py).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${GLASS_BUILD:-$here/build}
"$here/scripts/deps.sh"
python3 "$here/scripts/check-docs.py" --self-test
python3 "$here/scripts/check-docs.py" "$here"
python3 "$here/scripts/check-decls.py"
"$here/scripts/build.sh"
# The runtime compiled by clang-22 as well, warnings as errors (about 15 s).
cmake -S "$here" -B "$build-clang" -DCMAKE_C_COMPILER=clang-22 -DCMAKE_C_FLAGS=-Werror >/dev/null
cmake --build "$build-clang" --target omp -j "$(nproc)"
cmake --build "$build" --target check
# Host offload programs built by clang-19 as well (its entry layout and libomptarget.so.19.1).
/usr/lib/llvm-22/bin/lit -sv --param cc=clang-19 --param glass_build="$build" "$here/test/offload"
GLASS_BUILD="$build-noompt" "$here/scripts/build.sh" -DENABLE_OMPT=OFF
/usr/lib/llvm-22/bin/lit -sv --param cc=clang-22 --param glass_build="$build-noompt" --param ompt=0 \
  "$here/test"
GLASS_BUILD="$build" "$here/bench/smoke.sh" --out "$build/bench-smoke"
GLASS_BUILD="$build-asan" "$here/scripts/build.sh" -DGLASS_SANITIZE=address,undefined
/usr/lib/llvm-22/bin/lit -sv --param cc=clang-22 --param glass_build="$build-asan" "$here/test"
tsan_start=$(date +%s)
GLASS_BUILD="$build-tsan" "$here/scripts/build.sh" -DGLASS_SANITIZE=thread
/usr/lib/llvm-22/bin/lit -sv --param cc=clang-22 --param glass_build="$build-tsan" "$here/test"
# The benchmarks once on the TSan runtime (bench preloads libtsan; a report fails the run).
/usr/bin/python3 "$here/bench/run.py" --smoke --glass-build "$build-tsan" --runtimes glass \
  --modes none,light --no-instr --quiet --out "$build-tsan/bench-smoke"
echo "check.sh: ThreadSanitizer build and suite took $(($(date +%s) - tsan_start)) s"
