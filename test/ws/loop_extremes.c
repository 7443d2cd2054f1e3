// Worksharing loops at every integer extreme (int, unsigned, 64-bit signed and unsigned; up and
// down; bounds at the type's limits; steps up to the type's maximum, larger than the range)
// under every schedule (static, chunked, dynamic, guided, auto, runtime, ordered, serialized,
// distribute, distribute parallel for) run exactly the serial loop's iterations, whenever the
// compiler's arguments describe the loop. When clang's own trip count overflows the iteration
// type (span + step past the type's maximum), it passes 0..2^N-1 with step 1, and Glass runs
// no iteration (docs/internals-ws.md): the test checks that too (libomp hangs in some).
// RUN: %compile -I%S/Inputs && %run %t 2>&1 | %FileCheck %s
#include "loop_extremes.h"

#define CASES(T, MIN, MAX)                                                                         \
  {                                                                                                \
    const wide_t lo = MIN, hi = MAX;                                                               \
    const loop_t cases[] = {                                                                       \
        {hi - 10, hi, 1, 0, 0},                                                                    \
        {hi - 10, hi, 1, 0, 1},                                                                    \
        {lo, lo + 10, 1, 0, 0},                                                                    \
        {lo, lo + 10, 1, 0, 1},                                                                    \
        {hi, hi, 1, 0, 0},                                                                         \
        {hi, hi, 1, 0, 1},                                                                         \
        {hi - 5, hi, hi, 0, 0},                                                                    \
        {lo, lo + 3, hi, 0, 1},                                                                    \
        {hi - 100, hi, 7, 0, 1},                                                                   \
        {lo, hi, hi, 0, 1},                                                                        \
        {lo, hi, hi / 2 + 1, 0, 0},                                                                \
        {lo, hi - hi / 4, hi / 4, 0, 1}, /* described: span + step is the type's maximum */        \
        {hi, lo + hi / 3, hi / 3, 1, 1},                                                           \
        {lo, hi - hi / 2, hi / 2 + 1, 0, 0},                                                       \
        {hi, lo + 1000, hi / 1000, 1, 0},                                                          \
        {lo + 10, lo, 1, 1, 0},                                                                    \
        {lo + 10, lo, 1, 1, 1},                                                                    \
        {lo + 5, lo, hi, 1, 0},                                                                    \
        {hi, hi - 10, 1, 1, 1},                                                                    \
        {hi, lo, hi, 1, 1},                                                                        \
        {hi, lo, hi / 2 + 1, 1, 0},                                                                \
        {hi, hi - 100, 7, 1, 0},                                                                   \
        {lo + 100, lo, 9, 1, 1},                                                                   \
        {lo, hi, hi / 1000 + 1, 0, 1},                                                             \
        {hi, lo, hi / 999 + 1, 1, 1},                                                              \
    };                                                                                             \
    for (unsigned k = 0; k < sizeof(cases) / sizeof(*cases); k++) {                                \
      if (serial_trip(&cases[k]) > MAX_TRIP) {                                                     \
        printf("case %u of %s is too long\n", k, #T);                                              \
        failures++;                                                                                \
        continue;                                                                                  \
      }                                                                                            \
      test_##T(&cases[k]);                                                                         \
    }                                                                                              \
  }

int main(void) {
  CASES(int32_t, INT32_MIN, INT32_MAX)
  CASES(uint32_t, 0, UINT32_MAX)
  CASES(int64_t, INT64_MIN, INT64_MAX)
  CASES(uint64_t, 0, UINT64_MAX)
  printf("loops=%d failures=%d overflowed=%d\n", loops_run, failures, overflowed);
  return 0;
}
// CHECK: OMP: Warning: a loop's bounds say 2^32 iterations of a 32-bit variable, or 2^64 of a 64-bit one: the compiler's trip count overflowed; the loop runs no iteration
// CHECK-NOT: OMP: Warning
// CHECK-NOT: FAIL
// CHECK: loops=2200 failures=0 overflowed=748
