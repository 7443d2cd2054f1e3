// Group "taskloop": __kmpc_taskloop (with its implicit taskgroup).
#include "harness.h"

#include <omp.h>

// TASKLOOP: thread 0 runs n taskloops of T iterations split into T tasks, each a delay; the
// others run the tasks from the region's barrier. One instance = one taskloop (the reference is
// one delay: the T tasks run side by side).
static int taskloop_test(long n) {
  bench_counters_reset();
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
      unsigned long nth = omp_get_num_threads();
      for (long j = 0; j < n; j++) {
#pragma omp taskloop num_tasks(nth)
        for (unsigned long i = 0; i < nth; i++) {
          bench_delay(bench_delay_len);
          bench_counters[omp_get_thread_num()].v++;
        }
      }
    }
  }
  return bench_counters_check("taskloop", "iterations", n * bench_threads);
}

BENCH_GROUP("taskloop", {"taskloop", "one taskloop of T tasks, from thread 0", taskloop_test,
                         bench_ref_delays});
