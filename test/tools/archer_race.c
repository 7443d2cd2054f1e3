// Archer, loaded because the program is built with -fsanitize=thread, still reports a real
// race between two tasks. They first meet through relaxed atomics (so they run on two threads),
// then one writes `x`, raises a relaxed flag, and the other writes `x` once it sees the flag:
// no happens-before for TSan, and the writes never overlap in time. TSan still misses such a
// pair now and then (in 2 to 5 runs of 10 with one pair, on libomp as on Glass), so the program
// makes 16 pairs, each on its own variable: one report is enough, and it comes on every run.
// Blocks handed to malloc under TSan must not hide it.
// REQUIRES: ompt, archer
// RUN: %cc -fsanitize=thread %flags %s -o %t
// RUN: %run-archer %not %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

#define ROUNDS 16
static int x[ROUNDS];
static int arrived[ROUNDS];
static int written[ROUNDS];

static void meet(int r) {
  __atomic_fetch_add(&arrived[r], 1, __ATOMIC_RELAXED);
  while (__atomic_load_n(&arrived[r], __ATOMIC_RELAXED) < 2)
    ;
}

int main(void) {
  int sum = 0;
  for (int r = 0; r < ROUNDS; r++) {
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task
      {
        meet(r);
        x[r] = 1;
        __atomic_store_n(&written[r], 1, __ATOMIC_RELAXED);
      }
#pragma omp task
      {
        meet(r);
        while (!__atomic_load_n(&written[r], __ATOMIC_RELAXED))
          ;
        x[r] = 2;
      }
    }
    sum += x[r];
  }
  printf("sum=%d\n", sum);
  return 0;
}
// CHECK: WARNING: ThreadSanitizer: data race
// CHECK-NEXT: {{Write|Read}} of size 4
// CHECK-NEXT: #0 {{.*}}archer_race.c
// CHECK: ThreadSanitizer: reported {{[0-9]+}} warnings
