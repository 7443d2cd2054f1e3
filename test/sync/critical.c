// critical: unnamed, named (two names are independent locks), with hints; mutual exclusion
// under contention with non-atomic updates; nested critical sections of different names.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

#define ITERS 20000

int main(void) {
  long a = 0, b = 0, c = 0, d = 0;
  int inside_a = 0, violations = 0, n = 1;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      n = omp_get_num_threads();
    for (int i = 0; i < ITERS; i++) {
#pragma omp critical
      {
        if (inside_a) {
#pragma omp atomic
          violations++;
        }
        inside_a = 1;
        a++;
        inside_a = 0;
      }
#pragma omp critical(other)
      {
        b += 2;
#pragma omp critical(inner) hint(omp_sync_hint_contended)
        c += 3;
      }
#pragma omp critical(spec) hint(omp_sync_hint_speculative)
      d++;
    }
  }
  printf("a=%d b=%d c=%d d=%d violations=%d\n", a == (long)ITERS * n, b == 2L * ITERS * n,
         c == 3L * ITERS * n, d == (long)ITERS * n, violations);
  return 0;
}
// CHECK: a=1 b=1 c=1 d=1 violations=0
