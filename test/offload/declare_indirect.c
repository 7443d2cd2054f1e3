// `declare target indirect` on the host device: a function pointer that the target construct
// captures (mapped as a zero-length section) becomes the device function's address, read from
// the indirect entry's device symbol, so the call runs the device's copy of the function: it
// counts in the device's copy of a declare target variable, not the host's. Which function is
// chosen at run time on the host. (A function pointer that reaches the device inside mapped
// data is not translated: clang emits no lookup in x86-64 device code.)
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload
// UNSUPPORTED: clang-14
#include <stdio.h>

int hits = 0;
#pragma omp declare target(hits)

#pragma omp begin declare target indirect
int twice(int x) {
  hits++;
  return 2 * x;
}
int thrice(int x) {
  hits += 10;
  return 3 * x;
}
#pragma omp end declare target

int main(void) {
  int (*fns[2])(int) = {twice, thrice};
  int r[2] = {0, 0};
  for (int k = 0; k < 2; k++) {
    int (*f)(int) = fns[k];
#pragma omp target map(tofrom : r [k:1])
    r[k] = f(7);
  }
  int dev_hits = -1;
#pragma omp target map(from : dev_hits)
  dev_hits = hits;
  // CHECK: r 14 21 host hits 0 device hits 11
  printf("r %d %d host hits %d device hits %d\n", r[0], r[1], hits, dev_hits);
  return 0;
}
