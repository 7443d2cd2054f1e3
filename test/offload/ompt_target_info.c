// ompt_get_target_info inside target constructs: from the target, data-op, map and submit
// callbacks it answers the device, the construct's target_id (as the target callback gave it)
// and the host_op_id of the operation under way (0 between operations); outside any construct
// it answers 0.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload, ompt
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>

static ompt_get_target_info_t info;

static void show(const char *where, unsigned long long expect_target, unsigned long long op) {
  uint64_t dev = 99;
  ompt_id_t target = 99, host_op = 99;
  int r = info(&dev, &target, &host_op);
  printf("%s: %d device %llu target %s host_op %s\n", where, r, (unsigned long long)dev,
         target == expect_target ? "same" : "DIFFERENT", host_op == op ? "same" : "DIFFERENT");
}

static ompt_id_t current_target;

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t ep, int device,
                      ompt_data_t *task_data, ompt_id_t target_id, const void *codeptr) {
  current_target = target_id;
  show(ep == ompt_scope_begin ? "target begin" : "target end", target_id, 0);
}

static void on_data_op(ompt_scope_endpoint_t ep, ompt_data_t *target_task_data,
                       ompt_data_t *target_data, ompt_id_t *host_op_id,
                       ompt_target_data_op_t optype, void *src, int src_device, void *dst,
                       int dst_device, size_t bytes, const void *codeptr) {
  if (ep == ompt_scope_begin)
    show("data_op begin", current_target, *host_op_id);
}

static void on_submit(ompt_scope_endpoint_t ep, ompt_data_t *target_data, ompt_id_t *host_op_id,
                      unsigned int teams) {
  if (ep == ompt_scope_begin)
    show("submit begin", current_target, *host_op_id);
}

static void on_map(ompt_id_t target_id, unsigned int nitems, void **host_addr, void **device_addr,
                   size_t *bytes, unsigned int *flags, const void *codeptr) {
  show("map", target_id, 0);
}

static int init(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *data) {
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  info = (ompt_get_target_info_t)lookup("ompt_get_target_info");
  set(ompt_callback_target, (ompt_callback_t)on_target);
  set(ompt_callback_target_data_op_emi, (ompt_callback_t)on_data_op);
  set(ompt_callback_target_submit_emi, (ompt_callback_t)on_submit);
  set(ompt_callback_target_map, (ompt_callback_t)on_map);
  return 1;
}

static void fini(ompt_data_t *data) {
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int version, const char *runtime) {
  static ompt_start_tool_result_t r = {init, fini, {0}};
  return &r;
}

int main(void) {
  int x = 1;
  printf("devices %d\n", omp_get_num_devices()); // starts the tool
  show("before", 99, 99);
#pragma omp target map(tofrom : x) device(1)
  x++;
  show("after", current_target, 99);
  return x != 2;
}
// CHECK: devices 4
// CHECK-NEXT: before: 0 device 99 target same host_op same
// CHECK-NEXT: target begin: 1 device 1 target same host_op same
// CHECK-NEXT: data_op begin: 1 device 1 target same host_op same
// CHECK-NEXT: data_op begin: 1 device 1 target same host_op same
// CHECK-NEXT: map: 1 device 1 target same host_op same
// CHECK-NEXT: submit begin: 1 device 1 target same host_op same
// CHECK-NEXT: data_op begin: 1 device 1 target same host_op same
// CHECK-NEXT: data_op begin: 1 device 1 target same host_op same
// CHECK-NEXT: target end: 1 device 1 target same host_op same
// CHECK-NEXT: after: 0 device 99 target DIFFERENT host_op same
