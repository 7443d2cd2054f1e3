// A tool whose initializer asks for the devices, in a program whose first OpenMP call is a
// target region: libomptarget's start-up reads OMP_TARGET_OFFLOAD from libomp, which starts
// the tool, which asks libomptarget for the devices while it is starting. libomptarget starts
// libomp before its devices, so the tool gets them (no deadlock), and device events follow.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload, ompt
#include "tool.h"
#include <omp.h>
#include <stdio.h>

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *doc) {
  printf("device_initialize %d %s\n", device_num, type);
}

static int init(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *data) {
  printf("tool init: devices %d\n", omp_get_num_devices());
  ompt_set_callback_t set = TOOL_LOOKUP(lookup, set_callback);
  printf("device_initialize registration %d\n",
         TOOL_SET(set, device_initialize, on_device_initialize));
  return 1;
}

TOOL_START(init, tool_finalize_print)

int main(void) {
  int x = 0;
#pragma omp target map(tofrom : x)
  x = 1;
  printf("x %d devices %d\n", x, omp_get_num_devices());
  return 0;
}
// CHECK: tool init: devices 4
// CHECK-NEXT: device_initialize registration 5
// CHECK-NEXT: device_initialize 0 x86_64-host
// CHECK-NEXT: x 1 devices 4
// CHECK-NEXT: tool fini
