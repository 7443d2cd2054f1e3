// The error directive at run time: a warning continues, a fatal error stops with the message and
// the source location clang passes (real paths with clang 19/22), and a tool sees both.
// REQUIRES: clang-22
// RUN: %compile
// RUN: %not %run %t 2>&1 | %FileCheck %s
// RUN: %if ompt %{ %not %run-tool %t 2>/dev/null | %FileCheck %s --check-prefix=TOOL %}
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
#pragma omp parallel num_threads(2)
  {
#pragma omp error at(execution) severity(warning) message("careful")
  }
  printf("continued\n");
#pragma omp error at(execution) severity(fatal) message("stop here")
  printf("not reached\n");
  return 0;
}
// CHECK-COUNT-2: OMP: Warning: {{.*}}error_directive.c:13:{{[0-9]+}}: careful
// CHECK: continued
// CHECK-NEXT: OMP: Error: {{.*}}error_directive.c:16:{{[0-9]+}}: stop here
// CHECK-NOT: not reached
// TOOL-COUNT-2: error severity=warning message="careful" codeptr={{.*}}@error_directive.c.tmp
// TOOL: error severity=fatal message="stop here"
// TOOL: finalize
