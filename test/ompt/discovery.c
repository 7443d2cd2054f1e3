// Tool discovery in the spec's order, reported step by step under OMP_TOOL_VERBOSE_INIT:
// OMP_TOOL_LIBRARIES whose first entry is missing, second has no ompt_start_tool, third
// returns NULL, fourth (the printer) works.
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
// CHECK: ----- Glass OMPT tool discovery -----
// CHECK-NEXT: Looking for ompt_start_tool in the process (linked or preloaded)...
// CHECK-NEXT:   none found.
// CHECK-NEXT: Trying OMP_TOOL_LIBRARIES=
// CHECK-NEXT:   Loading "{{.*}}missing.so"...
// CHECK-NEXT:     failed: library not found or not loadable
// CHECK-NEXT:   Loading "{{.*}}nosym.so"...
// CHECK-NEXT:     loaded, but it defines no ompt_start_tool.
// CHECK-NEXT:   Loading "{{.*}}null.so"...
// CHECK-NEXT: 0: declines: ompt_start_tool called, returning NULL
// CHECK-NEXT:   {{.*}}null.so: ompt_start_tool returned NULL: the tool declined.
// CHECK-NEXT:   Loading "{{.*}}libglass-printer.so"...
// CHECK-NEXT: 0: start_tool omp_version=202011
// CHECK-NEXT:   {{.*}}libglass-printer.so: ompt_start_tool returned a tool: chosen.
// CHECK-NEXT: Calling the tool's initializer...
// CHECK-NEXT: 0: initialize initial_device_num=0
// CHECK-NEXT:   initializer returned 1: the OMPT interface is active.
// CHECK-NEXT: ----- end of tool discovery -----
// CHECK-NEXT: [[T:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T]]: implicit_task_begin
// CHECK-NEXT: program: start
// CHECK: [[T]]: parallel_begin
// CHECK: program: end
// CHECK: [[T]]: thread_end
// CHECK-NEXT: [[T]]: finalize

// LOG: ----- Glass OMPT tool discovery -----
// LOG: failed: library not found or not loadable
// LOG: loaded, but it defines no ompt_start_tool.
// LOG: ompt_start_tool returned NULL: the tool declined.
// LOG: ompt_start_tool returned a tool: chosen.
// LOG: initializer returned 1: the OMPT interface is active.
// LOG: ----- end of tool discovery -----

// NONE: failed: library not found or not loadable
// NONE: No tool was found: the OMPT interface is inactive.
