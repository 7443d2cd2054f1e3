// The teams construct on the host (OpenMP 5.1 §2.7): __kmpc_fork_teams, the num_teams and
// thread_limit clauses, and the omp_* routines of the teams ICVs.
//
// A league of N teams is a region of N threads forked with glass_fork_league (fork.c). Each
// member then becomes the initial thread of its own team: it switches to a level-0 team of one
// (its "team root", with the league's size and its team number in ws.league_size/team_num) and
// runs the user's teams function in that team's initial task. A parallel region inside the team
// forks from the team root, so omp_get_level() is 0 in the teams region and 1 in a parallel
// nested in it, and each team is a contention group with its own thread limit (cg_busy).
// A league of one team needs no fork: the encountering thread runs the team itself.
#include "affinity.h"
#include "glass.h"
#include "ompt-internal.h"
#include "kmpc.h"

#include <limits.h>
#include <stdarg.h>

// Each team has a thread of its own (teams may wait for each other), so a league is capped
// where thread creation would take seconds or fail: more teams than this are not served.
#define MAX_TEAMS 1024

// A team's level-0 team and the initial task it runs. Each thread caches one (ws.teams_root):
// a thread is the initial thread of at most one team at a time.
typedef struct team_root {
  glass_team_t team;
  glass_task_t task;
  glass_thread_t *member;
  _Atomic int32_t cg_busy;
} team_root_t;

// What every member of a league needs to start its team.
typedef struct league {
  kmpc_micro fn;
  int32_t argc;
  void **argv;
  ident_t *loc;
  void *codeptr;
  int32_t thread_limit; // of each team
  glass_team_t *enc_team;
  glass_task_t *enc_task;
} league_t;

// ---------------------------------------------------------------------------------------------
// Clauses and ICVs.

static int32_t clamp_teams(int32_t n) {
  if (n > MAX_TEAMS) {
    glass_warn("%d teams requested; this runtime runs at most %d teams on the host", n, MAX_TEAMS);
    return MAX_TEAMS;
  }
  return n;
}

// num_teams(lb:ub): the league has between lb and ub teams; we take ub. num_teams(n) is
// num_teams(n:n). Without the clause, nteams-var, or one team.
static int32_t league_size(glass_thread_t *th) {
  glass_ws_thread_t *p = &th->ws;
  int32_t n = p->teams_ub > 0 ? p->teams_ub : glass_env.num_teams > 0 ? glass_env.num_teams : 1;
  return clamp_teams(n);
}

// thread_limit(n), else teams-thread-limit-var, else an equal share of the processors; never
// above the encountering task's thread-limit-var.
static int32_t team_thread_limit(glass_thread_t *th, int32_t nteams) {
  int32_t limit = th->ws.teams_limit;
  if (limit <= 0)
    limit = glass_env.teams_thread_limit;
  if (limit <= 0)
    limit = glass_nprocs / nteams > 1 ? glass_nprocs / nteams : 1;
  int32_t outer = th->task->icvs.thread_limit;
  return limit < outer ? limit : outer;
}

GLASS_API void __kmpc_push_num_teams(ident_t *loc, int32_t gtid, int32_t num_teams,
                                     int32_t thread_limit) {
  glass_thread_t *th = glass_self();
  th->ws.teams_ub = num_teams > 0 ? num_teams : 0;
  th->ws.teams_limit = thread_limit > 0 ? thread_limit : 0;
}

// OpenMP 5.1 num_teams(lower:upper).
GLASS_API void __kmpc_push_num_teams_51(ident_t *loc, int32_t gtid, int32_t lb, int32_t ub,
                                        int32_t thread_limit) {
  glass_thread_t *th = glass_self();
  if (ub <= 0 && lb > 0)
    ub = lb;
  if (lb > ub && ub > 0) {
    glass_warn("num_teams(%d:%d): the lower bound exceeds the upper bound; using %d teams", lb, ub,
               ub);
  }
  th->ws.teams_ub = ub > 0 ? ub : 0;
  th->ws.teams_limit = thread_limit > 0 ? thread_limit : 0;
}

// ---------------------------------------------------------------------------------------------
// Team roots.

static team_root_t *root_get(glass_thread_t *th) {
  team_root_t *r = th->ws.teams_root;
  if (likely(r)) {
    th->ws.teams_root = NULL;
    return r;
  }
  r = glass_zalloc_aligned(sizeof(*r), GLASS_CACHE);
  r->team.capacity = 1;
  r->team.nmembers = 1;
  r->team.nthreads = 1;
  r->team.members = &r->member;
  r->team.itasks = &r->task;
  r->team.cg_busy = &r->cg_busy;
  return r;
}

static void root_put(glass_thread_t *th, team_root_t *r) {
  if (th->ws.teams_root)
    glass_free(r); // this thread ran a team inside a team (host fallback of target in teams)
  else
    th->ws.teams_root = r;
}

static void root_init(team_root_t *r, glass_thread_t *th, const league_t *lg, int32_t nteams,
                      int32_t team_num, int32_t hot_level) {
  glass_team_t *team = &r->team;
  team->fn = lg->fn;
  team->argc = lg->argc;
  team->argv = lg->argv;
  team->loc = lg->loc;
  team->codeptr = lg->codeptr;
  // Serialized (no barrier machinery) only in a league of one: static_init's fast path gives a
  // serialized team the whole iteration space, which a team of a larger league must not take
  // for distribute.
  team->serialized = nteams == 1;
  team->level = 0; // a teams region is not a parallel region
  team->active_level = 0;
  team->hot_level = hot_level;
  team->parent = lg->enc_team;
  team->parent_task = lg->enc_task;
  team->master = th;
  team->saved_tid = th->tid;
  team->ws.league_size = nteams;
  team->ws.team_num = team_num;
  r->member = th;
  atomic_store_explicit(&r->cg_busy, 0, memory_order_relaxed);

  glass_task_t *task = &r->task;
  task->parent = lg->enc_task;
  task->team = team;
  task->thread_num = 0;
  task->kind = GLASS_TASK_INITIAL;
  task->icvs = lg->enc_task->icvs;
  task->icvs.thread_limit = lg->thread_limit;
  if (task->icvs.nthreads > lg->thread_limit)
    task->icvs.nthreads = lg->thread_limit;
  task->tk = (glass_tasking_task_t){0};
  team->child_icvs = task->icvs;
  task->ompt_data.value = 0;
  OMPT_FRAME_INIT(task);
  task->ompt_flags = ompt_task_initial;
}

// ---------------------------------------------------------------------------------------------
// Running a team.

static GLASS_NOINLINE void initial_task_event(ompt_scope_endpoint_t ep, ompt_data_t *pdata,
                                              glass_task_t *task, int32_t nteams,
                                              int32_t team_num) {
  // The initial task of a team reports the league's size and its team number (5.1 §4.5.2.11);
  // the end event's parallel_data is NULL and its actual_parallelism 0, as there and in libomp.
  // The league's data must not reach the end: a tool that frees region data at an
  // initial-task-end would free it once per team, before the league's parallel_end.
  bool begin = ep == ompt_scope_begin;
  OMPT_CALL(implicit_task, ep, begin ? pdata : NULL, &task->ompt_data, begin ? (unsigned)nteams : 0,
            team_num, ompt_task_initial);
}

// The calling thread runs team team_num of the league whose parallel data is pdata.
static void run_team(glass_thread_t *th, const league_t *lg, int32_t nteams, int32_t team_num,
                     int32_t hot_level, team_root_t *r, ompt_data_t *pdata) {
  glass_team_t *saved_team = th->team;
  glass_task_t *saved_task = th->task;
  int32_t saved_tid = th->tid;
  root_init(r, th, lg, nteams, team_num, hot_level);
  glass_team_t *team = &r->team;
  glass_task_t *task = &r->task;
  OMPT_STATE(th, ompt_state_overhead);
  // The league's parallel data, as the team's worksharing events report it.
  if (pdata != &team->ompt_parallel_data)
    team->ompt_parallel_data.value = pdata->value;
  atomic_signal_fence(memory_order_release); // a sampling signal sees a complete task
  th->team = team;
  th->task = task;
  th->tid = 0;
  if (OMPT_ON(implicit_task))
    initial_task_event(ompt_scope_begin, pdata, task, nteams, team_num);
  // A teams region is outside every parallel region (a parallel nested in it returns to this
  // state too: its team root is at level 0).
  OMPT_STATE(th, ompt_state_work_serial);
  int32_t zero = 0;
  glass_invoke_microtask(lg->fn, &th->gtid, &zero, lg->argc, lg->argv, glass_exit_frame_slot(task));
  OMPT_EXIT_FRAME(task, NULL);
  // The team's tasks complete before its initial task does.
  if (unlikely(task->tk.deps != NULL))
    glass_task_itask_end(task);
  if (unlikely(atomic_load_explicit(&team->tasking.active, memory_order_relaxed)))
    glass_task_barrier_drain(th, team);
  OMPT_STATE(th, ompt_state_overhead);
  if (OMPT_ON(implicit_task))
    initial_task_event(ompt_scope_end, pdata, task, nteams, team_num);
  th->tid = saved_tid;
  th->task = saved_task;
  atomic_signal_fence(memory_order_release);
  th->team = saved_team;
}

// The outlined function of a league's fork: member tid runs team tid.
static void league_member(int32_t *gtid, int32_t *tid, league_t *lg) {
  glass_thread_t *th = glass_self();
  glass_team_t *league = th->team;
  team_root_t *r = root_get(th);
  run_team(th, lg, league->nthreads, *tid, league->hot_level, r, glass_team_parallel_data(league));
  root_put(th, r);
}

// A league of one: no fork; the team root's parallel data stands for the league's.
static void run_single_team(glass_thread_t *th, league_t *lg) {
  glass_affinity_single_team(th);
  team_root_t *r = root_get(th);
  glass_team_t *team = &r->team;
  team->ompt_parallel_data.value = 0;
  int flags = ompt_parallel_invoker_runtime | ompt_parallel_league;
  team->ompt_flags = flags;
  if (OMPT_ON(parallel_begin))
    glass_ompt_parallel_begin(th, team, lg->enc_task, 1, flags, lg->codeptr);
  run_team(th, lg, 1, 0, th->team->hot_level, r, glass_team_parallel_data(team));
  if (OMPT_ON(parallel_end))
    glass_ompt_parallel_end(th, team, lg->enc_task, flags, lg->codeptr);
  (void)flags;
  root_put(th, r);
  OMPT_STATE(th, th->team->level == 0 ? ompt_state_work_serial : ompt_state_work_parallel);
}

static void teams_fork(glass_thread_t *th, ident_t *loc, void *codeptr, int32_t argc, kmpc_micro fn,
                       void **argv) {
  int32_t nteams = league_size(th);
  league_t lg = {.fn = fn,
                 .argc = argc,
                 .argv = argv,
                 .loc = loc,
                 .codeptr = codeptr,
                 .thread_limit = team_thread_limit(th, nteams),
                 .enc_team = th->team,
                 .enc_task = th->task};
  th->ws.teams_ub = th->ws.teams_limit = 0;
  th->ws.league_granted = nteams;
  if (nteams == 1) {
    run_single_team(th, &lg);
    return;
  }
  void *largv[1] = {&lg};
  glass_fork_league(th, loc, codeptr, 1, (kmpc_micro)league_member, largv, nteams);
}

GLASS_API void __kmpc_fork_teams(ident_t *loc, int32_t argc, kmpc_micro fn, ...) {
  glass_thread_t *th = glass_self();
  void *argv[argc > 0 ? argc : 1];
  va_list ap;
  va_start(ap, fn);
  for (int32_t i = 0; i < argc; i++)
    argv[i] = va_arg(ap, void *);
  va_end(ap);
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, __builtin_frame_address(0));
  teams_fork(th, loc, GLASS_CODEPTR(), argc, fn, argv);
  OMPT_ENTER_FRAME(task, NULL);
}

// ---------------------------------------------------------------------------------------------
// omp_* routines (OpenMP 5.1 §3.4).

GLASS_API int omp_get_num_teams(void) {
  int32_t n, num;
  glass_ws_league(glass_self(), &n, &num);
  return n;
}

GLASS_API int omp_get_team_num(void) {
  int32_t n, num;
  glass_ws_league(glass_self(), &n, &num);
  return num;
}

// A setter's argument: false (with a warning) when it is not positive.
static bool positive_setting(const char *setter, int value) {
  glass_ensure_init();
  if (value > 0)
    return true;
  glass_warn("%s(%d): the value must be positive; ignored", setter, value);
  return false;
}

// nteams-var and teams-thread-limit-var have device scope: one value for the program.
GLASS_API void omp_set_num_teams(int num_teams) {
  if (positive_setting("omp_set_num_teams", num_teams))
    glass_env.num_teams = num_teams;
}

GLASS_API int omp_get_max_teams(void) {
  glass_ensure_init();
  return glass_env.num_teams > 0 ? glass_env.num_teams : 1;
}

GLASS_API void omp_set_teams_thread_limit(int thread_limit) {
  if (positive_setting("omp_set_teams_thread_limit", thread_limit))
    glass_env.teams_thread_limit = thread_limit;
}

// Without a setting, a league of one team may use every processor.
GLASS_API int omp_get_teams_thread_limit(void) {
  glass_ensure_init();
  int32_t limit = glass_env.teams_thread_limit > 0 ? glass_env.teams_thread_limit : glass_nprocs;
  return limit < glass_env.thread_limit ? limit : glass_env.thread_limit;
}
