// The TSC as a clock, for the two parts of Glass that timestamp with it: glass-trace
// (tools/trace/buffer.c) and the host offload plugin (libomptarget/host/clock.c). They are
// separate shared libraries with no other code in common, so this is header-only; it is
// internal (common/ is on no installed include path).
//
// When the TSC is usable, one rule for both (glass_tsc_usable): the CPU's invariant-TSC bit
// (CPUID 0x80000007 EDX bit 8: a constant rate, ticking in every power state), or else the
// kernel's current clocksource being "tsc". The bit is the hardware's own statement, one
// instruction and no file (Linux sets /proc/cpuinfo's constant_tsc and nonstop_tsc from it on
// Intel and AMD, so it agrees with those flags). Hypervisors often hide the bit; a guest kernel
// that still checked the TSC and made it its clocksource computes CLOCK_MONOTONIC from it, so
// the TSC is then exactly as good as the clock it is calibrated against. Anything else (no
// bit and another or no readable clocksource, or not x86-64) means CLOCK_MONOTONIC.
#pragma once
#include "clock_pair.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

#define GLASS_TSC_CLOCKSOURCE "/sys/devices/system/clocksource/clocksource0/current_clocksource"

// What the rule looks at: real, or given by GLASS_TSC_TEST.
typedef struct {
  bool invariant;       // the CPUID bit
  char clocksource[32]; // the kernel's current clocksource; "" when it cannot be read
} glass_tsc_facts_t;

// A CLOCK_MONOTONIC reading and the TSC read with it, both as counts since boot.
typedef struct {
  uint64_t tick, ns;
} glass_tsc_pair_t;

static inline uint64_t glass_tsc_mono_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t glass_tsc_read(void) {
#if defined(__x86_64__)
  return __rdtsc();
#else
  return glass_tsc_mono_ns(); // never the clock: glass_tsc_usable says no here
#endif
}

static inline bool glass_tsc_cpuid_invariant(void) {
#if defined(__x86_64__)
  unsigned a, b, c, d;
  return __get_cpuid(0x80000007, &a, &b, &c, &d) && (d & (1u << 8));
#else
  return false;
#endif
}

static inline void glass_tsc_read_clocksource(char *name, size_t size) {
  name[0] = '\0';
  FILE *f = fopen(GLASS_TSC_CLOCKSOURCE, "r");
  if (!f)
    return;
  if (!fgets(name, (int)size, f))
    name[0] = '\0';
  fclose(f);
  name[strcspn(name, "\n")] = '\0';
}

static inline bool glass_tsc_rule(const glass_tsc_facts_t *f) {
#if defined(__x86_64__)
  return f->invariant || strcmp(f->clocksource, "tsc") == 0;
#else
  (void)f;
  return false;
#endif
}

// GLASS_TSC_TEST=invariant:0|1,clocksource:NAME (NAME may be empty: no readable file).
static inline bool glass_tsc_parse_test(const char *v, glass_tsc_facts_t *f) {
  static const char key[] = ",clocksource:";
  if (strncmp(v, "invariant:", 10) != 0 || (v[10] != '0' && v[10] != '1') ||
      strncmp(v + 11, key, sizeof(key) - 1) != 0)
    return false;
  const char *name = v + 11 + sizeof(key) - 1;
  if (strlen(name) >= sizeof(f->clocksource))
    return false;
  f->invariant = v[10] == '1';
  strcpy(f->clocksource, name);
  return true;
}

// Whether the TSC is usable as a clock (the rule above). GLASS_TSC_TEST, a test aid, replaces
// what the rule reads, and the decision is then reported on stderr as "WHO: GLASS_TSC_TEST:
// ...", so that a test can run each fallback on any machine and see which one ran.
static inline bool glass_tsc_usable(const char *who) {
  glass_tsc_facts_t f = {false, ""};
  const char *v = getenv("GLASS_TSC_TEST");
  if (v && *v && glass_tsc_parse_test(v, &f)) {
    bool usable = glass_tsc_rule(&f);
    fprintf(stderr, "%s: GLASS_TSC_TEST: invariant-TSC bit %d, clocksource '%s': %s\n", who,
            f.invariant, f.clocksource, usable ? "TSC" : "CLOCK_MONOTONIC");
    return usable;
  }
  if (v && *v)
    fprintf(stderr, "%s: GLASS_TSC_TEST=%s: expected invariant:0|1,clocksource:NAME; ignored\n",
            who, v);
  f.invariant = glass_tsc_cpuid_invariant();
  if (!f.invariant) // the file only when the bit does not settle it
    glass_tsc_read_clocksource(f.clocksource, sizeof(f.clocksource));
  return glass_tsc_rule(&f);
}

// The TSC and CLOCK_MONOTONIC at one instant (glass_clock_pair: the TSC read around the
// clock_gettime, the narrowest of 16 tries).
static inline glass_tsc_pair_t glass_tsc_pair(void) {
  glass_clock_pair_t c = glass_clock_pair(glass_tsc_read, glass_tsc_mono_ns);
  glass_tsc_pair_t p = {c.outer, c.inner};
  if (!c.ok) // the TSC went backwards every time: one reading of each, unbracketed
    p.ns = glass_tsc_mono_ns(), p.tick = glass_tsc_read();
  return p;
}

// Nanoseconds per tick, times 2^32, between two pairs; 0 when b is not after a on both clocks.
static inline uint64_t glass_tsc_rate32(glass_tsc_pair_t a, glass_tsc_pair_t b) {
  if (b.tick <= a.tick || b.ns <= a.ns)
    return 0;
  return (uint64_t)(((unsigned __int128)(b.ns - a.ns) << 32) / (b.tick - a.tick));
}

// Ticks to nanoseconds at a rate from glass_tsc_rate32.
static inline uint64_t glass_tsc_scale(uint64_t ticks, uint64_t rate32) {
  return (uint64_t)((unsigned __int128)ticks * rate32 >> 32);
}
