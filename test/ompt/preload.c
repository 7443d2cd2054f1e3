// A tool found in the process: preloaded, or linked into the program. OMP_TOOL=disabled
// stops discovery (no start_tool call, no event); another OMP_TOOL value warns and discovery
// goes on.
// REQUIRES: ompt
// RUN: %compile
// RUN: env LD_PRELOAD=%printer %run %t | %FileCheck %s
// RUN: %cc %flags %s %printer -o %t.linked && env OMP_TOOL_VERBOSE_INIT=stdout %run %t.linked | %FileCheck %s --check-prefixes=CHECK,LINKED
// RUN: env OMP_TOOL=disabled LD_PRELOAD=%printer %run %t | %FileCheck %s --check-prefix=OFF
// RUN: env OMP_TOOL=disabled OMP_TOOL_VERBOSE_INIT=stdout OMP_TOOL_LIBRARIES=%printer %run %t | %FileCheck %s --check-prefixes=OFF,OFFV
// RUN: env OMP_TOOL=maybe LD_PRELOAD=%printer %run %t 2>&1 | %FileCheck %s --check-prefix=BAD
#include <omp.h>
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
#pragma omp parallel num_threads(2)
  {
  }
  printf("program: done\n");
  return 0;
}
// LINKED: ----- START LOGGING OF TOOL REGISTRATION -----
// LINKED-NEXT: Search for OMP tool in current address space...
// CHECK: 0: start_tool omp_version=202011 runtime=Glass
// LINKED-NEXT: Success.
// LINKED-NEXT: Tool was started and is using the OMPT interface.
// LINKED-NEXT: ----- END LOGGING OF TOOL REGISTRATION -----
// LINKED-NEXT: 0: initialize
// LINKED-NEXT: Tool initializer returned 1: the OMPT interface is active.
// CHECK: thread_begin type=initial
// CHECK: parallel_begin
// CHECK: parallel_end
// CHECK: program: done
// CHECK: finalize

// OFF-NOT: start_tool
// OFF-NOT: thread_begin
// OFFV: OMP tool disabled.
// OFFV-NOT: LOGGING
// OFF-NOT: start_tool
// OFF: program: done
// OFF-NOT: finalize

// BAD: OMP: Warning: OMP_TOOL="maybe" is invalid
// BAD: start_tool
// BAD: program: done
