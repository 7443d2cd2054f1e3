// Shared by the dispatched-loop capacity tests (ws/dynamic_capacity.c, ws/guided_capacity.c):
// a mark per iteration that must be set exactly once, and the loops both schedules run. The
// includer defines CAP_SCHED (dynamic or guided) first.
#ifndef GLASS_TEST_LOOP_CAPACITY_H
#define GLASS_TEST_LOOP_CAPACITY_H

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The dispatch entry points, called directly for loops no directive can express.
typedef struct ident ident_t;
extern int32_t __kmpc_global_thread_num(ident_t *);
extern void __kmpc_dispatch_init_8u(ident_t *, int32_t, int32_t, uint64_t, uint64_t, int64_t,
                                    int64_t);
extern int32_t __kmpc_dispatch_next_8u(ident_t *, int32_t, int32_t *, uint64_t *, uint64_t *,
                                       int64_t *);
extern void __kmpc_dispatch_deinit(ident_t *, int32_t);

#define CAP_PRAGMA_(x) _Pragma(#x)
#define CAP_PRAGMA(x)  CAP_PRAGMA_(x)

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

// Back-to-back nowait loops: loop l of a region has cap_trip(l) iterations (some empty) in
// chunks of cap_chunk(l) (some larger than the loop), and marks l * 100 + i. 100 such loops on
// 8 threads and 7 dispatch slots recycle every slot many times.
static long cap_trip(int l) {
  return (l * 37) % 100;
}
static long cap_chunk(int l) {
  return 1 + l % 13;
}
static void check_back_to_back(void) {
  for (int l = 0; l < 100; l++)
    for (long i = 0; i < 100; i++)
      if (seen[l * 100 + i] != (i < cap_trip(l)))
        fail("back-to-back loops", l * 100 + i);
  memset(seen, 0, sizeof(seen));
}

// 16 threads on chunks of one.
static void many_threads(void) {
  for (int rep = 0; rep < 5; rep++) {
    CAP_PRAGMA(omp parallel for schedule(CAP_SCHED, 1) num_threads(16))
    for (long i = 0; i < N; i++)
      mark(i);
    check_all("16 threads", N);
  }
  printf("16 threads done\n");
}

// A downward loop, unsigned 32-bit bounds up to the type's top, a chunk larger than the loop.
static void downward_and_unsigned(void) {
  CAP_PRAGMA(omp parallel for schedule(CAP_SCHED, 3) num_threads(4))
  for (int i = 1000; i > -1000; i -= 7)
    mark((1000 - i) / 7);
  check_all("downward", (2000 + 6) / 7);
  CAP_PRAGMA(omp parallel for schedule(CAP_SCHED, 5) num_threads(4))
  for (unsigned i = UINT32_MAX - 999; i <= UINT32_MAX - 1; i++)
    mark((long)(i - (UINT32_MAX - 999)));
  check_all("unsigned near 2^32", 999);
  CAP_PRAGMA(omp parallel for schedule(CAP_SCHED, 100000) num_threads(4))
  for (int i = 0; i < 50; i++)
    mark(i);
  check_all("chunk > trip", 50);
  printf("bounds done\n");
}

// 20 back-to-back ordered nowait loops of 200 iterations, 4 threads: the turns go in order.
static void ordered_nowait(int chunk) {
  long next[20] = {0}; // nowait: a loop's turns may overlap the next loop's
#pragma omp parallel num_threads(4)
  for (int rep = 0; rep < 20; rep++) {
    CAP_PRAGMA(omp for schedule(CAP_SCHED, chunk) ordered nowait)
    for (long i = 0; i < 200; i++) {
#pragma omp ordered
      {
        if (next[rep] != i)
          fail("ordered turn", rep * 200 + i);
        next[rep]++;
      }
    }
  }
}

// schedule(runtime) with run-sched-var (kind, chunk), 4 threads.
static void runtime_loop(omp_sched_t kind, int chunk, const char *what) {
  omp_set_schedule(kind, chunk);
#pragma omp parallel for schedule(runtime) num_threads(4)
  for (long i = 0; i < 3000; i++)
    mark(i);
  check_all(what, 3000);
}

// The end of a GLASS_STATS run: its result, printed before the counters (printed at exit).
static void cap_stats_end(long sum) {
  printf("sum=%ld\n", sum);
  fflush(stdout);
}

// The program: `stats N` runs stats(N); otherwise before(), the loops above, then each of
// after[0..1].
static int cap_main(int argc, char **argv, void (*stats)(int), void (*before)(void),
                    void (*after0)(void), void (*after1)(void)) {
  if (argc > 2 && !strcmp(argv[1], "stats")) {
    stats(atoi(argv[2]));
    return 0;
  }
  before();
  many_threads();
  downward_and_unsigned();
  after0();
  after1();
  printf("failures=%d\n", failures);
  return 0;
}

#endif
