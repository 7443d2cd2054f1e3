// Every taskgroup's sync_region_wait events lie inside its own sync_region begin and end, on the
// thread that ends it: the taskgroup construct, taskloop's implicit taskgroup, and the implicit
// taskgroup of a reduction with the task modifier (parallel and worksharing), where each member
// reports begin, wait and end with the construct's call site.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>

static __thread int depth, waiting; // taskgroup sync regions open on this thread, waits open
static _Atomic int regions, waits, errors;

static void on_sync(ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *parallel,
                    ompt_data_t *task, const void *codeptr) {
  (void)parallel, (void)task;
  if (kind != ompt_sync_region_taskgroup)
    return;
  if (ep == ompt_scope_begin) {
    depth++, regions++;
  } else if (depth-- <= 0 || waiting) {
    printf("mismatch: taskgroup end with depth %d, %d waits open\n", depth + 1, waiting);
    errors++;
  }
  if (!codeptr)
    printf("mismatch: taskgroup sync_region without codeptr\n"), errors++;
}

static void on_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *parallel,
                    ompt_data_t *task, const void *codeptr) {
  (void)parallel, (void)task, (void)codeptr;
  if (kind != ompt_sync_region_taskgroup)
    return;
  if (depth <= 0) {
    printf("mismatch: taskgroup wait %s outside its sync_region\n",
           ep == ompt_scope_begin ? "begin" : "end");
    errors++;
  }
  if (ep == ompt_scope_begin)
    waiting++, waits++;
  else
    waiting--;
}

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  ompt_set_callback_t set = TOOL_LOOKUP(l, set_callback);
  TOOL_SET(set, sync_region, on_sync);
  TOOL_SET(set, sync_region_wait, on_wait);
  (void)dev, (void)data;
  return 1;
}
TOOL_START(initialize, tool_finalize_nothing)

int main(void) {
  int x = 0, y = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp taskgroup
      {
#pragma omp task
          ;
}
#pragma omp masked
{
#pragma omp taskloop grainsize(2)
  for (int i = 0; i < 8; i++)
    ;
}
}
#pragma omp parallel num_threads(2) reduction(task, + : x)
{
#pragma omp task in_reduction(+ : x)
  x++;
}
#pragma omp parallel num_threads(2)
#pragma omp for reduction(task, + : y)
for (int i = 0; i < 4; i++) {
#pragma omp task in_reduction(+ : y)
  y++;
}
// 2 taskgroups + 1 taskloop + 2 + 2 modifier taskgroups (one per member).
printf("x=%d y=%d regions=%d waits=%d errors=%d\n", x, y, regions, waits, errors);
return 0;
}
// CHECK-NOT: mismatch
// CHECK: x=2 y=4 regions=7 waits=7 errors=0
