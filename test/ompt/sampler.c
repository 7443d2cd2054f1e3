// A sampling profiler calls the inquiry entry points from a signal handler: a sampler thread
// sends SIGPROF to every OpenMP thread thousands of times while they fork, join, nest and wait
// in barriers. Answers must be consistent and the handler must never block or crash.
// REQUIRES: ompt
// RUN: %compile -lpthread && env OMP_NUM_THREADS=3 OMP_MAX_ACTIVE_LEVELS=2 %run %t | %FileCheck %s
#define _GNU_SOURCE
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static ompt_get_state_t get_state;
static ompt_get_thread_data_t get_thread_data;
static ompt_get_parallel_info_t get_parallel_info;
static ompt_get_task_info_t get_task_info;
static ompt_get_unique_id_t get_unique_id;

#define MAXT 64
static volatile pid_t tids[MAXT];
static volatile int ntids;
static volatile long samples, bad;
static volatile int stop;

static void on_thread_begin(ompt_thread_t type, ompt_data_t *d) {
  int i = __atomic_fetch_add(&ntids, 1, __ATOMIC_SEQ_CST);
  if (i < MAXT)
    tids[i] = (pid_t)syscall(SYS_gettid);
  d->value = (uint64_t)i + 1;
  (void)type;
}

static void handler(int sig) {
  (void)sig;
  ompt_wait_id_t wid;
  int st = get_state(&wid);
  ompt_data_t *td = get_thread_data();
  int ok = td != NULL && td->value > 0;
  ok &= st == ompt_state_work_serial || st == ompt_state_work_parallel || st == ompt_state_idle ||
        st == ompt_state_overhead || st == ompt_state_wait_barrier_implicit_parallel ||
        st == ompt_state_wait_barrier_explicit || st == ompt_state_undefined;
  for (int level = 0; level < 4; level++) {
    ompt_data_t *pd;
    int size = 0;
    int r = get_parallel_info(level, &pd, &size);
    if (r == 2)
      ok &= size >= 1 && size <= 64 && pd != NULL;
    int flags = 0, num = -1;
    ompt_data_t *task = NULL, *tpd = NULL;
    ompt_frame_t *frame = NULL;
    r = get_task_info(level, &flags, &task, &frame, &tpd, &num);
    if (r == 2)
      ok &= task != NULL && frame != NULL && num >= 0 && (flags & 0xf) != 0;
  }
  ok &= get_unique_id() != 0;
  __atomic_fetch_add(&samples, 1, __ATOMIC_RELAXED);
  if (!ok)
    __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
}

static void *sampler(void *arg) {
  (void)arg;
  struct timespec ts = {0, 20000};
  while (!stop) {
    int n = ntids < MAXT ? ntids : MAXT;
    for (int i = 0; i < n; i++)
      syscall(SYS_tgkill, getpid(), tids[i], SIGPROF);
    nanosleep(&ts, NULL);
  }
  return NULL;
}

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  get_state = TOOL_LOOKUP(l, get_state);
  get_thread_data = TOOL_LOOKUP(l, get_thread_data);
  get_parallel_info = TOOL_LOOKUP(l, get_parallel_info);
  get_task_info = TOOL_LOOKUP(l, get_task_info);
  get_unique_id = TOOL_LOOKUP(l, get_unique_id);
  (TOOL_LOOKUP(l, set_callback))(ompt_callback_thread_begin, (ompt_callback_t)on_thread_begin);
  struct sigaction sa = {0};
  sa.sa_handler = handler;
  sa.sa_flags = SA_RESTART;
  sigaction(SIGPROF, &sa, NULL);
  (void)dev, (void)data;
  return 1;
}
TOOL_START(initialize, tool_finalize_nothing)

int main(void) {
  pthread_t s;
  pthread_create(&s, NULL, sampler, NULL);
  // Until enough samples have landed, however busy the machine is (bounded, so a broken
  // sampler fails the CHECK instead of hanging).
  double end = omp_get_wtime() + 60;
  long work = 0;
  while (__atomic_load_n(&samples, __ATOMIC_RELAXED) < 2000 && omp_get_wtime() < end) {
#pragma omp parallel
    {
      long mine = 0;
      for (int i = 0; i < 2000; i++)
        mine += i & 3;
#pragma omp atomic
      work += mine;
#pragma omp barrier
#pragma omp parallel num_threads(2)
      {
#pragma omp atomic
        work += 1;
      }
    }
  }
  stop = 1;
  pthread_join(s, NULL);
  printf("samples>=2000: %d bad=%ld threads=%d\n", samples >= 2000, bad, ntids);
  return 0;
}
// CHECK: samples>=2000: 1 bad=0 threads={{[0-9]+}}
