// priority: omp_get_max_task_priority follows OMP_MAX_TASK_PRIORITY (default 0, invalid values
// warned about and ignored); tasks with any priority, including out-of-range ones, all run
// exactly once (the spec guarantees no order, so none is checked); a priority task waiting in
// the shared list is found by taskwait, taskgroup and barriers.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s --check-prefix=DEF
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s --check-prefix=DEF
// RUN: env OMP_NUM_THREADS=7 OMP_MAX_TASK_PRIORITY=5 %run %t | %FileCheck %s --check-prefix=FIVE
// RUN: env OMP_NUM_THREADS=2 OMP_MAX_TASK_PRIORITY=100 %run %t | %FileCheck %s --check-prefix=HUNDRED
// RUN: env OMP_NUM_THREADS=1 OMP_MAX_TASK_PRIORITY=5 %run %t | %FileCheck %s --check-prefix=FIVE
// RUN: env OMP_NUM_THREADS=2 OMP_MAX_TASK_PRIORITY=-3 %run %t 2>&1 | %FileCheck %s --check-prefixes=WARN,DEF
// RUN: env OMP_NUM_THREADS=2 OMP_MAX_TASK_PRIORITY=abc %run %t 2>&1 | %FileCheck %s --check-prefixes=WARN,DEF
#include <omp.h>
#include <stdio.h>

#define N 300

int main(void) {
  printf("max_task_priority=%d\n", omp_get_max_task_priority());
  static int ran[N];
  int errors = 0;
#pragma omp parallel
  {
#pragma omp single
    {
      for (int i = 0; i < N; i++) {
        // Priorities from -5 to 200: clamped to [0, max].
#pragma omp task priority(i % 206 - 5) firstprivate(i) shared(ran)
        {
#pragma omp atomic
          ran[i]++;
        }
      }
#pragma omp taskwait
      for (int i = 0; i < N; i++)
        errors += ran[i] != 1;
#pragma omp taskgroup
      {
        for (int i = 0; i < N; i++) {
#pragma omp task priority(i % 7) firstprivate(i) shared(ran)
          {
#pragma omp atomic
            ran[i]++;
          }
        }
      }
      for (int i = 0; i < N; i++)
        errors += ran[i] != 2;
      // These complete at the barrier of the single.
      for (int i = 0; i < N; i++) {
#pragma omp task priority(3) firstprivate(i) shared(ran)
        {
#pragma omp atomic
          ran[i]++;
        }
      }
    }
    // Tasks with a priority created by every thread, with nested children.
#pragma omp task priority(omp_get_thread_num() % 3) shared(ran)
    {
#pragma omp task priority(2) shared(ran)
      {
#pragma omp atomic
        ran[0] += 100;
      }
    }
  }
  for (int i = 0; i < N; i++)
    errors += ran[i] != (i == 0 ? 3 + 100 * omp_get_max_threads() : 3);
  printf("priority errors=%d\n", errors);
  return 0;
}
// WARN: OMP_MAX_TASK_PRIORITY
// DEF: max_task_priority=0
// DEF: priority errors=0
// FIVE: max_task_priority=5
// FIVE: priority errors=0
// HUNDRED: max_task_priority=100
// HUNDRED: priority errors=0
