// Loop-schedule benchmarks, shared by for.c (static schedules) and dynamic.c (dynamic and
// guided). One instance = one `omp for` of SCHED_ITERS iterations per thread, each iteration
// a delay, inside a single parallel region; the reference is SCHED_ITERS delays.
#ifndef BENCH_SCHED_H
#define BENCH_SCHED_H

#include "harness.h"

#include <omp.h>

#define SCHED_ITERS 32
#define SCHED_INSTANCE "one omp for of 32 iterations per thread"

static void sched_ref(long n) { bench_ref_delays(n * SCHED_ITERS); }

static int sched_check(const char *name, long n) {
  return bench_counters_check(name, "iterations", n * SCHED_ITERS * bench_threads);
}

#define SCHED_TEST(fname, label, clause)                                                       \
  static int fname(long n) {                                                                   \
    bench_counters_reset();                                                                    \
    _Pragma("omp parallel") {                                                                  \
      int iters = SCHED_ITERS * omp_get_num_threads();                                         \
      bench_counter_t *cnt = &bench_counters[omp_get_thread_num()];                            \
      for (long j = 0; j < n; j++) {                                                           \
        _Pragma(clause) for (int i = 0; i < iters; i++) {                                      \
          bench_delay(bench_delay_len);                                                        \
          cnt->v++;                                                                            \
        }                                                                                      \
      }                                                                                        \
    }                                                                                          \
    return sched_check(label, n);                                                              \
  }

#endif
