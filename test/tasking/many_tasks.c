// 10^6 tiny tasks from one thread, then from every thread, completed by an explicit barrier
// and by the join; descriptors are recycled through the free lists.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

#define N 1000000

int main(void) {
  static long hits[64];
  long total = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      for (int i = 0; i < N; i++) {
#pragma omp task firstprivate(i)
        {
#pragma omp atomic
          hits[omp_get_thread_num()] += 1;
        }
      }
#pragma omp barrier
    // Every task is complete once the barrier is passed.
    if (omp_get_thread_num() == 0) {
      for (int t = 0; t < 64; t++)
        total += hits[t];
      printf("after barrier: %ld\n", total);
    }
#pragma omp barrier
    int n = omp_get_num_threads();
    for (int i = 0; i < N / n; i++) {
#pragma omp task
      {
#pragma omp atomic
        hits[omp_get_thread_num()] += 1;
      }
    }
  }
  total = 0;
  for (int t = 0; t < 64; t++)
    total += hits[t];
  int n = omp_get_max_threads();
  printf("after join: %ld\n", total - (long)(N / n) * n);
  return 0;
}
// CHECK: after barrier: 1000000
// CHECK: after join: 1000000
