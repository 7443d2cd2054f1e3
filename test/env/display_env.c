// OMP_DISPLAY_ENV=true|verbose prints the initial ICVs in the spec's format; values set in the
// environment show up.
// RUN: %compile
// RUN: env OMP_DISPLAY_ENV=true OMP_NUM_THREADS=3,2 OMP_SCHEDULE=guided,4 OMP_THREAD_LIMIT=9 OMP_DYNAMIC=true \
// RUN:   %run %t 2>&1 | %FileCheck %s
// RUN: env OMP_DISPLAY_ENV=VERBOSE KMP_BLOCKTIME=7 %run %t 2>&1 | %FileCheck %s --check-prefix=VERBOSE
// RUN: %run %t 2>&1 | %FileCheck %s --check-prefix=API
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int max = omp_get_max_threads(); // the first call initializes (and displays)
  if (!getenv("OMP_DISPLAY_ENV"))
    omp_display_env(0);
  printf("done %d\n", max > 0);
  return 0;
}
// CHECK: OPENMP DISPLAY ENVIRONMENT BEGIN
// CHECK-NEXT: _OPENMP='202011'
// CHECK: [host] OMP_DISPLAY_ENV='TRUE'
// CHECK: [host] OMP_DYNAMIC='TRUE'
// CHECK: [host] OMP_MAX_ACTIVE_LEVELS='2147483647'
// CHECK: [host] OMP_NUM_THREADS='3,2'
// CHECK: [host] OMP_SCHEDULE='GUIDED,4'
// CHECK: [host] OMP_THREAD_LIMIT='9'
// CHECK: [host] OMP_TOOL='enabled'
// CHECK: OPENMP DISPLAY ENVIRONMENT END
// CHECK: done 1
// VERBOSE: OPENMP DISPLAY ENVIRONMENT BEGIN
// VERBOSE: [host] OMP_DISPLAY_ENV='VERBOSE'
// VERBOSE: [host] KMP_BLOCKTIME='7'
// VERBOSE: OPENMP DISPLAY ENVIRONMENT END
// API: OPENMP DISPLAY ENVIRONMENT BEGIN
// API: [host] OMP_DISPLAY_ENV='FALSE'
// API: [host] OMP_MAX_ACTIVE_LEVELS='1'
// API: OPENMP DISPLAY ENVIRONMENT END
// API-NEXT: done 1
