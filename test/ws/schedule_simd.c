// schedule(simd: ...) through __kmpc_dispatch_init: kinds 45 (simd:static, chunk given), 46
// (simd:guided, chunk given) and 47 (simd:runtime, the simd width given; run-sched-var's chunk
// counts widths). Every chunk but the one holding the loop's last iteration is a multiple of
// the unit (45, 46: the chunk; 47: width * max(1, run-sched-var chunk)); every iteration runs
// once; exactly one chunk has the last flag, the one that ends the loop; guided chunks of one
// thread do not grow. clang emits only 45 (its simd:guided and simd:runtime are plain guided
// and runtime), so the calls are written out. Loops of both signs, strides 1..3, 4 and 8 byte.
// RUN: %compile && env OMP_NUM_THREADS=3 %run %t 46 4 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t 46 8 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %run %t 45 4 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=static %run %t 47 4 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=static,2 %run %t 47 4 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=dynamic %run %t 47 4 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_SCHEDULE=dynamic,3 %run %t 47 2 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=guided %run %t 47 4 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=guided,2 %run %t 47 4 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=auto %run %t 47 4 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=1 OMP_SCHEDULE=guided %run %t 47 4 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %run %t 46 4 | %FileCheck %s
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void __kmpc_dispatch_init_4(void *, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t);
void __kmpc_dispatch_init_8(void *, int32_t, int32_t, int64_t, int64_t, int64_t, int64_t);
int32_t __kmpc_dispatch_next_4(void *, int32_t, int32_t *, int32_t *, int32_t *, int32_t *);
int32_t __kmpc_dispatch_next_8(void *, int32_t, int32_t *, int64_t *, int64_t *, int64_t *);
void __kmpc_dispatch_deinit(void *, int32_t);
int32_t __kmpc_global_thread_num(void *);

#define MAXTRIP 400
static atomic_int seen[MAXTRIP], lasts, bad;
static int sched;
static int64_t arg, unit;

static void fail(const char *what, int64_t lb, int64_t ub, int64_t st, int64_t a, int64_t b) {
  if (atomic_fetch_add(&bad, 1) < 10)
    printf("failed: %s (loop %lld..%lld step %lld: %lld %lld)\n", what, (long long)lb,
           (long long)ub, (long long)st, (long long)a, (long long)b);
}

// One chunk [clb, cub] of the loop lb..ub step st (inclusive bounds, in IV values).
static void check_chunk(int64_t lb, int64_t ub, int64_t st, int64_t clb, int64_t cub, int last,
                        int64_t *prev_size, int *had_short) {
  int64_t first = (clb - lb) / st, lastidx = (cub - lb) / st, trip = (ub - lb) / st + 1;
  int64_t size = lastidx - first + 1;
  if (first < 0 || lastidx >= trip || size < 1) {
    fail("chunk out of the loop", lb, ub, st, clb, cub);
    return;
  }
  for (int64_t i = first; i <= lastidx; i++)
    atomic_fetch_add(&seen[i], 1);
  int ends = lastidx == trip - 1;
  if (last != ends)
    fail("last flag", lb, ub, st, clb, last);
  if (last)
    atomic_fetch_add(&lasts, 1);
  if (*had_short)
    fail("a chunk after a short one", lb, ub, st, clb, size);
  if (!ends && size % unit != 0)
    fail("chunk not a multiple of the unit", lb, ub, st, size, unit);
  if (!ends && size < unit)
    *had_short = 1;
  if (sched == 46 && *prev_size && size > *prev_size)
    fail("guided chunk grew", lb, ub, st, *prev_size, size);
  *prev_size = size;
}

static void run(int64_t lb, int64_t ub, int64_t st, int wide) {
  int32_t gtid = __kmpc_global_thread_num(NULL);
  int64_t trip = (ub - lb) / st + 1;
#pragma omp single
  {
    for (int64_t i = 0; i < trip; i++)
      atomic_store(&seen[i], 0);
    atomic_store(&lasts, 0);
  }
  int32_t last;
  int64_t prev = 0;
  int had_short = 0;
  if (wide) {
    int64_t clb, cub, cst;
    __kmpc_dispatch_init_8(NULL, gtid, sched, lb, ub, st, arg);
    while (__kmpc_dispatch_next_8(NULL, gtid, &last, &clb, &cub, &cst))
      check_chunk(lb, ub, st, clb, cub, last, &prev, &had_short);
  } else {
    int32_t clb, cub, cst;
    __kmpc_dispatch_init_4(NULL, gtid, sched, (int32_t)lb, (int32_t)ub, (int32_t)st, (int32_t)arg);
    while (__kmpc_dispatch_next_4(NULL, gtid, &last, &clb, &cub, &cst))
      check_chunk(lb, ub, st, clb, cub, last, &prev, &had_short);
  }
  __kmpc_dispatch_deinit(NULL, gtid);
#pragma omp barrier
#pragma omp single
  {
    for (int64_t i = 0; i < trip; i++)
      if (atomic_load(&seen[i]) != 1)
        fail("iteration not run once", lb, ub, st, i, atomic_load(&seen[i]));
    if (atomic_load(&lasts) != 1)
      fail("chunks with the last flag", lb, ub, st, atomic_load(&lasts), 1);
  }
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  sched = atoi(argv[1]);
  arg = atoi(argv[2]);
  unit = arg;
  if (sched == 47) {
    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk);
    if ((kind & ~omp_sched_monotonic) != omp_sched_auto && chunk > 1)
      unit = arg * chunk;
  }
  int loops = 0;
#pragma omp parallel reduction(+ : loops)
  for (int wide = 0; wide < 2; wide++)
    for (int64_t st = 1; st <= 3; st++)
      for (int64_t lb = -7; lb <= 7; lb += 7)
        for (int64_t n = 1; n < MAXTRIP; n = n * 3 + 1) {
          run(lb, lb + (n - 1) * st, st, wide);
          run(lb + (n - 1) * st, lb, -st, wide);
          loops += 2;
        }
  printf("loops=%d bad=%d\n", loops / omp_get_max_threads(), atomic_load(&bad));
  return 0;
}
// CHECK-NOT: failed
// CHECK: loops=216 bad=0
