// Loops at the integer extremes, for every schedule: each worksharing loop's iterations must be
// exactly those of the same loop run serially (each value once; ordered ones in order). The
// serial loop runs on __int128, where nothing overflows. Included by ../loop_extremes*.c.
#include <omp.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NT       3
#define MAX_TRIP 4096
#define P(x)     _Pragma(#x)

typedef __int128 wide_t;

typedef struct {
  wide_t lb, ub, st; // st > 0: the loop adds st (up) or subtracts it (down)
  int down, inclusive;
} loop_t;

// Whether the compiler's trip count, computed in the N-bit iteration type as (span + step - 1)
// / step (span + step for <=), wraps: it then passes 0..2^N-1, "2^N iterations", and Glass runs
// none (docs/internals-ws.md). Otherwise its arguments describe the loop, which must run as the
// serial loop does.
static int compiler_overflows(const loop_t *l, int bits) {
  wide_t span = l->down ? l->lb - l->ub : l->ub - l->lb;
  if (span < 0)
    return 0;
  wide_t top = ((wide_t)1 << bits) - 1;
  return span + l->st - (l->inclusive ? 0 : 1) > top;
}

typedef struct {
  const loop_t *loop;
  const char *type, *sched;
  long trip;                    // the serial loop's iteration count
  int overflow;                 // the compiler's trip count wraps: no iteration expected
  unsigned char seen[MAX_TRIP]; // how often each iteration ran
  _Atomic long stray, next_ordered, disorder;
} run_t;

static run_t run;
static int failures, loops_run, overflowed;

static long serial_trip(const loop_t *l) {
  long n = 0;
  if (!l->down)
    for (wide_t i = l->lb; l->inclusive ? i <= l->ub : i < l->ub; i += l->st)
      n++;
  else
    for (wide_t i = l->lb; l->inclusive ? i >= l->ub : i > l->ub; i -= l->st)
      n++;
  return n;
}

static void record(wide_t v, int ordered) {
  const loop_t *l = run.loop;
  wide_t dist = l->down ? l->lb - v : v - l->lb;
  if (dist < 0 || dist % l->st || dist / l->st >= run.trip) {
    run.stray++;
    return;
  }
  long k = (long)(dist / l->st);
  __atomic_fetch_add(&run.seen[k], 1, __ATOMIC_RELAXED);
  if (ordered && run.next_ordered++ != k)
    run.disorder++;
}

static void print_wide(wide_t v) {
  if (v < 0) {
    putchar('-');
    v = -v;
  }
  char buf[48];
  int n = 0;
  do
    buf[n++] = (char)('0' + (int)(v % 10));
  while (v /= 10);
  while (n)
    putchar(buf[--n]);
}

// Whether to run the loop: SKIP_OVERFLOW=1 leaves out those the compiler cannot describe (to
// compare with runtimes that hang on them).
static int begin(const char *type, int bits, const char *sched, const loop_t *l) {
  memset(run.seen, 0, sizeof(run.seen));
  run.stray = run.next_ordered = run.disorder = 0;
  run.loop = l;
  run.type = type;
  run.sched = sched;
  run.trip = serial_trip(l);
  run.overflow = compiler_overflows(l, bits);
  if (run.overflow && getenv("SKIP_OVERFLOW"))
    return 0;
  if (getenv("LOOP_TRACE")) // which loop hangs, when one does
    fprintf(stderr, "%s %s lb=%lld ub=%lld st=%lld down=%d inclusive=%d\n", type, sched,
            (long long)l->lb, (long long)l->ub, (long long)l->st, l->down, l->inclusive);
  return 1;
}

static void end(void) {
  loops_run++;
  long missing = 0, repeated = 0, ran = 0;
  for (long k = 0; k < run.trip; k++) {
    missing += run.seen[k] == 0;
    repeated += run.seen[k] > 1;
    ran += run.seen[k];
  }
  if (run.overflow) {
    overflowed++;
    if (!ran && !run.stray)
      return;
  } else if (!missing && !repeated && !run.stray && !run.disorder) {
    return;
  }
  failures++;
  const loop_t *l = run.loop;
  printf("FAIL %s %s%s: for (i = ", run.type, run.sched, run.overflow ? " (overflow)" : "");
  print_wide(l->lb);
  printf("; i %s ", l->down ? (l->inclusive ? ">=" : ">") : (l->inclusive ? "<=" : "<"));
  print_wide(l->ub);
  printf("; i %s ", l->down ? "-=" : "+=");
  print_wide(l->st);
  printf("): serial %ld, missing %ld, repeated %ld, stray %ld, out of order %ld\n", run.trip,
         missing, repeated, (long)run.stray, (long)run.disorder);
}

// Every schedule over one loop shape (HEAD: the for statement's head, on variables lb, ub, st).
#define ONE(NAME, PRAGMA, HEAD)                                                                    \
  if (begin(type, bits, NAME, l)) {                                                                \
    PRAGMA                                                                                         \
    HEAD record(i, 0);                                                                             \
    end();                                                                                         \
  }
#define ONE_ORDERED(NAME, PRAGMA, HEAD)                                                            \
  if (begin(type, bits, NAME, l)) {                                                                \
    PRAGMA                                                                                         \
    HEAD {                                                                                         \
      P(omp ordered)                                                                               \
      record(i, 1);                                                                                \
    }                                                                                              \
    end();                                                                                         \
  }
#define SCHEDULES(HEAD)                                                                            \
  ONE("static", P(omp parallel for num_threads(NT) schedule(static)), HEAD)                        \
  ONE("static,1", P(omp parallel for num_threads(NT) schedule(static, 1)), HEAD)                   \
  ONE("static,5", P(omp parallel for num_threads(NT) schedule(static, 5)), HEAD)                   \
  ONE("dynamic", P(omp parallel for num_threads(NT) schedule(dynamic)), HEAD)                      \
  ONE("dynamic,3", P(omp parallel for num_threads(NT) schedule(dynamic, 3)), HEAD)                 \
  ONE("guided", P(omp parallel for num_threads(NT) schedule(guided)), HEAD)                        \
  ONE("guided,2", P(omp parallel for num_threads(NT) schedule(guided, 2)), HEAD)                   \
  ONE("auto", P(omp parallel for num_threads(NT) schedule(auto)), HEAD)                            \
  ONE("serialized static", P(omp parallel for num_threads(1) schedule(static)), HEAD)              \
  ONE("serialized dynamic,2", P(omp parallel for num_threads(1) schedule(dynamic, 2)), HEAD)       \
  for (int r = 0; r < 5; r++) {                                                                    \
    static const omp_sched_t kinds[] = {omp_sched_static, omp_sched_static, omp_sched_dynamic,     \
                                        omp_sched_guided, omp_sched_auto};                         \
    static const char *const names[] = {"runtime=static", "runtime=static,4", "runtime=dynamic",   \
                                        "runtime=guided,3", "runtime=auto"};                       \
    omp_set_schedule(kinds[r], r == 1 ? 4 : r == 3 ? 3 : 0);                                       \
    ONE(names[r], P(omp parallel for num_threads(NT) schedule(runtime)), HEAD)                     \
  }                                                                                                \
  ONE_ORDERED("ordered static,1", P(omp parallel for num_threads(NT) ordered schedule(static, 1)), \
              HEAD)                                                                                \
  ONE_ORDERED("ordered dynamic,2",                                                                 \
              P(omp parallel for num_threads(NT) ordered schedule(dynamic, 2)), HEAD)              \
  ONE("distribute", P(omp teams distribute num_teams(NT)), HEAD)                                   \
  ONE("distribute chunk 3", P(omp teams distribute num_teams(NT) dist_schedule(static, 3)), HEAD)  \
  ONE("distribute parallel for",                                                                   \
      P(omp teams distribute parallel for num_teams(2) thread_limit(2)), HEAD)                     \
  ONE("distribute parallel for static,2",                                                          \
      P(omp teams distribute parallel for num_teams(2) thread_limit(2) schedule(static, 2)),       \
      HEAD)                                                                                        \
  ONE("distribute parallel for dynamic",                                                           \
      P(omp teams distribute parallel for num_teams(2) thread_limit(2) schedule(dynamic)), HEAD)

#define TEST_TYPE(T)                                                                               \
  static void test_##T(const loop_t *l) {                                                          \
    const char *type = #T;                                                                         \
    int bits = (int)sizeof(T) * 8;                                                                 \
    T lb = (T)l->lb, ub = (T)l->ub, st = (T)l->st;                                                 \
    if (!l->down && !l->inclusive) {                                                               \
      SCHEDULES(for (T i = lb; i < ub; i += st))                                                   \
    } else if (!l->down) {                                                                         \
      SCHEDULES(for (T i = lb; i <= ub; i += st))                                                  \
    } else if (!l->inclusive) {                                                                    \
      SCHEDULES(for (T i = lb; i > ub; i -= st))                                                   \
    } else {                                                                                       \
      SCHEDULES(for (T i = lb; i >= ub; i -= st))                                                  \
    }                                                                                              \
  }

TEST_TYPE(int32_t)
TEST_TYPE(uint32_t)
TEST_TYPE(int64_t)
TEST_TYPE(uint64_t)
