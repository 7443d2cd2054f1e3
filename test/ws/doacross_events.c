// A doacross loop's depend(sink) and depend(source) each deliver a dependences event for the
// implicit task: one dependence per loop dimension, typed sink or source, whose value is the
// iteration number in that dimension (as libomp). A sink outside the iteration space is
// ignored and has no event. Also in a team of one (libomp reports none there) and with a
// stride and lower bound that make iteration numbers differ from the loop variable.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=1 %run-tool %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run-tool %t | %FileCheck %s --check-prefix=TWO
#include <omp.h>
#include <stdio.h>

int a[4][4];

int main(void) {
#pragma omp parallel
#pragma omp for ordered(2) schedule(static)
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
      a[i][j] = (i ? a[i - 1][j] : 0) + (j ? a[i][j - 1] : 0) + 1;
#pragma omp ordered depend(source)
    }
  printf("a11=%d\n", a[1][1]);
  fflush(stdout);
  // Loop variable 10, 13, 16 (iteration numbers 0, 1, 2), one dimension.
#pragma omp parallel num_threads(1)
#pragma omp for ordered(1)
  for (int k = 10; k < 18; k += 3) {
#pragma omp ordered depend(sink : k - 3)
    a[0][0]++;
#pragma omp ordered depend(source)
  }
  return 0;
}
// clang-format off
// (0,0): both sinks outside; (0,1) waits for (0,0); (1,0) for (0,0); (1,1) for (0,1) and (1,0).
// CHECK: dependences task=[[T:[0-9]+]] ndeps=2 deps=source:(nil),source:(nil)
// CHECK-NEXT: dependences task=[[T]] ndeps=2 deps=sink:(nil),sink:(nil)
// CHECK-NEXT: dependences task=[[T]] ndeps=2 deps=source:(nil),source:0x1
// CHECK-NEXT: dependences task=[[T]] ndeps=2 deps=sink:(nil),sink:(nil)
// CHECK-NEXT: dependences task=[[T]] ndeps=2 deps=source:0x1,source:(nil)
// CHECK-NEXT: dependences task=[[T]] ndeps=2 deps=sink:(nil),sink:0x1
// CHECK-NEXT: dependences task=[[T]] ndeps=2 deps=sink:0x1,sink:(nil)
// CHECK-NEXT: dependences task=[[T]] ndeps=2 deps=source:0x1,source:0x1
// CHECK: a11=5
// CHECK: dependences task=[[K:[0-9]+]] ndeps=1 deps=source:(nil)
// CHECK-NEXT: dependences task=[[K]] ndeps=1 deps=sink:(nil)
// CHECK-NEXT: dependences task=[[K]] ndeps=1 deps=source:0x1
// CHECK-NEXT: dependences task=[[K]] ndeps=1 deps=sink:0x1
// CHECK-NEXT: dependences task=[[K]] ndeps=1 deps=source:0x2
// CHECK-NOT: dependences
// TWO-DAG: deps=source:(nil),source:(nil)
// TWO-DAG: deps=source:(nil),source:0x1
// TWO-DAG: deps=source:0x1,source:(nil)
// TWO-DAG: deps=source:0x1,source:0x1
// TWO-DAG: deps=sink:(nil),sink:0x1
// TWO-DAG: deps=sink:0x1,sink:(nil)
// TWO: a11=5
// clang-format on
