// omp_target_disassociate_ptr refuses, with a message, a pointer that a construct holds with
// ompx_hold: the construct keeps using the associated device memory, and the pointer is
// disassociated once the construct has ended.
// RUN: %compile-offload && %run %t 2>&1 | %FileCheck %s
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); // one stream order for stdout and stderr
  int dev = omp_get_default_device(), x = 1, seen = 0;
  int *x_dev = omp_target_alloc(sizeof x, dev);
  printf("associate %d\n", omp_target_associate_ptr(&x, x_dev, sizeof x, 0, dev));
  // CHECK: associate 0
#pragma omp target data map(ompx_hold, alloc : x)
  {
    // CHECK-NEXT: omptarget error: omp_target_disassociate_ptr: {{.*}} is held on device {{[0-9]+}}
    // by 1 ompx_hold reference(s); not disassociated CHECK-NEXT: held: refused 1, present 1
    int rc = omp_target_disassociate_ptr(&x, dev);
    printf("held: refused %d, present %d\n", rc != 0, omp_target_is_present(&x, dev));
#pragma omp target map(tofrom : x) map(from : seen)
    {
      x = 42;
      seen = 1;
    }
  }
  int back = 0;
  omp_target_memcpy(&back, x_dev, sizeof back, 0, 0, omp_get_initial_device(), dev);
  // The region wrote the associated memory, not the host's x.
  // CHECK-NEXT: device memory 42, host 1, ran 1
  printf("device memory %d, host %d, ran %d\n", back, x, seen);
  // CHECK-NEXT: after: disassociate 0, present 0
  int rc = omp_target_disassociate_ptr(&x, dev);
  printf("after: disassociate %d, present %d\n", rc, omp_target_is_present(&x, dev));
  omp_target_free(x_dev, dev);
  return 0;
}
