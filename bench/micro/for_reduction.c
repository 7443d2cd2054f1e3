// Group "for_reduction": a worksharing loop with a reduction clause (__kmpc_for_static_init_*,
// __kmpc_reduce, __kmpc_end_reduce).
#include "harness.h"

#include <omp.h>

// FOR REDUCTION: one instance = one `omp for reduction(+)` of one iteration per thread inside a
// single region: the reduction without the fork. The shared variable accumulates over all
// instances.
static long for_reduction_x;
static int for_reduction_test(long n) {
  for_reduction_x = 0;
#pragma omp parallel
  {
    int nth = omp_get_num_threads();
    for (long j = 0; j < n; j++) {
#pragma omp for reduction(+ : for_reduction_x)
      for (int i = 0; i < nth; i++) {
        bench_delay(bench_delay_len);
        for_reduction_x += 1;
      }
    }
  }
  if (for_reduction_x != n * bench_threads)
    return bench_fail("for_reduction", "total %ld, expected %ld", for_reduction_x,
                      n * bench_threads);
  return 0;
}

BENCH_GROUP("for_reduction", {"for_reduction", "one omp for reduction(+) of one iteration per "
                                              "thread",
                              for_reduction_test, bench_ref_delays});
