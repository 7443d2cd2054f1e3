// target nowait and depend: deferred target tasks ordered by their dependences, with the
// host waiting at taskwait; target enter/exit data nowait.
// RUN: %compile-offload && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// REQUIRES: offload
#include <stdio.h>

int main(void) {
  int a[16], b[16];
  for (int i = 0; i < 16; i++)
    a[i] = i, b[i] = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp target enter data map(to : a, b) nowait depend(out : a, b)
#pragma omp target nowait depend(inout : a)
    for (int i = 0; i < 16; i++)
      a[i] *= 2;
#pragma omp target nowait depend(in : a) depend(out : b)
    for (int i = 0; i < 16; i++)
      b[i] = a[i] + 1;
#pragma omp target exit data map(from : a, b) nowait depend(inout : a, b)
#pragma omp taskwait
  }
  long sa = 0, sb = 0;
  for (int i = 0; i < 16; i++)
    sa += a[i], sb += b[i];
  // CHECK: a 240 b 256
  printf("a %ld b %ld\n", sa, sb);
  return 0;
}
