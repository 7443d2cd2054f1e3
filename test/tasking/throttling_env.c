// KMP_ENABLE_TASK_THROTTLING (libomp's knob). On (the default), a producer whose deque is full
// (1024 tasks) runs the next task itself; off, the task waits in the team's shared list and the
// producer runs none until it stops creating. The worker takes one task and holds it until the
// producer has run a task or finished, so the deque fills whatever the timing. A value that is
// not a boolean warns and keeps throttling on. All tasks run, in every case.
// RUN: %compile
// RUN: %run %t 2>&1 | %FileCheck %s --check-prefix=ON
// RUN: env KMP_ENABLE_TASK_THROTTLING=1 %run %t 2>&1 | %FileCheck %s --check-prefix=ON
// RUN: env KMP_ENABLE_TASK_THROTTLING=0 %run %t 2>&1 | %FileCheck %s --check-prefix=OFF
// RUN: env KMP_ENABLE_TASK_THROTTLING=false %run %t 2>&1 | %FileCheck %s --check-prefix=OFF
// RUN: env KMP_ENABLE_TASK_THROTTLING=maybe %run %t 2>&1 | %FileCheck %s --check-prefixes=BAD,ON
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

enum { NTASKS = 3000 };

// The hold is a mutex and condition variable, so that ThreadSanitizer sees the ordering too.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t released_cv = PTHREAD_COND_INITIALIZER;
static int released, created, created_when_producer_ran = -1, ran;

static void release(int producer_runs_task) {
  pthread_mutex_lock(&lock);
  if (producer_runs_task && !released)
    created_when_producer_ran = created;
  released = 1;
  ran += producer_runs_task;
  pthread_cond_broadcast(&released_cv);
  pthread_mutex_unlock(&lock);
}

static void hold(void) {
  pthread_mutex_lock(&lock);
  while (!released)
    pthread_cond_wait(&released_cv, &lock);
  ran++;
  pthread_mutex_unlock(&lock);
}

int main(void) {
  int nthreads = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp masked
    {
      nthreads = omp_get_num_threads();
      for (int i = 0; i < NTASKS; i++) {
#pragma omp task
        {
          if (omp_get_thread_num() == 0)
            release(1);
          else
            hold();
        }
        pthread_mutex_lock(&lock);
        created++;
        pthread_mutex_unlock(&lock);
      }
      release(0);
    }
  }
  printf("threads=%d ran=%d\n", nthreads, ran);
  if (created_when_producer_ran < 0)
    printf("the producer ran no task while creating\n");
  else
    printf("the producer ran a task after creating %s 1024\n",
           created_when_producer_ran >= 1024 && created_when_producer_ran <= 1025 ? "about"
                                                                                  : "not about");
  return 0;
}

// clang-format off
// BAD: OMP: Warning: KMP_ENABLE_TASK_THROTTLING="maybe" is invalid (expected true or false); using true
// ON: threads=2 ran=3000
// ON-NEXT: the producer ran a task after creating about 1024
// OFF: threads=2 ran=3000
// OFF-NEXT: the producer ran no task while creating
