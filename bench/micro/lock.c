// Group "lock": omp_init_lock, omp_set_lock, omp_unset_lock, omp_destroy_lock.
#include "harness.h"

#include <omp.h>

static long lock_count;

// LOCK/UNLOCK: as CRITICAL, with omp_set_lock/omp_unset_lock around the delay.
static int lock_test(long n) {
  omp_lock_t lock;
  omp_init_lock(&lock);
  lock_count = 0;
#pragma omp parallel
  {
    long share = bench_share(n, omp_get_thread_num(), omp_get_num_threads());
    for (long j = 0; j < share; j++) {
      omp_set_lock(&lock);
      bench_delay(bench_delay_len);
      lock_count++;
      omp_unset_lock(&lock);
    }
  }
  omp_destroy_lock(&lock);
  if (lock_count != n)
    return bench_fail("lock", "count %ld, expected %ld", lock_count, n);
  return 0;
}

BENCH_GROUP("lock", {"lock", "one set/unset pair around one delay (counted across the team)",
                     lock_test, bench_ref_delays});
