// Buffers of exactly one record, 4 threads offloading at once: every record of every region
// arrives, each in a buffer of its own, once; no buffer comes back empty or twice. target_map
// records (larger than one record) are not enabled.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload, ompt
#define TOOL_BUFFER_BYTES sizeof(ompt_record_ompt_t)
#define TOOL_QUIET
#define TOOL_TYPES                                                                                 \
  (T.set_trace_ompt(dev0, 1, ompt_callback_target),                                                \
   T.set_trace_ompt(dev0, 1, ompt_callback_target_data_op),                                        \
   T.set_trace_ompt(dev0, 1, ompt_callback_target_submit))
#include "Inputs/trace_tool.h"

int main(void) {
  int sum = 0;
#pragma omp parallel num_threads(4) reduction(+ : sum)
  for (int i = 0; i < 100; i++) {
    int x = i;
#pragma omp target map(tofrom : x)
    x++;
    sum += x == i + 1;
  }
  printf("sum %d stop %d\n", sum, T.stop_trace(dev0));
  tool_report();
  return 0;
}
// 400 regions x (target begin and end, alloc, to, kernel, from, delete).
// CHECK: sum 400 stop 1
// CHECK-NEXT: records 2800, buffers requested 2800 completed 2800 (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
