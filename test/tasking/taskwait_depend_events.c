// A blocking `taskwait depend(...)` and an if(0) task with dependences show the undeferred
// empty task that waits (5.1 §2.19.5, as libomp): task_create with taskwait|undeferred|
// mergeable and has_dependences, its dependences, the task_dependence from the sibling it waits
// for, then task_schedule with prior status taskwait_complete and no next task; no taskwait
// sync_region events. The if(0) task itself follows as an undeferred task. The other thread
// spins in user code (its events may come between), so the encountering thread runs the sibling
// itself, after the wait began.
// REQUIRES: ompt
// RUN: %compile && %run-tool %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int x = 0, done = 0;
  printf("x=%p\n", (void *)&x);
  fflush(stdout);
#pragma omp parallel num_threads(2) shared(x, done)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task depend(out : x) shared(x)
      x++;
#pragma omp taskwait depend(in : x)
      printf("after taskwait x=%d\n", x);
      fflush(stdout);
#pragma omp task depend(out : x) shared(x)
      x++;
#pragma omp task if (0) depend(in : x) shared(x)
      x++;
      printf("after if0 x=%d\n", x);
      fflush(stdout);
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    } else {
      while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
        ;
    }
  }
  return 0;
}
// clang-format off
// CHECK: x=0x[[X:[0-9a-f]+]]
// CHECK: task_create {{.*}} task=[[A:[0-9]+]] flags=explicit has_dependences=1
// CHECK-NOT: sync_region{{.*}}taskwait
// CHECK: task_create {{.*}} task=[[W:[0-9]+]] flags=taskwait|undeferred|mergeable has_dependences=1
// CHECK: dependences task=[[W]] ndeps=1 deps=in:0x[[X]]
// CHECK: task_dependence src_task=[[A]] sink_task=[[W]]
// CHECK-NOT: sync_region{{.*}}taskwait
// CHECK: task_schedule prior_task=[[A]] status=complete
// CHECK-NOT: sync_region{{.*}}taskwait
// CHECK: task_schedule prior_task=[[W]] status=taskwait_complete next_task=0
// CHECK: after taskwait x=1
// CHECK: task_create {{.*}} task=[[B:[0-9]+]] flags=explicit has_dependences=1
// CHECK: task_create {{.*}} task=[[W2:[0-9]+]] flags=taskwait|undeferred|mergeable has_dependences=1
// CHECK: dependences task=[[W2]] ndeps=1 deps=in:0x[[X]]
// CHECK: task_dependence src_task=[[B]] sink_task=[[W2]]
// CHECK: task_schedule prior_task=[[B]] status=complete
// CHECK: task_schedule prior_task=[[W2]] status=taskwait_complete next_task=0
// CHECK: task_create {{.*}} task=[[C:[0-9]+]] flags=explicit|undeferred has_dependences=0
// CHECK: task_schedule prior_task=[[C]] status=complete
// CHECK: after if0 x=3
// clang-format on
