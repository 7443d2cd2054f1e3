// Nested parallel regions: the inner regions' slices nest inside the outer implicit tasks on
// the threads that encountered them, and the inner teams' workers get their own tracks.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_MAX_ACTIVE_LEVELS=2 %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --runtime Glass --count parallel=3 --count "implicit task=6" \
// RUN:   --threads ">=4" --inside "barrier=implicit task"
#include <omp.h>
#include <stdio.h>

int main(void) {
  int inner[2] = {0, 0};
#pragma omp parallel num_threads(2)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(2)
    {
#pragma omp barrier
#pragma omp atomic
      inner[outer]++;
    }
  }
  printf("inner %d %d\n", inner[0], inner[1]);
  // CHECK: inner 2 2
  return 0;
}
