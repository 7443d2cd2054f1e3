// Group "task_deps": tasks with dependences (__kmpc_omp_task_with_deps).
#include "harness.h"

#include <omp.h>

static bench_counter_t chain[BENCH_MAX_THREADS];

// TASKS WITH DEPENDENCES: every thread creates a chain of n tasks with depend(inout) on its own
// variable, so each chain runs in order while chains run in parallel. One instance = one
// task per thread. Each task checks that it runs in its place in the chain.
static int task_deps_test(long n) {
  int bad = 0;
  for (int i = 0; i < BENCH_MAX_THREADS; i++)
    chain[i].v = 0;
#pragma omp parallel
  {
    bench_counter_t *mine = &chain[omp_get_thread_num()];
    for (long j = 0; j < n; j++) {
#pragma omp task depend(inout : mine[0]) firstprivate(j)
      {
        bench_delay(bench_delay_len);
        if (mine->v != j)
          bad = 1;
        mine->v++;
      }
    }
  }
  long sum = 0;
  for (int i = 0; i < BENCH_MAX_THREADS; i++)
    sum += chain[i].v;
  if (bad || sum != n * bench_threads)
    return bench_fail("task_deps", "chains out of order or incomplete (%ld of %ld tasks)", sum,
                      n * bench_threads);
  return 0;
}

BENCH_GROUP("task_deps", {"task_deps", "one task per thread in a per-thread depend(inout) chain",
                          task_deps_test, bench_ref_delays});
