// exit() from a worker in the middle of a region: the other members wait in a barrier for it
// and never come back. Shutdown must not wait for them (it used to give each busy worker about
// a second: 31 s here). (With a tool: exit_tool.c.)
// The `timeout 10` is a hang detector: the exit takes milliseconds.
// RUN: %compile && env OMP_NUM_THREADS=32 %run timeout 10 %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  printf("start\n");
  fflush(stdout);
#pragma omp parallel
  {
    if (omp_get_thread_num() == omp_get_num_threads() / 2) {
      printf("exit from worker, team of %d\n", omp_get_num_threads());
      fflush(stdout);
      exit(0);
    }
#pragma omp barrier
    printf("past the barrier\n");
  }
  printf("after the region\n");
  return 1;
}
// CHECK: start
// CHECK-NEXT: exit from worker, team of 32
// CHECK-NOT: past the barrier
// CHECK-NOT: after the region
// exit() inside a region: the exit handlers read the state of threads that still run the
// region (a known race of this path; docs/internals.md, "ThreadSanitizer").
// UNSUPPORTED: tsan
