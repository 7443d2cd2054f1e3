// Device routines without an offload runtime: the host is the only device. omp_pause_resource
// releases the idle workers; the next region creates them again and computes correctly.
// kmp_* controls programs written for libomp call.
// RUN: %compile && env OMP_NUM_THREADS=3 %run %t | %FileCheck %s
#include "os_threads.h"
#include <omp.h>
#include <stdio.h>

static int region(void) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp atomic
    n++;
  }
  return n;
}

int main(void) {
  printf("devices=%d initial=%d default=%d is_initial=%d device_num=%d\n", omp_get_num_devices(),
         omp_get_initial_device(), omp_get_default_device(), omp_is_initial_device(),
         omp_get_device_num());
  omp_set_default_device(3);
  printf("default now %d\n", omp_get_default_device());
  int a = region();
  int before = os_threads();
  int rc = omp_pause_resource_all(omp_pause_soft);
  int after = os_threads_settled(1);
  int b = region();
  printf("pause: rc=%d threads %d -> %d, regions %d %d\n", rc, before, after, a, b);
  printf("pause bad device: %d\n", omp_pause_resource(omp_pause_hard, 42) != 0);
  kmp_set_blocktime(5);
  printf("blocktime=%d\n", kmp_get_blocktime());
  kmp_set_stacksize_s(4 << 20);
  printf("stacksize=%zu\n", kmp_get_stacksize_s());
  return 0;
}
// CHECK: devices=0 initial=0 default=0 is_initial=1 device_num=0
// CHECK-NEXT: default now 3
// CHECK-NEXT: pause: rc=0 threads 3 -> 1, regions 3 3
// CHECK-NEXT: pause bad device: 1
// CHECK-NEXT: blocktime=5
// CHECK-NEXT: stacksize=4194304
// Counts the process's threads: ThreadSanitizer adds one of its own.
// UNSUPPORTED: tsan
