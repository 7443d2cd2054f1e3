// The system refuses threads (here: an address-space limit the stacks do not fit in): the
// runtime warns once, runs capped teams with correct results, and asks again at later regions
// without warning again. (Every failed creation used to warn and leak a gtid: 65,536 warnings
// for OMP_NUM_THREADS=100000.)
// A sanitizer's shadow memory does not fit in the limit either.
// UNSUPPORTED: asan, tsan
// RUN: %compile
// RUN: (ulimit -v 1500000; env OMP_NUM_THREADS=200 OMP_STACKSIZE=100M %run %t) > %t.out 2>&1
// RUN: %FileCheck %s < %t.out
// RUN: grep -c "cannot create a worker thread" %t.out | %FileCheck --check-prefix=ONCE %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int sizes[5];
  int bad = 0;
  for (int r = 0; r < 5; r++) {
    int n = 0;
    long sum = 0;
#pragma omp parallel reduction(+ : n, sum)
    {
      n += 1;
      sum += omp_get_thread_num();
      if (omp_get_num_threads() < 1)
        bad++;
    }
    sizes[r] = n;
    bad += sum != (long)n * (n - 1) / 2;
  }
  printf("capped: %d\n", sizes[0] > 1 && sizes[0] < 200);
  for (int r = 1; r < 5; r++)
    bad += sizes[r] < sizes[0] || sizes[r] >= 200;
  printf("bad: %d\n", bad);
  return 0;
}
// CHECK: OMP: Warning: cannot create a worker thread
// CHECK: capped: 1
// CHECK-NEXT: bad: 0
// ONCE: 1
