// More threads than processors (here 4 threads on the one processor taskset leaves): with the
// default block time a wait spins (yielding) for 50 us at most before it sleeps, so that the
// threads with work get the processor; a block time the user chose is kept. Before each of 30
// barriers thread 0 is away for 20 ms (in nanosleep), and the others wait for it with the
// processor to themselves: a waiter that runs twice in those 20 ms, 50 us apart, sleeps. (At a
// load average of 60 on two CPUs, an absence of 2 ms sometimes passed without any waiter
// running twice.) GLASS_STATS counts the futex sleeps: with the default the waits sleep (the
// old policy yielded for 50 ms per wait instead, and never slept here); with
// KMP_BLOCKTIME=infinite no wait ever sleeps, oversubscribed or not.
// RUN: %compile
// RUN: env GLASS_STATS=1 %run taskset -c 0 %t 2>&1 | %FileCheck %s --check-prefix=DEFAULT
// RUN: env GLASS_STATS=1 KMP_BLOCKTIME=infinite %run taskset -c 0 %t > %t.spin 2>&1
// RUN: %FileCheck %s --check-prefix=SPIN < %t.spin
#include <omp.h>
#include <stdio.h>
#include <time.h>

int main(void) {
  long sum = 0;
  int procs = omp_get_num_procs();
#pragma omp parallel num_threads(4) reduction(+ : sum)
  for (int i = 0; i < 30; i++) {
    sum += i;
    if (omp_get_thread_num() == 0)
      nanosleep(&(struct timespec){0, 20000000}, NULL);
#pragma omp barrier
  }
  printf("procs=%d sum=%ld\n", procs, sum);
  fflush(stdout); // before the counters, printed at exit
  return 0;
}
// DEFAULT: procs=1 sum=1740
// DEFAULT: glass-stats total: {{.*}} barrier=124 {{.*}} sleep={{[1-9][0-9]*}} wake=
// SPIN: procs=1 sum=1740
// SPIN: glass-stats total: {{.*}} barrier=124 {{.*}} sleep=0 wake=
