// ompt_get_task_info's flags and ancestry: an implicit task is implicit|undeferred (active,
// if(0) and nested regions), the initial task initial, an explicit task explicit (with
// undeferred for if(0)), and level 1 inside an explicit task that another thread runs is that
// thread's own implicit task, not the one that generated it (the execution context of the
// calling thread: test/ompt/task_info_sched_parent.c).
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>

static ompt_get_task_info_t get_task_info;

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  get_task_info = TOOL_LOOKUP(l, get_task_info);
  (void)dev, (void)data;
  return 1;
}
TOOL_START(initialize, tool_finalize_nothing)

static int flags_at(int level) {
  int flags = -1;
  get_task_info(level, &flags, NULL, NULL, NULL, NULL);
  return flags;
}
static ompt_data_t *data_at(int level) {
  ompt_data_t *d = NULL;
  get_task_info(level, NULL, &d, NULL, NULL, NULL);
  return d;
}

int main(void) {
  printf("initial 0x%x\n", flags_at(0));
#pragma omp parallel num_threads(2)
  {
#pragma omp masked
    {
      printf("implicit 0x%x\n", flags_at(0));
      ompt_data_t *creator = data_at(0);
      int same = -1, lvl0 = -1, lvl1 = -1, started = 0;
      // The creator spins (no scheduling point) until the task started: the other thread, in
      // the region's end barrier, runs it.
#pragma omp task shared(same, lvl0, lvl1, started)
      {
        lvl0 = flags_at(0);
        lvl1 = flags_at(1);
        same = data_at(1) == creator;
        __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
      }
      while (!__atomic_load_n(&started, __ATOMIC_ACQUIRE))
        ;
#pragma omp taskwait
      printf("explicit 0x%x parent 0x%x parent-is-creator %d\n", lvl0, lvl1, same);
#pragma omp task if (0) shared(lvl0)
      lvl0 = flags_at(0);
      printf("if0 task 0x%x\n", lvl0);
    }
  }
#pragma omp parallel if (0)
  printf("if0 implicit 0x%x\n", flags_at(0));
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
#pragma omp masked
  if (omp_get_ancestor_thread_num(1) == 0)
    printf("nested implicit 0x%x\n", flags_at(0));
  return 0;
}
// ompt_task_initial 0x1, implicit 0x2, explicit 0x4, undeferred 0x8000000
// CHECK: initial 0x1
// CHECK: implicit 0x8000002
// CHECK: explicit 0x4 parent 0x8000002 parent-is-creator 0
// CHECK: if0 task 0x8000004
// CHECK: if0 implicit 0x8000002
// CHECK: nested implicit 0x8000002
