// API routines given bad arguments warn and keep the old value; they never crash.
// RUN: %compile && %run %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int before = omp_get_max_threads();
  omp_set_num_threads(0);
  omp_set_num_threads(-3);
  omp_set_max_active_levels(-1);
  omp_set_schedule((omp_sched_t)77, 3);
  printf("max=%d same=%d mal=%d team_size(-1)=%d team_size(9)=%d ancestor(5)=%d\n",
         omp_get_max_threads(), omp_get_max_threads() == before, omp_get_max_active_levels(),
         omp_get_team_size(-1), omp_get_team_size(9), omp_get_ancestor_thread_num(5));
  return 0;
}
// CHECK: OMP: Warning: omp_set_num_threads(0): the value must be positive; ignored
// CHECK: OMP: Warning: omp_set_num_threads(-3): the value must be positive; ignored
// CHECK: OMP: Warning: omp_set_max_active_levels(-1): the value must be non-negative; ignored
// CHECK: OMP: Warning: omp_set_schedule: unknown schedule kind 77; ignored
// CHECK: max={{[0-9]+}} same=1 mal=1 team_size(-1)=-1 team_size(9)=-1 ancestor(5)=-1
