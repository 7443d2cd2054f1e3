// ompt_set_callback at any time, from any thread: a plain pthread and a worker inside the
// regions register, swap and unregister (NULL) callbacks while every thread runs loops, tasks,
// locks, criticals, reductions and barriers. No event ever reaches a NULL entry (the program
// would crash), every delivered event has sane arguments, the results are right, no event
// arrives once everything is unregistered, and events arrive again once re-registered.
// REQUIRES: ompt
// RUN: %compile -lpthread && env OMP_NUM_THREADS=4 %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static ompt_set_callback_t set_cb;
static ompt_get_callback_t get_cb;
static long events, bad_args;
static _Atomic int stop, churning = 1;

static void count(const void *must_be_set) {
  __atomic_fetch_add(&events, 1, __ATOMIC_RELAXED);
  if (!must_be_set)
    __atomic_fetch_add(&bad_args, 1, __ATOMIC_RELAXED);
}
static void on_task_create(ompt_data_t *p, const ompt_frame_t *f, ompt_data_t *t, int fl, int d,
                           const void *c) {
  (void)p, (void)f, (void)fl, (void)d, (void)c;
  count(t);
}
static void on_task_schedule(ompt_data_t *a, ompt_task_status_t s, ompt_data_t *b) {
  (void)s, (void)b;
  count(a);
}
static void on_sync(ompt_sync_region_t k, ompt_scope_endpoint_t e, ompt_data_t *p, ompt_data_t *t,
                    const void *c) {
  (void)k, (void)e, (void)p, (void)c;
  count(t);
}
static void on_sync_b(ompt_sync_region_t k, ompt_scope_endpoint_t e, ompt_data_t *p, ompt_data_t *t,
                      const void *c) {
  on_sync(k, e, p, t, c);
}
static void on_work(ompt_work_t w, ompt_scope_endpoint_t e, ompt_data_t *p, ompt_data_t *t,
                    uint64_t n, const void *c) {
  (void)w, (void)e, (void)p, (void)n, (void)c;
  count(t);
}
static void on_dispatch(ompt_data_t *p, ompt_data_t *t, ompt_dispatch_t k, ompt_data_t i) {
  (void)p, (void)k, (void)i;
  count(t);
}
static void on_implicit(ompt_scope_endpoint_t e, ompt_data_t *p, ompt_data_t *t, unsigned n,
                        unsigned i, int f) {
  (void)e, (void)p, (void)n, (void)i, (void)f;
  count(t);
}
static void on_mutex(ompt_mutex_t k, ompt_wait_id_t w, const void *c) {
  (void)k, (void)w, (void)c;
  count(&events);
}
static void on_acquire(ompt_mutex_t k, unsigned h, unsigned i, ompt_wait_id_t w, const void *c) {
  (void)k, (void)h, (void)i, (void)w, (void)c;
  count(&events);
}
static void on_parallel_begin(ompt_data_t *t, const ompt_frame_t *f, ompt_data_t *p, unsigned n,
                              int fl, const void *c) {
  (void)t, (void)f, (void)n, (void)fl, (void)c;
  count(p);
}
static void on_reduction(ompt_sync_region_t k, ompt_scope_endpoint_t e, ompt_data_t *p,
                         ompt_data_t *t, const void *c) {
  on_sync(k, e, p, t, c);
}

// Which callbacks churn, and their two registrable functions (B may equal A).
static const struct {
  ompt_callbacks_t which;
  ompt_callback_t a, b;
} churn[] = {
    {ompt_callback_task_create, (ompt_callback_t)on_task_create, NULL},
    {ompt_callback_task_schedule, (ompt_callback_t)on_task_schedule, NULL},
    {ompt_callback_sync_region, (ompt_callback_t)on_sync, (ompt_callback_t)on_sync_b},
    {ompt_callback_sync_region_wait, (ompt_callback_t)on_sync, (ompt_callback_t)on_sync_b},
    {ompt_callback_work, (ompt_callback_t)on_work, NULL},
    {ompt_callback_dispatch, (ompt_callback_t)on_dispatch, NULL},
    {ompt_callback_implicit_task, (ompt_callback_t)on_implicit, NULL},
    {ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin, NULL},
    {ompt_callback_reduction, (ompt_callback_t)on_reduction, NULL},
};
#define NCHURN (int)(sizeof(churn) / sizeof(*churn))

static void set_all(int phase) { // 0: NULL, 1: A, 2: B (or A)
  for (int i = 0; i < NCHURN; i++) {
    ompt_callback_t f = phase == 0 ? NULL : phase == 2 && churn[i].b ? churn[i].b : churn[i].a;
    set_cb(churn[i].which, f);
  }
}

static void *toggler(void *arg) {
  (void)arg;
  for (unsigned n = 0; !atomic_load(&stop); n++)
    set_all((int)(n % 3));
  return NULL;
}

// A worker changes the mutex callbacks from inside the regions.
static void toggle_mutex(int round) {
  ompt_callback_t acq = round & 1 ? (ompt_callback_t)on_acquire : NULL;
  ompt_callback_t rel = round & 2 ? (ompt_callback_t)on_mutex : NULL;
  set_cb(ompt_callback_mutex_acquire, acq);
  set_cb(ompt_callback_mutex_acquired, rel);
  set_cb(ompt_callback_mutex_released, rel);
}

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  set_cb = TOOL_LOOKUP(l, set_callback);
  get_cb = TOOL_LOOKUP(l, get_callback);
  (void)dev, (void)data;
  return 1;
}
TOOL_START(initialize, tool_finalize_nothing)

static long workload(int rounds) {
  long wrong = 0;
  omp_lock_t lock;
  omp_init_lock(&lock);
  for (int r = 0; r < rounds; r++) {
    long sum = 0, tasks = 0, crit = 0, locked = 0;
#pragma omp parallel reduction(+ : sum)
    {
      if (omp_get_thread_num() == 1 && atomic_load(&churning))
        toggle_mutex(r);
#pragma omp for schedule(dynamic, 3)
      for (int i = 0; i < 100; i++)
        sum += i;
#pragma omp for schedule(static)
      for (int i = 0; i < 100; i++)
        sum += i;
#pragma omp single
      for (int i = 0; i < 16; i++) {
#pragma omp task
        __atomic_fetch_add(&tasks, 1, __ATOMIC_RELAXED);
      }
#pragma omp critical
      crit++;
      omp_set_lock(&lock);
      locked++;
      omp_unset_lock(&lock);
#pragma omp barrier
    }
    int n = omp_get_max_threads();
    wrong += sum != 2 * 4950 || tasks != 16 || crit != n || locked != n;
  }
  omp_destroy_lock(&lock);
  return wrong;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  if (omp_get_max_threads() != 4) // initializes the runtime and the tool
    return 1;
  pthread_t t;
  pthread_create(&t, NULL, toggler, NULL);
  long wrong = workload(150);
  atomic_store(&stop, 1);
  pthread_join(t, NULL);
  atomic_store(&churning, 0);
  printf("churn: wrong=%ld bad_args=%ld\n", wrong, bad_args);

  // Quiescent: everything unregistered, nothing arrives.
  set_all(0);
  toggle_mutex(0);
  ompt_callback_t f = (ompt_callback_t)on_sync;
  int got = get_cb(ompt_callback_sync_region, &f);
  long before = __atomic_load_n(&events, __ATOMIC_RELAXED);
  wrong = workload(10);
  long after = __atomic_load_n(&events, __ATOMIC_RELAXED);
  printf("unregistered: get=%d wrong=%ld events=%ld\n", got, wrong, after - before);

  // Registered again: the events come back.
  set_all(1);
  got = get_cb(ompt_callback_sync_region, &f);
  wrong = workload(1);
  printf("registered: get=%d same=%d wrong=%ld events=%d\n", got, f == (ompt_callback_t)on_sync,
         wrong, __atomic_load_n(&events, __ATOMIC_RELAXED) > after);
  return 0;
}
// CHECK: churn: wrong=0 bad_args=0
// CHECK-NEXT: unregistered: get=0 wrong=0 events=0
// CHECK-NEXT: registered: get=1 same=1 wrong=0 events=1
