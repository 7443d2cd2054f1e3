// detach: a detached task completes only when its body has returned AND its event is fulfilled.
// Early fulfill (in the body), late fulfill (by another thread long after the body), fulfill
// from a sibling task, a dependence on a detached task, an undeferred detached task, and a
// barrier that waits for an event. The late fulfiller records that it ran before calling
// omp_fulfill_event, so a wait that returns too early shows as a wrong flag. With a tool:
// task_schedule reports detach / early_fulfill / late_fulfill (one thread: fixed order; the
// late fulfill of the second task comes from the foreign thread).
// RUN: %compile -lpthread && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
// RUN: %if ompt %{ env OMP_NUM_THREADS=1 %run-tool %t | %FileCheck %s --check-prefix=TOOL %}
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

static atomic_int fulfilled;

static void *late_fulfiller(void *arg) {
  usleep(20000);
  atomic_store(&fulfilled, 1);
  omp_fulfill_event(*(omp_event_handle_t *)arg);
  return NULL;
}

// Fulfills ev from a thread outside the team after 20 ms.
static pthread_t fulfill_later(omp_event_handle_t *ev) {
  pthread_t t;
  pthread_create(&t, NULL, late_fulfiller, ev);
  return t;
}

int main(void) {
  int x = 0, ok;
  omp_event_handle_t ev, ev2;
  pthread_t pt;

  // Early: fulfilled while the body runs.
#pragma omp parallel
#pragma omp single
  {
#pragma omp task detach(ev) shared(x)
    {
      omp_fulfill_event(ev);
      x = 1;
    }
#pragma omp taskwait
    printf("early x=%d\n", x);
  }

  // Late, from a foreign thread: taskwait waits for the event.
  atomic_store(&fulfilled, 0);
#pragma omp parallel
#pragma omp single
  {
#pragma omp task detach(ev) shared(x)
    x = 2;
    pt = fulfill_later(&ev);
#pragma omp taskwait
    printf("late x=%d fulfilled=%d\n", x, atomic_load(&fulfilled));
  }
  pthread_join(pt, NULL);

  // Fulfilled by a sibling task; a taskgroup waits.
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
    {
#pragma omp task detach(ev2) shared(x)
      x = 3;
#pragma omp task
      omp_fulfill_event(ev2);
    }
    printf("sibling x=%d\n", x);
  }

  // A successor of a detached task waits for the event, not for the body.
  atomic_store(&fulfilled, 0);
  ok = -1;
#pragma omp parallel
#pragma omp single
  {
    int dep = 0;
#pragma omp task detach(ev) depend(out : dep) shared(x)
    x = 4;
    pt = fulfill_later(&ev);
#pragma omp task depend(in : dep) shared(ok)
    ok = atomic_load(&fulfilled);
#pragma omp taskwait
  }
  pthread_join(pt, NULL);
  printf("dependence successor_saw_fulfill=%d\n", ok);

  // Undeferred (if(0)): the encountering task goes on once the body returned (the event is not
  // waited for there); the taskwait waits for it.
  atomic_store(&fulfilled, 0);
#pragma omp parallel
#pragma omp single
  {
    // The thread starts in the body: the handle exists by then (pthread_create orders it).
#pragma omp task detach(ev) if (0) shared(x, pt)
    {
      x = 5;
      pt = fulfill_later(&ev);
    }
    printf("undeferred x=%d\n", x);
#pragma omp taskwait
    printf("undeferred taskwait fulfilled=%d\n", atomic_load(&fulfilled));
  }
  pthread_join(pt, NULL);

  // The end of the region waits for the event (barrier).
  atomic_store(&fulfilled, 0);
#pragma omp parallel
  {
#pragma omp master
    {
#pragma omp task detach(ev) shared(x)
      x = 6;
      pt = fulfill_later(&ev);
    }
  }
  printf("region_end x=%d fulfilled=%d\n", x, atomic_load(&fulfilled));
  pthread_join(pt, NULL);
  return 0;
}
// CHECK: early x=1
// CHECK-NEXT: late x=2 fulfilled=1
// CHECK-NEXT: sibling x=3
// CHECK-NEXT: dependence successor_saw_fulfill=1
// CHECK-NEXT: undeferred x=5
// CHECK-NEXT: undeferred taskwait fulfilled=1
// CHECK-NEXT: region_end x=6 fulfilled=1

// TOOL: task_create {{.*}} task=[[E:[0-9]+]]
// TOOL: task_schedule prior_task=[[E]] status=early_fulfill
// TOOL: task_schedule prior_task=[[E]] status=complete
// TOOL: task_create {{.*}} task=[[L:[0-9]+]]
// TOOL: task_schedule prior_task=[[L]] status=detach
// TOOL: task_schedule prior_task=[[L]] status=late_fulfill
// TOOL: task_create {{.*}} task=[[S:[0-9]+]]
// TOOL: task_schedule prior_task=[[S]] status=detach
// TOOL: task_schedule prior_task=[[S]] status=late_fulfill
