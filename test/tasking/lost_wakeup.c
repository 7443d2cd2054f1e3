// Wake-ups that must never be lost, with waiters that sleep at once (KMP_BLOCKTIME=0 and
// passive) and no timed nap anywhere to recover from a lost one: a lost wake-up hangs the
// program, which its own watchdog reports as FAIL with a non-zero exit status: every 3 seconds
// (alarm) it checks that some round completed since its last look (a loaded machine is slow,
// a hang makes no progress at all). Each scenario repeats the race hundreds of times; the
// threads that busy-wait yield their CPU (not a scheduling point) so that a loaded 2-CPU
// machine still runs the others.
// 1. push: a producer defers a task and busy-waits for it (no scheduling point), while the
//    other members sleep at the join (or are falling asleep): the push must wake one of them.
// 2. taskwait: a thread sleeps in a taskwait for a detached child whose event another thread
//    fulfills: the completion that takes the count to 0 must wake it. The same at the end of a
//    taskgroup.
// 3. barrier drain: the root sleeps in the drain while a member's task is still running.
// 4. ordered turns and tree reductions (the multi-waiter words).
// RUN: %compile && env OMP_NUM_THREADS=2 KMP_BLOCKTIME=0 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_WAIT_POLICY=passive %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=4 KMP_BLOCKTIME=0 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=9 KMP_BLOCKTIME=0 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include "watchdog.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void push_rounds(int rounds) {
  stage = "push";
  for (int r = 0; r < rounds; r++) {
    int flag = 0;
#pragma omp parallel shared(flag)
#pragma omp single nowait
    {
      // Some rounds give the others time to fall asleep first, some race them.
      if (r % 3)
        usleep(r % 3 == 1 ? 50 : 500);
#pragma omp task shared(flag)
      {
#pragma omp atomic write
        flag = 1;
      }
      wait_for_flag(&flag);
    }
    progress++;
  }
}

static void taskwait_rounds(int rounds, int group) {
  stage = group ? "taskgroup" : "taskwait";
#pragma omp parallel
  for (int r = 0; r < rounds; r++) {
    static omp_event_handle_t ev;
    static int ready;
#pragma omp single
    ready = 0;
    if (omp_get_thread_num() == 0) {
      if (group) {
#pragma omp taskgroup
        {
#pragma omp task detach(ev)
          {
#pragma omp atomic write seq_cst
            ready = 1;
          }
        }
      } else {
#pragma omp task detach(ev)
        {
#pragma omp atomic write seq_cst
          ready = 1;
        }
#pragma omp taskwait
      }
    } else if (omp_get_thread_num() == 1) {
      wait_for_flag(&ready);
      omp_fulfill_event(ev);
    }
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      progress++;
  }
}

static void drain_rounds(int rounds) {
  stage = "drain";
  for (int r = 0; r < rounds; r++) {
#pragma omp parallel
    {
      if (omp_get_thread_num() == omp_get_num_threads() - 1) {
#pragma omp task
        {
          for (volatile int i = 0; i < 200; i++)
            ;
        }
      }
    }
    progress++;
  }
}

static int ordered_and_reduce(int rounds) {
  stage = "ordered";
  int bad = 0;
  for (int r = 0; r < rounds; r++) {
    int next = 0;
#pragma omp parallel for ordered schedule(static, 1) reduction(+ : bad)
    for (int i = 0; i < 16; i++) {
#pragma omp ordered
      {
        bad += next != i;
        next++;
      }
    }
    progress++;
  }
  stage = "reduction";
  for (int r = 0; r < rounds; r++) {
    long sum = 0;
#pragma omp parallel reduction(+ : sum)
    sum += omp_get_thread_num() + 1;
    int n = omp_get_max_threads();
    bad += sum != (long)n * (n + 1) / 2;
    progress++;
  }
  return bad;
}

int main(void) {
  watchdog_start();
  push_rounds(400);
  taskwait_rounds(400, 0);
  taskwait_rounds(400, 1);
  drain_rounds(400);
  int bad = ordered_and_reduce(300);
  alarm(0);
  printf("done: %s\n", bad ? "WRONG" : "ok");
  return bad != 0;
}

// CHECK-NOT: FAIL
// CHECK: done: ok
// The event handle goes between threads through the program's own atomics, which ThreadSanitizer
// does not see in an uninstrumented program (docs/internals-waiting.md, "ThreadSanitizer").
// UNSUPPORTED: tsan
