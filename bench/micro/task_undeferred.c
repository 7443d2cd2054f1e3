// Group "task_undeferred": task if(0) (__kmpc_omp_task_alloc, __kmpc_omp_task_begin_if0,
// __kmpc_omp_task_complete_if0).
#include "harness.h"

#include <omp.h>

// UNDEFERRED TASK: every thread runs n tasks with if(0), each a delay, executed at once by the
// thread that encounters them. One instance = one such task per thread.
static int task_undeferred_test(long n) {
  bench_counters_reset();
#pragma omp parallel
  {
    bench_counter_t *cnt = &bench_counters[omp_get_thread_num()];
    for (long j = 0; j < n; j++) {
#pragma omp task if (0)
      {
        bench_delay(bench_delay_len);
        cnt->v++;
      }
    }
  }
  return bench_counters_check("task_undeferred", "task bodies", n * bench_threads);
}

BENCH_GROUP("task_undeferred", {"task_undeferred", "one task if(0) per thread",
                                task_undeferred_test, bench_ref_delays});
