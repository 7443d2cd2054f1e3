// Ordered loops with static chunks (the per-chunk fast path in a team, one block in a team of
// one): every ordered region runs once and in iteration order, for each IV type, negative and
// large steps, chunks of 1, of several and larger than the loop, iterations that skip their
// ordered region, empty loops, and runtime static chunks.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=static,4 %run %t | %FileCheck %s
#include <stdint.h>
#include <stdio.h>

static int failures;

static void check(const char *what, long seen, long want, int bad) {
  if (bad || seen != want) {
    printf("FAIL %s: %ld of %ld in order, bad=%d\n", what, seen, want, bad);
    failures++;
  }
}

// One loop: the ordered region compares the IV against the expected sequence.
#define ORDERED_LOOP(NAME, T, LB, COND, STEP, SCHED, SKIP)                                         \
  static void NAME(void) {                                                                         \
    long seen = 0, want = 0;                                                                       \
    int bad = 0;                                                                                   \
    T expect = (LB);                                                                               \
    for (T i = (LB); COND; i += (STEP))                                                            \
      if (!(SKIP))                                                                                 \
        want++;                                                                                    \
    _Pragma("omp parallel shared(seen, bad, expect)") {                                            \
      _Pragma(SCHED) for (T i = (LB); COND; i += (STEP)) {                                         \
        if (!(SKIP)) {                                                                             \
          _Pragma("omp ordered") {                                                                 \
            while ((SKIP_AT(expect, SKIP, T)))                                                     \
              expect += (STEP);                                                                    \
            if (i != expect)                                                                       \
              bad = 1;                                                                             \
            expect += (STEP);                                                                      \
            seen++;                                                                                \
          }                                                                                        \
        }                                                                                          \
      }                                                                                            \
    }                                                                                              \
    check(#NAME, seen, want, bad);                                                                 \
  }

// Whether the value v is one whose iteration skips its ordered region.
#define SKIP_AT(v, SKIP, T) skip_##T((v), #SKIP)
static int skip_int(int v, const char *s) {
  return s[0] == 'i' && v % 5 == 3;
}
static int skip_long(long v, const char *s) {
  return s[0] == 'i' && v % 5 == 3;
}
static int skip_unsigned(unsigned v, const char *s) {
  return s[0] == 'i' && v % 5 == 3;
}
static int skip_uint64_t(uint64_t v, const char *s) {
  return s[0] == 'i' && v % 5 == 3;
}

ORDERED_LOOP(int_c1, int, 0, i < 1000, 1, "omp for ordered schedule(static, 1)", 0)
ORDERED_LOOP(int_c3_neg, int, 500, i > -500, -3, "omp for ordered schedule(static, 3)", 0)
ORDERED_LOOP(long_c7, long, -40, i < 3000, 7, "omp for ordered schedule(static, 7) nowait", 0)
ORDERED_LOOP(uns_big_chunk, unsigned, 10, i < 60, 1, "omp for ordered schedule(static, 500)", 0)
ORDERED_LOOP(u64_c2, uint64_t, UINT64_MAX - 999, i <= UINT64_MAX - 2, 3,
             "omp for ordered schedule(static, 2)", 0)
ORDERED_LOOP(int_skip, int, 0, i < 777, 1, "omp for ordered schedule(static, 1)", i % 5 == 3)
ORDERED_LOOP(long_skip, long, 1, i < 400, 1, "omp for ordered schedule(static, 4)", i % 5 == 3)
ORDERED_LOOP(int_empty, int, 5, i < 5, 1, "omp for ordered schedule(static, 1)", 0)
ORDERED_LOOP(int_one, int, 9, i < 10, 1, "omp for ordered schedule(static, 1)", 0)
ORDERED_LOOP(int_runtime, int, 0, i < 500, 1, "omp for ordered schedule(runtime)", 0)

int main(void) {
  for (int rep = 0; rep < 20; rep++) {
    int_c1();
    int_c3_neg();
    long_c7();
    uns_big_chunk();
    u64_c2();
    int_skip();
    long_skip();
    int_empty();
    int_one();
    int_runtime();
  }
  // CHECK-NOT: FAIL
  // CHECK: done failures=0
  printf("done failures=%d\n", failures);
  return 0;
}
