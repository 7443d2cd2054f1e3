// Barrier trees that follow the neighbourhoods of the places (barrier_tree.c). On described
// machines (topologies/README.md in test/affinity; binding is recorded, not applied) GLASS_STATS
// prints each tree built, with the edges crossing each level's objects against the plain 4-ary
// tree: 16 threads on the cores of 2 sockets x 8 cores cross the sockets once (the least a tree
// spanning two groups can), where the plain tree crosses 8 times; on 2 sockets x 2 NUMA domains
// x 4 cores, once between the sockets and 3 times between the 4 domains (12 for the plain
// tree). An unbound team keeps the plain tree and prints none.
// The "sizes" runs check the results with the trees in use: every team size from 1 to 17 (up
// and down, so that consecutive regions change size and tree), barriers, tree reductions (8
// threads and more combine along the barrier's edges), nested bound teams, and cancelled
// regions (with cancellation every join is a full barrier whose release members relay while
// the master may already fork the next, differently sized region).
// REQUIRES: hwloc
// clang-format off
// RUN: %compile
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores OMP_PROC_BIND=close OMP_NUM_THREADS=16 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=SOCKETS
// RUN: env HWLOC_XMLFILE=%topologies/4numa.xml OMP_PLACES=cores OMP_PROC_BIND=close OMP_NUM_THREADS=16 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NUMA
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_NUM_THREADS=16 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=UNBOUND
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores OMP_PROC_BIND=close,close OMP_MAX_ACTIVE_LEVELS=2 GLASS_STATS=1 %run %t sizes 2>&1 | %FileCheck %s --check-prefix=SIZES
// RUN: env HWLOC_XMLFILE=%topologies/4numa.xml OMP_PLACES=threads OMP_PROC_BIND=spread,close OMP_MAX_ACTIVE_LEVELS=2 OMP_CANCELLATION=true KMP_BLOCKTIME=0 %run %t sizes 2>&1 | %FileCheck %s --check-prefix=SIZES-CANCEL
// clang-format on
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int bad;

static void check(const char *what, int n, long got, long want) {
  if (got != want) {
    printf("FAIL %s n=%d: %ld, expected %ld\n", what, n, got, want);
    bad++;
  }
}

// A region of n threads: three barriers between phases, a reduction, and (nested) regions of
// 3 or 6 threads inside two of its members.
static void region(int n, int nested) {
  long phase[3] = {0, 0, 0}, sum = 0, inner = 0;
#pragma omp parallel num_threads(n) reduction(+ : sum)
  {
    int t = omp_get_thread_num();
    for (int p = 0; p < 3; p++) {
#pragma omp atomic
      phase[p] += t + 1;
#pragma omp barrier
      if (phase[p] != (long)n * (n + 1) / 2) // every member's addition before the barrier
#pragma omp atomic
        bad++;
    }
    sum += t;
    if (nested && t < 2) {
      int m = t ? 6 : 3;
      long isum = 0;
#pragma omp parallel num_threads(m) reduction(+ : isum)
      {
        isum += omp_get_thread_num();
#pragma omp barrier
      }
#pragma omp atomic
      inner += isum == (long)m * (m - 1) / 2;
    }
  }
  check("reduction", n, sum, (long)n * (n - 1) / 2);
  if (nested && n >= 2)
    check("nested", n, inner, 2);
}

// A region cancelled by its master: the others leave at the barrier, which is their join.
static void cancelled(int n) {
  long seen = 0;
#pragma omp parallel num_threads(n)
  {
#pragma omp atomic
    seen++;
    if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
    }
#pragma omp barrier
  }
  check("cancelled", n, seen, n);
}

int main(int argc, char **argv) {
  omp_set_dynamic(0);
  if (argc > 1 && !strcmp(argv[1], "sizes")) {
    for (int round = 0; round < 3; round++)
      for (int i = 0; i < 34; i++) {
        int n = i < 17 ? i + 1 : 34 - i; // 1..17, then 17..1
        region(n, round == 1);
        if (omp_get_cancellation())
          cancelled(n);
      }
  } else {
    region(omp_get_max_threads(), 0);
  }
  printf("%s\n", bad ? "FAILED" : "ok");
  return 0;
}

// clang-format off
// SOCKETS: glass-stats barrier tree 16 threads: socket 1 (plain 8), L3 cache 1 (plain 8), L2 cache 15 (plain 15) | parents: 0 0 0 0 1 1 1 0 8 8 8 8 9 9 9
// SOCKETS: ok
// NUMA: glass-stats barrier tree 16 threads: socket 1 (plain 8), NUMA domain 3 (plain 12), L3 cache 3 (plain 12), L2 cache 15 (plain 15) | parents: 0 0 0 0 4 4 4 0 8 8 8 8 12 12 12
// NUMA: ok
// UNBOUND-NOT: barrier tree
// UNBOUND: ok
// SIZES-DAG: glass-stats barrier tree 17 threads: socket 1 (plain 8)
// SIZES-DAG: glass-stats barrier tree 12 threads: socket 1 (plain 4)
// SIZES-DAG: ok
// SIZES-CANCEL: ok
// SIZES-CANCEL-NOT: FAIL
// clang-format on
