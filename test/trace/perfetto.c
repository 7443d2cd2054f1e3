// The Perfetto protobuf trace (PREFIX.pftrace). check_pftrace decodes it with a protobuf reader
// written from Perfetto's public schema and checks packets, sequences, interning, tracks and
// the pairing of every slice. With GLASS_TRACE_FORMAT=both the same run writes JSON and
// Perfetto from the same events, and the two must hold exactly the same slices. A run over
// GLASS_TRACE_JSON_MAX events switches to Perfetto (streamed: the replay keeps no model; the HTML
// page, a sink of the same replay, keeps what fits its bound: here every slice) and says so; the
// summary is the same. A size cap cuts the file with a message, and the slices
// open at the cut still end. Bad values fall back with a warning.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_FORMAT=both %trace-run %t | %FileCheck %s
// RUN: %check-pftrace %t --json --tracks 2 --count task=176 --count taskwait=88 \
// RUN:   --count "lock=20" --count "loop (static)=2"
// RUN: %check-trace %t --summary-count task=176 --summary-count taskwait=88
// RUN: rm -f %t.json %t.html %t.pftrace
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_JSON_MAX=100 %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=AUTO %s < %t.err
// RUN: test ! -e %t.json
// RUN: python3 %S/Inputs/check_page.py %t.html --slices 411 --state all --outside 0 --pftrace %t
// RUN: %check-pftrace %t --tracks 2 --count task=176 --count taskwait=88 --count "lock=20" \
// RUN:   --summary
// RUN: %FileCheck --check-prefix=SUM %s < %t.txt
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_FORMAT=perfetto GLASS_TRACE_MAX_SIZE=3K \
// RUN:   %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=CAP %s < %t.err
// RUN: %check-pftrace %t --max-bytes 3072 --count "task<=175"
// RUN: %FileCheck --check-prefix=SUM %s < %t.txt
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_FORMAT=xml GLASS_TRACE_MAX_SIZE=huge \
// RUN:   GLASS_TRACE_JSON_MAX=many %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=BAD %s < %t.err
// RUN: %check-trace %t --count task=176
#include <omp.h>
#include <stdio.h>

#include "fib.h"

static omp_lock_t lock;
static int hits;

int main(void) {
  int r = 0;
  omp_init_lock(&lock);
#pragma omp parallel
  {
#pragma omp single
    r = (int)fib_tasks(10, 2);
#pragma omp for schedule(static)
    for (int i = 0; i < 20; i++) {
      omp_set_lock(&lock);
      hits++;
      omp_unset_lock(&lock);
    }
  }
  omp_destroy_lock(&lock);
  printf("fib %d hits %d\n", r, hits);
  return 0;
}
// CHECK: fib 55 hits 20
// AUTO: glass-trace: {{[0-9]+}} events: over GLASS_TRACE_JSON_MAX=100, so the trace is in Perfetto's format
// AUTO: glass-trace: wrote {{.*}}.html (timeline), {{.*}}.pftrace (Perfetto), {{.*}}.txt (summary)
// SUM: glass-trace summary: 2 thread(s)
// SUM-DAG: taskwait fib.h:{{[0-9]+}} 88 
// SUM-DAG: task fib.h:{{[0-9]+}} 88 
// SUM-DAG: task fib.h:{{[0-9]+}} 88 
// CAP: glass-trace: {{.*}}.pftrace reached the size cap (GLASS_TRACE_MAX_SIZE=3072 bytes) at {{[0-9.]+}} ms of {{[0-9.]+}} ms
// BAD: GLASS_TRACE_FORMAT=xml: expected auto, json, perfetto or both; using auto
// BAD: GLASS_TRACE_JSON_MAX=many is not a number of events; using 1000000
// BAD: GLASS_TRACE_MAX_SIZE=huge is not a size
