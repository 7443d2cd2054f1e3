// A task that leaves its region because its taskgroup was cancelled ends with prior status
// ompt_task_cancel (5.1: the task was cancelled at an active cancellation point), as libomp
// reports: the task that executes `cancel taskgroup`, a task that then reaches a `cancellation
// point taskgroup` (a discarded task: sync/cancel_events.c). A task that ran to its end, also in
// the same taskgroup before the cancel, completes with ompt_task_complete.
// REQUIRES: ompt
// RUN: %compile && env OMP_CANCELLATION=true %run-tool %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int ran = 0;
  setvbuf(stdout, NULL, _IONBF, 0);
#pragma omp taskgroup
  {
#pragma omp task if (0) shared(ran)
    ran++;
    printf("normal done\n");
#pragma omp task if (0)
    {
#pragma omp cancel taskgroup
    } printf("cancel done\n");
#pragma omp task if (0) shared(ran)
    {
#pragma omp cancellation point taskgroup
      ran += 10;
    }
    printf("cancellation point done\n");
  }
  printf("ran=%d\n", ran);
  return 0;
}
// CHECK: task_create {{.*}} task=[[A:[0-9]+]] flags=explicit|undeferred
// CHECK: task_schedule prior_task=[[A]] status=complete
// CHECK: normal done
// CHECK: task_create {{.*}} task=[[B:[0-9]+]] flags=explicit|undeferred
// CHECK: cancel task=[[B]] flags=0x18
// CHECK: task_schedule prior_task=[[B]] status=cancel
// CHECK: cancel done
// CHECK: task_create {{.*}} task=[[C:[0-9]+]] flags=explicit|undeferred
// CHECK: cancel task=[[C]] flags=0x28
// CHECK: task_schedule prior_task=[[C]] status=cancel
// CHECK: cancellation point done
// CHECK: ran=1
