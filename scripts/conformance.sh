#!/usr/bin/env bash
# Runs LLVM 19.1.7's OpenMP runtime tests, its ompt-multiplex tests, its Archer tests (both
# ways of loading Archer) and its offload tests (host target) against Glass and against LLVM's
# libomp (and libomptarget), reruns failures alone, and writes the comparison. The suite is fetched from Debian's llvm-toolchain-19 source package and
# kept outside the repository; nothing of it is copied here. See docs/conformance.md.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

usage() {
  cat <<EOF
usage: scripts/conformance.sh [options] [SUBSET...]

SUBSET selects part of the suite: SUITE[/PATH] with SUITE one of runtime, multiplex, archer,
offload, e.g. runtime/ompt/tasks, runtime/tasking/omp_task.c, archer/task, multiplex,
offload/mapping. Default: all.

options:
  --src DIR        extracted suite, holds openmp/ and offload/ (default /work/llvm-openmp-19)
  --out DIR        results (default /work/conformance-results/latest, or .../subset with SUBSET)
  --glass DIR      Glass build directory (default \$GLASS_BUILD or $here/build)
  --libomp DIR     reference runtime directory, holds libomp.so.5 and (for the offload suite)
                   libomptarget.so.22.1 (default /usr/lib/llvm-22/lib)
  --runtimes LIST  glass,libomp (default both)
  --suites LIST    runtime,multiplex,archer-ld,archer-env,offload (default all)
  -j N             parallel lit workers (default 2)
  --reruns N       reruns of each failure, alone (default 3)
  --timeout S      per-test limit in seconds (default 200; tasking/omp_task.c sleeps
                   for 125 s; a test that times out twice is not rerun again)
  --cc CC          test compiler (default clang-22)
  --offload-cc CC  test compiler of the offload suite (default clang-19, the suite's own)
  --resume         keep the results of a runtime and suite already in --out (its results.json)
                   and run only the others
  --fetch-only     fetch and extract the suite, run nothing
EOF
}

src=/work/llvm-openmp-19
out=
glass=${GLASS_BUILD:-$here/build}
libomp=/usr/lib/llvm-22/lib
cc=clang-22
fetch_only=0
pass=()
subset=()
while [ $# -gt 0 ]; do
  case $1 in
    --src) src=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --glass) glass=$2; shift 2 ;;
    --libomp) libomp=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --runtimes|--offload-cc|--suites|--reruns|--timeout) pass+=("$1" "$2"); shift 2 ;;
    --resume) pass+=(--resume); shift ;;
    -j) pass+=(-j "$2"); shift 2 ;;
    --fetch-only) fetch_only=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "unknown option $1" >&2; usage >&2; exit 2 ;;
    *) subset+=("$1"); shift ;;
  esac
done
if [ -z "$out" ]; then
  out=/work/conformance-results/latest
  [ ${#subset[@]} -eq 0 ] || out=/work/conformance-results/subset
fi
case $(realpath -m "$src")/ in "$here"/*) echo "--src must be outside the repository" >&2; exit 2 ;; esac
case $(realpath -m "$out")/ in "$here"/*) echo "--out must be outside the repository" >&2; exit 2 ;; esac

version=19.1.7
orig=llvm-toolchain-19_$version.orig.tar.xz
cache=${XDG_CACHE_HOME:-$HOME/.cache}/glass-conformance

# The pristine upstream tarball of Debian's llvm-toolchain-19 source package; apt checks its
# signature chain, and we check the tarball against the checksum apt lists for it.
fetch_tarball() {
  mkdir -p "$cache"
  # Read apt's answer whole: with pipefail, a reader that stops early would fail the pipe.
  local info
  info=$(apt-cache showsrc llvm-toolchain-19 2>/dev/null || true)
  if ! grep -q " $orig\$" <<<"$info"; then
    echo "adding a deb-src line for Debian trixie (llvm-toolchain-19 $version)"
    cat >/etc/apt/sources.list.d/glass-conformance-src.sources <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    apt-get update -qq
    info=$(apt-cache showsrc llvm-toolchain-19 2>/dev/null || true)
  fi
  local sum
  sum=$(awk -v f="$orig" '$3 == f && length($1) == 64 && !s {s = $1} END {print s}' <<<"$info")
  [ -n "$sum" ] || { echo "Debian lists no $orig (llvm-toolchain-19 moved on?)" >&2; exit 1; }
  if [ ! -f "$cache/$orig" ] || ! echo "$sum  $cache/$orig" | sha256sum -c --quiet 2>/dev/null; then
    # The .dsc and the Debian patch tarball are not needed (and not always served); only the
    # upstream tarball is, so apt's exit status is checked through the file itself.
    (cd "$cache" && apt-get source --download-only llvm-toolchain-19 >"$cache/fetch.log" 2>&1) || true
  fi
  echo "$sum  $cache/$orig" | sha256sum -c --quiet ||
    { echo "could not fetch $orig; see $cache/fetch.log" >&2; exit 1; }
}

extract() { # PART, and a file that is there once PART is
  [ ! -f "$src/$2" ] || return 0
  fetch_tarball
  echo "extracting $1/ from $orig into $src"
  mkdir -p "$src"
  tar -xJf "$cache/$orig" -C "$src" --strip-components=1 "llvm-toolchain-19_$version/$1"
}
# openmp/ whole (the runtime's headers are configured from it below), of offload/ its tests.
extract openmp openmp/runtime/test/lit.cfg
extract offload/test offload/test/lit.cfg
# libomp 19.1.7's own headers, configured the way its build does (clang-22's omp.h has memory
# spaces libomp 19 does not know, which trip assertions in its allocator).
inc19=$src/include-19
if [ ! -f "$inc19/omp.h" ]; then
  mkdir -p "$inc19"
  sed -e 's/@LIBOMP_VERSION_MAJOR@/5/' -e 's/@LIBOMP_VERSION_MINOR@/0/' \
    -e 's/@LIBOMP_VERSION_BUILD@/20140926/' -e 's/@LIBOMP_BUILD_DATE@/No_Timestamp/' \
    "$src/openmp/runtime/src/include/omp.h.var" >"$inc19/omp.h"
  cp "$src/openmp/runtime/src/include/omp-tools.h.var" "$inc19/omp-tools.h"
  cp "$src/openmp/runtime/src/include/ompx.h.var" "$inc19/ompx.h"
fi
[ $fetch_only -eq 0 ] || exit 0

# lit's per-test time limit needs psutil: Debian's python3 and its python3-psutil package.
py=/usr/bin/python3
$py -c 'import psutil' 2>/dev/null || apt-get install -y -qq python3-psutil >/dev/null
[ -f "$glass/lib/libomp.so.5" ] || GLASS_BUILD=$glass "$here/scripts/build.sh"

exec $py "$here/scripts/conformance/run.py" --src "$src" --out "$out" \
  --glass-lib "$glass/lib" --glass-inc "$here/include" --libomp-lib "$libomp" --libomp-inc "$inc19" \
  --archer-lib "$libomp/libarcher.so" --cc "$cc" ${pass[@]+"${pass[@]}"} ${subset[@]+"${subset[@]}"}
