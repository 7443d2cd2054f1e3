// omp_all_memory in both encodings the ABI knows: flag 0x80 with address 0 (what clang emits for
// depend(out|inout: omp_all_memory)) and address -1 with an ordinary kind. A task with it waits
// for every earlier sibling with dependences and every later one waits for it, on addresses
// seen before and new ones; other dependences of the same list change nothing; a taskwait
// depend(omp_all_memory) waits for the tasks with dependences and not for a task without any.
// Predecessors sleep before they publish, so a missing edge shows as a wrong flag. The calls
// are written out (no pragma) so that clang-14, which has no omp_all_memory, runs the test too.
// With a tool: both encodings are reported as out_all_memory (as libomp does; clang passes the
// same flag for out and inout).
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=5 %run %t | %FileCheck %s
// RUN: %if ompt %{ env OMP_NUM_THREADS=2 %run-tool %t | %FileCheck %s --check-prefix=TOOL %}
#include "deps_abi.h"
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

static atomic_int a, b, c, d, e, m2;
static int ea, eb, ed, ee; // dependence addresses only

// omp_all_memory via address -1: after the writers of a and b, before everything later.
static int32_t all_by_address(int32_t gtid, task_t *t) {
  (void)gtid, (void)t;
  EXPECT(atomic_load(&a) == 1 && atomic_load(&b) == 1);
  usleep(5000);
  atomic_store(&c, 1);
  return 0;
}

// omp_all_memory via flag 0x80, listed with an `in` on ee that it subsumes.
static int32_t all_by_flag(int32_t gtid, task_t *t) {
  (void)gtid, (void)t;
  EXPECT(atomic_load(&d) == 2);
  usleep(5000);
  atomic_store(&m2, 1);
  return 0;
}

static void submit(int32_t gtid, int32_t (*fn)(int32_t, task_t *), dep_t *deps, int n) {
  task_t *t = __kmpc_omp_task_alloc(NULL, gtid, 1, sizeof(task_t), 0, fn);
  __kmpc_omp_task_with_deps(NULL, gtid, t, n, deps, 0, NULL);
}

int main(void) {
  omp_event_handle_t ev;
  atomic_int fulfilled = 0;
#pragma omp parallel
#pragma omp single
  {
    int32_t gtid = __kmpc_global_thread_num(NULL);
#pragma omp task depend(out : ea)
    {
      usleep(10000);
      atomic_store(&a, 1);
    }
#pragma omp task depend(out : eb)
    {
      usleep(5000);
      atomic_store(&b, 1);
    }
    dep_t by_address = {(intptr_t)-1, 0, INOUT};
    submit(gtid, all_by_address, &by_address, 1);
    // Later tasks wait for it, on an address seen before and on a new one.
#pragma omp task depend(in : ea)
    STEP(atomic_load(&c) == 1, 3000, &d);
#pragma omp task depend(in : ed)
    STEP(atomic_load(&c) == 1, 3000, &d);
    dep_t by_flag[2] = {{0, 0, ALL}, {(intptr_t)&ee, sizeof(ee), IN}};
    submit(gtid, all_by_flag, by_flag, 2);
#pragma omp task depend(in : ee)
    {
      EXPECT(atomic_load(&m2) == 1);
      usleep(5000);
      atomic_store(&e, 1);
    }
    // A task without dependences is not waited for by taskwait depend(omp_all_memory): it
    // completes only when its event is fulfilled, after the taskwait.
#pragma omp task detach(ev)
    ;
    dep_t wait_all = {0, 0, ALL};
    __kmpc_omp_wait_deps(NULL, gtid, 1, &wait_all, 0, NULL);
    printf("taskwait depend(omp_all_memory): a=%d b=%d c=%d d=%d m2=%d e=%d fulfilled=%d\n",
           atomic_load(&a), atomic_load(&b), atomic_load(&c), atomic_load(&d), atomic_load(&m2),
           atomic_load(&e), atomic_load(&fulfilled));
    atomic_store(&fulfilled, 1);
    omp_fulfill_event(ev);
#pragma omp taskwait
  }
  printf("failures=%d\n", atomic_load(&failures));
  return 0;
}
// CHECK-NOT: failed
// CHECK: taskwait depend(omp_all_memory): a=1 b=1 c=1 d=2 m2=1 e=1 fulfilled=0
// CHECK-NOT: failed
// CHECK: failures=0

// TOOL: dependences {{.*}} ndeps=1 deps=out_all_memory:0xffffffffffffffff{{$}}
// TOOL: dependences {{.*}} ndeps=2 deps=out_all_memory:{{0x0|\(nil\)}},in:0x
