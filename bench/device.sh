#!/usr/bin/env bash
# bench device mode, the preparation: builds Glass and the benchmark binaries here (clang-22 for
# Glass and LLVM libomp, gcc for libgomp) and puts them, with the three runtimes and the run
# script, into one self-contained folder, the kit, that the device tool carries to a machine
# with no compiler (bench/README.md, "Device mode"):
#   bench/device.sh [KIT]              # default bench/out/device-kit (ignored by git)
#   python3 KIT/run.py --out DIR ...   # there (or here, as a dry run: --threads 1,2)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
kit=${1:-$here/bench/out/device-kit}
build=${GLASS_BUILD:-$here/bench/out/device-glass-build}
libomp_dir=${LIBOMP_DIR:-/usr/lib/llvm-22/lib} # LLVM libomp 19.1.7 on the build machine
gomp=$(gcc -print-file-name=libgomp.so.1)

rm -rf "$kit"
mkdir -p "$kit/lib/glass" "$kit/lib/libomp" "$kit/lib/libgomp" "$kit/bin"
# RelWithDebInfo, as the published tables. Without hwloc: the machine there may lack it (and
# libudev, which it pulls in); the topology then comes from sysfs (docs/internals.md).
GLASS_BUILD="$build" "$here/scripts/build.sh" -DGLASS_USE_HWLOC=OFF
cp -L "$build/lib/libomp.so.5" "$kit/lib/glass/"
cp -L "$libomp_dir/libomp.so.5" "$kit/lib/libomp/"
cp -L "$gomp" "$kit/lib/libgomp/"
# The runtimes must need nothing the other machine may lack (only the C library and the loader).
for lib in "$kit"/lib/*/*.so*; do
  if ldd "$lib" | grep -v -E 'linux-vdso|libc\.so|libm\.so|ld-linux|libdl\.so|libpthread\.so|librt\.so' |
    grep -q '=>'; then
    echo "device.sh: $lib needs more than the C library:" >&2
    ldd "$lib" >&2
    exit 1
  fi
done
python3 - "$here" "$kit/bin" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "bench"))
from runner import build
headers = build.Headers(sys.argv[1])
for compiler in ("clang-22", "gcc"):
    build.build_compiler(compiler, sys.argv[2], headers, jobs=2, with_apps=True)
PY
rm -f "$kit"/bin/*/harness.o
cp "$here/bench/device_run.py" "$kit/run.py"
cp "$here/bench/runner/common.py" "$kit/common.py"
python3 - "$here" "$kit" "$libomp_dir" "$gomp" <<'PY'
import json, os, subprocess, sys
here, kit, libomp_dir, gomp = sys.argv[1:]
def out(cmd):
    return subprocess.run(cmd, capture_output=True, text=True).stdout.strip()
m = {"glass_commit": out(["git", "-C", here, "describe", "--always", "--dirty"]),
     "clang": out(["clang-22", "--version"]).splitlines()[0],
     "gcc": out(["gcc", "-dumpfullversion"]),
     "libomp": os.path.realpath(os.path.join(libomp_dir, "libomp.so.5")),
     "libgomp": os.path.realpath(gomp)}
with open(os.path.join(kit, "manifest.json"), "w") as f:
    json.dump(m, f, indent=1)
PY
size=$(du -sm "$kit" | cut -f1)
echo "device.sh: kit ready in $kit (${size} MiB; the device tool carries at most 64 MiB)"
if [ "$size" -ge 60 ]; then
  echo "device.sh: the kit is too large to carry" >&2
  exit 1
fi
