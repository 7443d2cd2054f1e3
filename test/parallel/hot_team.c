// A region of the same size reuses its workers: after the first region, thousands more regions
// (and smaller ones, and barriers) create no thread. Threads > cores must not livelock.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=4 %run %t | %FileCheck %s --check-prefix=FOUR
// RUN: env OMP_NUM_THREADS=7 KMP_BLOCKTIME=infinite %run %t | %FileCheck %s --check-prefix=SEVEN
// RUN: env OMP_NUM_THREADS=7 OMP_WAIT_POLICY=passive %run %t | %FileCheck %s --check-prefix=SEVEN
#include "os_threads.h"
#include <omp.h>
#include <stdio.h>

int main(void) {
  long sum = 0;
#pragma omp parallel
  {
#pragma omp atomic
    sum += 1;
  }
  int after_first = os_threads();
  for (int i = 0; i < 3000; i++) {
#pragma omp parallel
    {
#pragma omp atomic
      sum += 1;
#pragma omp barrier
    }
#pragma omp parallel num_threads(2)
    {
#pragma omp atomic
      sum += 1;
    }
  }
  int after_many = os_threads();
  int n = omp_get_max_threads();
  printf("threads=%d created_later=%d sum_ok=%d\n", after_first, after_many - after_first,
         sum == n + 3000L * (n + 2));
  return 0;
}
// FOUR: threads=4 created_later=0 sum_ok=1
// SEVEN: threads=7 created_later=0 sum_ok=1
// Counts the process's threads: ThreadSanitizer adds one of its own.
// UNSUPPORTED: tsan
