// KMP_AFFINITY=respect (the default) and norespect. The program narrows its own mask to one
// processor before the runtime starts (as taskset would): with respect the places, the processor
// count and every binding stay inside it; with norespect they cover every processor the process
// could use before (the kernel's answer in each thread is checked), and a type that binds
// nothing (none, or no type) lets the initial thread run on all of them; disabled leaves its
// mask alone. (topology_places.c: on a described machine the cgroup's set holds either way.)
// RUN: %compile
// RUN: env KMP_AFFINITY=granularity=fine,compact %run %t | %FileCheck %s --check-prefix=RESPECT
// RUN: env KMP_AFFINITY=respect,granularity=fine,compact %run %t | %FileCheck %s --check-prefix=RESPECT
// RUN: env OMP_PLACES=threads OMP_PROC_BIND=close %run %t | %FileCheck %s --check-prefix=RESPECT
// RUN: env KMP_AFFINITY=norespect,granularity=fine,compact %run %t | %FileCheck %s --check-prefix=NORESPECT
// RUN: env KMP_AFFINITY=norespect,granularity=fine,scatter %run %t | %FileCheck %s --check-prefix=NORESPECT
// RUN: env KMP_AFFINITY=norespect OMP_PLACES=threads OMP_PROC_BIND=close %run %t | %FileCheck %s --check-prefix=NORESPECT
// RUN: env KMP_AFFINITY=norespect %run %t | %FileCheck %s --check-prefix=WIDE
// RUN: env KMP_AFFINITY=norespect,none %run %t | %FileCheck %s --check-prefix=WIDE
// RUN: env KMP_AFFINITY=none %run %t | %FileCheck %s --check-prefix=NARROW
// RUN: env KMP_AFFINITY=norespect,disabled %run %t | %FileCheck %s --check-prefix=NARROW
// RUN: env KMP_AFFINITY=verbose,norespect %run %t 2>&1 | %FileCheck %s --check-prefix=VERBOSE
// RUN: env KMP_AFFINITY=verbose %run %t 2>&1 | %FileCheck %s --check-prefix=VERBOSERESPECT
// RUN: env KMP_SETTINGS=1 KMP_AFFINITY=norespect,compact %run %t 2>&1 | %FileCheck %s --check-prefix=SETTINGS
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>

static cpu_set_t original, narrowed;

static const char *yes(int b) {
  return b ? "yes" : "no";
}

static int subset(const cpu_set_t *a, const cpu_set_t *b) {
  cpu_set_t both;
  CPU_AND(&both, a, b);
  return CPU_EQUAL(&both, a);
}

static void place_union(cpu_set_t *all) {
  CPU_ZERO(all);
  for (int p = 0; p < omp_get_num_places(); p++) {
    int ids[CPU_SETSIZE];
    omp_get_place_proc_ids(p, ids);
    for (int i = 0; i < omp_get_place_num_procs(p); i++)
      CPU_SET(ids[i], all);
  }
}

// Each member of a team as large as the original mask runs where its place says.
static int kernel_mismatches(void) {
  int mismatch = 0;
#pragma omp parallel num_threads(CPU_COUNT(&original)) reduction(+ : mismatch)
  {
    int p = omp_get_place_num();
    cpu_set_t mask, want;
    CPU_ZERO(&want);
    int ids[CPU_SETSIZE];
    omp_get_place_proc_ids(p, ids);
    for (int i = 0; p >= 0 && i < omp_get_place_num_procs(p); i++)
      CPU_SET(ids[i], &want);
    if (p >= 0 && (sched_getaffinity(0, sizeof(mask), &mask) != 0 || !CPU_EQUAL(&mask, &want)))
      mismatch++;
  }
  return mismatch;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  if (sched_getaffinity(0, sizeof(original), &original) != 0)
    return 1;
  CPU_ZERO(&narrowed);
  for (int c = 0; c < CPU_SETSIZE; c++)
    if (CPU_ISSET(c, &original)) {
      CPU_SET(c, &narrowed);
      break;
    }
  if (sched_setaffinity(0, sizeof(narrowed), &narrowed) != 0)
    return 1;
  int procs = omp_get_num_procs();
  cpu_set_t all, mine;
  place_union(&all);
  printf("procs within narrowed mask: %s\n", yes(procs == 1));
  printf("procs cover original mask: %s\n", yes(procs >= CPU_COUNT(&original)));
  printf("places within narrowed mask: %s\n", yes(subset(&all, &narrowed)));
  printf("places cover original mask: %s\n", yes(subset(&original, &all)));
  printf("kernel masks %s\n", kernel_mismatches() ? "DIFFER" : "match");
  sched_getaffinity(0, sizeof(mine), &mine);
  printf("initial thread may run on original mask: %s\n", yes(subset(&original, &mine)));
  printf("initial thread within narrowed mask: %s\n", yes(subset(&mine, &narrowed)));
  return 0;
}

// RESPECT: procs within narrowed mask: yes
// RESPECT: places within narrowed mask: yes
// RESPECT: kernel masks match
// RESPECT: initial thread within narrowed mask: yes

// NORESPECT: procs cover original mask: yes
// NORESPECT: places cover original mask: yes
// NORESPECT: kernel masks match

// WIDE: procs cover original mask: yes
// WIDE: places cover original mask: yes
// WIDE: initial thread may run on original mask: yes

// NARROW: initial thread within narrowed mask: yes

// VERBOSE: KMP_AFFINITY: Initial OS proc set not respected: {{[0-9]+$}}
// VERBOSERESPECT: KMP_AFFINITY: Initial OS proc set respected: {{[0-9]+$}}

// SETTINGS: KMP_AFFINITY='noverbose,warnings,norespect,noreset,granularity=core,compact,0,0'
