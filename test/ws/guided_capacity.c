// Guided loops (and the other dispatched constructs that take a slot: static schedules through
// dispatch, doacross) at their capacities. Their members' departures count on the slot's chunk
// counter (guided: a member that sees the end adds 1; static and doacross leave the counter at 0
// and add 1 there), and the last one out recycles the slot for the construct nslots later. The
// loops here: more back-to-back nowait loops than there are slots (empty loops and chunks larger
// than the loop among them), 16 threads on chunks of one, downward and unsigned 32-bit bounds,
// 64-bit loops of 2^62 and 2^63 iterations, chunks of 2^63 - 1, a loop so long that its
// departures would wrap the counter (it counts on the slot's other word), and one just short of
// that, ordered and doacross loops back to back. Every iteration must run exactly once, and the
// chunks of the huge loops must tile them exactly.
// RUN: %compile && %run %t 2>&1 | %FileCheck %s
// RUN: env GLASS_STATS=1 %run %t stats 2 2>&1 | %FileCheck %s --check-prefix=STATS2
// RUN: env GLASS_STATS=1 %run %t stats 4 2>&1 | %FileCheck %s --check-prefix=STATS4
#define CAP_SCHED guided
#include "loop_capacity.h"

extern void __kmpc_dispatch_init_8(ident_t *, int32_t, int32_t, int64_t, int64_t, int64_t, int64_t);
extern int32_t __kmpc_dispatch_next_8(ident_t *, int32_t, int32_t *, int64_t *, int64_t *,
                                      int64_t *);

enum { GUIDED = 36, GUIDED_SIMD = 46 };

// Back-to-back nowait loops (loop_capacity.h): guided, then static through dispatch
// (schedule(runtime)), then both interleaved.
static void back_to_back(void) {
  for (int variant = 0; variant < 3; variant++) {
    omp_set_schedule(omp_sched_static, 3);
#pragma omp parallel num_threads(8)
    for (int l = 0; l < 100; l++) {
      long trip = cap_trip(l), chunk = cap_chunk(l);
      if (variant == 0 || (variant == 2 && l % 2)) {
#pragma omp for schedule(guided, chunk) nowait
        for (long i = 0; i < trip; i++)
          mark(l * 100 + i);
      } else {
#pragma omp for schedule(runtime) nowait
        for (long i = 0; i < trip; i++)
          mark(l * 100 + i);
      }
    }
    check_back_to_back();
  }
  printf("back-to-back done\n");
}

// The chunks of one huge loop, gathered from every member: sorted, they must tile [0, trip).
#define MAXCHUNKS 8192
static uint64_t lo_of[MAXCHUNKS], hi_of[MAXCHUNKS];
static int nchunks;

static int by_lo(const void *a, const void *b) {
  uint64_t x = lo_of[*(const int *)a], y = lo_of[*(const int *)b];
  return x < y ? -1 : x > y;
}

static void add_chunk(uint64_t lo, uint64_t hi) {
#pragma omp critical
  {
    if (nchunks < MAXCHUNKS) {
      lo_of[nchunks] = lo;
      hi_of[nchunks] = hi;
    }
    nchunks++;
  }
}

static void check_tiling(const char *what, uint64_t trip) {
  static int order[MAXCHUNKS];
  int ok = nchunks <= MAXCHUNKS && nchunks > 0;
  for (int k = 0; ok && k < nchunks; k++)
    order[k] = k;
  if (ok)
    qsort(order, (size_t)nchunks, sizeof(int), by_lo);
  uint64_t next = 0;
  for (int k = 0; ok && k < nchunks; k++) {
    ok = lo_of[order[k]] == next && hi_of[order[k]] >= lo_of[order[k]];
    next = hi_of[order[k]] + 1;
  }
  ok = ok && next == trip; // wraps to 0 only for a trip of 2^64, never asked
  printf("%s: %s\n", what, ok ? "exact" : "WRONG");
  if (!ok)
    fail(what, nchunks);
  nchunks = 0;
}

// A 64-bit unsigned guided loop of trip iterations from 0 (index space = values).
static void huge_unsigned(const char *what, int sched, uint64_t trip, int64_t chunk) {
#pragma omp parallel num_threads(4)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL), last;
    uint64_t lo, hi;
    int64_t st;
    __kmpc_dispatch_init_8u(NULL, gtid, sched, 0, trip - 1, 1, chunk);
    while (__kmpc_dispatch_next_8u(NULL, gtid, &last, &lo, &hi, &st))
      add_chunk(lo, hi);
    __kmpc_dispatch_deinit(NULL, gtid);
  }
  check_tiling(what, trip);
}

// Downward by 2 from INT64_MAX to INT64_MIN: 2^63 iterations; chunks mapped to index space.
static void huge_downward(int64_t chunk) {
#pragma omp parallel num_threads(4)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL), last;
    int64_t lo, hi, st;
    __kmpc_dispatch_init_8(NULL, gtid, GUIDED, INT64_MAX, INT64_MIN, -2, chunk);
    while (__kmpc_dispatch_next_8(NULL, gtid, &last, &lo, &hi, &st))
      add_chunk(((uint64_t)INT64_MAX - (uint64_t)lo) / 2, ((uint64_t)INT64_MAX - (uint64_t)hi) / 2);
    __kmpc_dispatch_deinit(NULL, gtid);
  }
  check_tiling(chunk == 1 ? "downward 2^63, chunk 1" : "downward 2^63, chunk 2^63-1",
               (uint64_t)1 << 63);
}

static void huge(void) {
  huge_unsigned("2^62, chunk 1", GUIDED, (uint64_t)1 << 62, 1);
  huge_unsigned("2^62, chunk 2^62", GUIDED, (uint64_t)1 << 62, (int64_t)1 << 62);
  huge_unsigned("2^62, simd chunk 24", GUIDED_SIMD, (uint64_t)1 << 62, 24);
  // 4 threads: 2^64 - 5 leaves room for the 4 departures; 2^64 - 2 does not (no folding).
  huge_unsigned("2^64-5, chunk 2^63-1", GUIDED, UINT64_MAX - 4, INT64_MAX);
  huge_unsigned("2^64-2, chunk 2^63-1", GUIDED, UINT64_MAX - 1, INT64_MAX);
  huge_unsigned("2^64-2, chunk 1", GUIDED, UINT64_MAX - 1, 1);
  huge_downward(1);
  huge_downward(INT64_MAX);
}

static void ordered_and_doacross(void) {
  ordered_nowait(2);
  static long val[20][100];
#pragma omp parallel num_threads(4)
  for (int rep = 0; rep < 20; rep++) {
#pragma omp for schedule(static, 1) ordered(1) nowait
    for (long i = 0; i < 100; i++) {
      if (i > 0) {
#pragma omp ordered depend(sink : i - 1)
      }
      val[rep][i] = i ? val[rep][i - 1] + 1 : 1;
#pragma omp ordered depend(source)
    }
  }
  for (int rep = 0; rep < 20; rep++)
    if (val[rep][99] != 100)
      fail("doacross chain", rep);
  runtime_loop(omp_sched_guided, 4, "runtime guided");
  printf("ordered and doacross done\n");
}

// One region of nt threads: a static loop through dispatch, a static chunked one, and a doacross
// loop. Each member's departure is one read-modify-write and nothing else touches a loop word:
// 3 * nt in all, no chunk counted.
static void stats(int nt) {
  long sum = 0;
  omp_set_schedule(omp_sched_static, 0);
#pragma omp parallel num_threads(nt) reduction(+ : sum)
  {
#pragma omp for schedule(runtime)
    for (long i = 0; i < 1000; i++)
      sum += i;
#pragma omp for schedule(static, 7) ordered
    for (long i = 0; i < 100; i++) {
#pragma omp ordered
      sum -= i;
    }
#pragma omp for ordered(1)
    for (long i = 0; i < 10; i++) {
#pragma omp ordered depend(source)
      sum += 1;
    }
  }
  cap_stats_end(sum);
}

int main(int argc, char **argv) {
  return cap_main(argc, argv, stats, back_to_back, huge, ordered_and_doacross);
}
// CHECK-NOT: FAIL
// CHECK: back-to-back done
// CHECK: 16 threads done
// CHECK: bounds done
// CHECK: 2^62, chunk 1: exact
// CHECK: 2^62, chunk 2^62: exact
// CHECK: 2^62, simd chunk 24: exact
// CHECK: 2^64-5, chunk 2^63-1: exact
// CHECK: 2^64-2, chunk 2^63-1: exact
// CHECK: 2^64-2, chunk 1: exact
// CHECK: downward 2^63, chunk 1: exact
// CHECK: downward 2^63, chunk 2^63-1: exact
// CHECK: ordered and doacross done
// CHECK: failures=0
// STATS2: sum=494560
// STATS2: glass-stats total: {{.*}} loop_chunks=0 loop_rmw=6
// STATS4: sum=494560
// STATS4: glass-stats total: {{.*}} loop_chunks=0 loop_rmw=12
