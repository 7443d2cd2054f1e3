// Group "critical": __kmpc_critical / __kmpc_end_critical.
#include "harness.h"

#include <omp.h>

static long critical_count;

// CRITICAL: n critical sections shared among the team, each around a delay. Instances are
// counted across the team (EPCC's convention); the reference is n delays, the time the
// serialized bodies take.
static int critical_test(long n) {
  critical_count = 0;
#pragma omp parallel
  {
    long share = bench_share(n, omp_get_thread_num(), omp_get_num_threads());
    for (long j = 0; j < share; j++) {
#pragma omp critical
      {
        bench_delay(bench_delay_len);
        critical_count++;
      }
    }
  }
  if (critical_count != n)
    return bench_fail("critical", "count %ld, expected %ld", critical_count, n);
  return 0;
}

BENCH_GROUP("critical", {"critical", "one critical section around one delay (counted across "
                                     "the team)",
                         critical_test, bench_ref_delays});
