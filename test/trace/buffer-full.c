// A per-thread buffer far too small for the run (GLASS_TRACE_BUFFER=2K: a few dozen events)
// forces the full-buffer paths. Spilling (the default) keeps every event: the trace is
// complete and exact. Dropping keeps each thread's first events, warns with the count, and
// the trace is still well formed (open slices are closed at the thread's last event).
// A bad size falls back to the default with a warning.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=3 GLASS_TRACE_BUFFER=2K %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=SPILL %s < %t.err
// RUN: %check-trace %t --spilled --threads 3 --count parallel=400 --count "implicit task=1200" \
// RUN:   --count barrier=1200 --inside "barrier wait=barrier" --inside "barrier=implicit task"
// RUN: env OMP_NUM_THREADS=3 GLASS_TRACE_BUFFER=2K GLASS_TRACE_FULL=drop %trace-run %t 2>%t.err \
// RUN:   | %FileCheck %s
// RUN: %FileCheck --check-prefix=DROP %s < %t.err
// RUN: %check-trace %t --dropped --allow-truncated --count "parallel<=399" \
// RUN:   --inside "barrier wait=barrier"
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_BUFFER=lots %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=BAD %s < %t.err
// RUN: %check-trace %t --count parallel=400 --count "implicit task=800"
#include <omp.h>
#include <stdio.h>

int main(void) {
  int count[64] = {0};
  for (int r = 0; r < 400; r++) {
#pragma omp parallel
    {
      count[omp_get_thread_num() % 64] += 1;
#pragma omp barrier
      count[omp_get_thread_num() % 64] += 1;
    }
  }
  printf("sum %d\n", count[0] == 800);
  // CHECK: sum 1
  return 0;
}
// SPILL: glass-trace: thread {{[0-9]+}}: buffer full (GLASS_TRACE_BUFFER=2048 bytes): spilling to a temporary file
// SPILL-NOT: dropp
// DROP: glass-trace: thread {{[0-9]+}}: buffer full (GLASS_TRACE_BUFFER=2048 bytes): dropping further events (GLASS_TRACE_FULL=drop)
// DROP: glass-trace: {{[0-9]+}} event(s) dropped because a buffer was full
// BAD: glass-trace: GLASS_TRACE_BUFFER=lots is not a size (e.g. 4096, 64K, 16M); using 64M
