// A lambda called in a target region: the region gets a private copy of the lambda, whose
// captures by reference must point to the device copies of the objects they name, so that
// what the lambda writes there comes back with them. Compiled as C++.
// RUN: %cc %flags -fopenmp-targets=x86_64-unknown-linux-gnu -x c++ %s -o %t
// RUN: %run %t | %FileCheck %s
// REQUIRES: offload
#include <stdio.h>

#define N 100

int main() {
  double x[N], y[N];
  int sum = 0;
  for (int i = 0; i < N; i++)
    x[i] = i, y[i] = -1;
  auto body = [&](int i) { y[i] = 2 * x[i]; };
  // Mapped by the enclosing data region; the lambda only names them.
#pragma omp target data map(to : x) map(tofrom : y)
  {
#pragma omp target
    for (int i = 0; i < N; i++)
      body(i);
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += y[i] != 2.0 * i;
  // CHECK: mapped by the data region: 0 wrong
  printf("mapped by the data region: %d wrong\n", bad);

  // Mapped implicitly by the target region itself; a capture by value travels in the copy.
  int step = 5;
  auto add = [&sum, step]() { sum += step; };
#pragma omp target
  {
    add();
    add();
  }
  // CHECK: mapped implicitly: 10
  printf("mapped implicitly: %d\n", sum);
  return 0;
}
