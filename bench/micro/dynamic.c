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
  long want = n * bench_threads;
  if (bench_counters_sum() != want)
    return bench_fail("for_dynamic", "%ld iterations ran, expected %ld", bench_counters_sum(),
                      want);
  return 0;
}

// Loop schedules (sched.h).
SCHED_TEST(dynamic1_test, "dynamic_1", "omp for schedule(dynamic, 1)")
SCHED_TEST(dynamic8_test, "dynamic_8", "omp for schedule(dynamic, 8)")
SCHED_TEST(dynamic64_test, "dynamic_64", "omp for schedule(dynamic, 64)")
SCHED_TEST(guided1_test, "guided_1", "omp for schedule(guided, 1)")
SCHED_TEST(guided8_test, "guided_8", "omp for schedule(guided, 8)")
SCHED_TEST(guided64_test, "guided_64", "omp for schedule(guided, 64)")

BENCH_GROUP("dynamic",
            {"for_dynamic", "one omp for schedule(dynamic) of one iteration per thread",
             for_dynamic_test, bench_ref_delays},
            {"dynamic_1", SCHED_INSTANCE, dynamic1_test, sched_ref},
            {"dynamic_8", SCHED_INSTANCE, dynamic8_test, sched_ref},
            {"dynamic_64", SCHED_INSTANCE, dynamic64_test, sched_ref},
            {"guided_1", SCHED_INSTANCE, guided1_test, sched_ref},
            {"guided_8", SCHED_INSTANCE, guided8_test, sched_ref},
            {"guided_64", SCHED_INSTANCE, guided64_test, sched_ref});
