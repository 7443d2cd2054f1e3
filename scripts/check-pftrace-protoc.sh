#!/bin/sh
# Decodes a glass-trace Perfetto file (PREFIX.pftrace) with protoc, against the part of
# Perfetto's published schema that the tool writes (scripts/pftrace-schema.proto): an independent
# parser of the wire format. Fails when protoc cannot parse the file, or when it meets a field
# the schema does not define or whose wire type differs from the schema's (protoc prints those
# as bare numbers). Needs protoc (Debian: protobuf-compiler); not part of CI.
#   scripts/check-pftrace-protoc.sh FILE.pftrace
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] || { echo "usage: $0 FILE.pftrace" >&2; exit 2; }
command -v protoc >/dev/null || { echo "check-pftrace-protoc: protoc not found" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
if ! protoc --proto_path="$here" --decode=perfetto.protos.Trace pftrace-schema.proto \
  <"$1" >"$out"; then
  echo "check-pftrace-protoc: protoc cannot parse $1" >&2
  exit 1
fi
if grep -nE '^ *[0-9]+[:{ ]' "$out" | head -5 | grep .; then
  echo "check-pftrace-protoc: $1 has fields outside the schema (above)" >&2
  exit 1
fi
printf 'check-pftrace-protoc: ok: %s packets, %s track descriptors, %s track events ' \
  "$(grep -c '^packet {' "$out")" "$(grep -c '^  track_descriptor {' "$out")" \
  "$(grep -c '^  track_event {' "$out")"
printf '(%s slice begins, %s ends, %s instants, %s counter values)\n' \
  "$(grep -c 'type: TYPE_SLICE_BEGIN' "$out")" "$(grep -c 'type: TYPE_SLICE_END' "$out")" \
  "$(grep -c 'type: TYPE_INSTANT' "$out")" "$(grep -c 'type: TYPE_COUNTER' "$out")"
