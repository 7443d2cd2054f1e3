// The Perfetto file decoded by a second, independent parser: protoc, against the messages and
// fields of Perfetto's published schema that the tool writes (scripts/check-pftrace-protoc.sh).
// Every kind of packet appears: track descriptors (process, threads, counters), interned names,
// slice begins and ends, instants (a control call, task creations that start flows), flows and
// counter values. protoc must parse the whole file and meet no field outside the schema or of
// another wire type; a file cut short, or a field the schema does not define, fails it. The
// decoded text is then checked by the rules of the published schema's comments (sequence flags,
// interning, clocks, tracks, slice pairs, flows: scripts/check-perfetto-schema.py, the checker
// scripts/check-perfetto-schema.sh runs against the published schema itself), and that checker
// is checked on broken variants of a small sample.
// REQUIRES: ompt, protoc
// RUN: %compile
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_FORMAT=perfetto %trace-run %t | %FileCheck %s
// RUN: %check-pftrace %t --tracks 2 --count "task>=3" --count "critical>=2" --summary
// RUN: %check-protoc %t.pftrace %t.decoded | %FileCheck --check-prefix=OK %s
// RUN: %check-schema-rules %t.decoded | %FileCheck --check-prefix=RULES %s
// RUN: %check-schema-rules --self-test | %FileCheck --check-prefix=SELF %s
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_FORMAT=perfetto GLASS_TRACE_MAX_SIZE=3K %trace-run %t \
// RUN:   2>/dev/null | %FileCheck %s
// RUN: %check-protoc %t.pftrace %t.decoded | %FileCheck --check-prefix=CAPPED %s
// RUN: %check-schema-rules --open-flows %t.decoded | %FileCheck --check-prefix=RULES %s
// Cut short by its last byte: the last packet's length then always runs past the end (a cut at a
// fixed offset may fall between two packets, which is a valid, shorter file).
// RUN: head -c -1 %t.pftrace > %t-cut.pftrace
// RUN: %not %check-protoc %t-cut.pftrace 2>&1 | %FileCheck --check-prefix=CUT %s
// A field number the schema lacks (TracePacket field 99, varint 1) appended as a packet.
// RUN: cp %t.pftrace %t-extra.pftrace
// RUN: printf '\012\003\230\006\001' >> %t-extra.pftrace
// RUN: %not %check-protoc %t-extra.pftrace 2>&1 | %FileCheck --check-prefix=EXTRA %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int x = 0, y = 0;
  long sum = 0, loop = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    {
      omp_control_tool(omp_control_tool_flush, 0, NULL);
#pragma omp task depend(out : x) shared(x)
      x = 1;
#pragma omp task depend(in : x) depend(out : y) shared(x, y)
      y = x + 1;
#pragma omp taskloop grainsize(4) shared(sum)
      for (int i = 0; i < 64; i++) {
#pragma omp atomic
        sum += i;
      }
    }
#pragma omp for schedule(dynamic, 8) reduction(+ : loop)
    for (int i = 0; i < 100; i++)
      loop += i;
#pragma omp critical
    loop += 0;
  }
  printf("x %d y %d sum %ld loop %ld\n", x, y, sum, loop);
  return 0;
}
// CHECK: x 1 y 2 sum 2016 loop 4950
// OK: check-pftrace-protoc: ok: {{[1-9][0-9]*}} packets, {{[1-9][0-9]*}} track descriptors, {{[1-9][0-9]*}} track events ({{[1-9][0-9]*}} slice begins, {{[1-9][0-9]*}} ends, {{[0-9]+}} instants, {{[0-9]+}} counter values)
// CAPPED: check-pftrace-protoc: ok: {{[1-9][0-9]*}} packets, {{[1-9][0-9]*}} track descriptors, {{[1-9][0-9]*}} track events ({{[0-9]+}} slice begins, {{[0-9]+}} ends, {{[0-9]+}} instants, {{[0-9]+}} counter values)
// RULES: check-perfetto-schema: ok: {{.*}}: {{[1-9][0-9]*}} packets on {{[1-9][0-9]*}} sequences, 5 tracks (2 counter, 1 process, 2 thread), {{[1-9][0-9]*}} slices
// SELF: check-perfetto-schema: self-test: ok: the sample passes, {{[1-9][0-9]*}} broken variants fail
// CUT: check-pftrace-protoc: protoc cannot parse
// EXTRA: check-pftrace-protoc: {{.*}} has fields outside the schema
