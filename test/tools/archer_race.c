// Archer, loaded because the program is built with -fsanitize=thread, still reports a real
// race between two tasks: each writes `x` and only then meets the other through relaxed atomics
// (no happens-before for TSan), so the two writes race on every run, on two threads. Blocks
// handed to malloc under TSan must not hide it.
// REQUIRES: ompt, archer
// RUN: %cc -fsanitize=thread %flags %s -o %t
// RUN: %run-archer %not %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

static int x;
static int arrived;

static void meet(void) {
  __atomic_fetch_add(&arrived, 1, __ATOMIC_RELAXED);
  while (__atomic_load_n(&arrived, __ATOMIC_RELAXED) < 2)
    ;
}

int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    {
      x = 1;
      meet();
    }
#pragma omp task
    {
      x = 2;
      meet();
    }
  }
  printf("x=%d\n", x);
  return 0;
}
// CHECK: WARNING: ThreadSanitizer: data race
// CHECK-NEXT: {{Write|Read}} of size 4
// CHECK-NEXT: #0 {{.*}}archer_race.c
// CHECK: ThreadSanitizer: reported {{[0-9]+}} warnings
