// Under contention every mutex_acquire on a thread is followed by its mutex_acquired and then
// its mutex_released on the same thread, with the lock's address as wait_id, and no acquire is
// lost: each thread reports exactly its number of set/unset pairs.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=3 %run-tool %t | %sort-threads > %t.out
// RUN: python3 %S/Inputs/check_mutex_pairs.py lock < %t.out | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run-tool %t | %sort-threads | python3 %S/Inputs/check_mutex_pairs.py lock | %FileCheck %s --check-prefix=SEVEN
#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_lock_t lk;
  omp_init_lock(&lk);
  long counter = 0;
#pragma omp parallel
  for (int i = 0; i < 200; i++) {
    omp_set_lock(&lk);
    counter++;
    omp_unset_lock(&lk);
  }
  omp_destroy_lock(&lk);
  printf("counter=%ld\n", counter);
  return 0;
}
// CHECK: threads=3 pairs_per_thread=200 errors=0
// SEVEN: threads=7 pairs_per_thread=200 errors=0
