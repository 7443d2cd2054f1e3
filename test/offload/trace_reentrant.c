// A tool that calls the tracing entry points from its buffer_complete: it flushes from every
// one (which delivers nothing more at that point: the buffer in use was just replaced or is
// empty), and stops tracing from the third. The third buffer's records are there, nothing is
// recorded afterwards, and nothing hangs.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload, ompt
#define TOOL_BUFFER_BYTES (2 * sizeof(ompt_record_ompt_t))
#define TOOL_QUIET
#define TOOL_TYPES T.set_trace_ompt(dev0, 1, ompt_callback_target)
static int completions, stop_result = -1;
#define TOOL_AFTER_COMPLETE                                                                        \
  do {                                                                                             \
    T.flush_trace(dev0);                                                                           \
    if (++completions == 3)                                                                        \
      stop_result = T.stop_trace(dev0);                                                            \
  } while (0)
#include "Inputs/trace_tool.h"

int main(void) {
  int x = 0;
  for (int i = 0; i < 10; i++) {
#pragma omp target map(tofrom : x)
    x++;
  }
  printf("x %d stop from buffer_complete %d, stop now %d\n", x, stop_result, T.stop_trace(dev0));
  tool_report();
  return x != 10;
}
// Buffers of two records: each region's target begin and end fill one. The third buffer comes
// back when the fourth region's begin record finds it full; the stop from there comes before
// that record is written, so it is not.
// CHECK: x 10 stop from buffer_complete 1, stop now 0
// CHECK-NEXT: records 6, buffers requested 3 completed 3 (empty 0, not owned 0), times ok,
// duplicates 0, bad maps 0
