// Narrowing a trace. GLASS_TRACE_ONLY keeps the constructs at the given source locations
// (file:line, a file, a function); the others and their nesting levels leave the trace, and
// the summary counts what is kept. GLASS_TRACE_WINDOW keeps what overlaps a time window,
// clipped to it: phase 2 starts after a sleep of 1 s (in that run only), so a window from 500 ms
// holds all of phase 2 and, unless the machine stalls phase 1 for half a second, nothing of
// phase 1 (so only phase 2's counts are exact), and the parallel region that spans both is
// clipped (truncated at the start). GLASS_TRACE_SAMPLE=4 records each task with probability
// 1/4 (80 draws: about 20 +- 4; bounds wide); the trace stays well formed (the others run inside
// the recorded slices), the summary's table holds what was recorded, and a last table estimates
// the rows for every task created (exact in the thread table). Bad values warn and fall back.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_ONLY=filters.c:45 %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --count task=40 --count parallel=0 --count taskwait=0 --summary-count task=40
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_ONLY=phase2,no_such_function %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --count task=40 --count parallel=0 --count taskwait=1
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_WINDOW=500: GLASS_TRACE_FORMAT=both %trace-run %t \
// RUN:   sleep | %FileCheck %s
// RUN: %check-trace %t --allow-truncated --count "task>=40" --count "taskwait>=1" \
// RUN:   --count parallel=1
// RUN: %check-pftrace %t --json --count "task>=40"
// RUN: %FileCheck --check-prefix=WINDOW %s < %t.txt
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_WINDOW=100000: %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --count task=0 --count parallel=0
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE=4 %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --count "task<=40" --count "task>=5" --count parallel=1
// RUN: %FileCheck --check-prefix=SAMPLE %s < %t.txt
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE=0 GLASS_TRACE_WINDOW=5 %trace-run %t 2>%t.err \
// RUN:   | %FileCheck %s
// RUN: %FileCheck --check-prefix=BAD %s < %t.err
// RUN: %check-trace %t --count task=80
#include <stdio.h>
#include <unistd.h>

static int phase1(int *v) {
  for (int i = 0; i < 40; i++)
#pragma omp task shared(v) firstprivate(i)
    v[i] = i;
#pragma omp taskwait
  return v[39];
}

static int phase2(int *v) {
  for (int i = 0; i < 40; i++)
#pragma omp task shared(v) firstprivate(i)
    v[i] += i;
#pragma omp taskwait
  return v[39];
}

int main(int argc, char **argv) {
  int v[40], a = 0, b = 0;
#pragma omp parallel
#pragma omp single
  {
    a = phase1(v);
    if (argc > 1) // only the window's run waits
      usleep(1000000);
    b = phase2(v);
  }
  printf("phases %d %d\n", a, b);
  return 0;
}
// CHECK: phases 39 78
// WINDOW: task filters.c:45 40
// WINDOW: (GLASS_TRACE_WINDOW: only what falls between 500.000 ms and the end)
// SAMPLE: task sampling: recorded {{[0-9]+}} of 80 tasks (1 in 4); estimated for all tasks
// SAMPLE: task filters.c:{{[0-9]+}} {{[0-9]+}}
// SAMPLE: task filters.c:{{[0-9]+}} {{[0-9]+}}
// BAD: GLASS_TRACE_WINDOW=5: expected START:END in ms since the start
// BAD: GLASS_TRACE_SAMPLE=0: expected auto, 1 (every task) or N from 2 to 65536 (one task in N); using auto
