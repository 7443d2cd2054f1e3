// Structures, their members and the pointers inside them; a user-defined mapper; pointers
// attached to their pointees; is_device_ptr, use_device_ptr and use_device_addr.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

struct vec {
  int n;
  double *d;
};
#pragma omp declare mapper(struct vec v) map(v, v.d [0:v.n])

struct pair {
  int a, b, c;
};

int main(void) {
  // Members only: b is not mapped, so the device writes to a and c alone come back.
  struct pair s = {1, 2, 3};
#pragma omp target map(tofrom : s.a, s.c)
  {
    s.a += 10;
    s.c += 30;
  }
  // CHECK: members 11 2 33
  printf("members %d %d %d\n", s.a, s.b, s.c);

  // A pointer member and its pointee: the device pointer points at the device pointee.
  struct vec v = {4, malloc(4 * sizeof(double))};
  for (int i = 0; i < 4; i++)
    v.d[i] = i;
#pragma omp target map(to : v) map(tofrom : v.d [0:4])
  for (int i = 0; i < v.n; i++)
    v.d[i] += 0.5;
  // CHECK: pointee 0.5 1.5 2.5 3.5
  printf("pointee %g %g %g %g\n", v.d[0], v.d[1], v.d[2], v.d[3]);

// The mapper maps the structure and its array together.
#pragma omp target map(tofrom : v)
  for (int i = 0; i < v.n; i++)
    v.d[i] *= 2;
  // CHECK: mapper 1 3 5 7
  printf("mapper %g %g %g %g\n", v.d[0], v.d[1], v.d[2], v.d[3]);

  // is_device_ptr: device memory from omp_target_alloc used directly.
  int dev = omp_get_default_device();
  int *dp = omp_target_alloc(4 * sizeof(int), dev), out[4];
#pragma omp target is_device_ptr(dp)
  for (int i = 0; i < 4; i++)
    dp[i] = i * i;
  omp_target_memcpy(out, dp, sizeof out, 0, 0, omp_get_initial_device(), dev);
  // CHECK: is_device_ptr 0 1 4 9
  printf("is_device_ptr %d %d %d %d\n", out[0], out[1], out[2], out[3]);
  omp_target_free(dp, dev);

  // use_device_ptr / use_device_addr give the device addresses, which differ from the host's.
  int *hp = malloc(4 * sizeof(int)), x = 0;
#pragma omp target data map(to : hp [0:4], x)
  {
    int *seen = NULL, *xaddr = NULL;
#pragma omp target data use_device_ptr(hp) use_device_addr(x)
    {
      seen = hp;
      xaddr = &x;
    }
    // CHECK: device addresses 1 1 1 1
    printf("device addresses %d %d %d %d\n", seen != hp, seen == omp_get_mapped_ptr(hp, dev),
           xaddr != &x, xaddr == omp_get_mapped_ptr(&x, dev));
  }
  free(hp);
  free(v.d);
  return 0;
}
