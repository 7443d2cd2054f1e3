// An initializer that returns 0 leaves the interface inactive: no callback at all and no
// finalizer. A start_tool that declines leaves no tool either.
// REQUIRES: ompt
// RUN: %compile
// RUN: env GLASS_PRINTER_INIT_FAIL=1 %run-tool %t | %FileCheck %s
// RUN: env GLASS_PRINTER_DECLINE=1 %run-tool %t | %FileCheck %s --check-prefix=DECLINE
#include <omp.h>
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
#pragma omp parallel num_threads(2)
  {
#pragma omp barrier
  }
  printf("program: done control=%d\n", omp_control_tool(omp_control_tool_flush, 0, NULL));
  return 0;
}
// CHECK: 0: initialize
// CHECK-NOT: {{^[0-9]+: }}
// CHECK: program: done control=-2
// CHECK-NOT: finalize

// DECLINE: 0: start_tool
// DECLINE-NOT: initialize
// DECLINE-NOT: {{^[0-9]+: }}
// DECLINE: program: done control=-2
