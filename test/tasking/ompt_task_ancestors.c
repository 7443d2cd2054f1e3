// ompt_get_task_info from a task three levels deep walks the explicit tasks to the implicit
// task and the initial task, with frames: each explicit task's exit_frame is set, each
// ancestor that created a task has its enter_frame set. Also task_create / task_schedule
// pairing by id, taskwait and taskgroup sync regions and their wait states. One thread, so
// that the order of events is fixed (and every task is undeferred: a team of one runs it at once).
// REQUIRES: ompt
// RUN: %compile && %run-tool %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
#pragma omp parallel num_threads(1)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task
      {
#pragma omp task
        {
#pragma omp task
          omp_control_tool(64, 6, NULL);
#pragma omp taskwait
        }
#pragma omp taskwait
      }
#pragma omp taskgroup
      {
#pragma omp task
        ;
      }
    }
  }
  return 0;
}
// CHECK: [[M:[0-9]+]]: implicit_task_begin parallel=[[P0:[0-9]+]] task=[[T0:[0-9]+]]
// CHECK: [[M]]: implicit_task_begin parallel=[[P:[0-9]+]] task=[[I:[0-9]+]] team_size=1 index=0
// CHECK: [[M]]: task_create parent_task=[[I]] parent_enter_frame=0x{{[0-9a-f]+}} task=[[T1:[0-9]+]] flags=explicit|undeferred has_dependences=0
// CHECK-NEXT: [[M]]: task_schedule prior_task=[[I]] status=switch next_task=[[T1]]
// CHECK-NEXT: [[M]]: task_create parent_task=[[T1]] parent_enter_frame=0x{{[0-9a-f]+}} task=[[T2:[0-9]+]] flags=explicit|undeferred
// CHECK-NEXT: [[M]]: task_schedule prior_task=[[T1]] status=switch next_task=[[T2]]
// CHECK-NEXT: [[M]]: task_create parent_task=[[T2]] parent_enter_frame=0x{{[0-9a-f]+}} task=[[T3:[0-9]+]] flags=explicit|undeferred
// CHECK-NEXT: [[M]]: task_schedule prior_task=[[T2]] status=switch next_task=[[T3]]
// CHECK-NEXT: [[M]]: control_tool command=64
// CHECK-NEXT: [[M]]: inquiry state=work_parallel
// CHECK-NEXT: [[M]]: inquiry level=0 {{.*}} task_info=2 task=[[T3]] task_flags=explicit|undeferred task_parallel=[[P]] thread_num=0 exit_frame=0x{{[0-9a-f]+}} enter_frame=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[M]]: inquiry level=1 {{.*}} task_info=2 task=[[T2]] task_flags=explicit|undeferred task_parallel=[[P]] thread_num=0 exit_frame=0x{{[0-9a-f]+}} enter_frame=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[M]]: inquiry level=2 {{.*}} task_info=2 task=[[T1]] task_flags=explicit|undeferred task_parallel=[[P]] thread_num=0 exit_frame=0x{{[0-9a-f]+}} enter_frame=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[M]]: inquiry level=3 {{.*}} task_info=2 task=[[I]] task_flags=implicit|undeferred task_parallel=[[P]] thread_num=0 exit_frame=0x{{[0-9a-f]+}} enter_frame=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[M]]: inquiry level=4 {{.*}} task_info=2 task=[[T0]] task_flags=initial task_parallel=[[P0]]
// CHECK-NEXT: [[M]]: inquiry level=5 {{.*}} task_info=0
// CHECK-NEXT: [[M]]: task_schedule prior_task=[[T3]] status=complete next_task=[[T2]]
// CHECK-NEXT: [[M]]: sync_region_begin kind=taskwait parallel=[[P]] task=[[T2]] {{.*}} state=work_parallel
// CHECK-NEXT: [[M]]: sync_region_wait_begin kind=taskwait parallel=[[P]] task=[[T2]] {{.*}} state=wait_taskwait
// CHECK-NEXT: [[M]]: sync_region_wait_end kind=taskwait parallel=[[P]] task=[[T2]] {{.*}} state=wait_taskwait
// CHECK-NEXT: [[M]]: sync_region_end kind=taskwait parallel=[[P]] task=[[T2]]
// CHECK-NEXT: [[M]]: task_schedule prior_task=[[T2]] status=complete next_task=[[T1]]
// CHECK: [[M]]: task_schedule prior_task=[[T1]] status=complete next_task=[[I]]
// CHECK-NEXT: [[M]]: sync_region_begin kind=taskgroup parallel=[[P]] task=[[I]]
// CHECK-NEXT: [[M]]: task_create parent_task=[[I]] {{.*}} task=[[T4:[0-9]+]]
// CHECK-NEXT: [[M]]: task_schedule prior_task=[[I]] status=switch next_task=[[T4]]
// CHECK-NEXT: [[M]]: task_schedule prior_task=[[T4]] status=complete next_task=[[I]]
// CHECK-NEXT: [[M]]: sync_region_wait_begin kind=taskgroup parallel=[[P]] task=[[I]] {{.*}} state=wait_taskgroup
// CHECK-NEXT: [[M]]: sync_region_wait_end kind=taskgroup parallel=[[P]] task=[[I]]
// CHECK-NEXT: [[M]]: sync_region_end kind=taskgroup parallel=[[P]] task=[[I]]
