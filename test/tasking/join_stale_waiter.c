// Workers that wait at a join that runs tasks poll the deques until they see the release. By
// then the master may have forked the team's next region, smaller, and deferred its tasks. A
// worker still inside its poll must not take such a task: it is not a member of the new region
// (omp_get_thread_num() would be past the team), and the children it creates would go to its
// own deque, which the smaller team never scans, so the region's end would wait forever.
// Regions alternate 3 and 2 threads; in the 3-thread one every worker reaches the join after
// a task exists (so it waits there, polling), and the task, before it ends, interrupts member
// 2 with a signal whose handler sleeps: member 2 is then most likely stopped inside a poll,
// and resumes it once the master has forked the 2-thread region, which defers tasks for
// longer than the handler sleeps, each with a child. The watchdog turns a stranded task into
// a FAIL.
// RUN: %compile && env OMP_WAIT_POLICY=active %run %t | %FileCheck %s
// RUN: env OMP_WAIT_POLICY=passive %run %t | %FileCheck %s
#include "watchdog.h"

#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

enum { ROUNDS = 300, TASKS = 80 };

static atomic_long created, ran, outside;
static atomic_int deferred;
static pthread_t member2;

static void pause_member(int sig) {
  (void)sig;
  struct timespec d = {0, 1000 * 1000};
  nanosleep(&d, NULL);
}

static void spin(int n) {
  for (volatile int i = 0; i < n; i++)
    ;
}

static void record(void) {
  if (omp_get_thread_num() >= omp_get_num_threads())
    atomic_fetch_add(&outside, 1);
  atomic_fetch_add(&ran, 1);
}

static void slow_task(void) {
  spin(2000);
  if (omp_get_thread_num() != 2)
    pthread_kill(member2, SIGUSR1);
  record();
}

int main(void) {
  watchdog_start();
  struct sigaction sa = {.sa_handler = pause_member, .sa_flags = SA_RESTART};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGUSR1, &sa, NULL);
  stage = "alternating 3 and 2 threads";
  long late = 0;
  for (int r = 0; r < ROUNDS; r++) {
    atomic_store(&deferred, 0);
#pragma omp parallel num_threads(3)
    {
      if (omp_get_thread_num() == 2)
        member2 = pthread_self();
#pragma omp barrier
      if (omp_get_thread_num() == 0) {
        atomic_fetch_add(&created, 1);
#pragma omp task
        slow_task();
        atomic_store(&deferred, 1);
      } else {
        while (!atomic_load(&deferred))
          ; // reach the join with a task pending: wait there for its release
      }
    }
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 0) {
        for (int i = 0; i < TASKS; i++) {
          atomic_fetch_add(&created, 2);
#pragma omp task
          {
            spin(20000);
            record();
#pragma omp task
            record();
          }
        }
      }
    }
    if (atomic_load(&ran) != atomic_load(&created))
      late++;
    progress++;
  }
  // CHECK: join_stale_waiter ran_all=1 late=0 outside=0
  printf("join_stale_waiter ran_all=%d late=%ld outside=%ld\n",
         atomic_load(&ran) == atomic_load(&created), late, atomic_load(&outside));
  return 0;
}
