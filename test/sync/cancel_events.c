// OMPT cancel events: activated by the cancelling thread and detected by the others (each
// thread reports a cancel parallel once, though clang's exit path goes through another
// cancellation barrier), for parallel (0x1), sections (0x2), loop (0x4) and taskgroup (0x8),
// with codeptr in the program; discarded tasks get a cancel event with discarded_task (0x40)
// and a task_schedule whose prior status is cancel. A cancellation barrier is reported like any
// barrier (sync_region begin/end), and the member whose barrier served as the cancelled
// region's join still ends its implicit task. With OMP_CANCELLATION=false nothing is cancelled.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 %run-tool %t | %sort-threads | %FileCheck %s
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 %run-tool %t | %sort-threads | %FileCheck %s --check-prefix=DISCARD
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 %run-tool %t | %FileCheck %s --check-prefix=ACT
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=1 %run-tool %t | %FileCheck %s --check-prefix=T1
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=7 %run-tool %t | %sort-threads | python3 %S/Inputs/check_scopes.py sync_region | %FileCheck %s --check-prefix=SCOPES
// RUN: env OMP_NUM_THREADS=2 %run-tool %t | %FileCheck %s --check-prefix=OFF
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 %run-tool %t | %FileCheck %s --check-prefix=BARRIERS
#include <omp.h>
#include <stdio.h>

int kmp_get_cancellation_status(int kind);
static _Atomic int go;

static void await_cancel(int kind) {
  while (!kmp_get_cancellation_status(kind) && !go) {
#pragma omp taskyield
  }
}

int main(void) {
  static char line[256];
  setvbuf(stdout, line, _IOLBF, sizeof line); // whole lines, in order with the tool's
  // parallel: thread 0 cancels; the other is in the barrier or detects at it.
  go = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
      go = 1;
    }
#pragma omp barrier
  }
  printf("after parallel\n");
  go = 0;
#pragma omp parallel
  {
#pragma omp for schedule(static, 1)
    for (int i = 0; i < 100; i++) {
      if (i == 0) {
#pragma omp cancel for
        go = 1;
      } else {
        await_cancel(2);
#pragma omp cancellation point for
      }
    }
  }
  printf("after for\n");
  go = 0;
#pragma omp parallel sections
  {
#pragma omp section
    {
#pragma omp cancel sections
      go = 1;
    }
#pragma omp section
    {
      await_cancel(3);
#pragma omp cancellation point sections
    }
  }
  printf("after sections\n");
  go = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup
  {
#pragma omp task
    {
#pragma omp cancel taskgroup
      go = 1;
    }
    await_cancel(4);
#pragma omp task
    printf("discarded task ran\n");
  }
  printf("after taskgroup\n");
  // Cancellation barriers of a region that is not cancelled: reported like other barriers.
  volatile int never = 0;
#pragma omp parallel
  {
    if (never) {
#pragma omp cancel parallel
    }
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < 4; i++)
      never += 0;
  }
  printf("after barriers\n");
  return 0;
}
// clang-format off
// CHECK: [[M:[0-9]+]]: thread_begin type=initial
// CHECK: [[M]]: cancel task={{[0-9]+}} flags=0x11 codeptr={{.*}}@cancel_events.c.tmp
// CHECK-NOT: [[M]]: cancel task={{[0-9]+}} flags=0x21
// CHECK: [[M]]: cancel task={{[0-9]+}} flags=0x14 codeptr={{.*}}@cancel_events.c.tmp
// CHECK: [[M]]: cancel task={{[0-9]+}} flags=0x12 codeptr={{.*}}@cancel_events.c.tmp
// CHECK: [[W:[0-9]+]]: thread_begin type=worker
// CHECK: [[W]]: cancel task={{[0-9]+}} flags=0x21 codeptr={{.*}}@cancel_events.c.tmp
// CHECK-NOT: [[W]]: cancel task={{[0-9]+}} flags=0x21
// CHECK: [[W]]: implicit_task_end
// CHECK: [[W]]: cancel task={{[0-9]+}} flags=0x24 codeptr={{.*}}@cancel_events.c.tmp
// CHECK: [[W]]: cancel task={{[0-9]+}} flags=0x22 codeptr={{.*}}@cancel_events.c.tmp

// Any thread may activate the taskgroup's cancellation and discard the task.
// ACT: {{[0-9]+}}: cancel task={{[0-9]+}} flags=0x18 codeptr={{.*}}@cancel_events.c.tmp
// DISCARD: [[T:[0-9]+]]: cancel task=[[TD:[0-9]+]] flags=0x48 codeptr=(nil)
// DISCARD-NEXT: [[T]]: task_schedule prior_task=[[TD]] status=cancel

// T1: cancel task={{[0-9]+}} flags=0x11
// T1: after parallel
// T1: cancel task={{[0-9]+}} flags=0x14
// T1: after for
// T1: cancel task={{[0-9]+}} flags=0x12
// T1: after sections
// T1: cancel task={{[0-9]+}} flags=0x18
// T1: cancel task=[[TD:[0-9]+]] flags=0x48 codeptr=(nil)
// T1-NEXT: task_schedule prior_task=[[TD]] status=cancel
// T1: after taskgroup

// BARRIERS: after taskgroup
// BARRIERS: sync_region_begin kind=barrier_explicit parallel={{[1-9][0-9]*}} task={{[0-9]+}} codeptr=[[B:0x[0-9a-f]+]]@cancel_events.c.tmp
// BARRIERS: sync_region_wait_begin kind=barrier_explicit
// BARRIERS: sync_region_wait_end kind=barrier_explicit parallel={{[1-9][0-9]*}}
// BARRIERS: sync_region_end kind=barrier_explicit parallel={{[1-9][0-9]*}} task={{[0-9]+}} codeptr=[[B]]@cancel_events.c.tmp
// BARRIERS: sync_region_begin kind=barrier_implicit_workshare
// BARRIERS: sync_region_end kind=barrier_implicit_workshare
// BARRIERS-NOT: cancel task
// BARRIERS: after barriers

// SCOPES: threads=7 {{.*}} errors=0

// OFF-NOT: cancel task
// OFF: discarded task ran
