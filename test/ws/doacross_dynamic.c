// Doacross loops (ordered(n) with depend sink/source) under dynamic and guided schedules: the
// dependence bits and the dispatch state are two constructs' worth of slots, and many such
// loops in a row (more than the team has slots, with nowait) must neither hang nor lose an
// ordering. Each chain value checks that every sink waited for its source.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

#define N 97
#define ROUNDS 60

static int a[N], g[N], grid[12][12];

int main(void) {
  long dyn = 0, gui = 0, nest = 0;
  for (int r = 0; r < ROUNDS; r++) {
#pragma omp parallel for ordered(1) schedule(dynamic, 3)
    for (int i = 1; i < N; i++) {
#pragma omp ordered depend(sink : i - 1)
      a[i] = a[i - 1] + 1;
#pragma omp ordered depend(source)
    }
    dyn += a[N - 1];
  }
#pragma omp parallel
  for (int r = 0; r < ROUNDS; r++) {
#pragma omp for ordered(1) schedule(guided) nowait
    for (int i = 1; i < N; i++) {
#pragma omp ordered depend(sink : i - 1)
      g[i] = g[i - 1] + 1;
#pragma omp ordered depend(source)
    }
#pragma omp barrier
#pragma omp single
    gui += g[N - 1];
  }
  for (int r = 0; r < 10; r++) {
#pragma omp parallel for ordered(2) schedule(dynamic)
    for (int i = 1; i < 12; i++)
      for (int j = 1; j < 12; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
        grid[i][j] = (grid[i - 1][j] > grid[i][j - 1] ? grid[i - 1][j] : grid[i][j - 1]) + 1;
#pragma omp ordered depend(source)
      }
    nest += grid[11][11];
  }
  // CHECK: dynamic 5760 guided 5760 nested 210
  printf("dynamic %ld guided %ld nested %ld\n", dyn, gui, nest);
  return 0;
}
