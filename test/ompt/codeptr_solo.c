// codeptr_ra of every event a team of one delivers is the user's call site: the traced short
// paths of a serialized team (static loops, static_fini, single, ordered, barrier, critical,
// locks, reduction, serialized regions) are reached by tail calls from frameless entry points,
// and none of them may report an address inside the runtime. Two threads take the general paths
// for comparison; there a worker's end-of-region barrier has no call site (NULL, as libomp:
// test/ompt/join_codeptr.c), so those lines are left out.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=1 %run-tool %t | %FileCheck %s --implicit-check-not=@libomp --implicit-check-not=@none
// RUN: env OMP_NUM_THREADS=2 %run-tool %t | grep -v 'kind=barrier_implicit_parallel' | %FileCheck %s --implicit-check-not=@libomp --implicit-check-not=@none
#include <omp.h>
#include <stdio.h>

static omp_lock_t lock;

int main(void) {
  int s = 0, r = 0;
  omp_init_lock(&lock);
#pragma omp parallel shared(s) reduction(+ : r)
  {
#pragma omp for schedule(static)
    for (int i = 0; i < 10; i++)
      __atomic_fetch_add(&s, i, __ATOMIC_RELAXED);
#pragma omp for schedule(static, 3) nowait
    for (int i = 0; i < 10; i++)
      __atomic_fetch_add(&s, i, __ATOMIC_RELAXED);
#pragma omp sections
    {
#pragma omp section
      s++;
#pragma omp section
      s++;
    }
#pragma omp for ordered schedule(static)
    for (int i = 0; i < 2; i++) {
#pragma omp ordered
      __atomic_fetch_add(&s, 1, __ATOMIC_RELAXED);
    }
#pragma omp single
    s++;
#pragma omp barrier
#pragma omp critical
    s++;
    omp_set_lock(&lock);
    s++;
    omp_unset_lock(&lock);
    r += 1;
#pragma omp parallel if (0)
    __atomic_fetch_add(&s, 1, __ATOMIC_RELAXED);
  }
  omp_destroy_lock(&lock);
  printf("s=%d r=%d\n", s, r);
  return 0;
}
// clang-format off
// CHECK: work_begin type=loop_static {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: work_end type=loop_static {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: sync_region_begin kind=barrier_implicit_workshare {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: sync_region_wait_begin kind=barrier_implicit_workshare {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: sync_region_end kind=barrier_implicit_workshare {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: work_begin type=sections {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: dispatch kind=section
// CHECK: work_end type=sections {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: mutex_acquire kind=ordered {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: mutex_acquired kind=ordered {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: mutex_released kind=ordered {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: work_begin type=single_{{executor|other}} {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: sync_region_begin kind=barrier_explicit {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: sync_region_end kind=barrier_explicit {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: mutex_acquire kind=critical {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: mutex_acquired kind=critical {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: mutex_released kind=critical {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: mutex_acquire kind=lock {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: mutex_acquired kind=lock {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: mutex_released kind=lock {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: reduction_begin {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: reduction_end {{.*}} codeptr={{.*}}@codeptr_solo.c.tmp
// CHECK: s=
// The codeptr of some fast paths relies on tail calls that ThreadSanitizer's function entry
// and exit hooks turn into calls.
// UNSUPPORTED: tsan
