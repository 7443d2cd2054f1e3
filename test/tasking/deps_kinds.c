// Ordering for every dependence kind clang-14 and clang-22 share: in, out, inout,
// mutexinoutset, depobj, undeferred tasks with dependences and taskwait depend. Predecessors
// sleep so that a missing edge shows up as a wrong value.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include "expect.h"
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  int x = 0, readers = 0, inside = 0, mtx_done = 0, y = 0;
  omp_depend_t obj;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
      // out -> in, in -> out
#pragma omp task depend(out : x) shared(x)
      {
        usleep(20000);
        x = 1;
      }
      for (int i = 0; i < 4; i++) {
#pragma omp task depend(in : x) shared(x, readers)
        {
          EXPECT(x == 1);
          usleep(5000);
#pragma omp atomic
          readers++;
        }
      }
#pragma omp task depend(inout : x) shared(x, readers)
      {
        EXPECT(readers == 4);
        x = 2;
      }
      // mutexinoutset: mutually exclusive, after the inout, before the next in.
      for (int i = 0; i < 5; i++) {
#pragma omp task depend(mutexinoutset : x) shared(x, inside, mtx_done)
        {
          int now;
#pragma omp atomic capture
          now = ++inside;
          EXPECT(now == 1);
          EXPECT(x == 2);
          usleep(2000);
#pragma omp atomic
          inside--;
#pragma omp atomic
          mtx_done++;
        }
      }
#pragma omp task depend(in : x) shared(mtx_done)
      EXPECT(mtx_done == 5);
      // depobj
#pragma omp depobj(obj) depend(inout : y)
#pragma omp task depend(depobj : obj) shared(y)
      {
        usleep(10000);
        y = 1;
      }
#pragma omp task depend(in : y) shared(y)
      EXPECT(y == 1);
#pragma omp depobj(obj) destroy
      // Undeferred task with a dependence waits for its predecessor.
#pragma omp task depend(out : y) shared(y)
      {
        usleep(10000);
        y = 2;
      }
#pragma omp task if (0) depend(in : y) shared(y)
      EXPECT(y == 2);
      // taskwait depend waits for the tasks it names.
#pragma omp task depend(out : x) shared(x)
      {
        usleep(10000);
        x = 3;
      }
#pragma omp taskwait depend(in : x)
      EXPECT(x == 3);
    }
  }
  printf("failures=%d x=%d y=%d\n", failures, x, y);
  return 0;
}
// CHECK-NOT: failed
// CHECK: failures=0 x=3 y=2
