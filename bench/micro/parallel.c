// Group "parallel": constructs that need only fork/join and the barrier
// (__kmpc_fork_call, __kmpc_barrier).
#include "harness.h"

// PARALLEL: one instance = one parallel region in which every thread runs one delay.
static int parallel_test(long n) {
  for (long j = 0; j < n; j++) {
#pragma omp parallel
    bench_delay(bench_delay_len);
  }
  return 0;
}

// BARRIER: one instance = one explicit barrier after a delay, inside a single region.
static int barrier_test(long n) {
#pragma omp parallel
  {
    for (long j = 0; j < n; j++) {
      bench_delay(bench_delay_len);
#pragma omp barrier
    }
  }
  return 0;
}

BENCH_GROUP("parallel",
            {"parallel", "one parallel region, one delay per thread", parallel_test,
             bench_ref_delays},
            {"barrier", "one barrier after one delay per thread", barrier_test,
             bench_ref_delays});
