// Group "for": loops with static schedules (__kmpc_for_static_init_*, __kmpc_for_static_fini,
// and the loop's implicit barrier).
#include "harness.h"
#include "sched.h"

#include <omp.h>

// FOR: one instance = one `omp for` (static schedule, implicit barrier) of one iteration per
// thread, each iteration a delay, inside a single region.
static int for_test(long n) {
  bench_counters_reset();
#pragma omp parallel
  {
    int nth = omp_get_num_threads();
    bench_counter_t *cnt = &bench_counters[omp_get_thread_num()];
    for (long j = 0; j < n; j++) {
#pragma omp for
      for (int i = 0; i < nth; i++) {
        bench_delay(bench_delay_len);
        cnt->v++;
      }
    }
  }
  return bench_counters_check("for", "iterations", n * bench_threads);
}

// PARALLEL FOR: one instance = one combined `parallel for` of one iteration per thread.
static int parallel_for_test(long n) {
  int nth = bench_threads;
  bench_counters_reset();
  for (long j = 0; j < n; j++) {
#pragma omp parallel for
    for (int i = 0; i < nth; i++) {
      bench_delay(bench_delay_len);
      bench_counters[i].v++;
    }
  }
  return bench_counters_check("parallel_for", "iterations", n * nth);
}

// Loop schedules (sched.h).
SCHED_TEST(static_test, "static", "omp for schedule(static)")
SCHED_TEST(static1_test, "static_1", "omp for schedule(static, 1)")
SCHED_TEST(static4_test, "static_4", "omp for schedule(static, 4)")
SCHED_TEST(static16_test, "static_16", "omp for schedule(static, 16)")

BENCH_GROUP("for",
            {"for", "one omp for of one iteration per thread", for_test, bench_ref_delays},
            {"parallel_for", "one parallel for of one iteration per thread", parallel_for_test,
             bench_ref_delays},
            {"static", SCHED_INSTANCE, static_test, sched_ref},
            {"static_1", SCHED_INSTANCE, static1_test, sched_ref},
            {"static_4", SCHED_INSTANCE, static4_test, sched_ref},
            {"static_16", SCHED_INSTANCE, static16_test, sched_ref});
