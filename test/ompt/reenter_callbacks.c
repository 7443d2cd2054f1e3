// A tool that re-enters the runtime from every callback it registers (ICV and team queries,
// inquiry entry points, an OpenMP lock, guarded against its own recursion) while the program runs
// loops, masked, single, tasks, critical and nested regions on 4 threads: the results are right
// and the tool is finalized.
// REQUIRES: ompt
// RUN: %compile && %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>
static volatile long sink;
static ompt_get_task_info_t gti;
static ompt_get_parallel_info_t gpi;
static omp_lock_t tl;
static __thread int depth;
static void poke(void) {
  if (depth)
    return;
  depth = 1;
  int k, c;
  omp_get_schedule((omp_sched_t *)&k, &c);
  sink += omp_get_max_threads() + omp_get_num_threads() + omp_get_thread_num() + omp_get_level() +
          omp_in_final() + omp_get_dynamic() + omp_get_thread_limit() + omp_get_proc_bind() +
          omp_get_team_size(omp_get_level()) + omp_get_ancestor_thread_num(omp_get_level()) +
          omp_in_explicit_task();
  sink += gti(0, NULL, NULL, NULL, NULL, NULL) + gpi(0, NULL, NULL);
  omp_set_lock(&tl);
  sink++;
  omp_unset_lock(&tl);
  depth = 0;
}
#define CB0(n, ...)                                                                                \
  static void n(__VA_ARGS__) {                                                                     \
    poke();                                                                                        \
  }
CB0(c_tb, ompt_thread_t a, ompt_data_t *b)
CB0(c_te, ompt_data_t *a)
CB0(c_pb, ompt_data_t *a, const ompt_frame_t *b, ompt_data_t *c, unsigned d, int e, const void *f)
CB0(c_pe, ompt_data_t *a, ompt_data_t *b, int c, const void *d)
CB0(c_it, ompt_scope_endpoint_t a, ompt_data_t *b, ompt_data_t *c, unsigned d, unsigned e, int f)
CB0(c_tc, ompt_data_t *a, const ompt_frame_t *b, ompt_data_t *c, int d, int e, const void *f)
CB0(c_ts, ompt_data_t *a, ompt_task_status_t b, ompt_data_t *c)
CB0(c_sr, ompt_sync_region_t a, ompt_scope_endpoint_t b, ompt_data_t *c, ompt_data_t *d,
    const void *e)
CB0(c_wk, ompt_work_t a, ompt_scope_endpoint_t b, ompt_data_t *c, ompt_data_t *d, uint64_t e,
    const void *f)
CB0(c_dp, ompt_data_t *a, ompt_data_t *b, ompt_dispatch_t c, ompt_data_t d)
CB0(c_ma, ompt_mutex_t a, unsigned b, unsigned c, ompt_wait_id_t d, const void *e)
CB0(c_mr, ompt_mutex_t a, ompt_wait_id_t b, const void *c)
CB0(c_ms, ompt_scope_endpoint_t a, ompt_data_t *b, ompt_data_t *c, const void *d)
static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  ompt_set_callback_t set = TOOL_LOOKUP(l, set_callback);
  gti = TOOL_LOOKUP(l, get_task_info);
  gpi = TOOL_LOOKUP(l, get_parallel_info);
  omp_init_lock(&tl);
  TOOL_SET(set, thread_begin, c_tb);
  TOOL_SET(set, thread_end, c_te);
  TOOL_SET(set, parallel_begin, c_pb);
  TOOL_SET(set, parallel_end, c_pe);
  TOOL_SET(set, implicit_task, c_it);
  TOOL_SET(set, task_create, c_tc);
  TOOL_SET(set, task_schedule, c_ts);
  TOOL_SET(set, sync_region, c_sr);
  TOOL_SET(set, sync_region_wait, c_sr);
  TOOL_SET(set, work, c_wk);
  TOOL_SET(set, dispatch, c_dp);
  TOOL_SET(set, mutex_acquire, c_ma);
  TOOL_SET(set, mutex_acquired, c_mr);
  TOOL_SET(set, mutex_released, c_mr);
  TOOL_SET(set, masked, c_ms);
  TOOL_SET(set, reduction, c_sr);
  (void)dev, (void)data;
  return 1;
}
static void finalize(ompt_data_t *d) {
  (void)d;
  printf("fin\n");
}
TOOL_START(initialize, finalize)
int main(void) {
  long s = 0;
  for (int r = 0; r < 50; r++) {
#pragma omp parallel num_threads(4) reduction(+ : s)
    {
#pragma omp for schedule(dynamic, 2)
      for (int i = 0; i < 40; i++)
        s += i;
#pragma omp masked
      s += 0;
#pragma omp single
      for (int i = 0; i < 8; i++) {
#pragma omp task
        { __atomic_fetch_add(&sink, 1, __ATOMIC_RELAXED); }
      }
#pragma omp critical
      s += 1;
#pragma omp parallel num_threads(2)
      {}
    }
  }
  printf("s=%ld\n", s);
  return 0;
}
// CHECK: s=39200
// CHECK-NEXT: fin
// A worker's end-of-join callbacks (sync_region, implicit_task end) run after the release; their
// inquiries read the region's team, which the primary leaves alone until every member has left
// the region (fork.c's wait_members_left; join_tail_inquiry.c checks the values).
