// Device tracing on the host device: the records of a target region and of enter data, update
// and exit data, in order, with the ids of the callbacks of the same operations and device
// times that translate_time places between those callbacks; flush delivers what was written,
// stop returns the last buffer, and each buffer comes back once, owned by the tool. Target
// records carry the encountering task's data value as task_id.
// The host device's clock: the TSC by default, CLOCK_MONOTONIC on request (the same checks
// pass), a bad choice is named; device times read between two omp_get_wtime calls translate
// between them, also after pauses (translate_time's anchors).
// RUN: %compile-offload && %run %t | %FileCheck %s
// RUN: env GLASS_TARGET_HOST_CLOCK=monotonic %run %t | %FileCheck %s
// RUN: env GLASS_TARGET_HOST_CLOCK=bogus %run %t 2>&1 | %FileCheck --check-prefixes=CHECK,BAD %s
// REQUIRES: offload, ompt
#define TOOL_TASK_ID
#include "Inputs/trace_tool.h"
#include <unistd.h>

// Device times read between host times, over 100 ms with pauses, translate between them.
static int clock_checks(void) {
  int ok = 0;
  for (int i = 0; i < 20; i++) {
    // 2 us either side: more than the anchors' uncertainty (tens of ns), far less than a
    // wrong rate or offset would move a time over 100 ms.
    double a = omp_get_wtime();
    while (omp_get_wtime() < a + 2e-6)
      ;
    ompt_device_time_t d = T.get_device_time(dev0);
    double b = omp_get_wtime() + 2e-6;
    while (omp_get_wtime() < b)
      ;
    double t = T.translate_time(dev0, d);
    ok += a <= t && t <= b;
    if (a > t || t > b)
      printf("device time %.9f not in %.9f..%.9f\n", t, a, b);
    usleep(i % 2 ? 5000 : 100);
  }
  return ok;
}

int main(void) {
  int x = 1;
#pragma omp target map(tofrom : x)
  x++;
  printf("flush %d\n", T.flush_trace(dev0));
  tool_report();
#pragma omp target enter data map(to : x)
#pragma omp target update from(x)
#pragma omp target exit data map(release : x)
  printf("num_procs>0 %d native %d %p %p type(NULL) %d\n", T.get_device_num_procs(dev0) > 0,
         T.set_trace_native(dev0, 1, 0), T.get_record_native(NULL, 0, NULL),
         (void *)T.get_record_abstract(NULL), (int)T.get_record_type(NULL, 0));
  printf("set_trace_ompt parallel_begin %d target_map_emi %d\n",
         T.set_trace_ompt(dev0, 1, ompt_callback_parallel_begin),
         T.set_trace_ompt(dev0, 1, ompt_callback_target_map_emi));
  printf("stop %d\n", T.stop_trace(dev0));
  tool_report();
  printf("stop again %d flush after stop %d\n", T.stop_trace(dev0), T.flush_trace(dev0));
  printf("device clock %d of 20\n", clock_checks());
  return x != 2;
}
// clang-format off
// BAD: GLASS_TARGET_HOST_CLOCK=bogus is not tsc or monotonic
// CHECK: device_initialize 0: 14 of 14 tracing entry points
// CHECK-NEXT: set_trace_ompt all 5
// CHECK-NEXT: start_trace 1
// CHECK-NEXT: flush 1
// CHECK-NEXT: rec target kind=1 begin device=0 target=[[T:[0-9]+]] task=777
// CHECK-NEXT: rec data_op alloc target=[[T]] op={{[0-9]+}} src_device=4 dst_device=0 bytes=4
// CHECK-NEXT: rec data_op to target=[[T]] op={{[0-9]+}} src_device=4 dst_device=0 bytes=4
// CHECK-NEXT: rec map target=[[T]] nitems=1
// CHECK-NEXT: rec kernel target=[[T]] op={{[0-9]+}} requested=1 granted=1
// CHECK-NEXT: rec data_op from target=[[T]] op={{[0-9]+}} src_device=0 dst_device=4 bytes=4
// CHECK-NEXT: rec data_op delete target=[[T]] op={{[0-9]+}} src_device=4 dst_device=0 bytes=4
// CHECK-NEXT: rec target kind=1 end device=0 target=[[T]] task=777
// CHECK-NEXT: records 8, buffers requested 1 completed 1 (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
// CHECK-NEXT: num_procs>0 1 native 1 (nil) (nil) type(NULL) 3
// CHECK-NEXT: set_trace_ompt parallel_begin 1 target_map_emi 5
// CHECK-NEXT: stop 1
// CHECK-NEXT: rec target kind=2 begin device=0 target=[[E:[0-9]+]]
// CHECK-NEXT: rec data_op alloc target=[[E]]
// CHECK-NEXT: rec data_op to target=[[E]]
// CHECK-NEXT: rec map target=[[E]] nitems=1
// CHECK-NEXT: rec target kind=2 end device=0 target=[[E]]
// CHECK-NEXT: rec target kind=4 begin device=0 target=[[U:[0-9]+]]
// CHECK-NEXT: rec map target=[[U]] nitems=1
// CHECK-NEXT: rec data_op from target=[[U]]
// CHECK-NEXT: rec target kind=4 end device=0 target=[[U]]
// CHECK-NEXT: rec target kind=3 begin device=0 target=[[X:[0-9]+]]
// CHECK-NEXT: rec map target=[[X]] nitems=1
// CHECK-NEXT: rec data_op delete target=[[X]]
// CHECK-NEXT: rec target kind=3 end device=0 target=[[X]]
// CHECK-NEXT: records 13, buffers requested 2 completed 2 (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
// CHECK-NEXT: stop again 0 flush after stop 0
// CHECK-NEXT: device clock 20 of 20
// CHECK-NEXT: tool fini
// CHECK-NEXT: records 0, buffers requested 2 completed 2 (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
