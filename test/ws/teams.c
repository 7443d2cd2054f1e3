// Host teams: the league's size and team numbers, thread limits, levels and a parallel region
// nested in each team, distribute (balanced and chunked), distribute parallel for with static,
// dynamic and guided schedules, lastprivate and reductions across teams, the teams ICV routines,
// and __kmpc_dist_dispatch_init_4 called directly (clang does not emit it).
// RUN: %compile
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include "expect.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAXT 8
#define N 103

// The team that owns iteration i of n under the default dist_schedule: balanced blocks, the
// first n % t teams one iteration longer.
static int balanced_owner(int i, int n, int t) {
  int q = n / t, r = n % t;
  return i < r * (q + 1) ? i / (q + 1) : r + (i - r * (q + 1)) / q;
}

static void check_league(int nthreads_var) {
  int seen[MAXT], nteams[MAXT], limit[MAXT], level[MAXT], active[MAXT], inpar[MAXT];
  int nth[MAXT], tnum[MAXT], maxth[MAXT], inner[MAXT], inner_level[MAXT], anc[MAXT], tsize[MAXT];
  memset(seen, 0, sizeof seen);
#pragma omp teams num_teams(4) thread_limit(3)
  {
    int t = omp_get_team_num();
    seen[t]++;
    nteams[t] = omp_get_num_teams();
    limit[t] = omp_get_thread_limit();
    level[t] = omp_get_level();
    active[t] = omp_get_active_level();
    inpar[t] = omp_in_parallel();
    nth[t] = omp_get_num_threads();
    tnum[t] = omp_get_thread_num();
    maxth[t] = omp_get_max_threads();
#pragma omp parallel
    {
      // Every thread of the team agrees on the team number.
      if (omp_get_team_num() != t) inner[t] = -100;
#pragma omp single
      {
        inner[t] = omp_get_num_threads();
        inner_level[t] = omp_get_level();
        anc[t] = omp_get_ancestor_thread_num(0);
        tsize[t] = omp_get_team_size(0);
      }
    }
  }
  int expect_threads = nthreads_var < 3 ? nthreads_var : 3;
  for (int t = 0; t < 4; t++) {
    EXPECT(seen[t] == 1, "team %d ran %d times", t, seen[t]);
    EXPECT(nteams[t] == 4, "team %d: omp_get_num_teams() = %d", t, nteams[t]);
    EXPECT(limit[t] == 3, "team %d: omp_get_thread_limit() = %d", t, limit[t]);
    EXPECT(level[t] == 0 && active[t] == 0 && !inpar[t], "team %d: level %d active %d in_par %d",
           t, level[t], active[t], inpar[t]);
    EXPECT(nth[t] == 1 && tnum[t] == 0, "team %d: %d threads, thread %d", t, nth[t], tnum[t]);
    EXPECT(maxth[t] == expect_threads, "team %d: omp_get_max_threads() = %d", t, maxth[t]);
    EXPECT(inner[t] == expect_threads, "team %d: nested parallel of %d threads", t, inner[t]);
    EXPECT(inner_level[t] == 1 && anc[t] == 0 && tsize[t] == 1,
           "team %d: nested level %d ancestor %d size(0) %d", t, inner_level[t], anc[t], tsize[t]);
  }
  EXPECT(seen[4] == 0, "a fifth team ran");
  // num_threads asks for more than the team's thread limit allows.
  int big[2] = {0, 0};
#pragma omp teams num_teams(2) thread_limit(2)
#pragma omp parallel num_threads(5)
#pragma omp single
  big[omp_get_team_num()] = omp_get_num_threads();
  EXPECT(big[0] == 2 && big[1] == 2, "num_threads(5) under thread_limit(2): %d %d", big[0],
         big[1]);
  printf("league ok\n");
}

static void check_distribute(void) {
  for (int nt = 1; nt <= 5; nt += 2) {
    int owner[N], count[N];
    memset(count, 0, sizeof count);
#pragma omp teams distribute num_teams(nt)
    for (int i = 0; i < N; i++) {
      owner[i] = omp_get_team_num();
      count[i]++;
    }
    for (int i = 0; i < N; i++) {
      EXPECT(count[i] == 1, "%d teams: iteration %d ran %d times", nt, i, count[i]);
      EXPECT(owner[i] == balanced_owner(i, N, nt), "%d teams: iteration %d in team %d", nt, i,
             owner[i]);
    }
    memset(count, 0, sizeof count);
#pragma omp teams distribute num_teams(nt) dist_schedule(static, 5)
    for (int i = 0; i < N; i++) {
      owner[i] = omp_get_team_num();
      count[i]++;
    }
    for (int i = 0; i < N; i++) {
      EXPECT(count[i] == 1, "chunked, %d teams: iteration %d ran %d times", nt, i, count[i]);
      EXPECT(owner[i] == (i / 5) % nt, "chunked, %d teams: iteration %d in team %d", nt, i,
             owner[i]);
    }
  }
  // A 64-bit loop running downwards.
  long sum = 0;
  int64_t hits[40] = {0};
#pragma omp teams distribute num_teams(3) reduction(+ : sum)
  for (int64_t i = 39; i >= 0; i--) {
    hits[i]++;
    sum += i;
  }
  EXPECT(sum == 780, "64-bit distribute sum %ld", sum);
  for (int i = 0; i < 40; i++)
    EXPECT(hits[i] == 1, "64-bit distribute: iteration %d ran %ld times", i, (long)hits[i]);
  printf("distribute ok\n");
}

#define DPF_CHECK(what, nt)                                                                        \
  for (int i = 0; i < N; i++) {                                                                    \
    EXPECT(count[i] == 1, "%s, %d teams: iteration %d ran %d times", what, nt, i, count[i]);      \
    EXPECT(owner[i] == balanced_owner(i, N, nt), "%s, %d teams: iteration %d in team %d", what,  \
           nt, i, owner[i]);                                                                       \
  }

static void check_distribute_parallel_for(void) {
  for (int nt = 1; nt <= 4; nt += 3) {
    int owner[N], count[N];
    memset(count, 0, sizeof count);
#pragma omp teams distribute parallel for num_teams(nt) thread_limit(3)
    for (int i = 0; i < N; i++) {
      owner[i] = omp_get_team_num();
      __atomic_fetch_add(&count[i], 1, __ATOMIC_RELAXED);
    }
    DPF_CHECK("static", nt)
    memset(count, 0, sizeof count);
#pragma omp teams distribute parallel for num_teams(nt) schedule(static, 2)
    for (int i = 0; i < N; i++) {
      owner[i] = omp_get_team_num();
      __atomic_fetch_add(&count[i], 1, __ATOMIC_RELAXED);
    }
    DPF_CHECK("static,2", nt)
    memset(count, 0, sizeof count);
#pragma omp teams distribute parallel for num_teams(nt) schedule(dynamic, 3)
    for (int i = 0; i < N; i++) {
      owner[i] = omp_get_team_num();
      __atomic_fetch_add(&count[i], 1, __ATOMIC_RELAXED);
    }
    DPF_CHECK("dynamic,3", nt)
    memset(count, 0, sizeof count);
#pragma omp teams num_teams(nt)
#pragma omp distribute parallel for simd schedule(guided)
    for (int i = 0; i < N; i++) {
      owner[i] = omp_get_team_num();
      __atomic_fetch_add(&count[i], 1, __ATOMIC_RELAXED);
    }
    DPF_CHECK("guided simd", nt)
    int last = -1;
    long total = 0;
#pragma omp teams distribute parallel for num_teams(nt) lastprivate(last) reduction(+ : total)
    for (int i = 0; i < N; i++) {
      last = i;
      total += i;
    }
    EXPECT(last == N - 1, "%d teams: lastprivate %d", nt, last);
    EXPECT(total == (long)N * (N - 1) / 2, "%d teams: reduction %ld", nt, total);
  }
  // A reduction on the teams construct itself: one contribution per team.
  int teams_sum = 0;
#pragma omp teams num_teams(5) reduction(+ : teams_sum)
  teams_sum += omp_get_team_num() + 1;
  EXPECT(teams_sum == 15, "teams reduction %d", teams_sum);
  printf("distribute parallel for ok\n");
}

// The combined distribute + dynamic loop entry point, as another compiler would call it.
typedef struct ident ident_t;
extern int32_t __kmpc_global_thread_num(ident_t *);
extern void __kmpc_dist_dispatch_init_4(ident_t *, int32_t, int32_t, int32_t *, int32_t, int32_t,
                                        int32_t, int32_t);
extern int32_t __kmpc_dispatch_next_4(ident_t *, int32_t, int32_t *, int32_t *, int32_t *,
                                      int32_t *);

static void check_dist_dispatch(void) {
  int count[N], owner[N], lasts = 0, last_owner = -1;
  memset(count, 0, sizeof count);
#pragma omp teams num_teams(3)
#pragma omp parallel
  {
    int32_t gtid = __kmpc_global_thread_num(NULL);
    int32_t team_last = -1, lb, ub, st, last;
    __kmpc_dist_dispatch_init_4(NULL, gtid, 35 /* dynamic */, &team_last, 0, N - 1, 1, 4);
    while (__kmpc_dispatch_next_4(NULL, gtid, &last, &lb, &ub, &st)) {
      for (int i = lb; i <= ub; i++) {
        __atomic_fetch_add(&count[i], 1, __ATOMIC_RELAXED);
        owner[i] = omp_get_team_num();
      }
      if (last) {
        __atomic_fetch_add(&lasts, 1, __ATOMIC_RELAXED);
        last_owner = ub;
      }
    }
    EXPECT(team_last == (omp_get_team_num() == 2), "team %d: distribute last flag %d",
           omp_get_team_num(), team_last);
  }
  DPF_CHECK("dist_dispatch", 3)
  EXPECT(lasts == 1 && last_owner == N - 1, "%d chunks reported last (ending at %d)", lasts,
         last_owner);
  printf("dist dispatch ok\n");
}

extern void __kmpc_dist_for_static_init_4(ident_t *, int32_t, int32_t, int32_t *, int32_t *,
                                          int32_t *, int32_t *, int32_t *, int32_t, int32_t);
extern void __kmpc_team_static_init_4(ident_t *, int32_t, int32_t *, int32_t *, int32_t *,
                                      int32_t *, int32_t, int32_t);

// The combined static entry point (league split, then the team's threads) and the teams-only
// chunked one.
static void check_dist_static(void) {
  int count[N], owner[N], lasts = 0, last_hi = -1;
  memset(count, 0, sizeof count);
#pragma omp teams num_teams(3)
#pragma omp parallel num_threads(2)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL);
    int32_t lb = 0, ub = N - 1, ubd = -1, st = 0, last = 0;
    __kmpc_dist_for_static_init_4(NULL, gtid, 34, &last, &lb, &ub, &ubd, &st, 1, 1);
    for (int i = lb; i <= ub; i++) {
      __atomic_fetch_add(&count[i], 1, __ATOMIC_RELAXED);
      owner[i] = omp_get_team_num();
    }
    if (last) {
      __atomic_fetch_add(&lasts, 1, __ATOMIC_RELAXED);
      last_hi = ub;
    }
  }
  DPF_CHECK("dist_for_static", 3)
  EXPECT(lasts == 1 && last_hi == N - 1, "%d threads reported last (ending at %d)", lasts,
         last_hi);
  memset(count, 0, sizeof count);
#pragma omp teams num_teams(4)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL);
    int32_t lb = 0, ub = N - 1, st = 0, last = 0;
    __kmpc_team_static_init_4(NULL, gtid, &last, &lb, &ub, &st, 1, 5);
    for (; lb <= N - 1; lb += st, ub += st)
      for (int i = lb; i <= ub && i <= N - 1; i++) {
        count[i]++;
        owner[i] = omp_get_team_num();
      }
  }
  for (int i = 0; i < N; i++) {
    EXPECT(count[i] == 1, "team_static: iteration %d ran %d times", i, count[i]);
    EXPECT(owner[i] == (i / 5) % 4, "team_static: iteration %d in team %d", i, owner[i]);
  }
  printf("dist static ok\n");
}

static void check_icv_routines(void) {
  EXPECT(omp_get_num_teams() == 1 && omp_get_team_num() == 0, "outside teams: %d teams, team %d",
         omp_get_num_teams(), omp_get_team_num());
  EXPECT(omp_get_max_teams() == 1, "default omp_get_max_teams() = %d", omp_get_max_teams());
  int n = 0;
#pragma omp teams
  {
    if (omp_get_team_num() == 0) n = omp_get_num_teams();
  }
  EXPECT(n == 1, "a teams construct without num_teams formed %d teams", n);
  omp_set_num_teams(3);
  omp_set_teams_thread_limit(2);
  EXPECT(omp_get_max_teams() == 3, "omp_get_max_teams() = %d", omp_get_max_teams());
  EXPECT(omp_get_teams_thread_limit() == 2, "omp_get_teams_thread_limit() = %d",
         omp_get_teams_thread_limit());
  int got[3] = {0, 0, 0}, lim[3] = {0, 0, 0};
#pragma omp teams
  {
    got[omp_get_team_num()] = omp_get_num_teams();
    lim[omp_get_team_num()] = omp_get_thread_limit();
  }
  for (int t = 0; t < 3; t++)
    EXPECT(got[t] == 3 && lim[t] == 2, "team %d of %d, thread limit %d", t, got[t], lim[t]);
  // The clause wins over the ICV.
  int one = 0;
#pragma omp teams num_teams(1)
  one = omp_get_num_teams();
  EXPECT(one == 1, "num_teams(1) formed %d teams", one);
  // Pausing from a teams region cannot release the league's threads: it fails, and every team
  // still completes.
  int paused = 0, ran[3] = {0, 0, 0};
#pragma omp teams num_teams(3)
  {
    if (omp_get_team_num() == 0) paused = omp_pause_resource_all(omp_pause_soft);
#pragma omp parallel
#pragma omp single
    ran[omp_get_team_num()]++;
  }
  EXPECT(paused != 0 && ran[0] == 1 && ran[1] == 1 && ran[2] == 1,
         "pause in teams returned %d; teams ran %d %d %d", paused, ran[0], ran[1], ran[2]);
  printf("icv routines ok\n");
}

int main(void) {
  int nthreads_var = omp_get_max_threads();
  check_league(nthreads_var);
  check_distribute();
  check_distribute_parallel_for();
  check_dist_dispatch();
  check_dist_static();
  check_icv_routines();
  printf("failures %d\n", failures);
  return failures != 0;
}

// CHECK: league ok
// CHECK-NEXT: distribute ok
// CHECK-NEXT: distribute parallel for ok
// CHECK-NEXT: dist dispatch ok
// CHECK-NEXT: dist static ok
// CHECK-NEXT: icv routines ok
// CHECK-NEXT: failures 0
