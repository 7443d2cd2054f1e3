// Tasks across many regions whose team size changes (hot team shrinking and growing, workers
// parked, nested teams), created by one thread with no barrier before the join, so that idle
// workers of the previous region may still be helping, or may be released into the next one:
// every task runs exactly once and before its region ends.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 OMP_MAX_ACTIVE_LEVELS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_WAIT_POLICY=passive %run %t | %FileCheck %s
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

int main(void) {
  atomic_long created = 0, ran = 0;
  long late = 0;
  for (int r = 0; r < 1500; r++) {
    int nt = 1 + r % 5;
    int ntask = r % 7 == 0 ? 0 : 1 + r % 13;
#pragma omp parallel num_threads(nt)
    {
      if (omp_get_thread_num() == 0) {
        for (int i = 0; i < ntask; i++) {
          atomic_fetch_add(&created, 1);
#pragma omp task firstprivate(i)
          {
            atomic_fetch_add(&ran, 1);
            if (i % 3 == 0) {
              atomic_fetch_add(&created, 1);
#pragma omp task
              atomic_fetch_add(&ran, 1);
            }
          }
        }
        if (r % 2) {
#pragma omp taskwait
        }
      }
      if (r % 11 == 0) {
#pragma omp parallel num_threads(2)
        {
          atomic_fetch_add(&created, 1);
#pragma omp task
          atomic_fetch_add(&ran, 1);
        }
      }
    }
    // Every task of the region (and of its nested regions) ran before the region ended.
    if (atomic_load(&ran) != atomic_load(&created)) late++;
  }
  printf("team_changes created_eq_ran=%d late=%ld\n", atomic_load(&created) == atomic_load(&ran),
         late);
  return 0;
}
// CHECK: team_changes created_eq_ran=1 late=0
