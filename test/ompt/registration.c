// ompt_set_callback answers truthfully for every callback; the enumerations list exactly the
// states and mutex implementations the runtime uses.
// REQUIRES: ompt
// RUN: %compile && env GLASS_PRINTER_REGISTRATION=1 %run-tool %t | %FileCheck %s
#include <omp.h>
int main(void) { return omp_get_max_threads() < 1; }
// CHECK: set_callback thread_begin=always
// CHECK: set_callback thread_end=always
// CHECK: set_callback parallel_begin=always
// CHECK: set_callback parallel_end=always
// CHECK: set_callback task_create=always
// CHECK: set_callback task_schedule=always
// CHECK: set_callback implicit_task=always
// CHECK: set_callback control_tool=always
// CHECK: set_callback sync_region_wait=always
// CHECK: set_callback sync_region=always
// CHECK: state ompt_state_work_serial=0x0
// CHECK-NEXT: state ompt_state_work_parallel=0x1
// CHECK-NEXT: state ompt_state_wait_barrier_implicit_parallel=0x11
// CHECK-NEXT: state ompt_state_wait_barrier_implicit_workshare=0x12
// CHECK-NEXT: state ompt_state_wait_barrier_explicit=0x14
// CHECK-NEXT: state ompt_state_wait_barrier_implementation=0x15
// CHECK-NEXT: state ompt_state_wait_taskwait=0x20
// CHECK-NEXT: state ompt_state_wait_taskgroup=0x21
// CHECK-NEXT: state ompt_state_idle=0x100
// CHECK-NEXT: state ompt_state_overhead=0x101
// CHECK-NOT: 0: state ompt
