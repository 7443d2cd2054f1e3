// A tool whose buffer_request gives 8-byte buffers, or none at all, or buffers that hold one
// plain record but no target_map record: the records that do not fit are dropped with one
// message, the count is reported at stop_trace, tiny buffers go back to the tool empty, and
// the program finishes with correct results (no hang, no crash).
// RUN: %compile-offload -DTOOL_BUFFER_BYTES=8 && %run %t 2>%t.err | %FileCheck --check-prefix=TINY %s && %FileCheck --check-prefix=ERR-TINY %s < %t.err
// RUN: %compile-offload -DTOOL_NONE && %run %t 2>%t.err | %FileCheck --check-prefix=NONE %s && %FileCheck --check-prefix=ERR-NONE %s < %t.err
// RUN: %compile-offload -DTOOL_QUIET -DTOOL_BUFFER_BYTES="sizeof(ompt_record_ompt_t)" && %run %t 2>%t.err | %FileCheck --check-prefix=ONE %s && %FileCheck --check-prefix=ERR-ONE %s < %t.err
// REQUIRES: offload, ompt
#include "Inputs/trace_tool.h"

int main(void) {
  int x = 0;
  for (int i = 0; i < 10; i++) {
#pragma omp target map(tofrom : x)
    x++;
  }
  printf("x %d stop %d\n", x, T.stop_trace(dev0));
  tool_report();
  return x != 10;
}
// clang-format off
// TINY: x 10 stop 1
// TINY-NEXT: records 0, buffers requested 80 completed 80 (empty 80, not owned 0), times ok, duplicates 0, bad maps 0
// ERR-TINY: omptarget error: device 0: the tool's buffer_request gave a buffer too small (8 bytes, a record needs {{[0-9]+}}); trace records are dropped while that lasts (counted at stop_trace)
// ERR-TINY-NEXT: omptarget error: device 0: 80 trace record(s) dropped: the tool's buffer_request gave no room for them
// NONE: x 10 stop 1
// NONE-NEXT: records 0, buffers requested 80 completed 0 (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
// ERR-NONE: omptarget error: device 0: the tool's buffer_request gave no buffer (0 bytes, a record needs {{[0-9]+}}); trace records are dropped while that lasts (counted at stop_trace)
// ERR-NONE-NEXT: omptarget error: device 0: 80 trace record(s) dropped: the tool's buffer_request gave no room for them
// ONE: x 10 stop 1
// ONE-NEXT: records 70, buffers requested 80 completed 80 (empty 10, not owned 0), times ok, duplicates 0, bad maps 0
// ERR-ONE: omptarget error: device 0: the tool's buffer_request gave a buffer too small
// ERR-ONE-NEXT: omptarget error: device 0: 10 trace record(s) dropped
