// A variable a target region maps implicitly while one contiguous part of it is already mapped:
// only that part is mapped (OpenMP 5.1, 2.21.7.1), the region's reference to it is counted and
// dropped, and the device sees that part's copy. Two mapped parts are an error with a message.
// RUN: %compile-offload && %run %t | %FileCheck %s
// RUN: %not %run %t two 2>&1 | %FileCheck --check-prefix=TWO %s
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>
#include <string.h>

struct pair {
  int a, c;
};

static void two_parts(void) {
  int v[8] = {0};
#pragma omp target data map(to : v [1:2], v [5:2])
  {
    // TWO: omptarget fatal error: {{.*}}would extend an existing mapping
#pragma omp target
    v[3] = 1;
  }
  printf("not reached %d\n", v[3]);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "two")) {
    two_parts();
    return 0;
  }
  int dev = omp_get_default_device();
  int arr[100];
  for (int i = 0; i < 100; i++)
    arr[i] = i;
#pragma omp target data map(alloc : arr [50:2])
  {
#pragma omp target
    {
      arr[50] = -50;
      arr[51] = -51;
    }
    // CHECK: inside: 50 51 present 1 0
    printf("inside: %d %d present %d %d\n", arr[50], arr[51], omp_target_is_present(&arr[50], dev),
           omp_target_is_present(&arr[0], dev));
#pragma omp target update from(arr [50:2])
    // CHECK: device copy: -50 -51
    printf("device copy: %d %d\n", arr[50], arr[51]);
  }
  // The region's reference was dropped with the data region's.
  // CHECK: after: present 0
  printf("after: present %d\n", omp_target_is_present(&arr[50], dev));

  // A structure of which one member is mapped.
  struct pair p = {1, 2};
#pragma omp target data map(from : p.c)
  {
#pragma omp target
    p.c = 20;
  }
  // CHECK: member: 1 20
  printf("member: %d %d\n", p.a, p.c);
  return 0;
}
