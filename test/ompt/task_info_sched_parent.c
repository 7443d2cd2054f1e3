// ompt_get_task_info's ancestry follows the thread's execution context: above an explicit task
// that a worker runs in a barrier is the worker's own implicit task (the task it suspended to
// run it, whose frames are on the same stack), not the master's implicit task that generated
// it; an undeferred task inside it sees that task, then the worker's implicit task, then the
// initial task. libomp reports the same (its "scheduling parent"). The master never reaches a
// task scheduling point before the task has run, so the worker runs it.
// REQUIRES: ompt
// RUN: %compile && %run-tool %t | %sort-threads | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int ran = 0, where = -1;
#pragma omp parallel num_threads(2) shared(ran, where)
  {
#pragma omp masked
    {
#pragma omp task shared(ran, where)
      {
        where = omp_get_thread_num();
        omp_control_tool(64, 3, NULL);
#pragma omp task if (0)
        omp_control_tool(64, 4, NULL);
        __atomic_store_n(&ran, 1, __ATOMIC_RELEASE);
      }
      while (!__atomic_load_n(&ran, __ATOMIC_ACQUIRE))
        ;
    }
#pragma omp barrier
  }
  printf("ran on %d\n", where);
  return 0;
}
// clang-format off
// CHECK: ran on 1
// CHECK: [[M:[0-9]+]]: thread_begin type=initial
// CHECK: [[M]]: implicit_task_begin parallel=[[P0:[0-9]+]] task=[[T0:[0-9]+]] {{.*}} flags=initial
// CHECK: [[M]]: implicit_task_begin parallel=[[P:[0-9]+]] task=[[TM:[0-9]+]] team_size=2 index=0
// CHECK: [[M]]: task_create parent_task=[[TM]] {{.*}} task=[[X:[0-9]+]]
// The worker runs the task in the barrier.
// CHECK: [[W:[0-9]+]]: thread_begin type=worker
// CHECK: [[W]]: implicit_task_begin parallel=[[P]] task=[[TW:[0-9]+]] team_size=2 index=1
// CHECK: [[W]]: task_schedule prior_task=[[TW]] status=switch next_task=[[X]]
// CHECK: [[W]]: inquiry level=0 {{.*}} task=[[X]] task_flags=explicit {{.*}} thread_num=1
// CHECK-NEXT: [[W]]: inquiry level=1 {{.*}} task=[[TW]] task_flags=implicit{{[|a-z]*}} task_parallel=[[P]] thread_num=1 exit_frame=0x{{[0-9a-f]+}} enter_frame=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[W]]: inquiry level=2 {{.*}} task=[[T0]] task_flags=initial task_parallel=[[P0]]
// CHECK-NEXT: [[W]]: inquiry level=3 {{.*}} task_info=0
// CHECK: [[W]]: task_create parent_task=[[X]] {{.*}} task=[[U:[0-9]+]]
// CHECK: [[W]]: inquiry level=0 {{.*}} task=[[U]] task_flags=explicit|undeferred
// CHECK-NEXT: [[W]]: inquiry level=1 {{.*}} task=[[X]] task_flags=explicit
// CHECK-NEXT: [[W]]: inquiry level=2 {{.*}} task=[[TW]] task_flags=implicit
// CHECK-NEXT: [[W]]: inquiry level=3 {{.*}} task=[[T0]] task_flags=initial
// CHECK-NEXT: [[W]]: inquiry level=4 {{.*}} task_info=0
