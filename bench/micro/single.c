// Group "single": __kmpc_single / __kmpc_end_single (and the construct's implicit barrier).
#include "harness.h"

static long single_count;

// SINGLE: one instance = one single construct whose body is a delay, inside a single region.
static int single_test(long n) {
  single_count = 0;
#pragma omp parallel
  {
    for (long j = 0; j < n; j++) {
#pragma omp single
      {
        bench_delay(bench_delay_len);
        single_count++;
      }
    }
  }
  if (single_count != n)
    return bench_fail("single", "%ld bodies ran, expected %ld", single_count, n);
  return 0;
}

BENCH_GROUP("single", {"single", "one single construct around one delay", single_test,
                       bench_ref_delays});
