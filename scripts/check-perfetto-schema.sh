#!/bin/sh
# Checks glass-trace's Perfetto files against Perfetto's published trace schema, the way the
# project runs LLVM's test suite: from outside, with a copy of the schema that is not in the
# repository. SCHEMA_DIR holds Perfetto's merged perfetto_trace.proto (google/perfetto,
# protos/perfetto/trace/perfetto_trace.proto), fetched by hand (see docs/tracing.md, "Checking
# against the published schema"). Each file is decoded with
#   protoc --decode=perfetto.protos.Trace --proto_path=SCHEMA_DIR perfetto_trace.proto
# and fails if protoc cannot parse it, if the decoded text shows a field the schema does not
# know (protoc prints those by number), or if scripts/check-perfetto-schema.py finds that what
# it says under the published names is not what the tool means (sequences, flags, interning,
# clocks, tracks, slice pairs, flows).
#
#   scripts/check-perfetto-schema.sh SCHEMA_DIR [FILE.pftrace...]
#
# Without files it builds 18 workloads with clang-22 against the Glass build (GLASS_BUILD,
# default build/), traces each with `glass-trace -f perfetto` and checks every file, including
# two stopped by their size cap. Not part of CI: CI has no copy of the schema. Exits 2 when the
# schema, protoc, the compiler or the build is missing.
set -eu
usage() { echo "usage: $0 SCHEMA_DIR [FILE.pftrace...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
case "$1" in -h | --help) usage ;; esac
schema_dir=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
name=check-perfetto-schema
if [ ! -f "$schema_dir/perfetto_trace.proto" ]; then
  cat >&2 <<EOF
$name: no $schema_dir/perfetto_trace.proto. Fetch Perfetto's published merged schema,
  protos/perfetto/trace/perfetto_trace.proto of the repository google/perfetto (a recent one: it
  must know TrackEvent.flow_ids, counter tracks and InternedData), into a folder outside the
  repository, and name that folder. It stays out of the repository.
EOF
  exit 2
fi
command -v protoc >/dev/null || { echo "$name: protoc not found (Debian: protobuf-compiler)" >&2; exit 2; }
if ! protoc --proto_path="$schema_dir" --descriptor_set_out=/dev/null perfetto_trace.proto; then
  echo "$name: $schema_dir/perfetto_trace.proto does not compile" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check FILE [checker options]: decode, then check the text. 0 ok, 1 not.
check() {
  file=$1
  shift
  if ! protoc --decode=perfetto.protos.Trace --proto_path="$schema_dir" perfetto_trace.proto \
    <"$file" >"$tmp/decoded.txt" 2>"$tmp/protoc.err"; then
    echo "$name: $file: protoc cannot parse it:" && head -3 "$tmp/protoc.err"
    return 1
  fi
  python3 "$root/scripts/check-perfetto-schema.py" "$@" "$tmp/decoded.txt" "$file"
}

if [ $# -gt 0 ]; then
  bad=0
  for f in "$@"; do check "$f" || bad=1; done
  exit $bad
fi

build=${GLASS_BUILD:-$root/build}
cc=${CC:-clang-22}
command -v "$cc" >/dev/null || { echo "$name: $cc not found (CC=...)" >&2; exit 2; }
[ -x "$build/bin/glass-trace" ] || { echo "$name: no $build/bin/glass-trace: build first (GLASS_BUILD=...)" >&2; exit 2; }
flags="-fopenmp -O1 -g -I$root/include -I$root/bench/apps -I$root/test/utils -L$build/lib -Wl,-rpath,$build/lib"

# run NAME SOURCE 'CC FLAGS' 'ENV' 'CHECKER OPTIONS' [PROGRAM ARGUMENTS]: build, trace, check.
bad=0
run() {
  wname=$1 src=$2 extra=$3 env=$4 opts=$5
  shift 5
  if ! $cc $flags $extra "$root/$src" -o "$tmp/$wname" 2>"$tmp/cc.err"; then
    echo "$name: $wname: cannot build $src:" && head -5 "$tmp/cc.err"
    bad=1
    return
  fi
  rm -f "$tmp/$wname.pftrace"
  # shellcheck disable=SC2086 # ENV holds VAR=VALUE words
  if ! env OMP_NUM_THREADS=2 GLASS_TARGET_PLUGINS=host $env timeout 120 \
    "$build/bin/glass-trace" -q -f perfetto -o "$tmp/$wname" -- "$tmp/$wname" "$@" \
    >"$tmp/run.out" 2>&1 || [ ! -s "$tmp/$wname.pftrace" ]; then
    echo "$name: $wname: the traced run failed:" && tail -5 "$tmp/run.out"
    bad=1
    return
  fi
  # shellcheck disable=SC2086 # OPTS is empty or one option
  check "$tmp/$wname.pftrace" $opts || bad=1
}

offload=-fopenmp-targets=x86_64-unknown-linux-gnu
run fib bench/apps/fib.c "" "" "" --small --threads 2
run tasktree bench/tracing/tasktree.c "" "" "" --small --threads 2
run uts bench/tracing/uts.c "" "" "" --small --threads 2
run locks test/trace/Inputs/locks.c "" "" ""
run flows test/trace/perfetto-flows.c "" "" ""
run every-packet test/trace/perfetto-protoc.c "" "" ""
run nested test/trace/nested.c "" "" ""
run untied test/trace/untied.c "" "" ""
run window test/trace/filters.c "" GLASS_TRACE_WINDOW=500: "" sleep
run only test/trace/filters.c "" GLASS_TRACE_ONLY=filters.c:45 ""
run sample test/trace/filters.c "" GLASS_TRACE_SAMPLE=4 ""
run dropped test/trace/buffer-full.c "" "OMP_NUM_THREADS=3 GLASS_TRACE_BUFFER=2K GLASS_TRACE_FULL=drop" ""
run spilled test/trace/buffer-full.c "" "OMP_NUM_THREADS=3 GLASS_TRACE_BUFFER=2K" ""
if [ -f "$build/lib/libomptarget.so" ]; then
  run offload test/trace/offload.c "$offload" "" ""
  run offload-nowait test/offload/nowait_depend.c "$offload" OMP_NUM_THREADS=4 ""
else
  echo "$name: offload: skipped (no libomptarget in $build/lib)"
fi
run capped-every-packet test/trace/perfetto-protoc.c "" GLASS_TRACE_MAX_SIZE=3K --open-flows
run capped-flows test/trace/perfetto-flows.c "" GLASS_TRACE_MAX_SIZE=1100 --open-flows
run capped-tasktree bench/tracing/tasktree.c "" GLASS_TRACE_MAX_SIZE=20K --open-flows --small --threads 2
[ $bad = 0 ] && echo "$name: all files agree with $schema_dir/perfetto_trace.proto"
exit $bad
