// With a tool watching implicit tasks, the join of a region is a full barrier whose release
// must reach every member even when the master changes the team right after the region: a
// smaller next region, omp_pause_resource, a larger region that regrows the team's arrays.
// Every member's implicit_task end must arrive, and nothing may hang.
// REQUIRES: ompt
// RUN: %compile
// RUN: %run %t | %FileCheck %s
// RUN: env OMP_WAIT_POLICY=passive %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>

static _Atomic long begins, ends;

static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *parallel, ompt_data_t *task,
                             unsigned actual, unsigned index, int flags) {
  (void)parallel, (void)task, (void)actual, (void)index;
  if (!(flags & ompt_task_implicit))
    return;
  if (ep == ompt_scope_begin)
    begins++;
  else
    ends++;
}

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  ompt_set_callback_t set = TOOL_LOOKUP(l, set_callback);
  TOOL_SET(set, implicit_task, on_implicit_task);
  (void)dev, (void)data;
  return 1;
}
TOOL_START(initialize, tool_finalize_nothing)

// One region of n threads; returns how many members ran it.
static long region(int n) {
  long members = 0;
#pragma omp parallel num_threads(n) reduction(+ : members)
  members += 1;
  return members;
}

int main(void) {
  long expected = 0, ran = 0;
  omp_set_dynamic(0);
  for (int i = 0; i < 3000; i++) { // shrink right after a full join
    ran += region(7) + region(2);
    expected += 9;
  }
  for (int i = 0; i < 200; i++) { // release the workers right after a full join
    ran += region(7);
    expected += 7;
    omp_pause_resource(omp_pause_soft, omp_get_initial_device());
  }
  // Regrow past the team's capacity right after a full join.
  int big = 2 * omp_get_num_procs() + 9;
  for (int i = 0; i < 20; i++) {
    ran += region(7) + region(big + i);
    expected += 7 + big + i;
  }
  // Members may deliver their last end event after the master leaves the region: a release of
  // the workers joins their threads, so every event has been delivered after it.
  omp_pause_resource(omp_pause_hard, omp_get_initial_device());
  // The initial task's events have flags ompt_task_initial: not counted.
  printf("ran=%d begins=%d ends=%d\n", ran == expected, begins == expected, ends == expected);
  if (begins != expected || ends != expected)
    printf("expected %ld begins %ld ends %ld\n", expected, (long)begins, (long)ends);
  return 0;
}
// CHECK: ran=1 begins=1 ends=1
