// Many threads on one critical section or lock: the contended paths (ticket-paced waiting for
// critical sections, backoff and progress-extended spinning for locks, then sleeping; more
// threads than CPUs take the oversubscribed path) lose no update and never let two threads in.
// Nested critical sections of two names (each its own ticket queue), the contended and
// speculative hints, omp_test_lock racing with omp_set_lock, and a nest lock taken at depth 2.
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=16 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=5 OMP_WAIT_POLICY=passive %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

#define ITERS 3000

static volatile long counter, counter2;
static volatile int inside, inside2;
static int violations;

static void enter(volatile int *in) {
  if (*in)
    __atomic_fetch_add(&violations, 1, __ATOMIC_RELAXED);
  *in = 1;
}

static void leave(volatile int *in, volatile long *c) {
  (*c)++;
  *in = 0;
}

static long expected(void) {
  int n = 0;
#pragma omp parallel
#pragma omp single
  n = omp_get_num_threads();
  return (long)n * ITERS;
}

int main(void) {
  long want = expected();

#pragma omp parallel
  for (int i = 0; i < ITERS; i++) {
#pragma omp critical
    {
      enter(&inside);
      leave(&inside, &counter);
    }
  }
  printf("critical: %s violations=%d\n", counter == want ? "ok" : "LOST", violations);
  // CHECK: critical: ok violations=0

  counter = counter2 = 0;
#pragma omp parallel
  for (int i = 0; i < ITERS; i++) {
#pragma omp critical(outer)
    {
      enter(&inside);
#pragma omp critical(inner) hint(omp_sync_hint_contended)
      {
        enter(&inside2);
        leave(&inside2, &counter2);
      }
      leave(&inside, &counter);
    }
#pragma omp critical(inner) hint(omp_sync_hint_contended)
    {
      enter(&inside2);
      leave(&inside2, &counter2);
    }
  }
  printf("nested: %s %s violations=%d\n", counter == want ? "ok" : "LOST",
         counter2 == 2 * want ? "ok" : "LOST", violations);
  // CHECK: nested: ok ok violations=0

  omp_lock_t lk, spec;
  omp_init_lock(&lk);
  omp_init_lock_with_hint(&spec, omp_sync_hint_speculative);
  counter = counter2 = 0;
  long tested = 0;
#pragma omp parallel reduction(+ : tested)
  for (int i = 0; i < ITERS; i++) {
    if (i % 3 == 0 && omp_test_lock(&lk)) {
      tested++;
    } else {
      omp_set_lock(&lk);
    }
    enter(&inside);
    leave(&inside, &counter);
    omp_unset_lock(&lk);
    omp_set_lock(&spec);
    enter(&inside2);
    leave(&inside2, &counter2);
    omp_unset_lock(&spec);
  }
  printf("locks: %s %s violations=%d tested=%s\n", counter == want ? "ok" : "LOST",
         counter2 == want ? "ok" : "LOST", violations, tested <= want ? "ok" : "too many");
  // CHECK: locks: ok ok violations=0 tested=ok
  omp_destroy_lock(&lk);
  omp_destroy_lock(&spec);

  omp_nest_lock_t nl;
  omp_init_nest_lock_with_hint(&nl, omp_sync_hint_contended);
  counter = 0;
  int depth_bad = 0;
#pragma omp parallel reduction(+ : depth_bad)
  for (int i = 0; i < ITERS; i++) {
    omp_set_nest_lock(&nl);
    depth_bad += omp_test_nest_lock(&nl) != 2;
    enter(&inside);
    leave(&inside, &counter);
    omp_unset_nest_lock(&nl);
    omp_unset_nest_lock(&nl);
  }
  printf("nest: %s violations=%d depth_bad=%d\n", counter == want ? "ok" : "LOST", violations,
         depth_bad);
  // CHECK: nest: ok violations=0 depth_bad=0
  omp_destroy_nest_lock(&nl);
  return 0;
}
