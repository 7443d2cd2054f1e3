// Every implicit-task-end and initial-task-end event passes actual_parallelism 0 and, except the
// root's initial task (its region stays live: docs/tool-authors.md), no parallel data: OpenMP
// 5.1 §4.5.2.11, "For the implicit-task-end and the initial-task-end events, this argument is
// 0". libomp 19 passes the team size on the master of a team of two and 1 in a serialized
// region; this test fails on it (its workers pass 0). Covered: master and worker of a team, a
// serialized if(0) region and a team of one nested in it, the initial tasks of a league's
// teams, and the root's initial task at exit.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=2 %run-tool %t | %sort-threads > %t.log
// RUN: grep -E ": implicit_task_end |^n=" %t.log | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int n[4] = {0};
#pragma omp parallel num_threads(2)
  n[omp_get_thread_num()] = omp_get_num_threads();
#pragma omp parallel if (0)
  {
#pragma omp parallel num_threads(1)
    n[2] = omp_get_level();
  }
#pragma omp teams num_teams(2)
  {
    if (omp_get_team_num() == 1)
      n[3] = omp_get_num_teams();
  }
  printf("n=%d,%d,%d,%d\n", n[0], n[1], n[2], n[3]);
  return 0;
}

// clang-format off
// CHECK: n=2,2,2,2
// The initial thread: the team of two, the team of one, the if(0) region, team 0 of the league,
// then its own initial task at exit.
// CHECK-NEXT: [[M:[0-9]+]]: implicit_task_end parallel=0 task={{[0-9]+}} team_size=0 index=0 flags=implicit
// CHECK-NEXT: [[M]]: implicit_task_end parallel=0 task={{[0-9]+}} team_size=0 index=0 flags=implicit
// CHECK-NEXT: [[M]]: implicit_task_end parallel=0 task={{[0-9]+}} team_size=0 index=0 flags=implicit
// CHECK-NEXT: [[M]]: implicit_task_end parallel=0 task={{[0-9]+}} team_size=0 index=0 flags=initial
// CHECK-NEXT: [[M]]: implicit_task_end parallel={{[1-9][0-9]*}} task={{[0-9]+}} team_size=0 index=1 flags=initial
// The worker of the team of two and the initial thread of team 1 (the same thread or two).
// CHECK-NEXT: {{[0-9]+}}: implicit_task_end parallel=0 task={{[0-9]+}} team_size=0 index=1 flags={{implicit|initial}}
// CHECK-NEXT: {{[0-9]+}}: implicit_task_end parallel=0 task={{[0-9]+}} team_size=0 index=1 flags={{implicit|initial}} {{.*}}
// CHECK-NOT: {{.}}
