// OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT: the teams construct without clauses follows them,
// the routines report them, OMP_DISPLAY_ENV shows them; a malformed value warns once and the
// default (one team; no teams thread limit) is used; more teams than the host serves are capped.
// RUN: %compile
// RUN: env OMP_NUM_TEAMS=3 OMP_TEAMS_THREAD_LIMIT=2 OMP_NUM_THREADS=7 %run %t 2>&1 | %FileCheck %s --check-prefix=SET
// RUN: env OMP_NUM_TEAMS=3 OMP_TEAMS_THREAD_LIMIT=2 OMP_NUM_THREADS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=SET1
// RUN: env OMP_NUM_TEAMS=abc OMP_NUM_THREADS=2 %run %t 2>&1 | %FileCheck %s --check-prefix=BADNT
// RUN: env OMP_TEAMS_THREAD_LIMIT=-4 OMP_NUM_THREADS=2 %run %t 2>&1 | %FileCheck %s --check-prefix=BADTL
// RUN: env OMP_NUM_TEAMS=0 OMP_TEAMS_THREAD_LIMIT=2x %run %t 2>&1 | %FileCheck %s --check-prefix=BOTH
// RUN: env OMP_NUM_TEAMS=5000 OMP_NUM_THREADS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=BIG
// RUN: env OMP_DISPLAY_ENV=true OMP_NUM_TEAMS=5 OMP_TEAMS_THREAD_LIMIT=4 %run %t 2>&1 | %FileCheck %s --check-prefix=DISP
#include <omp.h>
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); // stdout and the warnings on stderr in program order
  int teams = 0, limit = 0, inner = 0;
#pragma omp teams
  {
    if (omp_get_team_num() == 0) {
      teams = omp_get_num_teams();
      limit = omp_get_thread_limit();
#pragma omp parallel
#pragma omp single
      inner = omp_get_num_threads();
    }
  }
  printf("max_teams %d teams_thread_limit %d\n", omp_get_max_teams(),
         omp_get_teams_thread_limit());
  printf("teams %d inner %d limited %d\n", teams, inner, limit == omp_get_teams_thread_limit());
  // The API overrides the environment.
  omp_set_num_teams(2);
  omp_set_num_teams(-1); // ignored, with a warning
  teams = 0;
#pragma omp teams
  if (omp_get_team_num() == 0) teams = omp_get_num_teams();
  printf("after set: teams %d\n", teams);
  return 0;
}

// SET-NOT: Warning
// SET: max_teams 3 teams_thread_limit 2
// SET-NEXT: teams 3 inner 2 limited 1
// SET: omp_set_num_teams(-1)
// SET: after set: teams 2

// SET1: max_teams 3 teams_thread_limit 2
// SET1-NEXT: teams 3 inner 1 limited 1

// BADNT: OMP_NUM_TEAMS="abc" is invalid
// BADNT-NOT: OMP_NUM_TEAMS
// BADNT: max_teams 1
// BADNT-NEXT: teams 1

// BADTL: OMP_TEAMS_THREAD_LIMIT="-4" is invalid
// BADTL-NOT: OMP_TEAMS_THREAD_LIMIT
// BADTL: max_teams 1 teams_thread_limit {{[1-9][0-9]*}}
// BADTL-NEXT: teams 1 inner 2 limited 1

// BOTH-DAG: OMP_NUM_TEAMS="0" is invalid
// BOTH-DAG: OMP_TEAMS_THREAD_LIMIT="2x" is invalid
// BOTH: max_teams 1
// BOTH-NEXT: teams 1

// More teams than the host serves: a warning, and the cap.
// BIG: 5000 teams requested; this runtime runs at most 1024 teams on the host
// BIG: max_teams 5000
// BIG-NEXT: teams 1024

// DISP: OPENMP DISPLAY ENVIRONMENT BEGIN
// DISP: [host] OMP_NUM_TEAMS='5'
// DISP: [host] OMP_TEAMS_THREAD_LIMIT='4'
// DISP: OPENMP DISPLAY ENVIRONMENT END
// DISP: max_teams 5 teams_thread_limit 4
