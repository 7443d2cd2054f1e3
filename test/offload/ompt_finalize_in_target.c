// ompt_finalize_tool called from a target callback: target_emi (the second region's begin),
// a data op (the second region's first alloc: libomptarget holds the device's lock there),
// target_map (also under the device's lock) and device_load (under the device's and the image
// registry's locks). device_unload, device_finalize and the tool's finalizer run once, at that
// call, no target event follows, and the program finishes its regions and exits normally (it
// deadlocked in the data-op, map and load cases).
// RUN: %compile-offload -DWHERE=1 && %run %t | %FileCheck %s
// RUN: %compile-offload -DWHERE=2 && %run %t | %FileCheck %s
// RUN: %compile-offload -DWHERE=3 && %run %t | %FileCheck %s
// RUN: %compile-offload -DWHERE=4 && %run %t | %FileCheck %s
// REQUIRES: offload, ompt
#include "tool.h"
#include <stdio.h>

static ompt_finalize_tool_t finalize_tool;
static int events, allocs, maps;

static void finalize_here(void) {
  printf("finalize_tool\n");
  finalize_tool();
  printf("finalize_tool returned\n");
}

static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t ep, int device,
                          ompt_data_t *task_data, ompt_data_t *target_task_data,
                          ompt_data_t *target_data, const void *codeptr) {
  printf("target_emi kind=%d %s\n", (int)kind, ep == ompt_scope_begin ? "begin" : "end");
  if (++events == 3 && WHERE == 1)
    finalize_here();
}

static void on_data_op(ompt_scope_endpoint_t ep, ompt_data_t *target_task_data,
                       ompt_data_t *target_data, ompt_id_t *host_op_id,
                       ompt_target_data_op_t optype, void *src, int src_device, void *dst,
                       int dst_device, size_t bytes, const void *codeptr) {
  printf("data_op %d\n", (int)optype);
  if (optype == ompt_target_data_alloc && ep == ompt_scope_begin && ++allocs == 2 && WHERE == 2)
    finalize_here();
}

static void on_map(ompt_id_t target_id, unsigned int nitems, void **host_addr, void **device_addr,
                   size_t *bytes, unsigned int *flags, const void *codeptr) {
  printf("target_map\n");
  if (++maps == 2 && WHERE == 3)
    finalize_here();
}

static void on_load(int device_num, const char *filename, int64_t offset, void *vma_in_file,
                    size_t bytes, void *host_addr, void *device_addr, uint64_t module_id) {
  printf("device_load %d\n", device_num);
  if (WHERE == 4)
    finalize_here();
}

static void on_unload(int device_num, uint64_t module_id) {
  printf("device_unload %d\n", device_num);
}

static void on_device_finalize(int device_num) {
  printf("device_finalize %d\n", device_num);
}

static int init(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *data) {
  finalize_tool = TOOL_LOOKUP(lookup, finalize_tool);
  TOOL_SET_ALL(lookup, TOOL_CB(target_emi, on_target_emi), TOOL_CB(target_data_op_emi, on_data_op),
               TOOL_CB(device_unload, on_unload), TOOL_CB(target_map, on_map),
               TOOL_CB(device_load, on_load), TOOL_CB(device_finalize, on_device_finalize));
  return 1;
}

TOOL_START(init, tool_finalize_print)

int main(void) {
  int x = 1;
#pragma omp target map(tofrom : x)
  x++;
#pragma omp target map(tofrom : x)
  x++;
#pragma omp target map(tofrom : x)
  x++;
  printf("x %d\n", x);
  return x != 4;
}
// CHECK: finalize_tool
// CHECK-NEXT: device_unload 0
// CHECK-NEXT: device_finalize 0
// CHECK-NEXT: tool fini
// CHECK-NEXT: finalize_tool returned
// CHECK-NEXT: x 4
// CHECK-NOT: {{.}}
