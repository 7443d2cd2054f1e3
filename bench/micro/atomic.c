// Group "atomic": #pragma omp atomic. Both compilers expand it inline (a locked instruction
// or a compare-and-swap loop), so it calls no runtime entry point: it is the control of the
// suite, where every runtime should measure the same.
#include "harness.h"

#include <omp.h>

static double atomic_sum;

// ATOMIC: n atomic updates shared among the team, each after a delay; instances are counted
// across the team (EPCC's convention), so n updates by T threads in parallel.
static int atomic_test(long n) {
  atomic_sum = 0;
#pragma omp parallel
  {
    long share = bench_share(n, omp_get_thread_num(), omp_get_num_threads());
    for (long j = 0; j < share; j++) {
      bench_delay(bench_delay_len);
#pragma omp atomic
      atomic_sum += 1.0;
    }
  }
  if (atomic_sum != (double)n)
    return bench_fail("atomic", "sum %g, expected %ld", atomic_sum, n);
  return 0;
}

// The same loop with a plain update of a private variable.
static void atomic_ref(long n) {
#pragma omp parallel
  {
    long share = bench_share(n, omp_get_thread_num(), omp_get_num_threads());
    double local = 0;
    for (long j = 0; j < share; j++) {
      bench_delay(bench_delay_len);
      local += 1.0;
      __asm__ volatile("" : "+x"(local));
    }
  }
}

BENCH_GROUP("atomic", {"atomic", "one atomic update (counted across the team)", atomic_test,
                       atomic_ref});
