// The first call into the runtime is omp_get_wtime: the tool is initialized inside it, before
// any other event, and the initial thread and task begin right after the initializer.
// REQUIRES: ompt
// RUN: %compile && %run-tool %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  printf("program: before\n");
  double t = omp_get_wtime();
  printf("program: wtime %s\n", t > 0 ? "positive" : "zero");
  return 0;
}
// CHECK: program: before
// CHECK-NEXT: 0: start_tool
// CHECK-NEXT: 0: initialize
// CHECK-NEXT: [[T:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T]]: implicit_task_begin {{.*}} flags=initial
// CHECK-NEXT: program: wtime positive
// CHECK-NEXT: [[T]]: implicit_task_end {{.*}} flags=initial
// CHECK-NEXT: [[T]]: thread_end
// CHECK-NEXT: [[T]]: finalize
