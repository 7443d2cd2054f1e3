// ompt_finalize_tool: every thread's last event arrives before the finalizer, the finalizer
// runs once, no callback follows it, and the program goes on running OpenMP without a tool.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

static ompt_finalize_tool_t finalize_tool;
static int finalized, after_finalize, thread_ends, parallel_begins;

static void on_thread_end(ompt_data_t *d) {
  (void)d;
  __atomic_fetch_add(&thread_ends, 1, __ATOMIC_SEQ_CST);
  if (finalized)
    after_finalize++;
}
static void on_parallel_begin(ompt_data_t *a, const ompt_frame_t *b, ompt_data_t *c, unsigned int d,
                              int e, const void *f) {
  (void)a, (void)b, (void)c, (void)d, (void)e, (void)f;
  parallel_begins++;
  if (finalized)
    after_finalize++;
}
static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  ompt_set_callback_t set = TOOL_LOOKUP(l, set_callback);
  TOOL_SET(set, thread_end, on_thread_end);
  TOOL_SET(set, parallel_begin, on_parallel_begin);
  finalize_tool = TOOL_LOOKUP(l, finalize_tool);
  (void)dev, (void)data;
  return 1;
}
static void finalize(ompt_data_t *d) {
  (void)d;
  finalized++;
  printf("finalizer: thread_ends=%d parallel_begins=%d\n", thread_ends, parallel_begins);
}
TOOL_START(initialize, finalize)

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
#pragma omp parallel
  {}
  finalize_tool();
  int n = 0;
#pragma omp parallel
  {
#pragma omp atomic
    n++;
  }
  printf("after: n=%d finalized=%d callbacks_after=%d\n", n, finalized, after_finalize);
  return 0;
}
// CHECK: finalizer: thread_ends=2 parallel_begins=1
// CHECK-NEXT: after: n=2 finalized=1 callbacks_after=0
// CHECK-NOT: finalizer
