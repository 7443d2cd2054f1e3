// Dependence waits sleep, and their wake-up is never lost: a thread waits for a detached task
// whose event another thread fulfills, with waiters that sleep at once (KMP_BLOCKTIME=0 and
// passive) and no timed nap in the runtime to recover from a lost wake-up (a hang, which the
// watchdog reports as FAIL). Three waits, each hundreds of times, some rounds fulfilling at
// once and some after the waiter had time to fall asleep:
// 1. `taskwait depend(in: x)`;
// 2. an undeferred task (`if(0)`) with depend(in: x), which must run once, after the fulfill;
// 3. an included task (inside a final task) with depend(in: x) on an included detached task:
//    its creator waits, and the task must run exactly once (the completion that satisfies its
//    dependence must not also make it ready).
// RUN: %compile && env OMP_NUM_THREADS=2 KMP_BLOCKTIME=0 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_WAIT_POLICY=passive %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=5 KMP_BLOCKTIME=0 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include "watchdog.h"
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

enum { TASKWAIT_DEPEND, UNDEFERRED, INCLUDED };
static const char *const names[] = {"taskwait depend", "if(0) task", "included task"};

// Thread 0 waits on x; thread 1 fulfills the event of x's producer once that has run.
static int dep_rounds(int rounds, int kind) {
  stage = names[kind];
  int bad = 0, ran = 0;
#pragma omp parallel reduction(+ : bad)
  for (int r = 0; r < rounds; r++) {
    static omp_event_handle_t ev;
    static int ready, fulfilled, x;
#pragma omp single
    ready = fulfilled = 0;
    if (omp_get_thread_num() == 0) {
      int seen = -1;
      if (kind == INCLUDED) {
#pragma omp task final(1) if (0) shared(seen, ran)
        {
#pragma omp task detach(ev) depend(out : x)
          {
#pragma omp atomic write seq_cst
            ready = 1;
          }
#pragma omp task depend(in : x) shared(seen, ran)
          {
#pragma omp atomic read seq_cst
            seen = fulfilled;
            ran++;
          }
        }
      } else {
#pragma omp task detach(ev) depend(out : x)
        {
#pragma omp atomic write seq_cst
          ready = 1;
        }
        if (kind == TASKWAIT_DEPEND) {
#pragma omp taskwait depend(in : x)
#pragma omp atomic read seq_cst
          seen = fulfilled;
        } else {
#pragma omp task if (0) depend(in : x) shared(seen, ran)
          {
#pragma omp atomic read seq_cst
            seen = fulfilled;
            ran++;
          }
        }
      }
      bad += seen != 1; // the wait ended before the producer completed
    } else if (omp_get_thread_num() == 1) {
      wait_for_flag(&ready);
      if (r % 2)
        usleep(200); // time for the waiter to fall asleep
#pragma omp atomic write seq_cst
      fulfilled = 1;
      omp_fulfill_event(ev);
    }
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      progress++;
  }
  if (kind != TASKWAIT_DEPEND && ran != rounds)
    bad++;
  printf("%s: %s (ran %d of %d)\n", names[kind], bad ? "WRONG" : "ok", ran, rounds);
  return bad;
}

int main(void) {
  watchdog_start();
  int bad = 0;
  for (int kind = TASKWAIT_DEPEND; kind <= INCLUDED; kind++)
    bad += dep_rounds(300, kind);
  alarm(0);
  printf("done: %s\n", bad ? "WRONG" : "ok");
  return bad != 0;
}

// CHECK-NOT: FAIL
// CHECK: taskwait depend: ok
// CHECK: if(0) task: ok (ran 300 of 300)
// CHECK: included task: ok (ran 300 of 300)
// CHECK: done: ok
// The event handle goes between threads through the program's own atomics, which ThreadSanitizer
// does not see in an uninstrumented program (docs/internals-waiting.md, "ThreadSanitizer").
// UNSUPPORTED: tsan
