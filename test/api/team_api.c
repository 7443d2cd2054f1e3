// The omp_* routines of the thread-team level, and their Fortran entry names.
// RUN: %compile && env OMP_NUM_THREADS=3 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

// Fortran entry points (by reference, trailing underscore), as gfortran calls them.
int omp_get_thread_num_(void);
int omp_get_num_threads_(void);
int omp_get_max_threads_(void);
void omp_set_num_threads_(int *);
int omp_get_level_(void);
int omp_get_ancestor_thread_num_(int *);
int omp_get_team_size_(int *);
double omp_get_wtime_(void);

int main(void) {
  printf("serial: num=%d tid=%d max=%d in_par=%d level=%d active=%d dyn=%d nested=%d\n",
         omp_get_num_threads(), omp_get_thread_num(), omp_get_max_threads(), omp_in_parallel(),
         omp_get_level(), omp_get_active_level(), omp_get_dynamic(), omp_get_nested());
  printf("limits: thread_limit=%d supported=%d max_active=%d procs_ok=%d\n",
         omp_get_thread_limit(), omp_get_supported_active_levels(), omp_get_max_active_levels(),
         omp_get_num_procs() >= 1);

  omp_set_num_threads(2);
  int n = 0, inner_max = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
      n = omp_get_num_threads();
      omp_set_num_threads(4); // only this implicit task's ICV
      inner_max = omp_get_max_threads();
    }
  }
  printf("set_num_threads: team=%d inner_max=%d outer_max=%d\n", n, inner_max,
         omp_get_max_threads());

  omp_set_dynamic(1);
  printf("dynamic: %d\n", omp_get_dynamic());
  omp_set_dynamic(0);
  omp_set_max_active_levels(3);
  printf("max_active: %d nested=%d\n", omp_get_max_active_levels(), omp_get_nested());
  omp_set_nested(0);
  printf("after set_nested(0): %d\n", omp_get_max_active_levels());
  omp_set_max_active_levels(2);

  int fnum = 0, fsize = 0, fanc = -1;
  int one = 1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num_() == 1) {
      fnum = omp_get_num_threads_();
      fsize = omp_get_team_size_(&one);
      fanc = omp_get_ancestor_thread_num_(&one);
    }
  }
  int four = 4;
  omp_set_num_threads_(&four);
  printf("fortran: num=%d size=%d anc=%d max=%d level=%d\n", fnum, fsize, fanc,
         omp_get_max_threads_(), omp_get_level_());

  double t0 = omp_get_wtime(), t1 = omp_get_wtime_();
  printf("wtime: monotonic=%d tick_ok=%d\n", t1 >= t0, omp_get_wtick() > 0 && omp_get_wtick() < 0.01);

  omp_sched_t kind;
  int chunk;
  omp_set_schedule(omp_sched_dynamic, 5);
  omp_get_schedule(&kind, &chunk);
  printf("schedule: kind=%d chunk=%d\n", (int)kind, chunk);
  omp_set_schedule(omp_sched_guided, 0);
  omp_get_schedule(&kind, &chunk);
  printf("schedule: kind=%d chunk=%d\n", (int)kind, chunk);
  printf("explicit_task=%d\n", omp_in_explicit_task());
  return 0;
}
// CHECK: serial: num=1 tid=0 max=3 in_par=0 level=0 active=0 dyn=0 nested=0
// CHECK-NEXT: limits: thread_limit=2147483647 supported=2147483647 max_active=1 procs_ok=1
// CHECK-NEXT: set_num_threads: team=2 inner_max=4 outer_max=2
// CHECK-NEXT: dynamic: 1
// CHECK-NEXT: max_active: 3 nested=1
// CHECK-NEXT: after set_nested(0): 1
// CHECK-NEXT: fortran: num=2 size=2 anc=1 max=4 level=0
// CHECK-NEXT: wtime: monotonic=1 tick_ok=1
// CHECK-NEXT: schedule: kind=2 chunk=5
// CHECK-NEXT: schedule: kind=3 chunk=1
// CHECK-NEXT: explicit_task=0
