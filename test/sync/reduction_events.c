// Reduction events: reduction begin/end (sync_region kind reduction) around the combination on
// every thread, with the critical section the combination takes (a tool with the reduction
// callback gets the critical method, never unbracketed atomics), and, for the blocking form,
// the barrier of the reduce (barrier_implementation). Tree method: every thread's begin has its
// end on the same thread.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=1 %run-tool %t | %FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=2 %run-tool %t | %sort-threads | %FileCheck %s --check-prefix=TWO
// RUN: env OMP_NUM_THREADS=9 %run-tool %t | %sort-threads | python3 %S/Inputs/check_scopes.py reduction | %FileCheck %s --check-prefix=TREE
#include <omp.h>
#include <stdio.h>

int main(void) {
  long s = 0;
#pragma omp parallel reduction(+ : s)
  s += omp_get_thread_num() + 1;
  return s != (long)omp_get_max_threads() * (omp_get_max_threads() + 1) / 2;
}
// ONE: implicit_task_begin {{.*}} team_size=1 index=0
// ONE-NEXT: reduction_begin kind=reduction parallel=[[P:[0-9]+]] task=[[T:[0-9]+]] codeptr={{.*}}@reduction_events.c.tmp
// ONE-NEXT: reduction_end kind=reduction parallel=[[P]] task=[[T]] codeptr={{.*}}@reduction_events.c.tmp

// TWO: [[M:[0-9]+]]: implicit_task_begin parallel=[[P:[0-9]+]] task=[[T:[0-9]+]] team_size=2 index=0
// TWO-NEXT: [[M]]: reduction_begin kind=reduction parallel=[[P]] task=[[T]]
// TWO-NEXT: [[M]]: mutex_acquire kind=critical hint=0 impl=1 wait_id=0x[[L:[0-9a-f]+]]
// TWO-NEXT: [[M]]: mutex_acquired kind=critical wait_id=0x[[L]]
// TWO-NEXT: [[M]]: mutex_released kind=critical wait_id=0x[[L]]
// TWO-NEXT: [[M]]: reduction_end kind=reduction parallel=[[P]] task=[[T]]
// TWO: [[W:[0-9]+]]: implicit_task_begin parallel=[[P]] task=[[T2:[0-9]+]] team_size=2 index=1
// TWO-NEXT: [[W]]: reduction_begin kind=reduction parallel=[[P]] task=[[T2]]
// TWO-NEXT: [[W]]: mutex_acquire kind=critical hint=0 impl=1 wait_id=0x[[L]]
// TWO-NEXT: [[W]]: mutex_acquired kind=critical wait_id=0x[[L]]
// TWO-NEXT: [[W]]: mutex_released kind=critical wait_id=0x[[L]]
// TWO-NEXT: [[W]]: reduction_end kind=reduction parallel=[[P]] task=[[T2]]

// TREE: threads=9 begins=9 ends=9 errors=0
