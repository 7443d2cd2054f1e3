// GLASS_STATS=1 prints per-thread scheduler counters to stderr at exit: one line per thread that
// counted anything, then the totals. Exact counts where the schedule cannot change them: a team
// of one runs each task at once (created = run, none deferred), and 2 threads with one producer
// of fewer tasks than a deque holds defer every task and run each once. Unset or false, nothing
// is printed; a bad value is reported and leaves the counters off.
// RUN: %compile
// RUN: env GLASS_STATS=1 OMP_NUM_THREADS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=ONE
// RUN: env GLASS_STATS=1 OMP_NUM_THREADS=2 %run %t 2>&1 | %FileCheck %s --check-prefix=TWO
// RUN: env GLASS_STATS=1 OMP_NUM_THREADS=4 %run %t 2>&1 | %FileCheck %s --check-prefix=FOUR
// RUN: env OMP_NUM_THREADS=2 %run %t 2>&1 | %FileCheck %s --check-prefix=OFF
// RUN: env GLASS_STATS=0 OMP_NUM_THREADS=2 %run %t 2>&1 | %FileCheck %s --check-prefix=OFF
// RUN: env GLASS_STATS=maybe OMP_NUM_THREADS=2 %run %t 2>&1 | %FileCheck %s --check-prefix=BAD
#include <omp.h>
#include <stdio.h>

#define N 500

int main(void) {
  int done = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < N; i++) {
#pragma omp task shared(done)
      {
#pragma omp atomic
        done++;
      }
    }
#pragma omp taskwait
  }
  printf("done %d\n", done);
  fflush(stdout); // before the counters, which are printed at exit
  return done != N;
}

// ONE: done 500
// ONE-NEXT: glass-stats thread 0: created=500 deferred=0 run=500 throttled=0 stolen=0 steal_fail=0 steal_lost=0 tsc_reject=0 shared_push=0 shared_scan=0 shared_skip=0 taskwait=0 taskwait_us=0 barrier=0 barrier_us=0 sleep=0 wake=0 yield=0 shared_rmw=0
// ONE-NEXT: glass-stats total: created=500 deferred=0 run=500

// TWO: done 500
// The producer is whichever thread reaches the single first (under TSan often thread 1).
// TWO-DAG: glass-stats thread {{[01]}}: created=500 deferred=500 run={{[0-9]+}}
// TWO-DAG: glass-stats thread {{[01]}}: created=0 deferred=0 run={{[0-9]+}}
// (taskwait is 0 when the other thread has run every task before the creator reaches it.)
// TWO: glass-stats total: created=500 deferred=500 run=500 throttled=0 stolen={{[0-9]+}} steal_fail={{[0-9]+}} steal_lost={{[0-9]+}} tsc_reject=0 shared_push=0 shared_scan=0 shared_skip=0 taskwait={{[01]}} taskwait_us={{[0-9]+}} barrier={{[0-9]+}} barrier_us={{[0-9]+}} sleep={{[0-9]+}} wake={{[0-9]+}} yield={{[0-9]+}} shared_rmw={{[1-9][0-9]*}}

// FOUR: done 500
// FOUR: glass-stats total: created=500 deferred=500 run=500 throttled=0

// OFF: done 500
// OFF-NOT: glass-stats

// BAD: GLASS_STATS="maybe" is invalid (expected true or false); using false
// BAD: done 500
// BAD-NOT: glass-stats
