// Every map kind on a host device whose memory is separate from the host's: what is copied in,
// what is copied back and when (reference counts), and what a missing map leaves behind.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int to = 1, from = 2, tofrom = 3, alloc = 4;
// to: the device sees the value; its change stays on the device.
#pragma omp target map(to : to) map(from : from) map(tofrom : tofrom) map(alloc : alloc)
  {
    to += 10;
    from = 20;
    tofrom += 30;
    alloc = 40;
  }
  // CHECK: to 1 from 20 tofrom 33 alloc 4
  printf("to %d from %d tofrom %d alloc %d\n", to, from, tofrom, alloc);

  // Inside target data the count is 2: the inner region's from does not copy back.
  int a = 5;
#pragma omp target data map(tofrom : a)
  {
#pragma omp target map(tofrom : a)
    a += 1;
    // CHECK: inside data 5
    printf("inside data %d\n", a);
    a = 100; // the device keeps 6: no copy-in either
#pragma omp target map(tofrom : a)
    a += 1;
    // CHECK: still 100
    printf("still %d\n", a);
// always copies in both directions regardless of the count.
#pragma omp target map(always, tofrom : a)
    a += 1;
    // CHECK: always 101
    printf("always %d\n", a);
  }
  // CHECK: after data 101
  printf("after data %d\n", a);

  // Arrays and pointer sections.
  int n = 8, *p = malloc(n * sizeof *p), arr[8];
  for (int i = 0; i < n; i++)
    p[i] = i, arr[i] = -i;
#pragma omp target map(tofrom : p [2:4]) map(tofrom : arr)
  for (int i = 2; i < 6; i++) {
    p[i] *= 10;
    arr[i] = p[i];
  }
  // CHECK: p 0 1 20 30 40 50 6 7 arr 0 -1 20 30 40 50 -6 -7
  printf("p");
  for (int i = 0; i < n; i++)
    printf(" %d", p[i]);
  printf(" arr");
  for (int i = 0; i < n; i++)
    printf(" %d", arr[i]);
  printf("\n");

  // firstprivate: the device works on a copy, the host value stays.
  int fp[4] = {1, 2, 3, 4}, scalar = 7, sum = 0;
#pragma omp target firstprivate(fp, scalar) map(tofrom : sum)
  {
    for (int i = 0; i < 4; i++)
      fp[i] *= scalar, sum += fp[i];
    scalar = 0;
  }
  // CHECK: firstprivate 1 2 3 4 7 sum 70
  printf("firstprivate %d %d %d %d %d sum %d\n", fp[0], fp[1], fp[2], fp[3], scalar, sum);

  // ompx_hold keeps the data through an exit data delete.
  int h = 1;
#pragma omp target data map(ompx_hold, tofrom : h)
  {
#pragma omp target exit data map(delete : h)
    // CHECK: held 1
    printf("held %d\n", omp_target_is_present(&h, omp_get_default_device()));
#pragma omp target map(tofrom : h)
    h = 9;
  }
  // CHECK: hold 9
  printf("hold %d\n", h);
  free(p);
  return 0;
}
