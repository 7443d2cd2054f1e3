// Dependence kinds clang-14 lacks: inoutset and omp_all_memory, and taskwait depend nowait.
// REQUIRES: clang-22
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include "expect.h"
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  int x = 0, set_done = 0, a = 0, b = 0, c = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task depend(out : x) shared(x)
      {
        usleep(10000);
        x = 1;
      }
      for (int i = 0; i < 4; i++) {
#pragma omp task depend(inoutset : x) shared(x, set_done)
        {
          EXPECT(x == 1);
          usleep(3000);
#pragma omp atomic
          set_done++;
        }
      }
#pragma omp task depend(in : x) shared(set_done)
      EXPECT(set_done == 4);
      // omp_all_memory orders against tasks on any address, before and after.
#pragma omp task depend(out : a) shared(a)
      {
        usleep(10000);
        a = 1;
      }
#pragma omp task depend(out : b) shared(b)
      {
        usleep(5000);
        b = 1;
      }
#pragma omp task depend(inout : omp_all_memory) shared(a, b, c)
      {
        EXPECT(a == 1 && b == 1);
        usleep(5000);
        c = 1;
      }
#pragma omp task depend(in : a) shared(c)
      EXPECT(c == 1);
#pragma omp task depend(in : c) shared(c)
      EXPECT(c == 1);
#pragma omp taskwait depend(in : x) nowait
#pragma omp taskwait
    }
  }
  printf("failures=%d set=%d c=%d\n", failures, set_done, c);
  return 0;
}
// CHECK-NOT: failed
// CHECK: failures=0 set=4 c=1
