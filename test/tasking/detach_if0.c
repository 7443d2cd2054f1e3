// An undeferred (if(0)) detached task whose event is fulfilled late. The encountering task is
// suspended only until the body returns (OpenMP 5.1 §1.2.5), so it may fulfill the event
// itself afterwards; the task completes then, and a taskwait, a taskgroup or the region's end
// waits for that. Fulfilled by the creator after the construct, by another member of the team,
// inside a taskgroup, and in a team of one; each waiting construct must see the fulfill's flag.
// A hang here is bounded by the watchdog.
// With a tool: the task is undeferred, its body end is reported as detach and its fulfill as
// late_fulfill.
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %run %t | %FileCheck %s
// RUN: %if ompt %{ env OMP_NUM_THREADS=1 %run-tool %t | %FileCheck %s --check-prefix=TOOL %}
#include <omp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

static atomic_int fulfilled;
static omp_event_handle_t shared_ev;
static atomic_int published;

static void watchdog(int sig) {
  (void)sig;
  static const char msg[] = "failed: hung waiting for a late fulfill\n";
  write(1, msg, sizeof msg - 1);
  _exit(1);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  signal(SIGALRM, watchdog);
  alarm(20);
  int x = 0;

  // The creator fulfills after the construct; taskwait waits for the completion.
#pragma omp parallel
#pragma omp single
  {
    omp_event_handle_t ev;
#pragma omp task detach(ev) if (0) shared(x)
    x = 1;
    printf("creator: body ran x=%d\n", x);
    atomic_store(&fulfilled, 1);
    omp_fulfill_event(ev);
#pragma omp taskwait
    printf("creator: taskwait fulfilled=%d\n", atomic_load(&fulfilled));
  }

  // Another member fulfills (in a team of one, the creator does, after the construct).
  atomic_store(&fulfilled, 0);
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task detach(shared_ev) if (0) shared(x)
      {
        x = 2;
        atomic_store(&published, 1);
      }
      if (omp_get_num_threads() == 1) {
        atomic_store(&fulfilled, 1);
        omp_fulfill_event(shared_ev);
      }
#pragma omp taskwait
      printf("member: taskwait x=%d fulfilled=%d\n", x, atomic_load(&fulfilled));
    } else if (omp_get_thread_num() == 1) {
      while (!atomic_load(&published))
        ;
      usleep(10000);
      atomic_store(&fulfilled, 1);
      omp_fulfill_event(shared_ev);
    }
  }

  // Inside a taskgroup; the end of the taskgroup waits.
  atomic_store(&fulfilled, 0);
#pragma omp parallel
#pragma omp single
  {
    omp_event_handle_t ev;
#pragma omp taskgroup
    {
#pragma omp task detach(ev) if (0) shared(x)
      x = 3;
      atomic_store(&fulfilled, 1);
      omp_fulfill_event(ev);
    }
    printf("taskgroup: x=%d fulfilled=%d\n", x, atomic_load(&fulfilled));
  }

  // The region's end waits.
  atomic_store(&fulfilled, 0);
#pragma omp parallel
#pragma omp master
  {
    omp_event_handle_t ev;
#pragma omp task detach(ev) if (0) shared(x)
    x = 4;
    atomic_store(&fulfilled, 1);
    omp_fulfill_event(ev);
  }
  printf("region end: x=%d fulfilled=%d\n", x, atomic_load(&fulfilled));
  return 0;
}
// CHECK-NOT: failed
// CHECK: creator: body ran x=1
// CHECK-NEXT: creator: taskwait fulfilled=1
// CHECK-NEXT: member: taskwait x=2 fulfilled=1
// CHECK-NEXT: taskgroup: x=3 fulfilled=1
// CHECK-NEXT: region end: x=4 fulfilled=1

// TOOL: task_create {{.*}} task=[[T:[0-9]+]] flags=explicit|undeferred
// TOOL: task_schedule prior_task=[[T]] status=detach
// TOOL: task_schedule prior_task=[[T]] status=late_fulfill
// The handle goes from one member to another through the program's own atomics, which
// ThreadSanitizer does not see in an uninstrumented program: it would report the runtime's use.
// UNSUPPORTED: tsan
