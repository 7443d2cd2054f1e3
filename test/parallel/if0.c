// if(0) and num_threads(1) regions are serialized: one thread, a new level, not active; the
// ICVs and thread numbers of the enclosing region come back afterwards.
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int n = -1, lvl = -1, act = -1;
  volatile int cond = 0;
#pragma omp parallel if (cond)
  {
    n = omp_get_num_threads();
    lvl = omp_get_level();
    act = omp_get_active_level();
  }
  printf("if0: n=%d level=%d active=%d\n", n, lvl, act);
#pragma omp parallel num_threads(1)
  {
    n = omp_get_num_threads();
    lvl = omp_get_level();
  }
  printf("one: n=%d level=%d\n", n, lvl);
  int outer_tid = -1, back = -1, inner_n = -1, anc = -1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
#pragma omp parallel if (cond)
      {
        inner_n = omp_get_num_threads();
        anc = omp_get_ancestor_thread_num(1);
      }
      back = omp_get_thread_num();
      outer_tid = omp_get_level();
    }
  }
  printf("nested if0: inner_n=%d ancestor=%d back=%d level=%d\n", inner_n, anc, back, outer_tid);
  return 0;
}
// CHECK: if0: n=1 level=1 active=0
// CHECK: one: n=1 level=1
// CHECK: nested if0: inner_n=1 ancestor=1 back=1 level=1
