// Group "dynamic": loops with dynamic and guided schedules (__kmpc_dispatch_init_*,
// __kmpc_dispatch_next_*).
#include "harness.h"
#include "sched.h"

#include <omp.h>

// FOR DYNAMIC: one instance = one `omp for schedule(dynamic)` of one iteration per thread.
static int for_dynamic_test(long n) {
  bench_counters_reset();
#pragma omp parallel
  {
    int nth = omp_get_num_threads();
    bench_counter_t *cnt = &bench_counters[omp_get_thread_num()];
    for (long j = 0; j < n; j++) {
#pragma omp for schedule(dynamic)
      for (int i = 0; i < nth; i++) {
        bench_delay(bench_delay_len);
        cnt->v++;
      }
    }
  }
  return bench_counters_check("for_dynamic", "iterations", n * bench_threads);
}

// Loop schedules (sched.h).
SCHED_TEST(dynamic1_test, "dynamic_1", "omp for schedule(dynamic, 1)")
SCHED_TEST(dynamic4_test, "dynamic_4", "omp for schedule(dynamic, 4)")
SCHED_TEST(dynamic16_test, "dynamic_16", "omp for schedule(dynamic, 16)")
SCHED_TEST(guided1_test, "guided_1", "omp for schedule(guided, 1)")
SCHED_TEST(guided4_test, "guided_4", "omp for schedule(guided, 4)")
SCHED_TEST(guided16_test, "guided_16", "omp for schedule(guided, 16)")

BENCH_GROUP("dynamic",
            {"for_dynamic", "one omp for schedule(dynamic) of one iteration per thread",
             for_dynamic_test, bench_ref_delays},
            {"dynamic_1", SCHED_INSTANCE, dynamic1_test, sched_ref},
            {"dynamic_4", SCHED_INSTANCE, dynamic4_test, sched_ref},
            {"dynamic_16", SCHED_INSTANCE, dynamic16_test, sched_ref},
            {"guided_1", SCHED_INSTANCE, guided1_test, sched_ref},
            {"guided_4", SCHED_INSTANCE, guided4_test, sched_ref},
            {"guided_16", SCHED_INSTANCE, guided16_test, sched_ref});
