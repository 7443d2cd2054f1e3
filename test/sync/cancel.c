// Cancellation of parallel, for (static and dynamic), sections and taskgroup, results checked.
// Members that must observe a cancellation wait for it (kmp_get_cancellation_status, or a flag
// the cancelling thread sets when its cancel was a no-op), so every outcome is deterministic:
// with OMP_CANCELLATION=true no cancelled work runs (a dynamic loop hands out at most one chunk
// per thread, tasks created in a cancelled taskgroup are discarded); with it false (the
// default) cancel does nothing and all the work runs.
// RUN: %compile
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=1 %run %t | %FileCheck %s --check-prefix=ON
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 %run %t | %FileCheck %s --check-prefix=ON
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=7 %run %t | %FileCheck %s --check-prefix=ON
// RUN: env OMP_CANCELLATION=false OMP_NUM_THREADS=7 %run %t | %FileCheck %s --check-prefix=OFF
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s --check-prefix=OFF
#include <omp.h>
#include <stdio.h>

int kmp_get_cancellation_status(int kind); // libomp's extension, exported by Glass

enum { K_PARALLEL = 1, K_LOOP = 2, K_SECTIONS = 3, K_TASKGROUP = 4 };
#define N 1000

static _Atomic int go;

// Waits until cancellation of kind is active (or the cancel was a no-op and said so). The
// taskyield lets a waiting task creator run the cancelling task itself.
static void await_cancel(int kind) {
  while (!kmp_get_cancellation_status(kind) && !go) {
#pragma omp taskyield
  }
}

static int test_parallel(void) {
  int passed = 0;
  go = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
      go = 1;
    }
#pragma omp barrier
#pragma omp atomic
    passed++;
  }
  return passed;
}

static int test_for_static(void) {
  int ran = 0;
  go = 0;
#pragma omp parallel
  {
#pragma omp for schedule(static, 1)
    for (int i = 0; i < N; i++) {
      if (i == 0) {
#pragma omp cancel for
        go = 1;
      } else {
        await_cancel(K_LOOP);
#pragma omp cancellation point for
      }
#pragma omp atomic
      ran++;
    }
  }
  return ran;
}

// Returns the number of iterations started; *completed gets those that ran to the end.
static int test_for_dynamic(int *completed) {
  int started = 0, done = 0;
  go = 0;
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      started++;
      if (i == 0) {
#pragma omp cancel for
        go = 1;
      } else {
        // No cancellation point: this iteration completes, and the dispatcher must hand out
        // no further chunk once the loop is cancelled.
        await_cancel(K_LOOP);
      }
#pragma omp atomic
      done++;
    }
  }
  *completed = done;
  return started;
}

static int test_sections(void) {
  int ran = 0;
  go = 0;
#pragma omp parallel
  {
#pragma omp sections
    {
#pragma omp section
      {
#pragma omp cancel sections
        go = 1;
#pragma omp atomic
        ran++;
      }
#pragma omp section
      {
        await_cancel(K_SECTIONS);
#pragma omp cancellation point sections
#pragma omp atomic
        ran++;
      }
    }
  }
  return ran;
}

static int test_taskgroup(int *after) {
  int ran = 0, late = 0;
  go = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
    {
#pragma omp task shared(ran)
      {
#pragma omp cancel taskgroup
        go = 1;
#pragma omp atomic
        ran++;
      }
      await_cancel(K_TASKGROUP);
      for (int i = 0; i < 100; i++) {
#pragma omp task shared(ran)
        {
#pragma omp atomic
          ran++;
        }
      }
    }
    // A new taskgroup is not cancelled.
#pragma omp taskgroup
    for (int i = 0; i < 10; i++) {
#pragma omp task shared(late)
      {
#pragma omp atomic
        late++;
      }
    }
  }
  *after = late;
  return ran;
}

// More cancelled dispatched loops in one region than the team has dispatch slots: a member
// that leaves a cancelled loop must give its slot back (clang-14 emits no dispatch_deinit).
static long test_many_loops(void) {
  long total = 0;
#pragma omp parallel reduction(+ : total)
  {
    for (int l = 0; l < 20; l++) {
#pragma omp for schedule(dynamic, 2)
      for (int i = 0; i < 500; i++) {
        if (i == 37 + l) {
#pragma omp cancel for
        }
#pragma omp cancellation point for
        total += 1;
      }
#pragma omp for schedule(guided)
      for (int i = 0; i < 100; i++) {
        if (i == l) {
#pragma omp cancel for
        }
      }
    }
#pragma omp for schedule(dynamic)
    for (int i = 0; i < 100; i++)
      total += 1000;
  }
  return total;
}

// After a cancel parallel, members that have not reached a cancellation point yet keep running
// worksharing constructs the cancelling thread will never enter: more nowait dispatched loops
// than there are dispatch slots, and an ordered loop whose turns it held. They must not wait
// for it.
static int test_constructs_after_cancel(void) {
  int reached = 0;
  go = 0;
#pragma omp parallel reduction(+ : reached)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
      go = 1;
    }
    await_cancel(K_PARALLEL);
    for (int l = 0; l < 20; l++) {
#pragma omp for schedule(dynamic) nowait
      for (int i = 0; i < 10; i++)
        reached += 0;
    }
#pragma omp for ordered schedule(static, 1) nowait
    for (int i = 0; i < 4 * omp_get_num_threads(); i++) {
#pragma omp ordered
      reached += 0;
    }
#pragma omp cancellation point parallel
    reached++;
  }
  return reached;
}

int main(void) {
  int completed, after;
  int n = omp_get_max_threads();
  int p = test_parallel();
  printf("parallel: passed=%s\n", p == 0 ? "none" : p == n ? "all" : "some");
  printf("for static: ran=%d\n", test_for_static());
  int started = test_for_dynamic(&completed);
  printf("for dynamic: started<=threads %d, unfinished=%d, all %d\n", started <= n,
         started - completed, started == N);
  printf("sections: ran=%d\n", test_sections());
  int t = test_taskgroup(&after);
  printf("taskgroup: ran=%d next taskgroup=%d\n", t, after);
  int reached = test_constructs_after_cancel();
  printf("constructs after cancel: reached end=%s\n", reached == 0   ? "none"
                                                      : reached == n ? "all"
                                                                     : "some");
  long loops = test_many_loops();
  printf("many loops: stopped early %d, final loop ran %d\n", loops < 100000 + 20 * 500,
         loops >= 100000);
  // The team still works normally after all this.
  int sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < N; i++)
    sum += i;
  printf("sum=%d\n", sum);
  return 0;
}

// ON: parallel: passed=none
// ON-NEXT: for static: ran=0
// ON-NEXT: for dynamic: started<=threads 1, unfinished=1, all 0
// ON-NEXT: sections: ran=0
// ON-NEXT: taskgroup: ran=0 next taskgroup=10
// ON-NEXT: constructs after cancel: reached end=none
// ON-NEXT: many loops: stopped early 1, final loop ran 1
// ON-NEXT: sum=499500

// OFF: parallel: passed=all
// OFF-NEXT: for static: ran=1000
// OFF-NEXT: for dynamic: started<=threads 0, unfinished=0, all 1
// OFF-NEXT: sections: ran=2
// OFF-NEXT: taskgroup: ran=101 next taskgroup=10
// OFF-NEXT: constructs after cancel: reached end=all
// OFF-NEXT: many loops: stopped early 0, final loop ran 1
// OFF-NEXT: sum=499500
