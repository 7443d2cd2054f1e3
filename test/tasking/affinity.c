// The affinity clause is accepted (a hint): tasks with it run once each, with their results.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[1000] = {0};
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 100; i++) {
#pragma omp task affinity(a[i * 10 : 10]) shared(a) firstprivate(i)
    for (int k = 0; k < 10; k++)
      a[i * 10 + k] += i;
  }
  long s = 0;
  for (int i = 0; i < 1000; i++)
    s += a[i];
  // CHECK: sum=49500
  printf("sum=%ld\n", s);
  return s != 49500;
}
