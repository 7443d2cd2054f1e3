// Simple and nestable locks, with and without hints: mutual exclusion under contention (a
// non-atomic counter and an "inside" flag), test_lock, nesting depths, and re-initialization.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

#define ITERS 20000

static int stress(omp_lock_t *lk) {
  volatile long counter = 0;
  volatile int inside = 0;
  int violations = 0, n = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) n = omp_get_num_threads();
    for (int i = 0; i < ITERS; i++) {
      omp_set_lock(lk);
      if (inside) {
#pragma omp atomic
        violations++;
      }
      inside = 1;
      counter = counter + 1;
      inside = 0;
      omp_unset_lock(lk);
    }
  }
  return counter == (long)ITERS * n && violations == 0;
}

static int test_lock_counts(void) {
  omp_lock_t lk;
  omp_init_lock(&lk);
  long got = 0, counter = 0;
#pragma omp parallel
  for (int i = 0; i < ITERS / 4; i++) {
    while (!omp_test_lock(&lk)) {
    }
    counter++;
    omp_unset_lock(&lk);
#pragma omp atomic
    got++;
  }
  omp_destroy_lock(&lk);
  return counter == got;
}

static int nest(omp_nest_lock_t *nl) {
  long counter = 0;
  int bad = 0;
#pragma omp parallel
  for (int i = 0; i < ITERS / 4; i++) {
    omp_set_nest_lock(nl);
    if (omp_test_nest_lock(nl) != 2) {
#pragma omp atomic
      bad++;
    }
    omp_set_nest_lock(nl);
    counter++;
    omp_unset_nest_lock(nl);
    omp_unset_nest_lock(nl);
    omp_unset_nest_lock(nl);
  }
  // After a full release another thread (or this one) gets depth 1.
  if (omp_test_nest_lock(nl) != 1) bad++;
  omp_unset_nest_lock(nl);
  return !bad && counter == (long)(ITERS / 4) * omp_get_max_threads();
}

int main(void) {
  omp_lock_t lk;
  omp_init_lock(&lk);
  printf("lock: %d\n", stress(&lk));
  // A held lock fails test_lock in another thread and in the owner alike.
  omp_set_lock(&lk);
  int other = -1;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1 || omp_get_num_threads() == 1) other = omp_test_lock(&lk);
  printf("held test: %d %d\n", other, omp_test_lock(&lk));
  omp_unset_lock(&lk);
  printf("free test: %d\n", omp_test_lock(&lk));
  omp_unset_lock(&lk);
  omp_destroy_lock(&lk);

  const omp_sync_hint_t hints[] = {omp_sync_hint_none, omp_sync_hint_uncontended,
                                   omp_sync_hint_contended, omp_sync_hint_speculative,
                                   omp_sync_hint_nonspeculative | omp_sync_hint_contended};
  int ok = 1;
  for (unsigned h = 0; h < sizeof(hints) / sizeof(*hints); h++) {
    omp_init_lock_with_hint(&lk, hints[h]);
    ok &= stress(&lk);
    omp_destroy_lock(&lk);
  }
  printf("hinted locks: %d\n", ok);
  printf("test_lock: %d\n", test_lock_counts());

  omp_nest_lock_t nl;
  omp_init_nest_lock(&nl);
  printf("nest: %d\n", nest(&nl));
  omp_destroy_nest_lock(&nl);
  omp_init_nest_lock_with_hint(&nl, omp_sync_hint_contended);
  printf("nest hinted: %d\n", nest(&nl));
  omp_destroy_nest_lock(&nl);

  // Locks in an array (adjacent, in heap memory would be the same) used by many threads.
  omp_lock_t arr[4];
  long sums[4] = {0};
  for (int i = 0; i < 4; i++)
    omp_init_lock(&arr[i]);
#pragma omp parallel
  for (int i = omp_get_thread_num(); i < 4000; i += omp_get_num_threads()) {
    omp_set_lock(&arr[i % 4]);
    sums[i % 4] += i;
    omp_unset_lock(&arr[i % 4]);
  }
  for (int i = 0; i < 4; i++)
    omp_destroy_lock(&arr[i]);
  printf("array: %ld %ld %ld %ld\n", sums[0], sums[1], sums[2], sums[3]);
  return 0;
}
// CHECK: lock: 1
// CHECK-NEXT: held test: 0 0
// CHECK-NEXT: free test: 1
// CHECK-NEXT: hinted locks: 1
// CHECK-NEXT: test_lock: 1
// CHECK-NEXT: nest: 1
// CHECK-NEXT: nest hinted: 1
// CHECK-NEXT: array: 1998000 1999000 2000000 2001000
