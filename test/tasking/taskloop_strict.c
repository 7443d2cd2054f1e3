// taskloop grainsize(strict:) and num_tasks(strict:) (__kmpc_taskloop_5, clang-22): the exact
// number of tasks, counted through a firstprivate flag each task owns.
// REQUIRES: clang-22
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

// One iteration: the first one a task runs counts the task too (seen is the task's own copy).
static void count(int *seen, int *tasks, int *iters) {
  if (!*seen) {
    *seen = 1;
#pragma omp atomic
    (*tasks)++;
  }
#pragma omp atomic
  (*iters)++;
}

int main(void) {
  int tasks = 0, iters = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
      int seen = 0;
#pragma omp taskloop grainsize(strict : 30) firstprivate(seen) shared(tasks, iters)
      for (int i = 0; i < 100; i++)
        count(&seen, &tasks, &iters);
      printf("grainsize strict: tasks=%d iters=%d\n", tasks, iters);
      tasks = iters = 0;
#pragma omp taskloop num_tasks(strict : 9) firstprivate(seen) shared(tasks, iters)
      for (int i = 0; i < 100; i++)
        count(&seen, &tasks, &iters);
      printf("num_tasks strict: tasks=%d iters=%d\n", tasks, iters);
    }
  }
  return 0;
}
// CHECK: grainsize strict: tasks=4 iters=100
// CHECK: num_tasks strict: tasks=9 iters=100
