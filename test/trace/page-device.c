// The device lane of the HTML page, from a model built here (no offload run needed): a target
// region on thread 0 with a transfer to the device, a kernel, a transfer back, and a second
// transfer overlapping the first (an asynchronous one), which takes a second row. The page gets
// a lane "device ops of thread 0" under thread 0 with the transfers and the kernel (slices flagged
// for the device lane), the target region stays on the host lane, and the tooltips give bytes
// (with the direction in the name), requested teams and the device. Built from the writer's
// sources with a stand-in for the recorder.
// RUN: %cc -O1 -g -I%S/../../tools/trace -I%incdir '-DTRACE_TIMELINE_JS="%S/../../tools/trace/timeline.js"' \
// RUN:   %s %S/../../tools/trace/write_html.c %S/../../tools/trace/summary.c \
// RUN:   %S/../../tools/trace/write_json.c -o %t
// RUN: %t %t.html
// RUN: python3 %S/Inputs/check_page.py %t.html --slices 6 --state all
// RUN: python3 %S/Inputs/check_page.py %t.html --lanes | %FileCheck --check-prefix=LANES %s
// RUN: %if node %{ node %S/Inputs/page_run.js %t.html view 0 1100 hover-at 200 1 0 hover-at 250 1 1 hover-at 500 1 0 hover-at 500 0 1 hover-at 900 1 0 | %FileCheck %s %}
#include "trace.h"

#include <stdlib.h>

trace_options_t trace_opt;

int main(int argc, char **argv) {
  static slice_t s[6];
  s[0] = (slice_t){.t0 = 50, .t1 = 1050, .kind = SL_ITASK, .id = 1, .par = 1, .task = 1};
  s[1] = (slice_t){.t0 = 100, .t1 = 1000, .kind = SL_TARGET, .sub = ompt_target, .parent = 1,
                   .depth = 1, .count = 0};
  s[2] = (slice_t){.t0 = 150, .t1 = 300, .kind = SL_DATA_OP,
                   .sub = ompt_target_data_transfer_to_device, .task = 1048576, .parent = 2,
                   .depth = 2, .flags = SLF_DEVICE};
  s[3] = (slice_t){.t0 = 200, .t1 = 400, .kind = SL_DATA_OP,
                   .sub = ompt_target_data_transfer_to_device, .task = 4096, .parent = 2,
                   .depth = 2, .flags = SLF_DEVICE};
  s[4] = (slice_t){.t0 = 420, .t1 = 800, .kind = SL_KERNEL, .count = 4, .parent = 2, .depth = 2,
                   .flags = SLF_DEVICE};
  s[5] = (slice_t){.t0 = 820, .t1 = 950, .kind = SL_DATA_OP,
                   .sub = ompt_target_data_transfer_from_device, .task = 1048576, .parent = 2,
                   .depth = 2, .flags = SLF_DEVICE};
  thread_info_t th = {.type = ompt_thread_initial};
  trace_model_t m = {.slices = s, .nslices = 6, .threads = &th, .ntracks = 1, .tend = 1100};
  trace_loc_t loc0 = {.label = "?"};
  trace_locs_t locs = {.v = &loc0, .n = 1};
  return argc > 1 ? trace_write_html(&m, &locs, argv[1], NULL) : 2;
}
// LANES: lane 0: thread 0 (initial), host, 2 rows, categories parallel target
// LANES: lane 1: device ops of thread 0, device, 2 rows, categories transfer kernel

// CHECK: mode: showing slices
// CHECK: tip: {{.*}} / 1.0 MiB (1048576 bytes) / duration 150 ns, start 150 ns / device ops of thread 0
// CHECK: tip: {{.*}} / 4.0 KiB (4096 bytes) / duration 200 ns, start 200 ns / device ops of thread 0
// CHECK: tip: {{.*}} / requested teams 4 / duration 380 ns, start 420 ns / device ops of thread 0
// CHECK: tip: {{.*}} / device 0 / duration 900 ns, start 100 ns / thread 0 (initial)
// CHECK: tip: {{.*}} / 1.0 MiB (1048576 bytes) / duration 130 ns, start 820 ns / device ops of thread 0
