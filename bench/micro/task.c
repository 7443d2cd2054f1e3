// Group "task": deferred tasks (__kmpc_omp_task_alloc, __kmpc_omp_task), completed by the
// region's implicit barrier. Task bodies count themselves in per-thread counters, so the
// check needs no atomics.
#include "harness.h"

#include <omp.h>

#define COUNT() bench_counters[omp_get_thread_num()].v++

// PARALLEL TASK GENERATION: every thread creates n tasks, each a delay. One instance = one
// task per thread (the reference is n delays).
static int task_parallel_test(long n) {
  bench_counters_reset();
#pragma omp parallel
  {
    for (long j = 0; j < n; j++) {
#pragma omp task
      {
        bench_delay(bench_delay_len);
        COUNT();
      }
    }
  }
  return bench_counters_check("task_parallel", "task bodies", n * bench_threads);
}

// MASTER TASK GENERATION: thread 0 creates n*T tasks, the team runs them. One instance = T
// tasks (the reference is n delays). Thread 0 is chosen with omp_get_thread_num() rather than
// the master construct, so the group needs no other entry point.
static int task_master_test(long n) {
  bench_counters_reset();
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
      long m = n * omp_get_num_threads();
      for (long j = 0; j < m; j++) {
#pragma omp task
        {
          bench_delay(bench_delay_len);
          COUNT();
        }
      }
    }
  }
  return bench_counters_check("task_master", "task bodies", n * bench_threads);
}

// NESTED TASKS: every thread creates n tasks, each of which creates T child tasks, each child
// a delay. One instance = one parent per thread and its T children (the reference is T delays).
static int task_nested_test(long n) {
  bench_counters_reset();
#pragma omp parallel
  {
    int nth = omp_get_num_threads();
    for (long j = 0; j < n; j++) {
#pragma omp task
      {
        for (int k = 0; k < nth; k++) {
#pragma omp task
          {
            bench_delay(bench_delay_len);
            COUNT();
          }
        }
      }
    }
  }
  return bench_counters_check("task_nested", "task bodies", n * bench_threads * bench_threads);
}

static void nested_ref(long n) { bench_ref_delays(n * bench_threads); }

BENCH_GROUP("task",
            {"task_parallel", "one task per thread, every thread generating", task_parallel_test,
             bench_ref_delays},
            {"task_master", "one task per thread, thread 0 generating", task_master_test,
             bench_ref_delays},
            {"task_nested", "one task per thread, each creating T child tasks", task_nested_test,
             nested_ref});
