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
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ident ident_t;
extern int32_t __kmpc_global_thread_num(ident_t *);
extern void __kmpc_dispatch_init_8u(ident_t *, int32_t, int32_t, uint64_t, uint64_t, int64_t,
                                    int64_t);
extern int32_t __kmpc_dispatch_next_8u(ident_t *, int32_t, int32_t *, uint64_t *, uint64_t *,
                                       int64_t *);
extern void __kmpc_dispatch_deinit(ident_t *, int32_t);

enum { DYNAMIC = 35 };
#define N 20000
static unsigned char seen[N];
static int failures;

static void fail(const char *what, long at) {
#pragma omp atomic
  failures++;
  printf("FAIL %s at %ld\n", what, at);
}

static void mark(long i) {
  unsigned char v;
#pragma omp atomic capture
  v = seen[i]++;
  if (v)
    fail("iteration ran twice", i);
}

static void check_all(const char *what, long n) {
  for (long i = 0; i < n; i++)
    if (seen[i] != 1)
      fail(what, i);
  memset(seen, 0, sizeof(seen));
}

// 100 nowait loops per region, 8 threads, 7 slots: trips 0..99 (some empty), chunks 1..13.
static void back_to_back(void) {
#pragma omp parallel num_threads(8)
  for (int l = 0; l < 100; l++) {
    long trip = (l * 37) % 100, chunk = 1 + l % 13;
#pragma omp for schedule(dynamic, chunk) nowait
    for (long i = 0; i < trip; i++)
      mark(l * 100 + i);
  }
  for (long l = 0; l < 100; l++)
    for (long i = 0; i < 100; i++)
      if (seen[l * 100 + i] != (i < (l * 37) % 100))
        fail("back-to-back loops", l * 100 + i);
  memset(seen, 0, sizeof(seen));
  printf("back-to-back done\n");
}

static void many_threads(void) {
  for (int rep = 0; rep < 5; rep++) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(16)
    for (long i = 0; i < N; i++)
      mark(i);
    check_all("16 threads", N);
  }
  printf("16 threads done\n");
}

static void downward_and_unsigned(void) {
#pragma omp parallel for schedule(dynamic, 3) num_threads(4)
  for (int i = 1000; i > -1000; i -= 7)
    mark((1000 - i) / 7);
  check_all("downward", (2000 + 6) / 7);
#pragma omp parallel for schedule(dynamic, 5) num_threads(4)
  for (unsigned i = UINT32_MAX - 999; i <= UINT32_MAX - 1; i++) // up to the type's top
    mark((long)(i - (UINT32_MAX - 999)));
  check_all("unsigned near 2^32", 999);
#pragma omp parallel for schedule(dynamic, 100000) num_threads(4)
  for (int i = 0; i < 50; i++) // the chunk is larger than the loop
    mark(i);
  check_all("chunk > trip", 50);
  printf("bounds done\n");
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
  long next[20] = {0}; // nowait: a loop's turns may overlap the next loop's
#pragma omp parallel num_threads(4)
  for (int rep = 0; rep < 20; rep++) {
#pragma omp for schedule(dynamic, 3) ordered nowait
    for (long i = 0; i < 200; i++) {
#pragma omp ordered
      {
        if (next[rep] != i)
          fail("ordered turn", rep * 200 + i);
        next[rep]++;
      }
    }
  }
#pragma omp parallel for schedule(nonmonotonic : dynamic, 2) num_threads(4)
  for (long i = 0; i < 3000; i++)
    mark(i);
  check_all("nonmonotonic", 3000);
  omp_set_schedule(omp_sched_dynamic, 7);
#pragma omp parallel for schedule(runtime) num_threads(4)
  for (long i = 0; i < 3000; i++)
    mark(i);
  check_all("runtime dynamic", 3000);
  omp_set_schedule(omp_sched_guided, 2);
#pragma omp parallel for schedule(runtime) num_threads(4)
  for (long i = 0; i < 3000; i++)
    mark(i);
  check_all("runtime guided", 3000);
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
  printf("sum=%ld\n", sum);
  fflush(stdout); // before the counters, printed at exit
}

int main(int argc, char **argv) {
  if (argc > 2 && !strcmp(argv[1], "stats")) {
    stats(atoi(argv[2]));
    return 0;
  }
  back_to_back();
  many_threads();
  downward_and_unsigned();
  chunk_equals_huge_trip();
  ordered_and_modifiers();
  printf("failures=%d\n", failures);
  return 0;
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
