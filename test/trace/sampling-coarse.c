// Auto task sampling leaves coarse tasks alone: a tree of 16382 tasks, each spinning about 10 us
// (20,000 iterations of a volatile loop) before it creates its two children, so every creation
// follows at least 5 us of the creating thread's CPU time, and recording a task in full costs
// far less than the budget (about 1.8 times the program's own time per creation). The tree has
// more tasks than the warm-up of both threads together (2 x 4096), so at least one thread
// passes it and measures windows; auto keeps the period at 1 there: every task is recorded,
// the counts are exact, there is no notice and no estimates table. No timing is asserted: the
// spin only makes the tasks coarser, never finer, whatever the machine.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=2 %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=ERR %s < %t.err
// RUN: %check-trace %t --count task=16382 --count taskwait=8191 --summary-count task=16382
// RUN: %check-sampling %t.txt --none
#include <stdio.h>

static void spin(int n) {
  for (volatile int i = 0; i < n; i++)
    ;
}

static void tree(int depth) {
  spin(20000);
  if (depth == 0)
    return;
  for (int c = 0; c < 2; c++)
#pragma omp task
    tree(depth - 1);
#pragma omp taskwait
}

int main(void) {
#pragma omp parallel
#pragma omp single
  tree(13);
  printf("tasks %d\n", (2 << 13) - 2);
  return 0;
}
// CHECK: tasks 16382
// ERR-NOT: recorded
// ERR-NOT: task sampling
