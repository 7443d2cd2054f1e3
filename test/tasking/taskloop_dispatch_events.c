// A taskloop chunk's dispatch event (ompt_dispatch_taskloop_chunk) comes when the chunk task
// starts running: on the thread that runs it, inside it (the event's task is the current task,
// after its task_schedule switch), once per chunk, with its first iteration and count; chunks
// cover the loop exactly. Deferred chunks on a team of two, undeferred ones (if(0)), nogroup,
// and a negative stride.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>

static ompt_get_task_info_t get_task_info;
static _Atomic int chunks, iterations, errors;
static _Atomic long start_sum;
static __thread ompt_data_t *switched_to; // the task this thread last switched to

static void on_dispatch(ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind,
                        ompt_data_t instance) {
  (void)parallel;
  if (kind != ompt_dispatch_taskloop_chunk)
    return;
  ompt_data_t *cur = NULL;
  get_task_info(0, NULL, &cur, NULL, NULL, NULL);
  ompt_dispatch_chunk_t *c = instance.ptr;
  if (cur != task || switched_to != task) {
    printf("mismatch: chunk at %lu reported in task %p, current %p, switched to %p\n",
           (unsigned long)c->start, (void *)task, (void *)cur, (void *)switched_to);
    errors++;
  }
  chunks++;
  iterations += (int)c->iterations;
  start_sum += (long)c->start;
}

static void on_schedule(ompt_data_t *prior, ompt_task_status_t st, ompt_data_t *next) {
  (void)prior, (void)st;
  switched_to = next;
}

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  get_task_info = TOOL_LOOKUP(l, get_task_info);
  ompt_set_callback_t set = TOOL_LOOKUP(l, set_callback);
  TOOL_SET(set, dispatch, on_dispatch);
  TOOL_SET(set, task_schedule, on_schedule);
  (void)dev, (void)data;
  return 1;
}
TOOL_START(initialize, tool_finalize_nothing)

static void report(const char *what) {
  printf("%s: chunks=%d iterations=%d start_sum=%ld errors=%d\n", what, chunks, iterations,
         start_sum, errors);
  chunks = iterations = 0;
  start_sum = 0;
}

int main(void) {
  volatile int sink = 0;
#pragma omp parallel num_threads(2)
#pragma omp masked
  {
#pragma omp taskloop grainsize(4)
    for (int i = 0; i < 16; i++)
      sink += i;
    report("deferred");
#pragma omp taskloop grainsize(4) if (0)
    for (int i = 0; i < 16; i++)
      sink += i;
    report("if(0)");
#pragma omp taskloop num_tasks(3) nogroup
    for (int i = 10; i > 0; i -= 2)
      sink += i;
#pragma omp taskwait
    report("nogroup, negative stride");
  }
  return 0;
}
// Starts 0, 4, 8, 12 sum to 24; clang normalizes the second loop to 0..4 with stride 1, so its
// chunks of 2, 2 and 1 iterations start at 0, 2 and 4 (sum 6).
// CHECK-NOT: mismatch
// CHECK: deferred: chunks=4 iterations=16 start_sum=24 errors=0
// CHECK-NOT: mismatch
// CHECK: if(0): chunks=4 iterations=16 start_sum=24 errors=0
// CHECK-NOT: mismatch
// CHECK: nogroup, negative stride: chunks=3 iterations=5 start_sum=6 errors=0
