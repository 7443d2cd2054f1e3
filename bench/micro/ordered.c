// Group "ordered": a loop with the ordered clause (__kmpc_dispatch_* with an ordered schedule,
// __kmpc_ordered / __kmpc_end_ordered).
#include "harness.h"

static long ordered_next;

// ORDERED: one instance = one ordered region around a delay, in a loop of n iterations with
// schedule(static, 1): the threads take turns. The reference is n delays, the serialized
// bodies alone.
static int ordered_test(long n) {
  ordered_next = 0;
  int bad = 0;
#pragma omp parallel
  {
#pragma omp for schedule(static, 1) ordered
    for (long j = 0; j < n; j++) {
#pragma omp ordered
      {
        bench_delay(bench_delay_len);
        if (ordered_next != j)
          bad = 1;
        ordered_next++;
      }
    }
  }
  if (bad || ordered_next != n)
    return bench_fail("ordered", "iterations out of order or missing (%ld of %ld)",
                      ordered_next, n);
  return 0;
}

BENCH_GROUP("ordered", {"ordered", "one ordered region around one delay", ordered_test,
                        bench_ref_delays});
