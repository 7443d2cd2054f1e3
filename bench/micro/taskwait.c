// Group "taskwait": a task and a taskwait (__kmpc_omp_task_alloc, __kmpc_omp_task,
// __kmpc_omp_taskwait).
#include "harness.h"

#include <omp.h>

// TASKWAIT: every thread creates a task (a delay) and waits for it, n times. One instance =
// one task + taskwait per thread.
static int taskwait_test(long n) {
  bench_counters_reset();
#pragma omp parallel
  {
    for (long j = 0; j < n; j++) {
#pragma omp task
      {
        bench_delay(bench_delay_len);
        bench_counters[omp_get_thread_num()].v++;
      }
#pragma omp taskwait
    }
  }
  return bench_counters_check("taskwait", "task bodies", n * bench_threads);
}

BENCH_GROUP("taskwait", {"taskwait", "one task and one taskwait per thread", taskwait_test,
                         bench_ref_delays});
