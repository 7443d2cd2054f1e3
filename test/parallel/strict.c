// OpenMP 6.0 num_threads(strict: n): a team of exactly n, or the error action.
// REQUIRES: clang-22
// RUN: %cc %flags -fopenmp-version=60 %s -o %t
// RUN: env OMP_THREAD_LIMIT=8 %run %t 3 2>&1 | %FileCheck %s --check-prefix=OK
// RUN: env OMP_THREAD_LIMIT=2 %not %run %t 3 2>&1 | %FileCheck %s --check-prefix=SHORT
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int want = atoi(argv[1]), got = 0;
#pragma omp parallel num_threads(strict : want)
  {
    if (omp_get_thread_num() == 0)
      got = omp_get_num_threads();
  }
  printf("got %d\n", got);
  return 0;
}
// OK: got 3
// SHORT: OMP: Error: {{.*}}num_threads(strict: 3) cannot be honoured: 2 threads available
// SHORT-NOT: got
