// A malformed OMP_*/KMP_* value prints one warning naming the variable and the value, and the
// default is used; the program runs normally.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=abc %run %t 2>&1 | %FileCheck %s --check-prefix=NT
// RUN: env OMP_NUM_THREADS=4,x %run %t 2>&1 | %FileCheck %s --check-prefix=NTLIST
// RUN: env OMP_NUM_THREADS=0 %run %t 2>&1 | %FileCheck %s --check-prefix=NTZERO
// RUN: env OMP_DYNAMIC=maybe %run %t 2>&1 | %FileCheck %s --check-prefix=DYN
// RUN: env OMP_MAX_ACTIVE_LEVELS=-1 %run %t 2>&1 | %FileCheck %s --check-prefix=MAL
// RUN: env OMP_THREAD_LIMIT=lots %run %t 2>&1 | %FileCheck %s --check-prefix=TL
// RUN: env OMP_WAIT_POLICY=sometimes %run %t 2>&1 | %FileCheck %s --check-prefix=WP
// RUN: env OMP_STACKSIZE=1Q %run %t 2>&1 | %FileCheck %s --check-prefix=SS
// RUN: env KMP_BLOCKTIME=zz %run %t 2>&1 | %FileCheck %s --check-prefix=BT
// RUN: env OMP_SCHEDULE=fastest %run %t 2>&1 | %FileCheck %s --check-prefix=SCHED
// RUN: env OMP_SCHEDULE=dynamic,0 %run %t 2>&1 | %FileCheck %s --check-prefix=SCHED0
// RUN: env OMP_NESTED=perhaps %run %t 2>&1 | %FileCheck %s --check-prefix=NEST
// RUN: env OMP_PROC_BIND=everywhere %run %t 2>&1 | %FileCheck %s --check-prefix=BIND
// RUN: env OMP_DISPLAY_ENV=loud %run %t 2>&1 | %FileCheck %s --check-prefix=DISP
#include <omp.h>
#include <stdio.h>

int main(void) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp atomic
    n++;
  }
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  printf("ran: team=%d max=%d procs=%d dyn=%d mal=%d limit=%d sched=%d,%d\n", n,
         omp_get_max_threads(), omp_get_num_procs(), omp_get_dynamic(),
         omp_get_max_active_levels(), omp_get_thread_limit(), (int)kind, chunk);
  return n != omp_get_max_threads();
}
// NT: OMP: Warning: OMP_NUM_THREADS="abc" is invalid ({{.*}}); using [[P:[0-9]+]]
// NT-NOT: Warning
// NT: ran: team=[[P]] max=[[P]] procs=[[P]]
// NTLIST: OMP: Warning: OMP_NUM_THREADS="4,x" is invalid
// NTLIST: ran: team=[[P:[0-9]+]] max=[[P]] procs=[[P]]
// NTZERO: OMP: Warning: OMP_NUM_THREADS="0" is invalid
// DYN: OMP: Warning: OMP_DYNAMIC="maybe" is invalid (expected true or false); using false
// DYN: ran: {{.*}} dyn=0
// MAL: OMP: Warning: OMP_MAX_ACTIVE_LEVELS="-1" is invalid
// MAL: ran: {{.*}} mal=1
// TL: OMP: Warning: OMP_THREAD_LIMIT="lots" is invalid
// TL: ran: {{.*}} limit=2147483647
// WP: OMP: Warning: OMP_WAIT_POLICY="sometimes" is invalid
// SS: OMP: Warning: OMP_STACKSIZE="1Q" is invalid
// BT: OMP: Warning: KMP_BLOCKTIME="zz" is invalid
// SCHED: OMP: Warning: OMP_SCHEDULE="fastest" is invalid
// SCHED: ran: {{.*}} sched=1,0
// SCHED0: OMP: Warning: OMP_SCHEDULE="dynamic,0" is invalid
// NEST: OMP: Warning: OMP_NESTED="perhaps" is invalid
// BIND: OMP: Warning: OMP_PROC_BIND="everywhere" is invalid
// DISP: OMP: Warning: OMP_DISPLAY_ENV="loud" is invalid
// DISP-NOT: OPENMP DISPLAY ENVIRONMENT
