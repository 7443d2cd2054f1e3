// clang-format off
// The one rule for the TSC as a clock (common/tsc.h), in both of its users: glass-trace and the
// host offload plugin, whose device records glass-trace lays out (GLASS_TRACE_DEVICE=all).
// GLASS_TSC_TEST gives the rule's inputs (the invariant-TSC bit, the kernel's clocksource), so
// each branch runs on any machine, and each user says what it decided: the bit alone, the
// clocksource "tsc" alone, and the CLOCK_MONOTONIC fallbacks (another clocksource, none
// readable). Each run's trace is checked the same way: a parallel region sleeping 30 ms lasts at
// least 30 ms, device records lie within the target constructs that issued them. A bad value: a
// warning from each user, then the real machine's answer; the users' own clock settings win
// over the rule (it is not consulted).
// REQUIRES: offload, ompt
// RUN: %compile-offload
// RUN: env GLASS_TSC_TEST=invariant:0,clocksource:kvm-clock GLASS_TRACE_DEVICE=all GLASS_TRACE_FORMAT=json %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=MONO %s < %t.err
// RUN: python3 %S/Inputs/check_clock.py %t.json slept 30
// RUN: python3 %S/Inputs/check_device.py %t | %FileCheck --check-prefix=DEV %s
// RUN: env GLASS_TSC_TEST=invariant:0,clocksource: GLASS_TRACE_DEVICE=all GLASS_TRACE_FORMAT=json %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=NONE %s < %t.err
// RUN: python3 %S/Inputs/check_clock.py %t.json slept 30
// RUN: python3 %S/Inputs/check_device.py %t | %FileCheck --check-prefix=DEV %s
// RUN: env GLASS_TSC_TEST=invariant:0,clocksource:tsc GLASS_TRACE_DEVICE=all GLASS_TRACE_FORMAT=json %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=SRC %s < %t.err
// RUN: python3 %S/Inputs/check_clock.py %t.json slept 30
// RUN: python3 %S/Inputs/check_device.py %t | %FileCheck --check-prefix=DEV %s
// RUN: env GLASS_TSC_TEST=invariant:1,clocksource:hpet GLASS_TRACE_DEVICE=all GLASS_TRACE_FORMAT=json %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=BIT %s < %t.err
// RUN: python3 %S/Inputs/check_clock.py %t.json slept 30
// RUN: python3 %S/Inputs/check_device.py %t | %FileCheck --check-prefix=DEV %s
// RUN: env GLASS_TSC_TEST=invariant:2,clocksource:tsc GLASS_TRACE_DEVICE=all GLASS_TRACE_FORMAT=json %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=BAD %s < %t.err
// RUN: python3 %S/Inputs/check_clock.py %t.json slept 30
// RUN: env GLASS_TSC_TEST=invariant:1,clocksource:tsc GLASS_TRACE_CLOCK=monotonic GLASS_TARGET_HOST_CLOCK=monotonic GLASS_TRACE_DEVICE=all GLASS_TRACE_FORMAT=json %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=OWN --allow-empty %s < %t.err
// RUN: python3 %S/Inputs/check_clock.py %t.json slept 30
// RUN: python3 %S/Inputs/check_device.py %t | %FileCheck --check-prefix=DEV %s
// clang-format on
#include <stdio.h>
#include <time.h>

// One kernel and its copies on the host device, traced by the plugin.
static void bump(int *v, int n) {
#pragma omp target map(tofrom : v [0:n])
  for (int i = 0; i < n; i++)
    v[i] += i;
}

int main(void) {
#pragma omp parallel num_threads(2)
  {
    struct timespec ts = {0, 30 * 1000 * 1000};
    while (nanosleep(&ts, &ts) != 0) // slept
      ;
  }
  int v[64] = {0};
  bump(v, 64);
  bump(v, 64);
  printf("v[63]=%d\n", v[63]);
  return 0;
}
// clang-format off
// CHECK: v[63]=126
// DEV: device 0: 2 kernel(s), 2 copies to (512 bytes), 2 from (512 bytes)
// MONO-DAG: glass-trace: GLASS_TSC_TEST: invariant-TSC bit 0, clocksource 'kvm-clock': CLOCK_MONOTONIC
// MONO-DAG: omptarget: GLASS_TSC_TEST: invariant-TSC bit 0, clocksource 'kvm-clock': CLOCK_MONOTONIC
// NONE-DAG: glass-trace: GLASS_TSC_TEST: invariant-TSC bit 0, clocksource '': CLOCK_MONOTONIC
// NONE-DAG: omptarget: GLASS_TSC_TEST: invariant-TSC bit 0, clocksource '': CLOCK_MONOTONIC
// SRC-DAG: glass-trace: GLASS_TSC_TEST: invariant-TSC bit 0, clocksource 'tsc': TSC
// SRC-DAG: omptarget: GLASS_TSC_TEST: invariant-TSC bit 0, clocksource 'tsc': TSC
// BIT-DAG: glass-trace: GLASS_TSC_TEST: invariant-TSC bit 1, clocksource 'hpet': TSC
// BIT-DAG: omptarget: GLASS_TSC_TEST: invariant-TSC bit 1, clocksource 'hpet': TSC
// BAD-DAG: glass-trace: GLASS_TSC_TEST=invariant:2,clocksource:tsc: expected invariant:0|1,clocksource:NAME; ignored
// BAD-DAG: omptarget: GLASS_TSC_TEST=invariant:2,clocksource:tsc: expected invariant:0|1,clocksource:NAME; ignored
// BAD-NOT: GLASS_TSC_TEST:
// OWN-NOT: GLASS_TSC_TEST
