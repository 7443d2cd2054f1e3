// A worker's end-of-join callbacks run after the join's release. Their inquiries must still see
// the region they end, however long they take: the primary leaves the region only once every
// member has left it (fork.c), so it cannot meanwhile fork the next region on the same hot team
// and rewrite its size, its level or its implicit tasks. Regions alternate between 4 and 3
// threads, nested ones between levels 1 and 2; each worker's implicit_task end lingers a little,
// then compares omp_get_num_threads, omp_get_level, ompt_get_parallel_info and ompt_get_task_info
// with what its begin saw. (Without the wait, 1500 of the 1800 ends saw another region, and the
// last region's ends came after the primary's print.)
// REQUIRES: ompt
// RUN: %compile && env OMP_MAX_ACTIVE_LEVELS=2 %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>

static ompt_get_parallel_info_t get_parallel_info;
static ompt_get_task_info_t get_task_info;
static __thread int begin_size, begin_level, begin_num;
static int ends, wrong;

static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *pd, ompt_data_t *td,
                             unsigned size, unsigned num, int flags) {
  (void)pd, (void)td;
  if (!(flags & ompt_task_implicit) || num == 0)
    return; // workers only: the primary's end precedes its own return from the region
  if (ep == ompt_scope_begin) {
    begin_size = (int)size;
    begin_level = omp_get_level();
    begin_num = (int)num;
    return;
  }
  for (volatile int i = 0; i < 3000; i++) // the window in which the primary used to go on
    ;
  int psize = -1, tnum = -1;
  get_parallel_info(0, NULL, &psize);
  get_task_info(0, NULL, NULL, NULL, NULL, &tnum);
  int bad = omp_get_num_threads() != begin_size || omp_get_level() != begin_level ||
            psize != begin_size || tnum != begin_num || omp_get_thread_num() != begin_num;
  __atomic_fetch_add(&ends, 1, __ATOMIC_RELAXED);
  if (bad)
    __atomic_fetch_add(&wrong, 1, __ATOMIC_RELAXED);
}

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  get_parallel_info = TOOL_LOOKUP(l, get_parallel_info);
  get_task_info = TOOL_LOOKUP(l, get_task_info);
  TOOL_SET(TOOL_LOOKUP(l, set_callback), implicit_task, on_implicit_task);
  (void)dev, (void)data;
  return 1;
}
TOOL_START(initialize, tool_finalize_nothing)

int main(void) {
  long sum = 0;
  for (int r = 0; r < 600; r++) {
#pragma omp parallel num_threads(4 - r % 2) reduction(+ : sum)
    {
      sum += 1;
      if (r % 3 == 0 && omp_get_thread_num() == 1) {
#pragma omp parallel num_threads(2 + r % 2) reduction(+ : sum)
        sum += 1;
      }
    }
  }
  // 300 regions of 4 threads, 300 of 3; nested: 100 of 2, 100 of 3 (1800 worker ends).
  printf("sum=%ld ends=%d wrong=%d\n", sum, __atomic_load_n(&ends, __ATOMIC_RELAXED),
         __atomic_load_n(&wrong, __ATOMIC_RELAXED));
  return 0;
}
// CHECK: sum=2600 ends=1800 wrong=0
