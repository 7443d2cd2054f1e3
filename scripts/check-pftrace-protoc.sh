#!/bin/sh
# Decodes a glass-trace Perfetto file (FILE.pftrace) with protoc, an independent parser, against
# the part of Perfetto's published trace schema (perfetto/protos, package perfetto.protos) that
# the tool writes: the message and field names, types and numbers below, as published. Fails when
# protoc cannot parse the file, or meets a field the schema does not define or whose wire type
# differs from the schema's (protoc prints those as bare numbers). Needs protoc (Debian:
# protobuf-compiler); test/trace/perfetto-protoc.c runs it where protoc is installed. With
# DECODED it keeps protoc's text there, for scripts/check-perfetto-schema.py.
#   scripts/check-pftrace-protoc.sh FILE.pftrace [DECODED]
set -eu
[ $# -eq 1 ] || [ $# -eq 2 ] || { echo "usage: $0 FILE.pftrace [DECODED]" >&2; exit 2; }
command -v protoc >/dev/null || { echo "check-pftrace-protoc: protoc not found" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# One message a line: its name, then its fields as [repeated.]TYPE.NAME.NUMBER.
schema='Trace repeated.TracePacket.packet.1
TracePacket uint64.timestamp.8 uint32.trusted_packet_sequence_id.10 uint32.sequence_flags.13 ClockSnapshot.clock_snapshot.6 TrackEvent.track_event.11 InternedData.interned_data.12 TracePacketDefaults.trace_packet_defaults.59 TrackDescriptor.track_descriptor.60
ClockSnapshot repeated.Clock.clocks.1
Clock uint32.clock_id.1 uint64.timestamp.2 bool.is_incremental.3
TracePacketDefaults uint32.timestamp_clock_id.58 TrackEventDefaults.track_event_defaults.11
TrackEventDefaults uint64.track_uuid.11
InternedData repeated.EventName.event_names.2
EventName uint64.iid.1 string.name.2
TrackDescriptor uint64.uuid.1 uint64.parent_uuid.5 string.name.2 ProcessDescriptor.process.3 ThreadDescriptor.thread.4 CounterDescriptor.counter.8
ProcessDescriptor int32.pid.1 string.process_name.6
ThreadDescriptor int32.pid.1 int32.tid.2 string.thread_name.5
CounterDescriptor
DebugAnnotation string.name.10 uint64.uint_value.3
TrackEvent Type.type.9 uint64.track_uuid.11 uint64.name_iid.10 string.name.23 repeated.DebugAnnotation.debug_annotations.4 int64.counter_value.30 repeated.fixed64.flow_ids.47 repeated.fixed64.terminating_flow_ids.48'
{
  echo 'syntax = "proto2"; package perfetto.protos;'
  # TrackEvent.Type's values: unspecified, slice begin, slice end, instant, counter.
  echo 'enum Type { TYPE_UNSPECIFIED = 0; TYPE_SLICE_BEGIN = 1; TYPE_SLICE_END = 2;'
  echo '  TYPE_INSTANT = 3; TYPE_COUNTER = 4; }'
  echo "$schema" | awk '{
    printf "message %s {\n", $1
    for (i = 2; i <= NF; i++) {
      n = split($i, f, ".")
      label = n == 4 ? "repeated" : "optional"
      printf "  %s %s %s = %s;\n", label, f[n - 2], f[n - 1], f[n]
    }
    print "}"
  }'
} >"$dir/schema.proto"

if ! protoc --proto_path="$dir" --decode=perfetto.protos.Trace schema.proto <"$1" >"$dir/out"; then
  echo "check-pftrace-protoc: protoc cannot parse $1" >&2
  exit 1
fi
if grep -nE '^ *[0-9]+[:{ ]' "$dir/out" | head -5 | grep .; then
  echo "check-pftrace-protoc: $1 has fields outside the schema (above)" >&2
  exit 1
fi
[ $# -eq 1 ] || cp "$dir/out" "$2"
count() { grep -c "$1" "$dir/out" || true; }
echo "check-pftrace-protoc: ok: $(count '^packet {') packets," \
  "$(count '^  track_descriptor {') track descriptors, $(count '^  track_event {') track events" \
  "($(count TYPE_SLICE_BEGIN) slice begins, $(count TYPE_SLICE_END) ends," \
  "$(count TYPE_INSTANT) instants, $(count TYPE_COUNTER) counter values)"
