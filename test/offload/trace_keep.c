// A tool that keeps every buffer until the end (none read or freed in buffer_complete), with 2
// threads offloading: the runtime never writes into a buffer it returned, so every record,
// target_map arrays included, is intact when the tool reads them all after stop_trace.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload, ompt
#define TOOL_BUFFER_BYTES 1000
#define TOOL_QUIET
#define TOOL_KEEP
#include "Inputs/trace_tool.h"

int main(void) {
  int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  for (int i = 0; i < 100; i++) {
    int a = i, b[4] = {i, i, i, i};
#pragma omp target map(tofrom : a) map(to : b)
    a += b[3];
    sum += a == 2 * i;
  }
  printf("sum %d stop %d\n", sum, T.stop_trace(dev0));
  tool_report();
  return 0;
}
// 200 regions x 11 (target begin and end, 2 allocs, 2 to, map, kernel, from, 2 deletes).
// CHECK: sum 200 stop 1
// CHECK-NEXT: records 2200, buffers requested [[N:[0-9]+]] completed [[N]] (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
