// A tool's initializer may start a thread that uses OpenMP and wait for it: the thread runs its
// parallel region at once (no deadlock on the initialization). Its events before the
// initializer returns are not delivered (the interface is not active yet), so it gets no
// thread_begin and no thread_end; every thread_end the tool sees follows a thread_begin, and
// the program's own region is reported.
// REQUIRES: ompt
// RUN: %compile -lpthread && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include <omp-tools.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

static int begins, ends, unpaired, parallel_begins;

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
  __atomic_fetch_add(&parallel_begins, 1, __ATOMIC_RELAXED);
}

static void *body(void *arg) {
  int n = 0;
#pragma omp parallel num_threads(2) reduction(+ : n)
  n++;
  *(int *)arg = n + omp_get_max_threads();
  return NULL;
}

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  ompt_set_callback_t set = (ompt_set_callback_t)l("ompt_set_callback");
  set(ompt_callback_thread_begin, (ompt_callback_t)on_thread_begin);
  set(ompt_callback_thread_end, (ompt_callback_t)on_thread_end);
  set(ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin);
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
  printf("finalize: paired=%d unpaired=%d parallel_begins=%d\n", begins == ends, unpaired,
         parallel_begins);
}
ompt_start_tool_result_t *ompt_start_tool(unsigned int v, const char *rt) {
  static ompt_start_tool_result_t r = {initialize, finalize, {0}};
  (void)v, (void)rt;
  return &r;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int n = 0;
#pragma omp parallel num_threads(2) reduction(+ : n)
  n++;
  printf("main: n=%d\n", n);
  return 0;
}
// CHECK: initializer: the thread's region had 2 threads
// CHECK-NEXT: main: n=2
// CHECK-NEXT: finalize: paired=1 unpaired=0 parallel_begins=1
