// The event stream of worksharing constructs: work begin/end with ids and counts, dispatch
// chunks, single executor/other, masked, ordered as a mutex, and the implicit barrier at the
// end of a worksharing construct reported as barrier_implicit_workshare at the user's call.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=2 %run-tool %t | %sort-threads | %FileCheck %s --check-prefix=T2
// RUN: env OMP_NUM_THREADS=1 %run-tool %t | %FileCheck %s --check-prefix=T1
#include <omp.h>
#include <stdio.h>

int main(void) {
  int s = 0;
#pragma omp parallel shared(s)
  {
#pragma omp for schedule(static)
    for (int i = 0; i < 10; i++)
      __atomic_fetch_add(&s, i, __ATOMIC_RELAXED);
#pragma omp for schedule(static, 3) nowait
    for (int i = 0; i < 10; i++)
      __atomic_fetch_add(&s, i, __ATOMIC_RELAXED);
#pragma omp masked
    s++;
#pragma omp barrier
#pragma omp for ordered schedule(static)
    for (int i = 0; i < 2; i++) {
#pragma omp ordered
      s++;
    }
#pragma omp single
    s++;
  }
  printf("s=%d\n", s);
  return 0;
}
// clang-format off
// T2: [[M:[0-9]+]]: parallel_begin {{.*}} parallel=[[P:[0-9]+]]
// T2: [[M]]: implicit_task_begin parallel=[[P]] task=[[T:[0-9]+]] team_size=2 index=0
// T2-NEXT: [[M]]: work_begin type=loop_static parallel=[[P]] task=[[T]] count=10 codeptr=[[L1:0x[0-9a-f]+]]@events_stream.c.tmp
// T2-NEXT: [[M]]: dispatch kind=ws_loop_chunk parallel=[[P]] task=[[T]] start=0 iterations=5
// T2-NEXT: [[M]]: work_end type=loop_static parallel=[[P]] task=[[T]] count=10
// T2-NEXT: [[M]]: sync_region_begin kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[B1:0x[0-9a-f]+]]@events_stream.c.tmp
// T2-NEXT: [[M]]: sync_region_wait_begin kind=barrier_implicit_workshare {{.*}} state=wait_barrier_implicit_workshare
// T2-NEXT: [[M]]: sync_region_wait_end kind=barrier_implicit_workshare
// T2-NEXT: [[M]]: sync_region_end kind=barrier_implicit_workshare parallel=[[P]] task=[[T]] codeptr=[[B1]]
// T2-NEXT: [[M]]: work_begin type=loop_static parallel=[[P]] task=[[T]] count=10
// T2-NEXT: [[M]]: dispatch kind=ws_loop_chunk parallel=[[P]] task=[[T]] start=0 iterations=3
// T2-NEXT: [[M]]: dispatch kind=ws_loop_chunk parallel=[[P]] task=[[T]] start=6 iterations=3
// T2-NEXT: [[M]]: work_end type=loop_static parallel=[[P]] task=[[T]] count=10
// T2-NEXT: [[M]]: masked_begin parallel=[[P]] task=[[T]] codeptr=[[MB:0x[0-9a-f]+]]
// T2-NEXT: [[M]]: masked_end parallel=[[P]] task=[[T]]
// T2-NEXT: [[M]]: sync_region_begin kind=barrier_explicit parallel=[[P]] task=[[T]]
// T2-NEXT: [[M]]: sync_region_wait_begin kind=barrier_explicit
// T2-NEXT: [[M]]: sync_region_wait_end kind=barrier_explicit
// T2-NEXT: [[M]]: sync_region_end kind=barrier_explicit
// T2-NEXT: [[M]]: work_begin type=loop_static parallel=[[P]] task=[[T]] count=2
// T2-NEXT: [[M]]: dispatch kind=ws_loop_chunk parallel=[[P]] task=[[T]] start=0 iterations=1
// T2-NEXT: [[M]]: mutex_acquire kind=ordered hint=0 impl=0 wait_id=[[OW:0x[0-9a-f]+]]
// T2-NEXT: [[M]]: mutex_acquired kind=ordered wait_id=[[OW]]
// T2-NEXT: [[M]]: mutex_released kind=ordered wait_id=[[OW]]
// T2-NEXT: [[M]]: work_end type=loop_static parallel=[[P]] task=[[T]] count=2
// T2-NEXT: [[M]]: sync_region_begin kind=barrier_implicit_workshare
// T2-NEXT: [[M]]: sync_region_wait_begin kind=barrier_implicit_workshare
// T2-NEXT: [[M]]: sync_region_wait_end kind=barrier_implicit_workshare
// T2-NEXT: [[M]]: sync_region_end kind=barrier_implicit_workshare
// T2-NEXT: [[M]]: work_begin type=single_{{executor|other}} parallel=[[P]] task=[[T]] count=1 codeptr=[[S:0x[0-9a-f]+]]
// T2: [[M]]: work_end type=single_{{executor|other}} parallel=[[P]] task=[[T]] count=1
// T2-NEXT: [[M]]: sync_region_begin kind=barrier_implicit_workshare

// The worker: the other half of each loop, the same call sites, no masked events.
// T2: [[W:[0-9]+]]: implicit_task_begin parallel=[[P]] task=[[TW:[0-9]+]] team_size=2 index=1
// T2-NEXT: [[W]]: work_begin type=loop_static parallel=[[P]] task=[[TW]] count=10 codeptr=[[L1]]
// T2-NEXT: [[W]]: dispatch kind=ws_loop_chunk parallel=[[P]] task=[[TW]] start=5 iterations=5
// T2-NEXT: [[W]]: work_end type=loop_static parallel=[[P]] task=[[TW]] count=10
// T2-NEXT: [[W]]: sync_region_begin kind=barrier_implicit_workshare parallel=[[P]] task=[[TW]] codeptr=[[B1]]
// T2: [[W]]: work_begin type=loop_static parallel=[[P]] task=[[TW]] count=10
// T2-NEXT: [[W]]: dispatch kind=ws_loop_chunk parallel=[[P]] task=[[TW]] start=3 iterations=3
// T2-NEXT: [[W]]: dispatch kind=ws_loop_chunk parallel=[[P]] task=[[TW]] start=9 iterations=1
// T2-NEXT: [[W]]: work_end type=loop_static parallel=[[P]] task=[[TW]] count=10
// T2-NEXT: [[W]]: sync_region_begin kind=barrier_explicit
// T2: [[W]]: work_begin type=loop_static parallel=[[P]] task=[[TW]] count=2
// T2-NEXT: [[W]]: dispatch kind=ws_loop_chunk parallel=[[P]] task=[[TW]] start=1 iterations=1
// T2-NEXT: [[W]]: mutex_acquire kind=ordered hint=0 impl=0 wait_id=[[OW]]
// T2-NEXT: [[W]]: mutex_acquired kind=ordered wait_id=[[OW]]
// T2-NEXT: [[W]]: mutex_released kind=ordered wait_id=[[OW]]
// T2-NEXT: [[W]]: work_end type=loop_static parallel=[[P]] task=[[TW]] count=2
// T2: [[W]]: work_begin type=single_{{executor|other}} parallel=[[P]] task=[[TW]] count=1 codeptr=[[S]]

// One thread: single executes, masked runs, each chunk is the whole loop.
// T1: work_begin type=loop_static {{.*}} count=10
// T1-NEXT: dispatch kind=ws_loop_chunk {{.*}} start=0 iterations=10
// T1-NEXT: work_end type=loop_static {{.*}} count=10
// T1: work_begin type=loop_static {{.*}} count=10
// T1-NEXT: dispatch kind=ws_loop_chunk {{.*}} start=0 iterations=3
// T1-NEXT: dispatch kind=ws_loop_chunk {{.*}} start=3 iterations=3
// T1-NEXT: dispatch kind=ws_loop_chunk {{.*}} start=6 iterations=3
// T1-NEXT: dispatch kind=ws_loop_chunk {{.*}} start=9 iterations=1
// T1-NEXT: work_end type=loop_static {{.*}} count=10
// T1-NEXT: masked_begin
// T1-NEXT: masked_end
// T1: work_begin type=loop_static {{.*}} count=2
// T1-NEXT: dispatch kind=ws_loop_chunk {{.*}} start=0 iterations=2
// T1-NEXT: mutex_acquire kind=ordered
// T1-NEXT: mutex_acquired kind=ordered
// T1-NEXT: mutex_released kind=ordered
// T1-NEXT: mutex_acquire kind=ordered
// T1-NEXT: mutex_acquired kind=ordered
// T1-NEXT: mutex_released kind=ordered
// T1-NEXT: work_end type=loop_static {{.*}} count=2
// T1: work_begin type=single_executor {{.*}} count=1
// T1-NEXT: work_end type=single_executor {{.*}} count=1
// T1: s=94
