// A parallel region runs on the requested number of threads, each with its own number, and
// results written by every thread are visible after the join.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s --check-prefix=T1
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s --check-prefix=T2
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s --check-prefix=T7
#include <omp.h>
#include <stdio.h>

int main(void) {
  int seen[64] = {0};
  int size = 0, inside = 0;
  for (int rep = 0; rep < 1000; rep++) {
#pragma omp parallel shared(seen, size, inside)
    {
      int t = omp_get_thread_num();
      seen[t]++;
      if (t == 0) {
        size = omp_get_num_threads();
        inside = omp_in_parallel();
      }
    }
  }
  int ok = 1;
  for (int t = 0; t < size; t++)
    ok &= seen[t] == 1000;
  for (int t = size; t < 64; t++)
    ok &= seen[t] == 0;
  printf("size=%d in_parallel=%d ok=%d after=%d\n", size, inside, ok, omp_in_parallel());
  return !ok;
}
// T1: size=1 in_parallel=0 ok=1 after=0
// T2: size=2 in_parallel=1 ok=1 after=0
// T7: size=7 in_parallel=1 ok=1 after=0
