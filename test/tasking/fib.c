// Recursive fib with tasks and taskwait: deferred tasks, work stealing, the tied-task
// constraint at taskwait, and nested tasks completing before the join.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

#include "fib.h"

int main(void) {
  long r = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      r = fib_tasks(22, 2);
  }
  printf("fib(22)=%ld\n", r);
  // Untied tasks and tasks created by every thread, finished by the join.
  long sum = 0;
#pragma omp parallel
  {
    long mine = 0;
    for (int i = 0; i < 100; i++) {
#pragma omp task untied shared(mine) firstprivate(i)
      {
#pragma omp atomic
        mine += i;
      }
    }
#pragma omp taskwait
#pragma omp atomic
    sum += mine;
  }
  printf("sum=%ld threads=%d\n", sum / 4950, omp_get_max_threads());
  return 0;
}
// CHECK: fib(22)=17711
// CHECK: sum=[[N:[0-9]+]] threads=[[N]]
