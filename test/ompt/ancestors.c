// ompt_get_parallel_info and ompt_get_task_info walk ancestors through active and serialized
// regions and return 0 past the root. The printer answers omp_control_tool(64, 0, NULL) with
// the inquiry view of the calling thread.
// REQUIRES: ompt
// RUN: %compile && env OMP_MAX_ACTIVE_LEVELS=1 %run-tool %t | %sort-threads | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_control_tool(64, 0, NULL);
#pragma omp parallel num_threads(2)
  {
#pragma omp barrier
    if (omp_get_thread_num() == 1) {
      // Serialized: max-active-levels is 1.
#pragma omp parallel num_threads(2)
      {
        omp_control_tool(64, 0, NULL);
      }
    }
  }
  return 0;
}
// CHECK: [[M:[0-9]+]]: thread_begin type=initial
// CHECK: [[M]]: implicit_task_begin parallel=[[P0:[0-9]+]] task=[[T0:[0-9]+]]
// CHECK: [[M]]: inquiry state=work_serial wait_id=0x0
// CHECK-NEXT: [[M]]: inquiry level=0 parallel_info=2 parallel=[[P0]] team_size=1 task_info=2 task=[[T0]] task_flags=initial task_parallel=[[P0]] thread_num=0 exit_frame=(nil) enter_frame=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[M]]: inquiry level=1 parallel_info=0 {{.*}} task_info=0
// CHECK: [[M]]: parallel_begin parent_task=[[T0]] {{.*}} parallel=[[P1:[0-9]+]] requested=2

// CHECK: [[W:[0-9]+]]: thread_begin type=worker
// CHECK: [[W]]: implicit_task_begin parallel=[[P1]] task=[[T1:[0-9]+]] team_size=2 index=1
// CHECK: [[W]]: parallel_begin parent_task=[[T1]] {{.*}} parallel=[[P2:[0-9]+]] requested=2 flags=invoker_runtime|team
// CHECK-NEXT: [[W]]: implicit_task_begin parallel=[[P2]] task=[[T2:[0-9]+]] team_size=1 index=0 flags=implicit
// CHECK-NEXT: [[W]]: control_tool command=64
// CHECK-NEXT: [[W]]: inquiry state=work_parallel
// CHECK-NEXT: [[W]]: inquiry level=0 parallel_info=2 parallel=[[P2]] team_size=1 task_info=2 task=[[T2]] task_flags=implicit|undeferred task_parallel=[[P2]] thread_num=0 exit_frame=0x{{[0-9a-f]+}} enter_frame=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[W]]: inquiry level=1 parallel_info=2 parallel=[[P1]] team_size=2 task_info=2 task=[[T1]] task_flags=implicit|undeferred task_parallel=[[P1]] thread_num=1 exit_frame=0x{{[0-9a-f]+}} enter_frame=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[W]]: inquiry level=2 parallel_info=2 parallel=[[P0]] team_size=1 task_info=2 task=[[T0]] task_flags=initial task_parallel=[[P0]] thread_num=0 exit_frame=(nil)
// CHECK-NEXT: [[W]]: inquiry level=3 parallel_info=0 {{.*}} task_info=0
// CHECK-NEXT: [[W]]: implicit_task_end parallel=0 task=[[T2]] team_size=0 index=0
// CHECK-NEXT: [[W]]: parallel_end parallel=[[P2]] task=[[T1]]
