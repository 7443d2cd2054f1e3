// OMPT events of sections: work begin/end of type sections with the number of sections, and one
// dispatch event of kind section for every section a thread executes, between them.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=2 %run-tool %t | %sort-threads | %FileCheck %s --check-prefix=T2
// RUN: env OMP_NUM_THREADS=1 %run-tool %t | %FileCheck %s --check-prefix=T1
// RUN: env OMP_NUM_THREADS=7 %run-tool %t | %FileCheck %s --check-prefix=T7
// RUN: env OMP_NUM_THREADS=7 %run-tool %t | grep -c "dispatch kind=section" | %FileCheck %s --check-prefix=T7D
#include <omp.h>
#include <stdio.h>

int main(void) {
  int done[3] = {0, 0, 0};
#pragma omp parallel
  {
#pragma omp sections
    {
#pragma omp section
      done[0]++;
#pragma omp section
      done[1]++;
#pragma omp section
      done[2]++;
    }
  }
  printf("done %d %d %d\n", done[0], done[1], done[2]);
  return 0;
}

// clang-format off
// T2: done 1 1 1
// T2: [[M:[0-9]+]]: implicit_task_begin parallel=[[P:[0-9]+]] task=[[T:[0-9]+]] team_size=2 index=0
// T2-NEXT: [[M]]: work_begin type=sections parallel=[[P]] task=[[T]] count=3 codeptr=[[C:0x[0-9a-f]+]]@sections_events.c.tmp
// T2-NEXT: [[M]]: dispatch kind=section parallel=[[P]] task=[[T]] instance=[[C]]
// T2-NEXT: [[M]]: dispatch kind=section parallel=[[P]] task=[[T]] instance=[[C]]
// T2-NEXT: [[M]]: work_end type=sections parallel=[[P]] task=[[T]] count=3 codeptr={{.*}}@sections_events.c.tmp
// T2-NEXT: [[M]]: sync_region_begin kind=barrier_implicit_workshare parallel=[[P]] task=[[T]]
// T2: [[W:[0-9]+]]: implicit_task_begin parallel=[[P]] task=[[TW:[0-9]+]] team_size=2 index=1
// T2-NEXT: [[W]]: work_begin type=sections parallel=[[P]] task=[[TW]] count=3 codeptr=[[C]]
// T2-NEXT: [[W]]: dispatch kind=section parallel=[[P]] task=[[TW]] instance=[[C]]
// T2-NEXT: [[W]]: work_end type=sections parallel=[[P]] task=[[TW]] count=3
// T2-NEXT: [[W]]: sync_region_begin kind=barrier_implicit_workshare parallel=[[P]] task=[[TW]]

// T1: work_begin type=sections {{.*}} count=3 codeptr=[[C:0x[0-9a-f]+]]@sections_events.c.tmp
// T1-NEXT: dispatch kind=section {{.*}} instance=[[C]]
// T1-NEXT: dispatch kind=section {{.*}} instance=[[C]]
// T1-NEXT: dispatch kind=section {{.*}} instance=[[C]]
// T1-NEXT: work_end type=sections {{.*}} count=3
// T1: done 1 1 1

// Seven threads: three of them run one section each, the others none; all report the construct.
// T7-COUNT-7: work_begin type=sections
// T7-NOT: work_begin type=sections
// T7: done 1 1 1
// T7D: {{^}}3{{$}}
