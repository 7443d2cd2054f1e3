// taskwait depend(...) nowait (OpenMP 5.1): as if the dependences were on an empty task that
// may be deferred. The encountering task does not wait, and the empty task is a node of the
// graph: a group of `in` tasks before `taskwait depend(inout: x) nowait` and one after it must not
// overlap. Both ways the ABI expresses it: __kmpc_omp_taskwait_deps_51 with nowait = 1 (what
// clang-19 and later emit), and a task allocated with a NULL routine and submitted with the
// dependences (codegen that passes no routine; it must not be called). The calls are written
// out so that clang-14, which has no nowait on taskwait, runs the test too.
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %run %t | %FileCheck %s
// RUN: %if ompt %{ env OMP_NUM_THREADS=2 %run-tool %t | %sort-threads | \
// RUN:   %FileCheck %s --check-prefix=TOOL %}
#include "deps_abi.h"
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

static atomic_int first_done, second_done, released;
static int x, y;

// One group of readers of x, a nowait node (nowait_fn submits it), a second group.
static void groups(int32_t gtid, void (*nowait_fn)(int32_t)) {
  atomic_store(&first_done, 0);
  atomic_store(&second_done, 0);
  for (int i = 0; i < 3; i++) {
#pragma omp task depend(in : x)
    STEP(1, 5000, &first_done);
  }
  nowait_fn(gtid);
  for (int i = 0; i < 3; i++) {
#pragma omp task depend(in : x)
    STEP(atomic_load(&first_done) == 3, 2000, &second_done);
  }
#pragma omp task depend(inout : x)
  EXPECT(atomic_load(&second_done) == 3);
#pragma omp taskwait
}

static void by_entry(int32_t gtid) {
  dep_t dx = {(intptr_t)&x, sizeof(x), INOUT};
  __kmpc_omp_taskwait_deps_51(NULL, gtid, 1, &dx, 0, NULL, 1);
}

static void by_null_routine(int32_t gtid) {
  dep_t dx = {(intptr_t)&x, sizeof(x), INOUT};
  void *t = __kmpc_omp_task_alloc(NULL, gtid, 1, 40, 0, NULL);
  __kmpc_omp_task_with_deps(NULL, gtid, t, 1, &dx, 0, NULL);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); // what ran before a crash stays visible
#pragma omp parallel
#pragma omp single
  {
    int32_t gtid = __kmpc_global_thread_num(NULL);
    groups(gtid, by_entry);
    printf("entry: first=%d second=%d\n", atomic_load(&first_done), atomic_load(&second_done));
    groups(gtid, by_null_routine);
    printf("null routine: first=%d second=%d\n", atomic_load(&first_done),
           atomic_load(&second_done));
    // nowait does not wait: the predecessor is released only after the call returned. (A team
    // of one runs a task at its creation, so there the predecessor must not wait.)
    int team = omp_get_num_threads();
#pragma omp task depend(out : y)
    {
      for (int i = 0; team > 1 && !atomic_load(&released) && i < 5000; i++)
        usleep(1000);
      EXPECT(team == 1 || atomic_load(&released));
    }
    dep_t dy = {(intptr_t)&y, sizeof(y), IN};
    __kmpc_omp_taskwait_deps_51(NULL, gtid, 1, &dy, 0, NULL, 1);
    atomic_store(&released, 1);
#pragma omp taskwait
    printf("nowait returned first\n");
  }
  printf("failures=%d\n", atomic_load(&failures));
  return 0;
}
// CHECK-NOT: failed
// CHECK: entry: first=3 second=3
// CHECK-NEXT: null routine: first=3 second=3
// CHECK-NEXT: nowait returned first
// CHECK-NEXT: failures=0

// The nowait node is a taskwait task with its dependences.
// TOOL: task_create {{.*}} task=[[TW:[0-9]+]] flags=taskwait has_dependences=1
// TOOL-NEXT: dependences task=[[TW]] ndeps=1 deps=inout:0x
