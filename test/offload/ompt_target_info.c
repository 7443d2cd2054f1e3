// ompt_get_target_info inside target constructs: from the target, data-op, map and submit
// callbacks it answers the device, the construct's target_id (as the target callback gave it)
// and the host_op_id of the operation under way (0 between operations); outside any construct
// it answers 0. The kernel's own threads (its teams and their parallel regions, from their
// implicit_task callbacks) get the same answer: the construct's device and target_id, the
// kernel's host_op_id.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload, ompt
#include "tool.h"
#include <omp.h>
#include <pthread.h>
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

static ompt_id_t kernel_op; // the submit under way, 0 outside
static pthread_t main_thread;
static int in_kernel, right, wrong, from_workers;

static void on_submit(ompt_scope_endpoint_t ep, ompt_data_t *target_data, ompt_id_t *host_op_id,
                      unsigned int teams) {
  if (ep == ompt_scope_begin && !in_kernel)
    show("submit begin", current_target, *host_op_id);
  __atomic_store_n(&kernel_op, ep == ompt_scope_begin ? *host_op_id : 0, __ATOMIC_RELEASE);
}

static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *parallel_data,
                             ompt_data_t *task_data, unsigned int actual_parallelism,
                             unsigned int index, int flags) {
  ompt_id_t op = __atomic_load_n(&kernel_op, __ATOMIC_ACQUIRE);
  if (!op || ep != ompt_scope_begin)
    return;
  uint64_t dev = 99;
  ompt_id_t target = 99, host_op = 99;
  int ok = info(&dev, &target, &host_op) && dev == 2 && target == current_target && host_op == op;
  __atomic_fetch_add(ok ? &right : &wrong, 1, __ATOMIC_RELAXED);
  if (!pthread_equal(pthread_self(), main_thread))
    __atomic_fetch_add(&from_workers, 1, __ATOMIC_RELAXED);
}

static void on_map(ompt_id_t target_id, unsigned int nitems, void **host_addr, void **device_addr,
                   size_t *bytes, unsigned int *flags, const void *codeptr) {
  show("map", target_id, 0);
}

static int init(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *data) {
  info = TOOL_LOOKUP(lookup, get_target_info);
  TOOL_SET_ALL(lookup, TOOL_CB(target, on_target), TOOL_CB(target_data_op_emi, on_data_op),
               TOOL_CB(target_submit_emi, on_submit), TOOL_CB(target_map, on_map),
               TOOL_CB(implicit_task, on_implicit_task));
  return 1;
}

TOOL_START(init, tool_finalize_nothing)

int main(void) {
  int x = 1;
  printf("devices %d\n", omp_get_num_devices()); // starts the tool
  show("before", 99, 99);
#pragma omp target map(tofrom : x) device(1)
  x++;
  show("after", current_target, 99);
  main_thread = pthread_self();
  in_kernel = 1;
  int sum = 0;
#pragma omp target teams num_teams(2) thread_limit(2) device(2) map(tofrom : sum)
#pragma omp parallel num_threads(2) reduction(+ : sum)
  sum += 1;
  printf("kernel threads: sum>=2 %d, answers right>=%d %d, wrong %d, from workers>0 %d\n", sum >= 2,
         sum, right >= sum, wrong, from_workers > 0);
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
// CHECK: kernel threads: sum>=2 1, answers right>={{[0-9]+}} 1, wrong 0, from workers>0 1
