// A pointer whose array section p[lo:n] is mapped with lo > 0 reaches that section through
// its value p, which lies before the mapped storage: when the pointer is captured implicitly by
// a target region and when it appears in use_device_ptr. Indexes inside the section then land
// in the device copy.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N   64
#define LO  16
#define LEN 32

int main(void) {
  int dev = omp_get_default_device();
  float *a = malloc(N * sizeof *a), *c = malloc(N * sizeof *c);
  for (int i = 0; i < N; i++)
    a[i] = (float)i, c[i] = -1;
#pragma omp target enter data map(to : a [LO:LEN]) map(alloc : c [LO:LEN])
  // The device must read its copy, taken before this change of the host array.
  for (int i = 0; i < N; i++)
    a[i] = -100;
#pragma omp target
  for (int i = LO; i < LO + LEN; i++)
    c[i] = 2 * a[i];
#pragma omp target exit data map(from : c [LO:LEN]) map(delete : a [LO:LEN])
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += c[i] != (i >= LO && i < LO + LEN ? 2.0f * i : -1.0f);
  // CHECK: implicit capture: 0 wrong
  printf("implicit capture: %d wrong\n", bad);

  // use_device_ptr: the device address of a[0], as far before the device copy as a is
  // before a[LO]; not the host address.
#pragma omp target enter data map(to : a [LO:LEN])
  float *a_dev = NULL;
#pragma omp target data use_device_ptr(a)
  a_dev = a;
  // CHECK: use_device_ptr: translated 1, lines up 1
  printf("use_device_ptr: translated %d, lines up %d\n", a_dev != NULL && a_dev != a,
         a_dev + LO == omp_get_mapped_ptr(&a[LO], dev));
  // The host address of a[0] is not mapped itself.
  // CHECK: a[0] present 0, a[LO] present 1
  printf("a[0] present %d, a[LO] present %d\n", omp_target_is_present(a, dev),
         omp_target_is_present(&a[LO], dev));
#pragma omp target exit data map(delete : a [LO:LEN])

  // A pointer just past a mapped section and before the next one's base is not matched: it
  // keeps its host value (on the host device that is still usable memory).
  float *b = malloc(N * sizeof *b);
  float *past = &b[LO + LEN];
#pragma omp target enter data map(to : b [LO:LEN])
  float *past_dev = NULL;
#pragma omp target data use_device_ptr(past)
  past_dev = past;
  // CHECK: past the end: kept 1
  printf("past the end: kept %d\n", past_dev == past);
#pragma omp target exit data map(delete : b [LO:LEN])
  free(a), free(b), free(c);
  return 0;
}
