// codeptr_ra of the barrier that ends a parallel region, as libomp reports it (and LLVM's
// ompt-multiplex tests and OMPT barrier tests expect): the master's begin names the region's
// call site, and so does its end unless the join ran the region's deferred tasks; a worker's
// join is NULL throughout, since it made no call there. OpenMP 5.1 lets codeptr_ra be NULL
// where attribution is impossible or inappropriate. A barrier inside the region that ran the
// tasks leaves the join with nothing to run: its end names the call site again.
// REQUIRES: ompt
// RUN: %compile && %run-tool %t | %sort-threads | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int x = 0;
#pragma omp parallel num_threads(2)
  __atomic_fetch_add(&x, 1, __ATOMIC_RELAXED);
#pragma omp parallel num_threads(2)
  {
#pragma omp masked
#pragma omp task
    __atomic_fetch_add(&x, 1, __ATOMIC_RELAXED);
  }
#pragma omp parallel num_threads(2)
  {
#pragma omp masked
#pragma omp task
    __atomic_fetch_add(&x, 1, __ATOMIC_RELAXED);
#pragma omp barrier
  }
  printf("x=%d\n", x);
  return 0;
}
// clang-format off
// CHECK: x=4
// No tasks: the master's join names the call site, begin and end.
// CHECK: [[M:[0-9]+]]: parallel_begin {{.*}} parallel=[[P1:[0-9]+]] requested=2 {{.*}} codeptr=[[C1:0x[0-9a-f]+]]@join_codeptr.c.tmp
// CHECK: [[M]]: sync_region_begin kind=barrier_implicit_parallel parallel=[[P1]] task=[[T1:[0-9]+]] codeptr=[[C1]]@
// CHECK-NEXT: [[M]]: sync_region_wait_begin kind=barrier_implicit_parallel parallel=[[P1]] task=[[T1]] codeptr=[[C1]]@
// CHECK-NEXT: [[M]]: sync_region_wait_end kind=barrier_implicit_parallel parallel=0 task=[[T1]] codeptr=[[C1]]@
// CHECK-NEXT: [[M]]: sync_region_end kind=barrier_implicit_parallel parallel=0 task=[[T1]] codeptr=[[C1]]@
// CHECK: [[M]]: parallel_end parallel=[[P1]] {{.*}} codeptr=[[C1]]@
// A deferred task run by the join: the begin names the call site, the end does not.
// CHECK: [[M]]: parallel_begin {{.*}} parallel=[[P2:[0-9]+]] requested=2 {{.*}} codeptr=[[C2:0x[0-9a-f]+]]@join_codeptr.c.tmp
// CHECK: [[M]]: task_create
// CHECK: [[M]]: sync_region_begin kind=barrier_implicit_parallel parallel=[[P2]] task=[[T2:[0-9]+]] codeptr=[[C2]]@
// CHECK-NEXT: [[M]]: sync_region_wait_begin kind=barrier_implicit_parallel parallel=[[P2]] task=[[T2]] codeptr=[[C2]]@
// CHECK: [[M]]: sync_region_wait_end kind=barrier_implicit_parallel parallel=0 task=[[T2]] codeptr=(nil)@none
// CHECK-NEXT: [[M]]: sync_region_end kind=barrier_implicit_parallel parallel=0 task=[[T2]] codeptr=(nil)@none
// CHECK: [[M]]: parallel_end parallel=[[P2]] {{.*}} codeptr=[[C2]]@
// The task ran in the explicit barrier: the join names the call site again.
// CHECK: [[M]]: parallel_begin {{.*}} parallel=[[P3:[0-9]+]] requested=2 {{.*}} codeptr=[[C3:0x[0-9a-f]+]]@join_codeptr.c.tmp
// CHECK: [[M]]: sync_region_end kind=barrier_explicit parallel=[[P3]]
// CHECK: [[M]]: sync_region_begin kind=barrier_implicit_parallel parallel=[[P3]] task=[[T3:[0-9]+]] codeptr=[[C3]]@
// CHECK-NEXT: [[M]]: sync_region_wait_begin kind=barrier_implicit_parallel parallel=[[P3]] task=[[T3]] codeptr=[[C3]]@
// CHECK-NEXT: [[M]]: sync_region_wait_end kind=barrier_implicit_parallel parallel=0 task=[[T3]] codeptr=[[C3]]@
// CHECK-NEXT: [[M]]: sync_region_end kind=barrier_implicit_parallel parallel=0 task=[[T3]] codeptr=[[C3]]@
// CHECK: [[M]]: parallel_end parallel=[[P3]] {{.*}} codeptr=[[C3]]@
// The worker: NULL in each of its three joins, begin and end.
// CHECK: [[W:[0-9]+]]: thread_begin type=worker
// CHECK: [[W]]: sync_region_begin kind=barrier_implicit_parallel parallel=[[P1]] {{.*}} codeptr=(nil)@none
// CHECK-NEXT: [[W]]: sync_region_wait_begin kind=barrier_implicit_parallel parallel=[[P1]] {{.*}} codeptr=(nil)@none
// CHECK: [[W]]: sync_region_wait_end kind=barrier_implicit_parallel parallel=0 {{.*}} codeptr=(nil)@none
// CHECK-NEXT: [[W]]: sync_region_end kind=barrier_implicit_parallel parallel=0 {{.*}} codeptr=(nil)@none
// CHECK: [[W]]: sync_region_begin kind=barrier_implicit_parallel parallel=[[P2]] {{.*}} codeptr=(nil)@none
// CHECK-NEXT: [[W]]: sync_region_wait_begin kind=barrier_implicit_parallel parallel=[[P2]] {{.*}} codeptr=(nil)@none
// CHECK: [[W]]: sync_region_wait_end kind=barrier_implicit_parallel parallel=0 {{.*}} codeptr=(nil)@none
// CHECK-NEXT: [[W]]: sync_region_end kind=barrier_implicit_parallel parallel=0 {{.*}} codeptr=(nil)@none
// CHECK: [[W]]: sync_region_begin kind=barrier_implicit_parallel parallel=[[P3]] {{.*}} codeptr=(nil)@none
// CHECK-NEXT: [[W]]: sync_region_wait_begin kind=barrier_implicit_parallel parallel=[[P3]] {{.*}} codeptr=(nil)@none
// CHECK: [[W]]: sync_region_wait_end kind=barrier_implicit_parallel parallel=0 {{.*}} codeptr=(nil)@none
// CHECK-NEXT: [[W]]: sync_region_end kind=barrier_implicit_parallel parallel=0 {{.*}} codeptr=(nil)@none
// CHECK: [[W]]: thread_end
