// Thieves try the members nearest to them first: with the team on places, each thread's victims
// are grouped by the finest cache, NUMA node or socket its place shares with theirs, and
// GLASS_STATS prints each order once, when the thread first steals with every member on its
// place (at the latest the taskyield after the barrier, with its own deque empty; thread 1
// creates the tasks and is not checked). On described machines (topologies/README.md in
// test/affinity): 2 sockets x 8 cores x 2 hardware threads, 32 threads close on threads (thread
// 0's first victim is its core's other hardware thread, then its socket's, then the other
// socket's), 4 spread over cores (one per half socket); 2 sockets x 2 NUMA domains x 4 cores,
// 16 threads on cores (an L3 per NUMA domain). An unbound team keeps the plain order and prints
// none. Every task runs once in each case.
// REQUIRES: hwloc
// clang-format off
// RUN: %compile
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=threads OMP_PROC_BIND=close OMP_NUM_THREADS=32 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=THREADS
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores OMP_PROC_BIND=spread OMP_NUM_THREADS=4 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=SPREAD
// RUN: env HWLOC_XMLFILE=%topologies/4numa.xml OMP_PLACES=cores OMP_PROC_BIND=close OMP_NUM_THREADS=16 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NUMA
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_NUM_THREADS=8 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=UNBOUND
// clang-format on
#include <omp.h>
#include <stdio.h>

int main(void) {
  int ran = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 1)
      for (int i = 0; i < 200; i++) {
#pragma omp task shared(ran)
        {
#pragma omp atomic
          ran++;
        }
      }
#pragma omp barrier
#pragma omp taskyield
  }
  printf("ran=%d\n", ran);
  fflush(stdout);
  return 0;
}

// clang-format off
// THREADS-DAG: glass-stats victims thread 0 (cpu 0): L2 cache: 1 | L3 cache: 2 3 4 5 6 7 8 9 10 11 12 13 14 15 | NUMA domain: 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
// THREADS-DAG: glass-stats victims thread 5 (cpu 18): L2 cache: 4 | L3 cache: 0 1 2 3 6 7 8 9 10 11 12 13 14 15 | NUMA domain: 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
// THREADS-DAG: glass-stats victims thread 31 (cpu 31): L2 cache: 30 | L3 cache: 16 17 18 19 20 21 22 23 24 25 26 27 28 29 | NUMA domain: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
// THREADS-DAG: ran=200
// SPREAD-DAG: glass-stats victims thread 0 (cpu 0): L3 cache: 1 | NUMA domain: 2 3
// SPREAD-DAG: glass-stats victims thread 3 (cpu 12): L3 cache: 2 | NUMA domain: 0 1
// SPREAD-DAG: ran=200
// NUMA-DAG: glass-stats victims thread 0 (cpu 0): L3 cache: 1 2 3 | socket: 4 5 6 7 | others: 8 9 10 11 12 13 14 15
// NUMA-DAG: glass-stats victims thread 13 (cpu 26): L3 cache: 12 14 15 | socket: 8 9 10 11 | others: 0 1 2 3 4 5 6 7
// NUMA-DAG: ran=200
// UNBOUND-NOT: victims
// UNBOUND: ran=200
// UNBOUND-NOT: victims
// clang-format on
