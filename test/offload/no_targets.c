// A program built without -fopenmp-targets: with libomptarget linked, the device routines
// see the host devices and work without any registered image; without it, libomp answers
// that the host is the only device. Neither crashes (LLVM 19 and 22 segfault in the first).
// RUN: %compile -lomptarget -DWITH_TARGET && %run %t | %FileCheck %s --check-prefix=LINKED
// RUN: %compile && %run %t | %FileCheck %s --check-prefix=ALONE
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>

int main(void) {
  int n = omp_get_num_devices();
  printf("devices %d initial %d\n", n, omp_get_initial_device());
#ifdef WITH_TARGET
  int v = 42, back = 0;
  int *d = omp_target_alloc(sizeof v, 0);
  omp_target_memcpy(d, &v, sizeof v, 0, 0, 0, omp_get_initial_device());
  omp_target_memcpy(&back, d, sizeof v, 0, 0, omp_get_initial_device(), 0);
  omp_target_free(d, 0);
  printf("round trip %d\n", back);
#endif
  int x = 0;
#pragma omp target map(tofrom : x)
  x = 5;
  printf("region %d\n", x);
  return 0;
}
// LINKED: devices 4 initial 4
// LINKED: round trip 42
// LINKED: region 5
// ALONE: devices 0 initial 0
// ALONE: region 5
