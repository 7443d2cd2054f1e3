// Dynamic loops at their capacities. A dynamic loop in a team takes each chunk with one
// fetch_add on its slot's counter, and its members' departures count on that same counter
// (each member's last fetch_add finds no chunk; the last one out recycles the slot): so
// GLASS_STATS shows exactly chunks + n read-modify-writes per loop of n members, none at
// the end. The loops here: more back-to-back nowait loops than there are slots (every slot
// recycled many times, empty loops and chunks larger than the loop among them), 16 threads on
// chunks of one, downward and unsigned 32-bit bounds, 64-bit bounds whose chunk equals the
// loop (the counter then runs past 2^64 unless the runtime sees it coming), ordered,
// nonmonotonic and runtime schedules. Every iteration must run exactly once.
// RUN: %compile && %run %t 2>&1 | %FileCheck %s
// RUN: env GLASS_STATS=1 %run %t stats 2 2>&1 | %FileCheck %s --check-prefix=STATS2
// RUN: env GLASS_STATS=1 %run %t stats 4 2>&1 | %FileCheck %s --check-prefix=STATS4
#define CAP_SCHED dynamic
#include "loop_capacity.h"

enum { DYNAMIC = 35 };

// Back-to-back nowait loops (loop_capacity.h).
static void back_to_back(void) {
#pragma omp parallel num_threads(8)
  for (int l = 0; l < 100; l++) {
    long trip = cap_trip(l), chunk = cap_chunk(l);
#pragma omp for schedule(dynamic, chunk) nowait
    for (long i = 0; i < trip; i++)
      mark(l * 100 + i);
  }
  check_back_to_back();
  printf("back-to-back done\n");
}

// 2^62 iterations in one chunk of 2^62, 4 threads: five fetch_adds of 2^62 would bring the
// counter back to 0. Counted in chunks (no iteration runs).
static void chunk_equals_huge_trip(void) {
  int chunks = 0;
  uint64_t covered = 0;
#pragma omp parallel num_threads(4) reduction(+ : chunks, covered)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL), last;
    uint64_t lo, hi;
    int64_t st;
    for (int k = 0; k < 3; k++) {
      uint64_t trip = (uint64_t)1 << (40 + 11 * k); // 2^40, 2^51, 2^62
      __kmpc_dispatch_init_8u(NULL, gtid, DYNAMIC, 0, trip - 1, 1, (int64_t)trip);
      while (__kmpc_dispatch_next_8u(NULL, gtid, &last, &lo, &hi, &st)) {
        chunks++;
        covered += hi - lo + 1;
      }
      __kmpc_dispatch_deinit(NULL, gtid);
    }
  }
  printf("huge chunks: chunks=%d covered=%s\n", chunks,
         covered == ((uint64_t)1 << 40) + ((uint64_t)1 << 51) + ((uint64_t)1 << 62) ? "exact"
                                                                                    : "WRONG");
}

static void ordered_and_modifiers(void) {
  ordered_nowait(3);
#pragma omp parallel for schedule(nonmonotonic : dynamic, 2) num_threads(4)
  for (long i = 0; i < 3000; i++)
    mark(i);
  check_all("nonmonotonic", 3000);
  runtime_loop(omp_sched_dynamic, 7, "runtime dynamic");
  runtime_loop(omp_sched_guided, 2, "runtime guided");
  printf("ordered and modifiers done\n");
}

// One region of nt threads: dynamic,1 over 1000 iterations, a static loop, dynamic,7 over 100
// (15 chunks): 1015 chunks and 1015 + 2 * nt read-modify-writes (no other loop word).
static void stats(int nt) {
  long sum = 0;
#pragma omp parallel num_threads(nt) reduction(+ : sum)
  {
#pragma omp for schedule(dynamic, 1)
    for (long i = 0; i < 1000; i++)
      sum += i;
#pragma omp for schedule(static)
    for (long i = 0; i < 1000; i++)
      sum -= 2 * i;
#pragma omp for schedule(dynamic, 7)
    for (long i = 0; i < 100; i++)
      sum += i;
  }
  cap_stats_end(sum);
}

int main(int argc, char **argv) {
  return cap_main(argc, argv, stats, back_to_back, chunk_equals_huge_trip, ordered_and_modifiers);
}
// CHECK-NOT: FAIL
// CHECK: back-to-back done
// CHECK: 16 threads done
// CHECK: bounds done
// CHECK: huge chunks: chunks=3 covered=exact
// CHECK: ordered and modifiers done
// CHECK: failures=0
// STATS2: sum=-494550
// STATS2: glass-stats total: {{.*}} loop_chunks=1015 loop_rmw=1019
// STATS4: sum=-494550
// STATS4: glass-stats total: {{.*}} loop_chunks=1015 loop_rmw=1023
