// A tool may call every omp_* routine and OMPT entry point, and use constructs, from its
// initializer and from any callback: thread_begin and thread_end on the initial thread and on
// workers (which run outside any region: a team of one at level 0 whose regions run with a
// team of one, and no task for ompt_get_task_info), implicit_task and parallel_begin, and the
// finalizer. Each context calls everything below and reports what it saw.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=3 %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ompt_get_thread_data_t get_thread_data;
static ompt_get_state_t get_state;
static ompt_get_task_info_t get_task_info;
static ompt_get_parallel_info_t get_parallel_info;
static ompt_get_place_num_t get_place_num;
static ompt_get_num_procs_t get_num_procs;
static ompt_get_unique_id_t get_unique_id;
static ompt_enumerate_states_t enumerate_states;
static ompt_get_proc_id_t get_proc_id;
static ompt_get_num_places_t get_num_places;
static ompt_get_callback_t get_callback;

enum { INIT, TB_INITIAL, TB_WORKER, TE_WORKER, TE_INITIAL, IMPLICIT, FINALIZE, NCTX };
static const char *names[NCTX] = {
    "initializer",       "thread_begin initial", "thread_begin worker",
    "thread_end worker", "thread_end initial",   "implicit_task begin",
    "finalizer"};
static struct { int calls, bad, num_threads, level, limit, task_info, region; } seen[NCTX];
static volatile long sink;
static int in_implicit; // one nested report is enough

// Every routine, each answer checked where it is defined; returns the failures.
static int call_everything(int ctx) {
  int bad = 0, k = 0, c = 0;
  bad += omp_get_max_threads() < 1;
  sink += omp_get_dynamic() + omp_in_final() + omp_get_proc_bind() + omp_get_nested();
  bad += omp_get_thread_limit() < 1;
  omp_get_schedule((omp_sched_t *)&k, &c);
  bad += k < 1;
  bad += omp_get_num_threads() < 1 || omp_get_thread_num() < 0 || omp_in_parallel() < 0;
  bad += omp_get_level() < 0 || omp_get_active_level() < 0 || omp_get_max_active_levels() < 0;
  bad += omp_get_ancestor_thread_num(0) != 0 || omp_get_team_size(0) != 1;
  sink += omp_get_num_places() + omp_get_place_num() + omp_get_partition_num_places();
  sink += omp_get_default_device() + omp_get_num_devices() + omp_is_initial_device();
  sink += omp_get_team_num() + omp_get_num_teams() + omp_in_explicit_task();
  sink += omp_get_cancellation() + omp_get_max_task_priority() + omp_get_initial_device();
  sink += omp_get_device_num() + omp_get_teams_thread_limit() + omp_get_max_teams();
  sink += omp_get_supported_active_levels() + (long)omp_get_default_allocator();
  bad += omp_get_wtime() <= 0 || omp_get_wtick() <= 0;
  omp_set_num_threads(2);
  omp_set_dynamic(0);
  omp_set_schedule(omp_sched_dynamic, 2);
  omp_set_max_active_levels(2);
  bad += omp_get_max_threads() != 2;
  omp_lock_t l;
  omp_init_lock(&l);
  omp_set_lock(&l);
  bad += omp_test_lock(&l) != 0;
  omp_unset_lock(&l);
  omp_destroy_lock(&l);
  void *p = omp_alloc(64, omp_default_mem_alloc);
  bad += p == NULL;
  omp_free(p, omp_default_mem_alloc);
  char buf[64];
  bad += omp_capture_affinity(buf, sizeof buf, "%n") == 0;
  // Constructs.
  int members = 0, tasks = 0;
#pragma omp parallel num_threads(2) reduction(+ : members)
  members++;
#pragma omp task shared(tasks)
  tasks++;
#pragma omp taskwait
  bad += tasks != 1 || members < 1;
  // Entry points.
  bad += get_thread_data() == NULL;
  ompt_wait_id_t wid;
  sink += get_state(&wid);
  int flags = 0, n = 0;
  int ti = get_task_info(0, &flags, NULL, NULL, NULL, NULL);
  sink += get_parallel_info(0, NULL, &n) + get_place_num() + get_num_places();
  bad += get_num_procs() < 1 || get_unique_id() == 0 || get_proc_id() < 0;
  const char *name;
  int next;
  bad += !enumerate_states(ompt_state_undefined, &next, &name);
  ompt_callback_t cb;
  sink += get_callback(ompt_callback_thread_begin, &cb);
  __atomic_fetch_add(&seen[ctx].calls, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&seen[ctx].bad, bad, __ATOMIC_RELAXED);
  seen[ctx].num_threads = omp_get_num_threads();
  seen[ctx].level = omp_get_level();
  seen[ctx].limit = omp_get_thread_limit();
  seen[ctx].task_info = ti;
  seen[ctx].region = members;
  return bad;
}

static void on_thread_begin(ompt_thread_t type, ompt_data_t *d) {
  d->value = type;
  call_everything(type == ompt_thread_initial ? TB_INITIAL : TB_WORKER);
}
static void on_thread_end(ompt_data_t *d) {
  call_everything(d->value == ompt_thread_initial ? TE_INITIAL : TE_WORKER);
}
static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *p, ompt_data_t *t, unsigned n,
                             unsigned i, int flags) {
  (void)p, (void)t, (void)n, (void)i;
  if (ep == ompt_scope_begin && (flags & ompt_task_implicit) && i == 1 &&
      !__atomic_exchange_n(&in_implicit, 1, __ATOMIC_RELAXED))
    call_everything(IMPLICIT);
}

#define LOOKUP(var, name) var = (__typeof__(var))l(#name)
static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  ompt_set_callback_t set = TOOL_LOOKUP(l, set_callback);
  LOOKUP(get_thread_data, ompt_get_thread_data);
  LOOKUP(get_state, ompt_get_state);
  LOOKUP(get_task_info, ompt_get_task_info);
  LOOKUP(get_parallel_info, ompt_get_parallel_info);
  LOOKUP(get_place_num, ompt_get_place_num);
  LOOKUP(get_num_procs, ompt_get_num_procs);
  LOOKUP(get_unique_id, ompt_get_unique_id);
  LOOKUP(enumerate_states, ompt_enumerate_states);
  LOOKUP(get_proc_id, ompt_get_proc_id);
  LOOKUP(get_num_places, ompt_get_num_places);
  LOOKUP(get_callback, ompt_get_callback);
  TOOL_SET(set, thread_begin, on_thread_begin);
  TOOL_SET(set, thread_end, on_thread_end);
  TOOL_SET(set, implicit_task, on_implicit_task);
  call_everything(INIT);
  (void)dev, (void)data;
  return 1;
}
static void finalize(ompt_data_t *d) {
  (void)d;
  call_everything(FINALIZE);
  for (int i = 0; i < NCTX; i++)
    printf("%s: calls=%s bad=%d team=%d level=%d thread_limit=%d task_info=%d region=%d\n",
           names[i], seen[i].calls ? "yes" : "no", seen[i].bad, seen[i].num_threads, seen[i].level,
           seen[i].limit, seen[i].task_info, seen[i].region);
}
TOOL_START(initialize, finalize)

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int sum = 0;
  for (int r = 0; r < 3; r++) {
#pragma omp parallel num_threads(3) reduction(+ : sum)
    sum += omp_get_thread_num();
  }
  printf("main: sum=%d\n", sum);
  return 0;
}
// CHECK: main: sum=9
// CHECK-NEXT: initializer: calls=yes bad=0 team=1 level=0 thread_limit=2147483647 task_info=2
// region=2 CHECK-NEXT: thread_begin initial: calls=yes bad=0 team=1 level=0 thread_limit=2147483647
// task_info=2 region=2 CHECK-NEXT: thread_begin worker: calls=yes bad=0 team=1 level=0
// thread_limit=1 task_info=0 region=1 CHECK-NEXT: thread_end worker: calls=yes bad=0 team=1 level=0
// thread_limit=1 task_info=0 region=1 After the workers are gone at exit, regions run with a team
// of one. CHECK-NEXT: thread_end initial: calls=yes bad=0 team=1 level=0 thread_limit=2147483647
// task_info=2 region=1 The first implicit task of index 1 is in the region the initial thread_begin
// starts (its num_threads(2)); the initializer's omp_set_max_active_levels(2) lets its nested
// region grow. CHECK-NEXT: implicit_task begin: calls=yes bad=0 team=2 level=1
// thread_limit=2147483647 task_info=2 region=2 CHECK-NEXT: finalizer: calls=yes bad=0 team=1
// level=0 thread_limit=2147483647 task_info=2 region=1
