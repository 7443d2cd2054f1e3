// A tool whose initializer returns 0 leaves the interface inactive, yet may keep the entry
// points it looked up and call them later. Then the runtime keeps no states, frames or data
// for it, so the inquiries answer as for no tool: no thread data (NULL), no parallel region or
// task (0), processor -1 (5.1: a negative number is a failure to retrieve it); on the initial
// thread, on a worker and on a thread the runtime never saw. The same program with an
// initializer that accepts gets real answers, which shows the declined answers are not
// what every call returns; there a thread the runtime never saw has no thread data, region,
// task or processor (-1, as libomp), until its first OpenMP call makes it a root. The program
// is its own tool.
// REQUIRES: ompt
// RUN: %compile && env DECLINE=1 OMP_NUM_THREADS=2 %run %t | %FileCheck %s --check-prefix=OFF
// RUN: env DECLINE=0 OMP_NUM_THREADS=2 %run %t | %FileCheck %s --check-prefix=ON
#include "tool.h"
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static ompt_get_thread_data_t get_thread_data;
static ompt_get_parallel_info_t get_parallel_info;
static ompt_get_task_info_t get_task_info;
static ompt_get_proc_id_t get_proc_id;

static void ask(const char *where) {
  int team = -7;
  ompt_data_t *task = NULL;
  int pinfo = get_parallel_info(0, NULL, &team);
  int tinfo = get_task_info(0, NULL, &task, NULL, NULL, NULL);
  int proc = get_proc_id();
  printf("%s: thread_data %s parallel %d task %d proc %s\n", where,
         get_thread_data() ? "set" : "NULL", pinfo, tinfo,
         proc == -1  ? "-1"
         : proc >= 0 ? "cpu"
                     : "bad");
}

static void *native(void *arg) {
  ask("native");
  omp_get_thread_num(); // now the runtime knows the thread
  ask("root");
  return arg;
}

static int initialize(ompt_function_lookup_t lookup, int dev, ompt_data_t *data) {
  get_thread_data = TOOL_LOOKUP(lookup, get_thread_data);
  get_parallel_info = TOOL_LOOKUP(lookup, get_parallel_info);
  get_task_info = TOOL_LOOKUP(lookup, get_task_info);
  get_proc_id = TOOL_LOOKUP(lookup, get_proc_id);
  return atoi(getenv("DECLINE")) ? 0 : 1;
}

TOOL_START(initialize, tool_finalize_nothing)

int main(void) {
  omp_get_num_threads(); // initializes the runtime, and so the tool
  ask("initial");
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1)
    ask("worker");
  pthread_t t;
  pthread_create(&t, NULL, native, NULL);
  pthread_join(t, NULL);
  return 0;
}
// OFF: initial: thread_data NULL parallel 0 task 0 proc -1
// OFF: worker: thread_data NULL parallel 0 task 0 proc -1
// OFF: native: thread_data NULL parallel 0 task 0 proc -1
// OFF: root: thread_data NULL parallel 0 task 0 proc -1
// ON: initial: thread_data set parallel 2 task 2 proc cpu
// ON: worker: thread_data set parallel 2 task 2 proc cpu
// ON: native: thread_data NULL parallel 0 task 0 proc -1
// ON: root: thread_data set parallel 2 task 2 proc cpu
