// A tool that never stops tracing: the buffer in use goes back to it at exit, before its
// finalizer runs, with every record.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload, ompt
#define TOOL_QUIET
#include "Inputs/trace_tool.h"

int main(void) {
  int x = 1;
#pragma omp target enter data map(to : x)
  printf("main done\n");
  return 0;
}
// CHECK: main done
// CHECK-NEXT: tool fini
// CHECK-NEXT: records 5, buffers requested 1 completed 1 (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
