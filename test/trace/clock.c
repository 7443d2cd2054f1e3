// The timestamp source (GLASS_TRACE_CLOCK): the TSC (the default where the CPU has an invariant
// one) and CLOCK_MONOTONIC (the fallback, forced here) give the same trace: exact counts, and a
// parallel region that sleeps 30 ms in each thread lasts at least 30 ms on the trace's clock (a
// one-sided check: a calibration error or a unit mixed up between the clocks shows, a loaded
// machine cannot make it fail). Also spilling with each clock (a small buffer), and a bad value
// of the variable: a warning, then the default.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_CLOCK=monotonic %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --count task=176 --count taskwait=88 --count parallel=2
// RUN: python3 %S/Inputs/check_clock.py %t.json slept 30
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_CLOCK=tsc GLASS_TRACE_BUFFER=8K %trace-run %t 2>%t.err \
// RUN:   | %FileCheck %s
// RUN: %check-trace %t --spilled --count task=176 --count taskwait=88 --count parallel=2
// RUN: python3 %S/Inputs/check_clock.py %t.json slept 30
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_CLOCK=monotonic GLASS_TRACE_BUFFER=8K %trace-run %t \
// RUN:   2>%t.err | %FileCheck %s
// RUN: %check-trace %t --spilled --count task=176 --count taskwait=88 --count parallel=2
// RUN: python3 %S/Inputs/check_clock.py %t.json slept 30
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_CLOCK=sundial %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=BAD %s < %t.err
// RUN: %check-trace %t --count task=176
#include <stdio.h>
#include <time.h>

#include "fib.h"

int main(void) {
  long r = 0;
#pragma omp parallel
  {
    struct timespec ts = {0, 30 * 1000 * 1000};
    while (nanosleep(&ts, &ts) != 0) // slept
      ;
  }
#pragma omp parallel
#pragma omp single
  r = fib_tasks(10, 2);
  printf("fib %ld\n", r);
  // CHECK: fib 55
  return 0;
}
// BAD: glass-trace: GLASS_TRACE_CLOCK=sundial: expected tsc or monotonic; using the default
