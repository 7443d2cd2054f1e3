// Tool discovery in the spec's order, reported step by step under OMP_TOOL_VERBOSE_INIT in
// libomp's words: OMP_TOOL_LIBRARIES whose first entry is missing, second has no
// ompt_start_tool, third returns NULL, fourth (the printer) works; with no tool at all, the
// search ends with Archer (libarcher.so), as libomp's does.
// REQUIRES: ompt
// RUN: %compile
// RUN: %cc -shared -fPIC -I%incdir %S/Inputs/no_start_tool.c -o %t.nosym.so
// RUN: %cc -shared -fPIC -I%incdir %S/Inputs/declines.c -o %t.null.so
// RUN: env OMP_TOOL_VERBOSE_INIT=stdout OMP_TOOL_LIBRARIES=%t.missing.so:%t.nosym.so:%t.null.so:%printer \
// RUN:   %run %t | %FileCheck %s
// RUN: env OMP_TOOL_VERBOSE_INIT=%t.log OMP_TOOL_LIBRARIES=%t.missing.so:%t.nosym.so:%t.null.so:%printer \
// RUN:   %run %t > %t.out && %FileCheck %s --check-prefix=LOG < %t.log
// RUN: env OMP_TOOL_VERBOSE_INIT=stderr OMP_TOOL_LIBRARIES=%t.missing.so %run %t 2>&1 >/dev/null \
// RUN:   | %FileCheck %s --check-prefix=NONE
#include <omp.h>
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  printf("program: start\n");
#pragma omp parallel num_threads(2)
  {
  }
  printf("program: end\n");
  return 0;
}
// CHECK: ----- START LOGGING OF TOOL REGISTRATION -----
// CHECK-NEXT: Search for OMP tool in current address space... Failed.
// CHECK-NEXT: Searching tool libraries...
// CHECK-NEXT: OMP_TOOL_LIBRARIES = {{.*}}missing.so:{{.*}}nosym.so:{{.*}}null.so:{{.*}}libglass-printer.so
// CHECK-NEXT: Opening {{.*}}missing.so... Failed: {{.*}}missing.so: cannot open shared object file
// CHECK-NEXT: Opening {{.*}}nosym.so... Success.
// CHECK-NEXT: Searching for ompt_start_tool in {{.*}}nosym.so... Failed: {{.*}}nosym.so: undefined symbol: ompt_start_tool
// CHECK-NEXT: Opening {{.*}}null.so... Success.
// CHECK-NEXT: Searching for ompt_start_tool in {{.*}}null.so... 0: declines: ompt_start_tool called, returning NULL
// CHECK-NEXT: Found but not using the OMPT interface.
// CHECK-NEXT: Continuing search...
// CHECK-NEXT: Opening {{.*}}libglass-printer.so... Success.
// CHECK-NEXT: Searching for ompt_start_tool in {{.*}}libglass-printer.so... 0: start_tool omp_version=202011
// CHECK-NEXT: Success.
// CHECK-NEXT: Tool was started and is using the OMPT interface.
// CHECK-NEXT: ----- END LOGGING OF TOOL REGISTRATION -----
// CHECK-NEXT: 0: initialize initial_device_num=0
// CHECK-NEXT: Tool initializer returned 1: the OMPT interface is active.
// CHECK-NEXT: [[T:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T]]: implicit_task_begin
// CHECK-NEXT: program: start
// CHECK: [[T]]: parallel_begin
// CHECK: program: end
// CHECK: [[T]]: thread_end
// CHECK-NEXT: [[T]]: finalize

// LOG: ----- START LOGGING OF TOOL REGISTRATION -----
// LOG: Opening {{.*}}missing.so... Failed:
// LOG: Searching for ompt_start_tool in {{.*}}nosym.so... Failed:
// LOG: Searching for ompt_start_tool in {{.*}}null.so... Found but not using the OMPT interface.
// LOG-NEXT: Continuing search...
// LOG: Searching for ompt_start_tool in {{.*}}libglass-printer.so... Success.
// LOG-NEXT: Tool was started and is using the OMPT interface.
// LOG-NEXT: ----- END LOGGING OF TOOL REGISTRATION -----
// LOG-NEXT: Tool initializer returned 1: the OMPT interface is active.

// NONE: Opening {{.*}}missing.so... Failed:
// NONE-NEXT: ...searching tool libraries failed. Using archer tool.
// NONE-NEXT: Opening libarcher.so...
// NONE: No OMP tool loaded.
// NONE-NEXT: ----- END LOGGING OF TOOL REGISTRATION -----
