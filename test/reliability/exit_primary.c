// exit() from the primary thread while the other members compute (here: spin forever). The
// process ends at once (shutdown used to give each busy worker about a second: 15 s here);
// with a tool: exit_tool.c.
// The `timeout 10` is a hang detector: the exit takes milliseconds.
// RUN: %compile && env OMP_NUM_THREADS=16 %run timeout 10 %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static _Atomic int started;
static volatile int stop;

int main(void) {
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
      while (started < omp_get_num_threads() - 1)
        ;
      printf("exit from the primary, %d workers computing\n", started);
      fflush(stdout);
      exit(0);
    }
    started++;
    while (!stop)
      ;
  }
  printf("after the region\n");
  return 1;
}
// CHECK: exit from the primary, 15 workers computing
// CHECK-NOT: after the region
