// ICVs from the environment take effect: team sizes from OMP_NUM_THREADS (and its list per
// level), OMP_THREAD_LIMIT caps teams, OMP_DYNAMIC, OMP_MAX_ACTIVE_LEVELS, OMP_SCHEDULE,
// KMP_BLOCKTIME/OMP_WAIT_POLICY accepted.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=5 %run %t | %FileCheck %s --check-prefix=FIVE
// RUN: env OMP_NUM_THREADS=6 OMP_THREAD_LIMIT=3 %run %t | %FileCheck %s --check-prefix=LIMIT
// RUN: env OMP_NUM_THREADS=4,3 OMP_MAX_ACTIVE_LEVELS=1 %run %t | %FileCheck %s --check-prefix=LISTSERIAL
// RUN: env OMP_SCHEDULE="monotonic:dynamic, 7" OMP_NUM_THREADS=2 %run %t | %FileCheck %s --check-prefix=SCHED
// RUN: env KMP_BLOCKTIME=0 OMP_NUM_THREADS=3 %run %t | %FileCheck %s --check-prefix=BT
// RUN: env KMP_BLOCKTIME=infinite OMP_WAIT_POLICY=active OMP_NUM_THREADS=3 %run %t | %FileCheck %s --check-prefix=BT
// RUN: env OMP_STACKSIZE=64M OMP_NUM_THREADS=2 %run %t | %FileCheck %s --check-prefix=STACK
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  int team = 0, inner = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      team = omp_get_num_threads();
#pragma omp parallel
    {
      if (omp_get_ancestor_thread_num(1) == 0 && omp_get_thread_num() == 0)
        inner = omp_get_num_threads();
    }
  }
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  // A large private array proves the worker stack is as big as asked.
  int big_ok = 0;
  int big = getenv("OMP_STACKSIZE") != NULL;
#pragma omp parallel num_threads(2)
  {
    if (big && omp_get_thread_num() == 1) {
      volatile char buf[32 << 20];
      memset((char *)buf, 1, sizeof(buf));
      big_ok = buf[12345] == 1;
    }
  }
  printf("team=%d inner=%d limit=%d sched=%#x,%d big=%d\n", team, inner, omp_get_thread_limit(),
         (unsigned)kind, chunk, big_ok);
  return 0;
}
// FIVE: team=5 inner=1 limit=2147483647 sched=0x1,0
// LIMIT: team=3 inner=1 limit=3
// LISTSERIAL: team=4 inner=1
// SCHED: sched=0x80000002,7
// BT: team=3
// STACK: big=1
