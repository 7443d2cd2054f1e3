// Group "reduction": a parallel region with a reduction clause (__kmpc_reduce_nowait,
// __kmpc_end_reduce_nowait).
#include "harness.h"

// REDUCTION (EPCC's): one instance = one parallel region with reduction(+), each thread a
// delay and one update. It includes the region's fork and join.
static int reduction_test(long n) {
  long total = 0;
  for (long j = 0; j < n; j++) {
    long x = 0;
#pragma omp parallel reduction(+ : x)
    {
      bench_delay(bench_delay_len);
      x += 1;
    }
    total += x;
  }
  if (total != n * bench_threads)
    return bench_fail("reduction", "total %ld, expected %ld", total, n * bench_threads);
  return 0;
}

BENCH_GROUP("reduction",
            {"reduction", "one parallel region with reduction(+), one delay per thread",
             reduction_test, bench_ref_delays});

