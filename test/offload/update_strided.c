// target update of strided sections (clang >= 22 passes them as non-contiguous descriptors;
// older clangs copy the enclosing contiguous range).
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload
// UNSUPPORTED: clang-14, clang-19
#include <stdio.h>

int main(void) {
  double arr[8], m[3][4];
  for (int i = 0; i < 8; i++)
    arr[i] = i;
  for (int i = 0; i < 12; i++)
    m[i / 4][i % 4] = i;
#pragma omp target enter data map(to : arr, m)
#pragma omp target
  {
    for (int i = 0; i < 8; i++)
      arr[i] = 100 + i;
    for (int i = 0; i < 12; i++)
      m[i / 4][i % 4] = 100 + i;
  }
#pragma omp target update from(arr [0:4:2])
  // CHECK: strided 100 1 102 3 104 5 106 7
  printf("strided");
  for (int i = 0; i < 8; i++)
    printf(" %g", arr[i]);
  printf("\n");
#pragma omp target update from(m [0:3] [0:2:2])
  // CHECK: rows 100 1 102 3 104 5 106 7 108 9 110 11
  printf("rows");
  for (int i = 0; i < 12; i++)
    printf(" %g", m[i / 4][i % 4]);
  printf("\n");
#pragma omp target exit data map(delete : arr, m)
  return 0;
}
