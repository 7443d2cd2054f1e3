// The loop entry points called directly with bounds no pragma can give, counted in chunks (no
// iteration runs): 64-bit loops of 2^64 - 1 iterations split by static and dispatched
// schedules cover the space exactly once; a 64-bit loop of exactly 2^32 iterations is an
// ordinary loop; bounds that say 2^N iterations of an N-bit variable (clang's overflowed trip
// count) give no chunk at all, on every entry point, with one warning.
// RUN: %compile && %run %t 2>&1 | %FileCheck %s
// RUN: %run %t empty 2>&1 | %FileCheck %s --check-prefix=EMPTY
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct ident ident_t;
extern int32_t __kmpc_global_thread_num(ident_t *);
// The two loop protocols for each type of induction variable T (and signed type S of its
// stride), as the compiler declares them.
#define LOOP_ABI(sfx, T, S)                                                                        \
  extern void __kmpc_for_static_init_##sfx(ident_t *, int32_t, int32_t, int32_t *, T *, T *, S *,  \
                                           S, S);                                                  \
  extern void __kmpc_dispatch_init_##sfx(ident_t *, int32_t, int32_t, T, T, S, S);                 \
  extern int32_t __kmpc_dispatch_next_##sfx(ident_t *, int32_t, int32_t *, T *, T *, S *);
LOOP_ABI(4, int32_t, int32_t)
LOOP_ABI(4u, uint32_t, int32_t)
LOOP_ABI(8, int64_t, int64_t)
LOOP_ABI(8u, uint64_t, int64_t)
extern void __kmpc_for_static_fini(ident_t *, int32_t);
extern void __kmpc_dispatch_deinit(ident_t *, int32_t);

enum { STATIC_CHUNKED = 33, STATIC = 34, DYNAMIC = 35, GUIDED = 36 };
#define NT         3
#define MAX_CHUNKS 4096

typedef struct {
  unsigned __int128 first, last; // in index space
} chunk_t;
static chunk_t chunks[MAX_CHUNKS];
static int nchunks;

static void add(unsigned __int128 first, unsigned __int128 last) {
#pragma omp critical
  {
    if (nchunks < MAX_CHUNKS)
      chunks[nchunks++] = (chunk_t){first, last};
  }
}

static int by_first(const void *a, const void *b) {
  const chunk_t *x = a, *y = b;
  return x->first < y->first ? -1 : x->first > y->first;
}

// The chunks cover 0..trip-1 exactly once.
static void report(const char *what, unsigned __int128 trip) {
  qsort(chunks, (size_t)nchunks, sizeof(*chunks), by_first);
  unsigned __int128 next = 0;
  int ok = nchunks < MAX_CHUNKS;
  for (int i = 0; i < nchunks && ok; i++) {
    ok = chunks[i].first == next && chunks[i].last >= chunks[i].first;
    next = chunks[i].last + 1;
  }
  ok = ok && next == trip;
  printf("%s: chunks=%d %s\n", what, nchunks, ok ? "exact" : "WRONG");
  nchunks = 0;
}

static void static_8u(int sched, uint64_t lb, uint64_t ub, int64_t chunk, int nt) {
#pragma omp parallel num_threads(nt)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL), last = 0;
    uint64_t lo = lb, hi = ub;
    int64_t stride = 0;
    __kmpc_for_static_init_8u(NULL, gtid, sched, &last, &lo, &hi, &stride, 1, chunk);
    // clang's chunk loop: stop once the chunk starts past the end (or the bounds wrapped).
    for (uint64_t prev = lo; lo <= hi && lo >= lb; prev = lo) {
      add(lo - lb, (hi < ub ? hi : ub) - lb);
      if (sched != STATIC_CHUNKED)
        break;
      lo += (uint64_t)stride;
      hi += (uint64_t)stride;
      if (lo < prev || lo > ub) // stepped past the end of the type or of the loop
        break;
      if (hi < lo)
        hi = ub;
    }
    __kmpc_for_static_fini(NULL, gtid);
  }
}

static void dispatch_8u(int sched, uint64_t lb, uint64_t ub, int64_t chunk, int nt) {
#pragma omp parallel num_threads(nt)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL), last;
    uint64_t lo, hi;
    int64_t st;
    __kmpc_dispatch_init_8u(NULL, gtid, sched, lb, ub, 1, chunk);
    while (__kmpc_dispatch_next_8u(NULL, gtid, &last, &lo, &hi, &st))
      add(lo - lb, hi - lb);
    __kmpc_dispatch_deinit(NULL, gtid);
  }
}

static void dispatch_8(int sched, int64_t lb, int64_t ub, int64_t incr, int64_t chunk) {
#pragma omp parallel num_threads(NT)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL), last;
    int64_t lo, hi, st;
    __kmpc_dispatch_init_8(NULL, gtid, sched, lb, ub, incr, chunk);
    while (__kmpc_dispatch_next_8(NULL, gtid, &last, &lo, &hi, &st))
      add(incr > 0 ? (uint64_t)lo - (uint64_t)lb : (uint64_t)lb - (uint64_t)lo,
          incr > 0 ? (uint64_t)hi - (uint64_t)lb : (uint64_t)lb - (uint64_t)hi);
    __kmpc_dispatch_deinit(NULL, gtid);
  }
}

// 2^N iterations of an N-bit variable: no chunk from any entry point, in a team or alone.
static void whole_type(void) {
  int chunks_seen = 0;
  for (int nt = 1; nt <= NT; nt += NT - 1) {
#pragma omp parallel num_threads(nt) reduction(+ : chunks_seen)
    {
      int32_t gtid = __kmpc_global_thread_num(NULL), last = 0;
      uint32_t ulo = 0, uhi = UINT32_MAX;
      int32_t st4 = 0, lo4 = INT32_MIN, hi4 = INT32_MAX;
      __kmpc_for_static_init_4u(NULL, gtid, STATIC, &last, &ulo, &uhi, &st4, 1, 1);
      chunks_seen += ulo <= uhi;
      __kmpc_for_static_fini(NULL, gtid);
      __kmpc_for_static_init_4(NULL, gtid, STATIC_CHUNKED, &last, &lo4, &hi4, &st4, 1, 5);
      chunks_seen += lo4 <= hi4;
      __kmpc_for_static_fini(NULL, gtid);
      lo4 = INT32_MAX, hi4 = INT32_MIN; // downwards
      __kmpc_for_static_init_4(NULL, gtid, STATIC, &last, &lo4, &hi4, &st4, -1, 1);
      chunks_seen += lo4 >= hi4;
      __kmpc_for_static_fini(NULL, gtid);
      uint64_t l8 = 0, h8 = UINT64_MAX;
      int64_t st8;
      __kmpc_for_static_init_8u(NULL, gtid, STATIC, &last, &l8, &h8, &st8, 1, 1);
      chunks_seen += l8 <= h8;
      __kmpc_for_static_fini(NULL, gtid);
      __kmpc_dispatch_init_4u(NULL, gtid, DYNAMIC, 0, UINT32_MAX, 1, 1);
      while (__kmpc_dispatch_next_4u(NULL, gtid, &last, &ulo, &uhi, &st4))
        chunks_seen++;
      __kmpc_dispatch_init_4(NULL, gtid, GUIDED, INT32_MAX, INT32_MIN, -1, 1);
      while (__kmpc_dispatch_next_4(NULL, gtid, &last, &lo4, &hi4, &st4))
        chunks_seen++;
      __kmpc_dispatch_init_8u(NULL, gtid, DYNAMIC, 0, UINT64_MAX, 1, 1);
      while (__kmpc_dispatch_next_8u(NULL, gtid, &last, &l8, &h8, &st8))
        chunks_seen++;
    }
  }
  printf("whole type: chunks=%d\n", chunks_seen);
}

// Empty ranges one step apart (lb = ub + 1 going up, lb = ub - 1 going down, where ub - lb
// wraps like the whole type's): no chunk and no warning.
static void empty_ranges(void) {
  int chunks_seen = 0;
#pragma omp parallel num_threads(2) reduction(+ : chunks_seen)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL), last = 0, st4;
    int32_t lo4 = 1, hi4 = 0;
    __kmpc_for_static_init_4(NULL, gtid, STATIC, &last, &lo4, &hi4, &st4, 1, 1);
    chunks_seen += lo4 <= hi4;
    __kmpc_for_static_fini(NULL, gtid);
    lo4 = 0, hi4 = 1;
    __kmpc_for_static_init_4(NULL, gtid, STATIC, &last, &lo4, &hi4, &st4, -1, 1);
    chunks_seen += lo4 >= hi4;
    __kmpc_for_static_fini(NULL, gtid);
    uint64_t l8 = 1, h8 = 0;
    int64_t st8;
    __kmpc_for_static_init_8u(NULL, gtid, STATIC, &last, &l8, &h8, &st8, 1, 1);
    chunks_seen += l8 <= h8;
    __kmpc_for_static_fini(NULL, gtid);
    __kmpc_dispatch_init_4(NULL, gtid, DYNAMIC, 1, 0, 1, 1);
    while (__kmpc_dispatch_next_4(NULL, gtid, &last, &lo4, &hi4, &st4))
      chunks_seen++;
    __kmpc_dispatch_init_8u(NULL, gtid, DYNAMIC, 0, 1, -1, 1);
    while (__kmpc_dispatch_next_8u(NULL, gtid, &last, &l8, &h8, &st8))
      chunks_seen++;
  }
  printf("empty ranges: chunks=%d\n", chunks_seen);
}

int main(int argc, char **argv) {
  (void)argv;
  if (argc > 1) {
    empty_ranges();
    return 0;
  }
  const unsigned __int128 all = (unsigned __int128)UINT64_MAX; // 2^64 - 1 iterations
  static_8u(STATIC, 0, UINT64_MAX - 1, 0, NT);
  report("static 8u 2^64-1", all);
  static_8u(STATIC, 0, UINT64_MAX - 1, 0, 1);
  report("static 8u 2^64-1 alone", all);
  static_8u(STATIC_CHUNKED, 0, UINT64_MAX - 1, (int64_t)1 << 61, NT);
  report("static,2^61 8u 2^64-1", all);
  static_8u(STATIC_CHUNKED, 5, UINT64_MAX - 1, INT64_MAX, NT);
  report("static,2^63-1 8u from 5", all - 5);
  dispatch_8u(DYNAMIC, 0, UINT64_MAX - 1, (int64_t)1 << 60, NT);
  report("dynamic,2^60 8u 2^64-1", all);
  dispatch_8u(DYNAMIC, 0, UINT64_MAX - 1, (int64_t)1 << 60, 1);
  report("dynamic,2^60 8u 2^64-1 alone", all);
  dispatch_8u(STATIC_CHUNKED, 0, UINT64_MAX - 1, (int64_t)1 << 62, NT);
  report("dispatched static,2^62 8u 2^64-1", all);
  dispatch_8u(GUIDED, 1, UINT64_MAX - 1, (int64_t)1 << 58, NT);
  report("guided,2^58 8u 2^64-2", all - 1);
  dispatch_8(DYNAMIC, INT64_MIN, INT64_MAX - 1, 1, (int64_t)1 << 62);
  report("dynamic,2^62 8 2^64-1", all);
  dispatch_8(GUIDED, INT64_MAX, INT64_MIN + 1, -1, (int64_t)1 << 59);
  report("guided,2^59 8 downwards 2^64-1", all);
  dispatch_8u(DYNAMIC, 0, UINT32_MAX, (int64_t)1 << 30, NT);
  report("dynamic,2^30 8u 2^32", (unsigned __int128)1 << 32);
  whole_type();
  return 0;
}
// stdout reaches the pipe at exit, after the warning.
// clang-format off
// CHECK: OMP: Warning: a loop's bounds say 2^32 iterations of a 32-bit variable, or 2^64 of a 64-bit one
// CHECK-NOT: OMP: Warning
// CHECK: static 8u 2^64-1: chunks=3 exact
// CHECK-NEXT: static 8u 2^64-1 alone: chunks=1 exact
// CHECK-NEXT: static,2^61 8u 2^64-1: chunks=8 exact
// CHECK-NEXT: static,2^63-1 8u from 5: chunks=2 exact
// CHECK-NEXT: dynamic,2^60 8u 2^64-1: chunks=16 exact
// CHECK-NEXT: dynamic,2^60 8u 2^64-1 alone: chunks=16 exact
// CHECK-NEXT: dispatched static,2^62 8u 2^64-1: chunks=4 exact
// CHECK-NEXT: guided,2^58 8u 2^64-2: chunks={{[0-9]+}} exact
// CHECK-NEXT: dynamic,2^62 8 2^64-1: chunks=4 exact
// CHECK-NEXT: guided,2^59 8 downwards 2^64-1: chunks={{[0-9]+}} exact
// CHECK-NEXT: dynamic,2^30 8u 2^32: chunks=4 exact
// CHECK-NEXT: whole type: chunks=0
// EMPTY-NOT: Warning
// EMPTY: empty ranges: chunks=0
// EMPTY-NOT: Warning
// clang-format on
