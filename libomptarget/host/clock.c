// The host device's clock. Each trace record needs one reading, so device time is the TSC
// itself where the CPU says it ticks at a constant rate in every state (one instruction; a
// vDSO clock_gettime costs 2 to 3 times as much), else nanoseconds of CLOCK_MONOTONIC from the
// plugin's start. GLASS_TARGET_HOST_CLOCK=monotonic|tsc chooses. Records keep raw ticks: the
// OpenMP interface gives device times in the device's own units, and only translate_time
// converts them, so the recording path does no arithmetic on them.
//
// Ticks become nanoseconds through a rate measured once over at least CAL_NS. translate_time
// does not trust that rate: it interpolates between anchors, (device ns, CLOCK_MONOTONIC)
// pairs each read as the tightest of a few tries, taken at the start and whenever a time later
// than the last anchor is translated. A translated time is then off by no more than the
// anchors' own uncertainty (half the tightest window, ~10 ns here), whatever its age.
#define _GNU_SOURCE
#include "host.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

#define CAL_NS     1000000u // the rate is measured over 1 ms at least
#define MAX_ANCHOR 4096
#define MERGE_NS   1000000u // a new anchor within 1 ms of the last replaces it

struct anchor {
  uint64_t dev, mono; // device ns, CLOCK_MONOTONIC ns
};

bool host_clock_tsc;
static uint64_t host_clock_tick0, host_clock_mult; // TSC at start; ns per tick << 32
static uint64_t mono0;                             // CLOCK_MONOTONIC at start
static pthread_mutex_t anchors_lock = PTHREAD_MUTEX_INITIALIZER;
static struct anchor *anchors;
static size_t nanchors;

uint64_t host_clock_mono(void) {
  struct timespec ts;
  return clock_gettime(CLOCK_MONOTONIC, &ts) ? 0 : ts.tv_sec * UINT64_C(1000000000) + ts.tv_nsec;
}

// The invariant-TSC bit (CPUID 0x80000007 EDX bit 8): constant rate, ticking in every state.
static bool tsc_invariant(void) {
#if defined(__x86_64__)
  unsigned a, b, c, d;
  return __get_cpuid(0x80000007, &a, &b, &c, &d) && (d & (1u << 8));
#else
  return false;
#endif
}

static uint64_t ticks(void) {
#if defined(__x86_64__)
  return __rdtsc();
#else
  return 0;
#endif
}

// A TSC reading and the CLOCK_MONOTONIC time read with it: the tightest of 16 tries, the TSC
// taken in the middle of the window.
static void pair(uint64_t *tick, uint64_t *mono) {
  *tick = *mono = 0;
  uint64_t best = UINT64_MAX;
  for (int i = 0; i < 16; i++) {
    uint64_t a = ticks(), m = host_clock_mono(), b = ticks();
    if (b - a < best)
      best = b - a, *tick = a + (b - a) / 2, *mono = m;
  }
}

static uint64_t dev_ns(uint64_t tick) {
  return (uint64_t)(((unsigned __int128)(tick - host_clock_tick0) * host_clock_mult) >> 32);
}

static bool want_tsc(void) {
  const char *v = getenv("GLASS_TARGET_HOST_CLOCK");
  if (v && *v && strcmp(v, "tsc") && strcmp(v, "monotonic"))
    fprintf(stderr, "omptarget warning: GLASS_TARGET_HOST_CLOCK=%s is not tsc or monotonic\n", v);
  if (v && !strcmp(v, "monotonic"))
    return false;
  return tsc_invariant();
}

void host_clock_init(void) {
  host_clock_tsc = want_tsc();
  if (!host_clock_tsc) {
    mono0 = host_clock_mono();
    return;
  }
  uint64_t t0, m0, t1, m1;
  pair(&t0, &m0);
  do // the rate: over CAL_NS at least
    pair(&t1, &m1);
  while (m1 - m0 < CAL_NS || t1 <= t0);
  host_clock_mult = (uint64_t)(((unsigned __int128)(m1 - m0) << 32) / (t1 - t0));
  host_clock_tick0 = t0, mono0 = m0;
  anchors = malloc(MAX_ANCHOR * sizeof *anchors);
  if (anchors)
    anchors[0] = (struct anchor){0, m0}, anchors[1] = (struct anchor){dev_ns(t1), m1}, nanchors = 2;
}

// Adds an anchor read now (the last one is replaced when it is recent); every other one is
// dropped when the table is full. Called with anchors_lock held.
static void anchor_now(void) {
  uint64_t t, m;
  pair(&t, &m);
  struct anchor a = {dev_ns(t), m};
  if (nanchors > 1 && a.mono - anchors[nanchors - 1].mono < MERGE_NS) {
    anchors[nanchors - 1] = a;
    return;
  }
  if (nanchors == MAX_ANCHOR) {
    for (size_t i = 1; i < MAX_ANCHOR / 2; i++)
      anchors[i] = anchors[2 * i];
    anchors[MAX_ANCHOR / 2] = anchors[MAX_ANCHOR - 1];
    nanchors = MAX_ANCHOR / 2 + 1;
  }
  anchors[nanchors++] = a;
}

// CLOCK_MONOTONIC nanoseconds of device time d: between the anchors around it (the last two
// when it lies beyond them, as a time from the future would).
static uint64_t tsc_translate(uint64_t d) {
  pthread_mutex_lock(&anchors_lock);
  if (d > anchors[nanchors - 1].dev)
    anchor_now();
  size_t lo = 0, hi = nanchors - 1; // anchors[lo].dev <= d < anchors[hi].dev, or the last pair
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (anchors[mid].dev <= d)
      lo = mid;
    else
      hi = mid;
  }
  struct anchor a = anchors[lo], b = anchors[hi];
  pthread_mutex_unlock(&anchors_lock);
  double slope = b.dev > a.dev ? (double)(b.mono - a.mono) / (double)(b.dev - a.dev) : 1.0;
  return a.mono + (uint64_t)(int64_t)(((double)d - (double)a.dev) * slope);
}

double host_clock_translate(uint64_t d) {
  // A tick count from before the clock's start (no reading is) translates to the start.
  uint64_t ns = !host_clock_tsc ? d + mono0
                : !anchors      ? mono0 + (d > host_clock_tick0 ? dev_ns(d) : 0)
                                : tsc_translate(d > host_clock_tick0 ? dev_ns(d) : 0);
  return (double)(ns / 1000000000ull) + (double)(ns % 1000000000ull) * 1e-9;
}

uint64_t host_clock_now_slow(void) {
  return host_clock_mono() - mono0;
}
