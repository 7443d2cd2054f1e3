// Threads making, using, asking and destroying interop objects at once, on the same and on
// different devices, and all of them asking one shared object: every answer is right and every
// object is destroyed exactly once.
// RUN: %compile-offload && %run %t 2>&1 | %FileCheck %s
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>

#define ROUNDS 200

static int check(omp_interop_t obj, int dev, int sync) {
  int rc_dev, rc_sync;
  int got = (int)omp_get_interop_int(obj, omp_ipr_device_num, &rc_dev);
  void *s = omp_get_interop_ptr(obj, omp_ipr_targetsync, &rc_sync);
  int sync_ok = sync ? s == obj && rc_sync == omp_irc_success : !s && rc_sync == omp_irc_no_value;
  return got == dev && rc_dev == omp_irc_success && sync_ok;
}

int main(void) {
  omp_interop_t shared = omp_interop_none;
#pragma omp interop init(targetsync : shared) device(2)
  int bad = 0;
#pragma omp parallel num_threads(4) reduction(+ : bad)
  {
    int dev = omp_get_thread_num() % 4;
    for (int i = 0; i < ROUNDS; i++) {
      omp_interop_t a = omp_interop_none, b = omp_interop_none;
#pragma omp interop init(targetsync : a) device(dev)
#pragma omp interop init(target : b) device(dev)
      bad += !check(a, dev, 1) + !check(b, dev, 0) + !check(shared, 2, 1);
#pragma omp interop use(a)
#pragma omp interop destroy(a)
#pragma omp interop destroy(b)
      bad += a != omp_interop_none || b != omp_interop_none;
    }
  }
  printf("wrong answers %d\n", bad);
  // CHECK: wrong answers 0
#pragma omp interop destroy(shared)
  printf("shared none %d\n", shared == omp_interop_none);
  // CHECK-NEXT: shared none 1
  // CHECK-NOT: omptarget error
  return 0;
}
