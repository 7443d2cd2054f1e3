// Every task created is scheduled and completed exactly once, dependences are reported before
// the task first runs (checked by Inputs/check_tasks.py over the printer's log).
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=1 %run-tool %t | python3 %S/Inputs/check_tasks.py | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run-tool %t | python3 %S/Inputs/check_tasks.py | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run-tool %t | python3 %S/Inputs/check_tasks.py | %FileCheck %s
#include <omp.h>
#include <stdio.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long a, b;
#pragma omp task shared(a)
  a = fib(n - 1);
#pragma omp task shared(b) untied
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(void) {
  int x = 0, y = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
      fib(8);
#pragma omp taskgroup
      {
        for (int i = 0; i < 10; i++) {
#pragma omp task depend(inout : x) shared(x)
          x++;
#pragma omp task depend(in : x) depend(out : y) shared(x, y)
          y = x;
        }
      }
#pragma omp task if (0)
      y++;
    }
#pragma omp task
    {
#pragma omp atomic
      x++;
    }
  }
  printf("x=%d y=%d\n", x, y);
  return 0;
}
// 25 fib tasks (fib(8) makes 2*(fib(9)-1) = 66), 20 with dependences, 1 undeferred, 1 per thread.
// CHECK: tasks ok: created=[[N:[0-9]+]] completed=[[N]] with_deps=20
