// Places from OMP_PLACES (abstract names with counts, explicit lists with intervals and
// exclusions), binding with proc_bind primary/close/spread, the place routines, and affinity
// display. This machine may have few processors: the checks use what exists.
// RUN: %compile
// RUN: env OMP_PLACES=threads %run %t | %FileCheck %s --check-prefix=THREADS
// RUN: env OMP_PLACES="{0},{1}" OMP_PROC_BIND=close OMP_NUM_THREADS=2 %run %t | %FileCheck %s --check-prefix=CLOSE
// RUN: env OMP_PLACES="{0:2}" %run %t | %FileCheck %s --check-prefix=ONE
// RUN: env OMP_PLACES="{0}:2:1" OMP_PROC_BIND=spread OMP_NUM_THREADS=2 %run %t | %FileCheck %s --check-prefix=SPREAD
// RUN: env OMP_PLACES="threads(1)" %run %t | %FileCheck %s --check-prefix=COUNT
// RUN: env OMP_PLACES="{0},{1},!{1}" %run %t | %FileCheck %s --check-prefix=EXCL
// RUN: env OMP_PLACES="{0" %run %t 2>&1 | %FileCheck %s --check-prefix=BAD
// RUN: env OMP_PLACES="{0},{1}" OMP_PROC_BIND=close OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true \
// RUN:   OMP_AFFINITY_FORMAT="aff %n/%N on {%A} L%L" %run %t 2>%t.err | %FileCheck %s --check-prefix=DISPLAY
#include <omp.h>
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int np = omp_get_num_places();
  printf("places=%d bind=%d\n", np, (int)omp_get_proc_bind());
  for (int p = 0; p < np; p++) {
    int ids[64];
    omp_get_place_proc_ids(p, ids);
    printf("place %d: %d procs, first %d\n", p, omp_get_place_num_procs(p), ids[0]);
  }
  int where[8] = {-1, -1, -1, -1, -1, -1, -1, -1}, parts[8] = {0};
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
    where[t] = omp_get_place_num();
    parts[t] = omp_get_partition_num_places();
  }
  printf("bound: %d %d partitions: %d %d\n", where[0], where[1], parts[0], parts[1]);
  int masters[2] = {-2, -2};
#pragma omp parallel num_threads(2) proc_bind(master)
  masters[omp_get_thread_num()] = omp_get_place_num();
  printf("primary: %d %d\n", masters[0], masters[1]);
  char buf[128];
  size_t n = omp_capture_affinity(buf, sizeof buf, "T%0.3n of %N");
  printf("capture: %s (%zu)\n", buf, n);
  return 0;
}
// OMP_PLACES without OMP_PROC_BIND binds (bind-var true, as in libomp).
// THREADS: places=2 bind=1
// THREADS: place 0: 1 procs, first 0
// THREADS: place 1: 1 procs, first 1
// THREADS: bound: 0 1 partitions: 2 2
// CLOSE: places=2 bind=3
// CLOSE: bound: 0 1 partitions: 2 2
// CLOSE: primary: 0 0
// ONE: places=1 bind=1
// ONE: place 0: 2 procs, first 0
// SPREAD: places=2 bind=4
// SPREAD: bound: 0 1 partitions: 1 1
// COUNT: places=1
// EXCL: places=1
// BAD: OMP: Warning: OMP_PLACES="{0" is invalid
// BAD: places=2
// DISPLAY-DAG: aff 0/2 on {0} L1
// DISPLAY-DAG: aff 1/2 on {1} L1
// DISPLAY: capture: T000 of 1 (9)
