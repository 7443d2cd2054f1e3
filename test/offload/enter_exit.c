// target enter/exit data and target update: reference counts across constructs, release
// versus delete, always, and a strided update.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>

int main(void) {
  int dev = omp_get_default_device();
  int x = 1;
#pragma omp target enter data map(to : x)
#pragma omp target enter data map(to : x) // count 2, no copy
  x = 50;
#pragma omp target map(tofrom : x)
  x += 1;
  // CHECK: x 50 present 1
  printf("x %d present %d\n", x, omp_target_is_present(&x, dev));
#pragma omp target exit data map(release : x) // count 1
  // CHECK: after release present 1
  printf("after release present %d\n", omp_target_is_present(&x, dev));
#pragma omp target exit data map(from : x) // count 0: copied back, removed
  // CHECK: after from 2 present 0
  printf("after from %d present %d\n", x, omp_target_is_present(&x, dev));

  int y = 3;
#pragma omp target enter data map(to : y)
#pragma omp target enter data map(to : y)
#pragma omp target map(tofrom : y)
  y = 4;
#pragma omp target exit data map(delete : y) // the count drops to zero at once
  // CHECK: delete y 3 present 0
  printf("delete y %d present %d\n", y, omp_target_is_present(&y, dev));

  int z = 5;
#pragma omp target enter data map(to : z)
#pragma omp target map(tofrom : z)
  z = 6;
#pragma omp target exit data map(always, from : z) map(release : z)
  // CHECK: always from 6
  printf("always from %d\n", z);
#pragma omp target exit data map(delete : z)

  double arr[8];
  for (int i = 0; i < 8; i++)
    arr[i] = i;
#pragma omp target enter data map(to : arr)
#pragma omp target
  for (int i = 0; i < 8; i++)
    arr[i] = 100 + i;
  for (int i = 0; i < 8; i++)
    arr[i] = -i;
#pragma omp target update to(arr [2:3])
#pragma omp target exit data map(from : arr)
  // CHECK: section 100 101 -2 -3 -4 105 106 107
  printf("section");
  for (int i = 0; i < 8; i++)
    printf(" %g", arr[i]);
  printf("\n");

  // An update of data that is not mapped does nothing.
  int absent = 7;
#pragma omp target update from(absent)
  // CHECK: absent 7
  printf("absent %d\n", absent);
  return 0;
}
