// ompt_finalize_tool called from inside callbacks never hangs and never finalizes twice. On the
// initial thread outside any region (its thread_begin, a parallel_begin) it finalizes at once.
// On a worker or inside a region (a worker's thread_begin, an implicit task, a barrier) it is
// refused with one message and the tool is finalized at exit as usual. From the initializer
// (no tool active yet), a thread_end at exit or the finalizer itself it does nothing.
// REQUIRES: ompt
// RUN: %compile
// RUN: env WHERE=initial_begin %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,NOW
// RUN: env WHERE=parallel_begin %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,NOW
// RUN: env WHERE=worker_begin %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,REFUSED
// RUN: env WHERE=implicit_task %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,REFUSED
// RUN: env WHERE=barrier %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,REFUSED
// RUN: env WHERE=initializer %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,LATER
// RUN: env WHERE=thread_end %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,LATER
// RUN: env WHERE=finalizer %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,LATER
#include "tool.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ompt_finalize_tool_t finalize_tool;
static const char *where;
static int finalized, called;

static void maybe(const char *w) {
  if (strcmp(w, where) == 0 && !__atomic_exchange_n(&called, 1, __ATOMIC_RELAXED))
    finalize_tool();
}
static void on_thread_begin(ompt_thread_t t, ompt_data_t *d) {
  (void)d;
  maybe(t == ompt_thread_worker ? "worker_begin" : "initial_begin");
}
static void on_thread_end(ompt_data_t *d) {
  (void)d;
  maybe("thread_end");
}
static void on_parallel_begin(ompt_data_t *a, const ompt_frame_t *b, ompt_data_t *c, unsigned d,
                              int e, const void *f) {
  (void)a, (void)b, (void)c, (void)d, (void)e, (void)f;
  maybe("parallel_begin");
}
static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *p, ompt_data_t *t, unsigned n,
                             unsigned i, int flags) {
  (void)p, (void)t, (void)n;
  if (ep == ompt_scope_begin && i == 1 && (flags & ompt_task_implicit))
    maybe("implicit_task");
}
static void on_sync_region(ompt_sync_region_t k, ompt_scope_endpoint_t e, ompt_data_t *p,
                           ompt_data_t *t, const void *c) {
  (void)k, (void)e, (void)p, (void)t, (void)c;
  maybe("barrier");
}
static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  where = getenv("WHERE");
  finalize_tool = TOOL_LOOKUP(l, finalize_tool);
  TOOL_SET_ALL(l, TOOL_CB(thread_begin, on_thread_begin), TOOL_CB(thread_end, on_thread_end),
               TOOL_CB(parallel_begin, on_parallel_begin), TOOL_CB(implicit_task, on_implicit_task),
               TOOL_CB(sync_region, on_sync_region));
  maybe("initializer");
  (void)dev, (void)data;
  return 1;
}
static void finalize(ompt_data_t *d) {
  (void)d;
  finalized++;
  printf("finalizer %d\n", finalized);
  maybe("finalizer");
}
TOOL_START(initialize, finalize)

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int n = 0;
  for (int r = 0; r < 3; r++) {
#pragma omp parallel num_threads(4) reduction(+ : n)
    {
      n++;
#pragma omp barrier
    }
  }
  printf("main: n=%d called=%d finalized=%d\n", n, called, finalized);
  return 0;
}
// REFUSED: OMP: Warning: ompt_finalize_tool called on a worker thread or inside a parallel region
// or task: ignored; the tool is finalized at exit REFUSED-NOT: finalizer NOW: finalizer 1
// CHECK-NOT: finalizer
// CHECK: main: n=12 called=
// NOW-SAME: 1 finalized=1
// REFUSED-SAME: 1 finalized=0
// LATER-SAME: finalized=0
// REFUSED-NEXT: finalizer 1
// LATER-NEXT: finalizer 1
// CHECK-NOT: finalizer
// CHECK-NOT: Warning
