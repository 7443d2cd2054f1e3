// Places of a host teams region (OpenMP 5.1 §2.7): each team's initial task gets a
// subpartition of the encountering task's place partition and its initial thread a place in it
// (policy KMP_TEAMS_PROC_BIND, spread unless set), and a parallel region in a team binds within
// that subpartition by bind-var. OMP_PLACES alone makes bind-var true. The places are explicit
// and name processors 0 and 1 only, so the results are the same on any machine with two.
// RUN: %compile
// RUN: env OMP_PLACES="{0},{1},{0},{1}" %run %t 2 | %FileCheck %s --check-prefix=TRUE
// RUN: env OMP_PLACES="{0},{1},{0},{1}" OMP_PROC_BIND=spread %run %t 2 \
// RUN:   | %FileCheck %s --check-prefix=SPREAD
// RUN: env OMP_PLACES="{0},{1},{0},{1}" OMP_PROC_BIND=close %run %t 1 \
// RUN:   | %FileCheck %s --check-prefix=ONE
// RUN: env OMP_PLACES="{0},{1}" OMP_PROC_BIND=spread %run %t 4 \
// RUN:   | %FileCheck %s --check-prefix=MANY
// RUN: env OMP_PLACES="{0},{1}" OMP_PROC_BIND=close KMP_TEAMS_PROC_BIND=close %run %t 2 \
// RUN:   | %FileCheck %s --check-prefix=TCLOSE
// RUN: env OMP_PLACES="{0},{1}" OMP_PROC_BIND=close KMP_TEAMS_PROC_BIND=primary %run %t 2 \
// RUN:   | %FileCheck %s --check-prefix=TPRIMARY
// RUN: env OMP_PLACES="{0},{1}" OMP_PROC_BIND=false %run %t 2 \
// RUN:   | %FileCheck %s --check-prefix=FALSE
// RUN: env OMP_PLACES="{0},{1}" KMP_TEAMS_PROC_BIND=bogus %run %t 2 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=BAD
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXT 4

typedef struct {
  int place, nparts, parts[8];
} where_t;

static void here(where_t *w) {
  w->place = omp_get_place_num();
  w->nparts = omp_get_partition_num_places();
  if (w->nparts > 8)
    w->nparts = 8;
  omp_get_partition_place_nums(w->parts);
}

static void show(const char *what, const where_t *w) {
  printf("%s place %d partition", what, w->place);
  for (int i = 0; i < w->nparts; i++)
    printf(" %d", w->parts[i]);
  printf("\n");
}

int main(int argc, char **argv) {
  int nt = argc > 1 ? atoi(argv[1]) : 2;
  where_t before, after, team[MAXT], par[MAXT][2];
  int got_teams = 0, got_threads[MAXT] = {0};
  memset(team, 0, sizeof team);
  memset(par, 0, sizeof par);
  here(&before);
  printf("bind %d\n", (int)omp_get_proc_bind());
  show("initial", &before);
#pragma omp teams num_teams(nt) thread_limit(2)
  {
    int t = omp_get_team_num();
    if (t == 0)
      got_teams = omp_get_num_teams();
    here(&team[t]);
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 0)
        got_threads[t] = omp_get_num_threads();
      here(&par[t][omp_get_thread_num()]);
    }
  }
  here(&after);
  printf("teams %d\n", got_teams);
  for (int t = 0; t < got_teams && t < MAXT; t++) {
    char name[32];
    snprintf(name, sizeof name, "team %d", t);
    show(name, &team[t]);
    for (int i = 0; i < got_threads[t] && i < 2; i++) {
      snprintf(name, sizeof name, "team %d thread %d", t, i);
      show(name, &par[t][i]);
    }
  }
  show("after", &after);
  return 0;
}

// OMP_PLACES alone: bind-var true; spread teams, close threads within each team's half.
// TRUE: bind 1
// TRUE-NEXT: initial place 0 partition 0 1 2 3
// TRUE-NEXT: teams 2
// TRUE-NEXT: team 0 place 0 partition 0 1
// TRUE-NEXT: team 0 thread 0 place 0 partition 0 1
// TRUE-NEXT: team 0 thread 1 place 1 partition 0 1
// TRUE-NEXT: team 1 place 2 partition 2 3
// TRUE-NEXT: team 1 thread 0 place 2 partition 2 3
// TRUE-NEXT: team 1 thread 1 place 3 partition 2 3
// TRUE-NEXT: after place 0 partition 0 1 2 3

// SPREAD: bind 4
// SPREAD-NEXT: initial place 0 partition 0 1 2 3
// SPREAD-NEXT: teams 2
// SPREAD-NEXT: team 0 place 0 partition 0 1
// SPREAD-NEXT: team 0 thread 0 place 0 partition 0
// SPREAD-NEXT: team 0 thread 1 place 1 partition 1
// SPREAD-NEXT: team 1 place 2 partition 2 3
// SPREAD-NEXT: team 1 thread 0 place 2 partition 2
// SPREAD-NEXT: team 1 thread 1 place 3 partition 3
// SPREAD-NEXT: after place 0 partition 0 1 2 3

// A league of one keeps the whole partition; its initial thread stays on its place.
// ONE: bind 3
// ONE-NEXT: initial place 0 partition 0 1 2 3
// ONE-NEXT: teams 1
// ONE-NEXT: team 0 place 0 partition 0 1 2 3
// ONE-NEXT: team 0 thread 0 place 0 partition 0 1 2 3
// ONE-NEXT: team 0 thread 1 place 1 partition 0 1 2 3
// ONE-NEXT: after place 0 partition 0 1 2 3

// More teams than places: consecutive teams share a place, each its own one-place partition.
// MANY: teams 4
// MANY-NEXT: team 0 place 0 partition 0
// MANY-NEXT: team 0 thread 0 place 0 partition 0
// MANY-NEXT: team 0 thread 1 place 0 partition 0
// MANY-NEXT: team 1 place 0 partition 0
// MANY-NEXT: team 1 thread 0 place 0 partition 0
// MANY-NEXT: team 1 thread 1 place 0 partition 0
// MANY-NEXT: team 2 place 1 partition 1
// MANY-NEXT: team 2 thread 0 place 1 partition 1
// MANY-NEXT: team 2 thread 1 place 1 partition 1
// MANY-NEXT: team 3 place 1 partition 1
// MANY-NEXT: team 3 thread 0 place 1 partition 1
// MANY-NEXT: team 3 thread 1 place 1 partition 1
// MANY-NEXT: after place 0 partition 0 1

// KMP_TEAMS_PROC_BIND=close: every team keeps the whole partition, teams on consecutive places.
// TCLOSE: teams 2
// TCLOSE-NEXT: team 0 place 0 partition 0 1
// TCLOSE-NEXT: team 0 thread 0 place 0 partition 0 1
// TCLOSE-NEXT: team 0 thread 1 place 1 partition 0 1
// TCLOSE-NEXT: team 1 place 1 partition 0 1
// TCLOSE-NEXT: team 1 thread 0 place 1 partition 0 1
// TCLOSE-NEXT: team 1 thread 1 place 0 partition 0 1

// TPRIMARY: teams 2
// TPRIMARY-NEXT: team 0 place 0 partition 0 1
// TPRIMARY-NEXT: team 0 thread 0 place 0 partition 0 1
// TPRIMARY-NEXT: team 0 thread 1 place 1 partition 0 1
// TPRIMARY-NEXT: team 1 place 0 partition 0 1
// TPRIMARY-NEXT: team 1 thread 0 place 0 partition 0 1
// TPRIMARY-NEXT: team 1 thread 1 place 1 partition 0 1

// OMP_PROC_BIND=false: nothing is bound and no partition is split.
// FALSE: bind 0
// FALSE-NEXT: initial place -1 partition 0 1
// FALSE-NEXT: teams 2
// FALSE-NEXT: team 0 place -1 partition 0 1
// FALSE-NEXT: team 0 thread 0 place -1 partition 0 1
// FALSE-NEXT: team 0 thread 1 place -1 partition 0 1
// FALSE-NEXT: team 1 place -1 partition 0 1
// FALSE-NEXT: team 1 thread 0 place -1 partition 0 1
// FALSE-NEXT: team 1 thread 1 place -1 partition 0 1
// FALSE-NEXT: after place -1 partition 0 1

// BAD: OMP: Warning: KMP_TEAMS_PROC_BIND="bogus" is invalid {{.*}}; using spread
// BAD: teams 2
// BAD-NEXT: team 0 place 0 partition 0
// BAD-NEXT: team 0 thread 0 place 0 partition 0
// BAD-NEXT: team 0 thread 1 place 0 partition 0
// BAD-NEXT: team 1 place 1 partition 1
