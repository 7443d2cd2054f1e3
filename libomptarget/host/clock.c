// The host device's clock. Each trace record needs one reading, so device time is the TSC
// itself where common/tsc.h's rule says it is usable (one instruction; a vDSO clock_gettime
// costs 2 to 3 times as much), else nanoseconds of CLOCK_MONOTONIC from the plugin's start.
// GLASS_TARGET_HOST_CLOCK=monotonic|tsc chooses. Records keep raw ticks: the OpenMP interface
// gives device times in the device's own units, and only translate_time converts them, so the
// recording path does no arithmetic on them.
//
// Ticks become nanoseconds through a rate measured once over at least CAL_NS. translate_time
// does not trust that rate: it interpolates between anchors, (device ns, CLOCK_MONOTONIC)
// pairs each read as the tightest of 16 tries (glass_tsc_pair), taken at the start and whenever a
// time later than the last anchor is translated. A translated time is then off by no more than the
// anchors' own uncertainty (half the tightest window, ~10 ns here), whatever its age.
#define _GNU_SOURCE
#include "host.h"
#include "tsc.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static uint64_t dev_ns(uint64_t tick) {
  return glass_tsc_scale(tick - host_clock_tick0, host_clock_mult);
}

static bool want_tsc(void) {
  const char *v = getenv("GLASS_TARGET_HOST_CLOCK");
  if (v && *v && strcmp(v, "tsc") && strcmp(v, "monotonic"))
    fprintf(stderr, "omptarget warning: GLASS_TARGET_HOST_CLOCK=%s is not tsc or monotonic\n", v);
  if (v && !strcmp(v, "monotonic"))
    return false;
  return glass_tsc_usable("omptarget");
}

void host_clock_init(void) {
  host_clock_tsc = want_tsc();
  if (!host_clock_tsc) {
    mono0 = glass_tsc_mono_ns();
    return;
  }
  glass_tsc_pair_t p0 = glass_tsc_pair(), p1;
  do // the rate: over CAL_NS at least
    p1 = glass_tsc_pair();
  while (p1.ns - p0.ns < CAL_NS || p1.tick <= p0.tick);
  host_clock_mult = glass_tsc_rate32(p0, p1);
  host_clock_tick0 = p0.tick, mono0 = p0.ns;
  anchors = malloc(MAX_ANCHOR * sizeof *anchors);
  if (anchors) {
    anchors[0] = (struct anchor){0, p0.ns};
    anchors[1] = (struct anchor){dev_ns(p1.tick), p1.ns};
    nanchors = 2;
  }
}

// Adds an anchor read now (the last one is replaced when it is recent); every other one is
// dropped when the table is full. Called with anchors_lock held.
static void anchor_now(void) {
  glass_tsc_pair_t p = glass_tsc_pair();
  struct anchor a = {dev_ns(p.tick), p.ns};
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
  return glass_tsc_mono_ns() - mono0;
}
