// The event stream of a parallel region: thread, parallel, implicit-task and sync-region events
// pair up by id, on the right threads, with the right flags, states and codeptr.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=2 %run-tool %t | %sort-threads | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
#pragma omp parallel
  {
#pragma omp barrier
  }
  return 0;
}
// Initial thread: the implicit region around the program, then the parallel region.
// CHECK: 0: initialize
// CHECK: [[M:[0-9]+]]: thread_begin type=initial thread=[[M]]
// CHECK-NEXT: [[M]]: implicit_task_begin parallel=[[P0:[0-9]+]] task=[[T0:[0-9]+]] team_size=1 index=1 flags=initial
// CHECK-NEXT: [[M]]: parallel_begin parent_task=[[T0]] parent_enter_frame=0x{{[0-9a-f]+}} parallel=[[P:[0-9]+]] requested=2 flags=invoker_runtime|team codeptr={{.*}}@parallel_events.c.tmp
// CHECK-NEXT: [[M]]: implicit_task_begin parallel=[[P]] task=[[T1:[0-9]+]] team_size=2 index=0 flags=implicit
// CHECK-NEXT: [[M]]: sync_region_begin kind=barrier_explicit parallel=[[P]] task=[[T1]] codeptr={{.*}}@parallel_events.c.tmp state=work_parallel
// CHECK-NEXT: [[M]]: sync_region_wait_begin kind=barrier_explicit parallel=[[P]] task=[[T1]] {{.*}} state=wait_barrier_explicit
// CHECK-NEXT: [[M]]: sync_region_wait_end kind=barrier_explicit parallel=[[P]] task=[[T1]] {{.*}} state=wait_barrier_explicit
// CHECK-NEXT: [[M]]: sync_region_end kind=barrier_explicit parallel=[[P]] task=[[T1]] {{.*}} state=work_parallel
// CHECK-NEXT: [[M]]: sync_region_begin kind=barrier_implicit_parallel parallel=[[P]] task=[[T1]] codeptr={{.*}}@parallel_events.c.tmp
// CHECK-NEXT: [[M]]: sync_region_wait_begin kind=barrier_implicit_parallel parallel=[[P]] task=[[T1]] {{.*}} state=wait_barrier_implicit_parallel
// CHECK-NEXT: [[M]]: sync_region_wait_end kind=barrier_implicit_parallel parallel=0 task=[[T1]]
// CHECK-NEXT: [[M]]: sync_region_end kind=barrier_implicit_parallel parallel=0 task=[[T1]]
// CHECK-NEXT: [[M]]: implicit_task_end parallel=0 task=[[T1]] team_size=0 index=0 flags=implicit
// CHECK-NEXT: [[M]]: parallel_end parallel=[[P]] task=[[T0]] flags=invoker_runtime|team codeptr={{.*}}@parallel_events.c.tmp
// CHECK-NEXT: [[M]]: implicit_task_end parallel=[[P0]] task=[[T0]] team_size=0 index=1 flags=initial
// CHECK-NEXT: [[M]]: thread_end thread=[[M]]
// CHECK-NEXT: [[M]]: finalize

// The worker: its implicit task binds to the same region; its thread ends before finalize.
// CHECK: [[W:[0-9]+]]: thread_begin type=worker thread=[[W]]
// CHECK-NEXT: [[W]]: implicit_task_begin parallel=[[P]] task=[[T2:[0-9]+]] team_size=2 index=1 flags=implicit
// CHECK-NEXT: [[W]]: sync_region_begin kind=barrier_explicit parallel=[[P]] task=[[T2]]
// CHECK-NEXT: [[W]]: sync_region_wait_begin kind=barrier_explicit parallel=[[P]] task=[[T2]]
// CHECK-NEXT: [[W]]: sync_region_wait_end kind=barrier_explicit parallel=[[P]] task=[[T2]]
// CHECK-NEXT: [[W]]: sync_region_end kind=barrier_explicit parallel=[[P]] task=[[T2]]
// CHECK-NEXT: [[W]]: sync_region_begin kind=barrier_implicit_parallel parallel=[[P]] task=[[T2]]
// CHECK-NEXT: [[W]]: sync_region_wait_begin kind=barrier_implicit_parallel parallel=[[P]] task=[[T2]]
// CHECK-NEXT: [[W]]: sync_region_wait_end kind=barrier_implicit_parallel parallel=0 task=[[T2]]
// CHECK-NEXT: [[W]]: sync_region_end kind=barrier_implicit_parallel parallel=0 task=[[T2]]
// CHECK-NEXT: [[W]]: implicit_task_end parallel=0 task=[[T2]] team_size=0 index=1 flags=implicit
// CHECK-NEXT: [[W]]: thread_end thread=[[W]]
// CHECK-NOT: {{.}}
