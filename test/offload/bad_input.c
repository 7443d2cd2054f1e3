// Bad input gets a clear message and a defined outcome: a double or foreign omp_target_free is
// refused and the program goes on, and so is a mapper handle the runtime did not create; an
// invalid device number is refused by the memory routines, and a target region on a device that
// does not exist runs on the host (default policy) or stops the program (mandatory, and always
// for omp_invalid_device).
// RUN: %compile-offload && %run %t 2>&1 | %FileCheck %s
// RUN: %not env OMP_TARGET_OFFLOAD=mandatory %run %t 2>&1 | %FileCheck %s --check-prefix=MANDATORY
// RUN: %not %run %t invalid 2>&1 | %FileCheck %s --check-prefix=INVALID
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

// libomptarget's entry points for user-defined mappers, which compilers call from the mapper
// functions they generate.
void __tgt_push_mapper_component(void *handle, void *base, void *begin, int64_t size, int64_t type,
                                 void *name);
int64_t __tgt_mapper_num_components(void *handle);

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0); // one stream order for stdout and stderr
  void *p = omp_target_alloc(16, 0);
  omp_target_free(p, 0);
  // clang-format off
  // CHECK: omptarget error: omp_target_free: [[P:0x[0-9a-f]+]] is not memory omp_target_alloc returned for device 0 (freed twice?); ignored
  omp_target_free(p, 0);
  int local;
  // CHECK: omptarget error: omp_target_free: {{.*}} is not memory omp_target_alloc returned for device 0
  omp_target_free(&local, 0);
  // CHECK: omptarget error: omp_target_alloc: device 9 does not exist (devices are 0 to 3, 4 is the host)
  // CHECK: alloc on 9: 0
  printf("alloc on 9: %d\n", omp_target_alloc(16, 9) != NULL);
  // CHECK: omptarget error: omp_target_memcpy: device 17 does not exist
  // CHECK: memcpy rc nonzero 1
  printf("memcpy rc nonzero %d\n",
         omp_target_memcpy(&local, &local, 4, 0, 0, 17, omp_get_initial_device()) != 0);
  // CHECK: omptarget error: omp_target_disassociate_ptr: {{.*}} was not associated on device 0
  omp_target_disassociate_ptr(&local, 0);
  // A mapper handle the runtime did not create (only a mapper function it calls gets one).
  void *forged[8] = {0};
  // CHECK: omptarget error: __tgt_push_mapper_component: {{.*}} is not a mapper handle of this runtime; ignored
  __tgt_push_mapper_component(forged, &local, &local, 4, 3, NULL);
  // CHECK: omptarget error: __tgt_mapper_num_components: {{.*}} is not a mapper handle
  // CHECK: forged components 0
  printf("forged components %lld\n", (long long)__tgt_mapper_num_components(forged));

  int x = 1;
  if (argc > 1) {
    int invalid = omp_invalid_device;
    // INVALID: omptarget fatal error: {{.*}}bad_input.c:[[@LINE+1]]{{.*}}target: device number is omp_invalid_device
    #pragma omp target device(invalid) map(tofrom: x)
    x = 2;
    printf("not reached\n");
  }
  // The initial device named explicitly is the host, under mandatory too.
  int host = omp_get_initial_device();
  #pragma omp target device(host) map(tofrom: x)
  x += 100;
  // CHECK: initial x 101
  // MANDATORY: initial x 101
  printf("initial x %d\n", x);
  // A device that does not exist: the region runs on the host under the default policy.
  int seven = 7;
  // MANDATORY: omptarget fatal error: {{.*}}bad_input.c:[[@LINE+1]]{{.*}}target: device 7 is not available (4 device(s)) and OMP_TARGET_OFFLOAD is mandatory
  #pragma omp target device(seven) map(tofrom: x)
  x += 10;
  // CHECK: fallback x 111
  // MANDATORY-NOT: fallback
  printf("fallback x %d\n", x);
  return 0;
}
