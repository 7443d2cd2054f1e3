// A tool's initializer may start threads that use OpenMP and wait for them: they run at once
// (no deadlock on the initialization). Their events before the initializer returns are not
// delivered (the interface is not active yet). One thread ends inside the initializer: it gets
// no thread_begin and no thread_end. The other lives on: its thread_begin is delivered when the
// initializer returns, before any of its later events, and its thread_end when it exits. Every
// thread_end follows a thread_begin, and both later regions are reported.
// REQUIRES: ompt
// RUN: %compile -lpthread && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>

static int begins, ends, unpaired, parallel_begins, before_begin;
static ompt_get_thread_data_t get_thread_data;
static _Atomic int go, known;

static void on_thread_begin(ompt_thread_t t, ompt_data_t *d) {
  (void)t;
  d->value = 7;
  __atomic_fetch_add(&begins, 1, __ATOMIC_RELAXED);
}
static void on_thread_end(ompt_data_t *d) {
  if (d->value != 7)
    __atomic_fetch_add(&unpaired, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&ends, 1, __ATOMIC_RELAXED);
}
static void on_parallel_begin(ompt_data_t *a, const ompt_frame_t *b, ompt_data_t *c, unsigned d,
                              int e, const void *f) {
  (void)a, (void)b, (void)c, (void)d, (void)e, (void)f;
  if (get_thread_data()->value != 7)
    __atomic_fetch_add(&before_begin, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&parallel_begins, 1, __ATOMIC_RELAXED);
}

static void *body(void *arg) {
  int n = 0;
#pragma omp parallel num_threads(2) reduction(+ : n)
  n++;
  *(int *)arg = n + omp_get_max_threads();
  return NULL;
}

// Starts using OpenMP in the initializer, then runs a region once the program says so.
static void *lives_on(void *arg) {
  int n = omp_get_num_threads();
  atomic_store(&known, 1);
  while (!atomic_load(&go))
    sched_yield();
#pragma omp parallel num_threads(2) reduction(+ : n)
  n++;
  *(int *)arg = n;
  return NULL;
}

static pthread_t later;
static int later_n;

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  ompt_set_callback_t set = TOOL_LOOKUP(l, set_callback);
  TOOL_SET(set, thread_begin, on_thread_begin);
  TOOL_SET(set, thread_end, on_thread_end);
  TOOL_SET(set, parallel_begin, on_parallel_begin);
  get_thread_data = TOOL_LOOKUP(l, get_thread_data);
  pthread_create(&later, NULL, lives_on, &later_n);
  while (!atomic_load(&known)) // a root before the initializer returns
    sched_yield();
  pthread_t t;
  int n = 0;
  pthread_create(&t, NULL, body, &n);
  pthread_join(t, NULL);
  printf("initializer: the thread's region had %d threads\n", n - 2);
  (void)dev, (void)data;
  return 1;
}
static void finalize(ompt_data_t *d) {
  (void)d;
  printf("finalize: paired=%d unpaired=%d parallel_begins=%d before_begin=%d\n", begins == ends,
         unpaired, parallel_begins, before_begin);
}
TOOL_START(initialize, finalize)

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int n = 0;
#pragma omp parallel num_threads(2) reduction(+ : n)
  n++;
  printf("main: n=%d\n", n);
  atomic_store(&go, 1);
  pthread_join(later, NULL);
  printf("later thread: n=%d\n", later_n);
  return 0;
}
// CHECK: initializer: the thread's region had 2 threads
// CHECK-NEXT: main: n=2
// CHECK-NEXT: later thread: n=3
// CHECK-NEXT: finalize: paired=1 unpaired=0 parallel_begins=2 before_begin=0
