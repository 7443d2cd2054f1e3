// The OMPT events of host teams: the league is a parallel region with the league flag, each
// team's initial thread runs an initial task (actual parallelism = number of teams, index = team
// number; its end passes no parallel data, as OpenMP 5.1 §4.5.2.11 says and libomp does),
// distribute reports work and distribute chunks in the league, and a parallel region nested in
// a team has that team's initial task as its parent. A league of one team looks the
// same with one initial task.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=7 %run-tool %t | %sort-threads | %FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %run-tool %t | %sort-threads | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[10] = {0}, b[2] = {0};
#pragma omp teams num_teams(2)
  {
#pragma omp distribute
    for (int i = 0; i < 10; i++)
      a[i] = i;
  }
#pragma omp teams num_teams(1) thread_limit(2)
  {
#pragma omp parallel num_threads(3)
    b[omp_get_thread_num()] = omp_get_num_threads();
  }
  printf("a9=%d b=%d,%d\n", a[9], b[0], b[1]);
  return 0;
}

// clang-format off
// CHECK: a9=9 b=2,2
// CHECK: [[M:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[M]]: implicit_task_begin parallel=[[P0:[0-9]+]] task=[[T0:[0-9]+]] {{.*}} flags=initial
// CHECK-NEXT: [[M]]: parallel_begin parent_task=[[T0]] {{.*}} parallel=[[L:[0-9]+]] requested=2 flags=invoker_runtime|league codeptr=[[LC:0x[0-9a-f]+]]@teams_events.c.tmp
// CHECK-NEXT: [[M]]: implicit_task_begin parallel=[[L]] task=[[I0:[0-9]+]] team_size=2 index=0 flags=initial
// CHECK-NEXT: [[M]]: work_begin type=distribute parallel=[[L]] task=[[I0]] count=10 codeptr=[[DC:0x[0-9a-f]+]]@teams_events.c.tmp
// CHECK-NEXT: [[M]]: dispatch kind=distribute_chunk parallel=[[L]] task=[[I0]] start=0 iterations=5
// CHECK-NEXT: [[M]]: work_end type=distribute parallel=[[L]] task=[[I0]] count=10 codeptr={{.*}}@teams_events.c.tmp
// CHECK-NEXT: [[M]]: implicit_task_end parallel=0 task=[[I0]] team_size=0 index=0 flags=initial
// CHECK-NEXT: [[M]]: parallel_end parallel=[[L]] task=[[T0]] flags=invoker_runtime|league codeptr=[[LC]]@teams_events.c.tmp
// The league of one team.
// CHECK-NEXT: [[M]]: parallel_begin parent_task=[[T0]] {{.*}} parallel=[[L1:[0-9]+]] requested=1 flags=invoker_runtime|league codeptr=[[LC1:0x[0-9a-f]+]]@teams_events.c.tmp
// CHECK-NEXT: [[M]]: implicit_task_begin parallel=[[L1]] task=[[J0:[0-9]+]] team_size=1 index=0 flags=initial
// CHECK-NEXT: [[M]]: parallel_begin parent_task=[[J0]] {{.*}} parallel=[[P:[0-9]+]] requested=3 flags=invoker_runtime|team
// CHECK-NEXT: [[M]]: implicit_task_begin parallel=[[P]] task={{[0-9]+}} team_size=2 index=0 flags=implicit
// CHECK: [[M]]: parallel_end parallel=[[P]] task=[[J0]] flags=invoker_runtime|team
// CHECK-NEXT: [[M]]: implicit_task_end parallel=0 task=[[J0]] team_size=0 index=0 flags=initial
// CHECK-NEXT: [[M]]: parallel_end parallel=[[L1]] task=[[T0]] flags=invoker_runtime|league codeptr=[[LC1]]@teams_events.c.tmp
// CHECK-NEXT: [[M]]: implicit_task_end parallel=[[P0]] task=[[T0]] {{.*}} flags=initial
// The second team's initial thread: the other half of the distribute loop, at the same call site.
// CHECK: [[W:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[W]]: implicit_task_begin parallel=[[L]] task=[[I1:[0-9]+]] team_size=2 index=1 flags=initial
// CHECK-NEXT: [[W]]: work_begin type=distribute parallel=[[L]] task=[[I1]] count=10 codeptr=[[DC]]@teams_events.c.tmp
// CHECK-NEXT: [[W]]: dispatch kind=distribute_chunk parallel=[[L]] task=[[I1]] start=5 iterations=5
// CHECK-NEXT: [[W]]: work_end type=distribute parallel=[[L]] task=[[I1]] count=10
// CHECK-NEXT: [[W]]: implicit_task_end parallel=0 task=[[I1]] team_size=0 index=1 flags=initial
// CHECK: [[W]]: implicit_task_begin parallel=[[P]] task={{[0-9]+}} team_size=2 index=1 flags=implicit
