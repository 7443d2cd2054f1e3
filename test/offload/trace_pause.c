// The tracing entry points' state machine on device 0: stop, pause and flush before start
// answer 0; start then stop with nothing recorded requests and returns no buffer; tracing
// restarts after a stop; a paused device records nothing until resumed; a disabled record type
// is not written; a handle that is not a device, or start without callbacks, gets a message
// and 0.
// RUN: %compile-offload && %run %t 2>%t.err | %FileCheck %s && %FileCheck --check-prefix=ERR %s < %t.err
// REQUIRES: offload, ompt
#define TOOL_TRACE_AT_INIT 0
#include "Inputs/trace_tool.h"

int main(void) {
  int x = 1;
#pragma omp target enter data map(to : x)
  printf("before start: stop %d pause %d flush %d\n", T.stop_trace(dev0), T.pause_trace(dev0, 1),
         T.flush_trace(dev0));
  printf("start %d stop %d\n", T.start_trace(dev0, on_request, on_complete), T.stop_trace(dev0));
  tool_report();
  printf("start %d again %d\n", T.start_trace(dev0, on_request, on_complete),
         T.start_trace(dev0, on_request, on_complete));
#pragma omp target update to(x)
  printf("pause %d\n", T.pause_trace(dev0, 1));
#pragma omp target update from(x)
  printf("resume %d\n", T.pause_trace(dev0, 0));
  printf("data ops off %d\n", T.set_trace_ompt(dev0, 0, ompt_callback_target_data_op));
#pragma omp target exit data map(from : x)
  printf("stop %d\n", T.stop_trace(dev0));
  tool_report();
  printf("bad handle: start %d flush %d time %llu\n",
         T.start_trace((ompt_device_t *)&x, on_request, on_complete),
         T.flush_trace((ompt_device_t *)&x), (unsigned long long)T.get_device_time(NULL));
  printf("no callbacks %d\n", T.start_trace(dev0, NULL, on_complete));
  return x != 1;
}
// clang-format off
// CHECK: set_trace_ompt all 5
// CHECK-NEXT: before start: stop 0 pause 0 flush 0
// CHECK-NEXT: start 1 stop 1
// CHECK-NEXT: records 0, buffers requested 0 completed 0 (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
// CHECK-NEXT: start 1 again 0
// CHECK-NEXT: pause 1
// CHECK-NEXT: resume 1
// CHECK-NEXT: data ops off 5
// CHECK-NEXT: stop 1
// CHECK-NEXT: rec target kind=4 begin device=0 target=[[U:[0-9]+]]
// CHECK-NEXT: rec map target=[[U]] nitems=1
// CHECK-NEXT: rec data_op to target=[[U]]
// CHECK-NEXT: rec target kind=4 end device=0 target=[[U]]
// CHECK-NEXT: rec target kind=3 begin device=0 target=[[X:[0-9]+]]
// CHECK-NEXT: rec map target=[[X]] nitems=1
// CHECK-NEXT: rec target kind=3 end device=0 target=[[X]]
// CHECK-NEXT: records 7, buffers requested 1 completed 1 (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
// CHECK-NEXT: bad handle: start 0 flush 0 time 0
// CHECK-NEXT: no callbacks 0
// ERR-DAG: ompt_get_device_time: (nil) is not a device handle from device_initialize
// ERR-DAG: ompt_flush_trace: 0x{{[0-9a-f]+}} is not a device handle from device_initialize
// ERR-DAG: ompt_start_trace: 0x{{[0-9a-f]+}} is not a device handle from device_initialize
// ERR-DAG: ompt_start_trace: device 0: buffer_request and buffer_complete are required
