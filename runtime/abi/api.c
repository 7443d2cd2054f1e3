// The omp_* runtime library routines for threads, teams, levels and timing (OpenMP 5.1 §3.2,
// §3.10), with the ompc_* aliases clang emits.
#include "glass.h"
#include "ompt-internal.h"
#include "kmpc.h"

#include <limits.h>

// ---------------------------------------------------------------------------------------------
// Thread team routines.

GLASS_API void omp_set_num_threads(int n) {
  glass_thread_t *th = glass_self();
  if (n <= 0) {
    glass_warn("omp_set_num_threads(%d): the value must be positive; ignored", n);
    return;
  }
  th->task->icvs.nthreads = n;
}

GLASS_API int omp_get_num_threads(void) {
  return glass_self()->team->nthreads;
}

GLASS_API int omp_get_max_threads(void) {
  return glass_self()->task->icvs.nthreads;
}

GLASS_API int omp_get_thread_num(void) {
  return glass_self()->tid;
}

GLASS_API int omp_get_num_procs(void) {
  glass_ensure_init();
  return glass_nprocs;
}

GLASS_API int omp_in_parallel(void) {
  return glass_self()->team->active_level > 0;
}

GLASS_API void omp_set_dynamic(int flag) {
  glass_self()->task->icvs.dyn = flag != 0;
}

GLASS_API int omp_get_dynamic(void) {
  return glass_self()->task->icvs.dyn;
}

GLASS_API void omp_set_nested(int flag) {
  glass_thread_t *th = glass_self();
  th->task->icvs.max_active_levels = flag ? INT_MAX : 1;
}

GLASS_API int omp_get_nested(void) {
  return glass_self()->task->icvs.max_active_levels > 1;
}

GLASS_API void omp_set_max_active_levels(int levels) {
  glass_thread_t *th = glass_self();
  if (levels < 0) {
    glass_warn("omp_set_max_active_levels(%d): the value must be non-negative; ignored", levels);
    return;
  }
  // Only meaningful from a sequential part; inside an active region the spec says the call is
  // ignored, which libomp also does.
  if (th->team->active_level > 0)
    return;
  th->task->icvs.max_active_levels = levels;
}

GLASS_API int omp_get_max_active_levels(void) {
  return glass_self()->task->icvs.max_active_levels;
}

GLASS_API int omp_get_supported_active_levels(void) {
  glass_ensure_init();
  return INT_MAX;
}

GLASS_API int omp_get_level(void) {
  return glass_self()->team->level;
}

GLASS_API int omp_get_active_level(void) {
  return glass_self()->team->active_level;
}

// The team at nesting level `level`, walking out from the innermost one.
static glass_team_t *team_at_level(glass_thread_t *th, int level, int *tid) {
  glass_team_t *team = th->team;
  int t = th->tid;
  if (level < 0 || level > team->level)
    return NULL;
  while (team->level > level) {
    glass_task_t *enc = team->parent_task;
    t = enc ? enc->thread_num : 0;
    team = team->parent;
  }
  *tid = t;
  return team;
}

GLASS_API int omp_get_ancestor_thread_num(int level) {
  int tid;
  glass_team_t *team = team_at_level(glass_self(), level, &tid);
  return team ? tid : -1;
}

GLASS_API int omp_get_team_size(int level) {
  int tid;
  glass_team_t *team = team_at_level(glass_self(), level, &tid);
  return team ? team->nthreads : -1;
}

GLASS_API int omp_get_thread_limit(void) {
  const glass_icvs_t *icvs = &glass_self()->task->icvs;
  return icvs->task_thread_limit > 0 ? icvs->task_thread_limit : icvs->thread_limit;
}

GLASS_API void omp_set_schedule(omp_sched_t kind, int chunk) {
  glass_thread_t *th = glass_self();
  int base = kind & ~GLASS_SCHED_MONOTONIC;
  if ((base < GLASS_SCHED_STATIC || base > GLASS_SCHED_AUTO) && base != GLASS_SCHED_TRAPEZOIDAL) {
    glass_warn("omp_set_schedule: unknown schedule kind %d; ignored", kind);
    return;
  }
  th->task->icvs.sched_kind = kind;
  th->task->icvs.sched_chunk = chunk < 1 ? 0 : chunk;
}

// The chunk a loop of this schedule uses. A chunk below 1 stands for the default (OpenMP 5.1
// §3.2.12): 1 for dynamic and guided, which is reported as libomp does; static has no number
// for its default (balanced blocks): 0. auto ignores the chunk; libomp reports 1.
GLASS_API void omp_get_schedule(omp_sched_t *kind, int *chunk) {
  glass_thread_t *th = glass_self();
  int k = th->task->icvs.sched_kind, c = th->task->icvs.sched_chunk;
  int base = k & ~GLASS_SCHED_MONOTONIC;
  if (base == GLASS_SCHED_AUTO || (base != GLASS_SCHED_STATIC && c < 1))
    c = 1;
  *kind = k;
  *chunk = c;
}

GLASS_API int omp_get_cancellation(void) {
  glass_ensure_init();
  return glass_env.cancellation;
}

GLASS_API int omp_get_max_task_priority(void) {
  glass_ensure_init();
  return glass_env.max_task_priority;
}

GLASS_API int omp_in_explicit_task(void) {
  return glass_self()->task->kind == GLASS_TASK_EXPLICIT;
}

// ---------------------------------------------------------------------------------------------
// Timing.

GLASS_API double omp_get_wtime(void) {
  glass_ensure_init();
  return glass_wtime();
}

GLASS_API double omp_get_wtick(void) {
  glass_ensure_init();
  return glass_wtick();
}

// ---------------------------------------------------------------------------------------------
// Tool control (OpenMP 5.1 §3.14).

GLASS_API int omp_control_tool(int command, int modifier, void *arg) {
  glass_thread_t *th = glass_self();
  if (!OMPT_ACTIVE()) // always so without tool support
    return -2;        // omp_control_tool_notool
  if (!OMPT_ON(control_tool))
    return -1; // omp_control_tool_nocallback
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, __builtin_frame_address(0));
  // Loaded once: the tool may unregister it on another thread since the test above.
  ompt_callback_control_tool_t cb = __atomic_load_n(&glass_ompt_cb.control_tool, __ATOMIC_RELAXED);
  int r = cb ? cb((uint64_t)command, (uint64_t)modifier, arg, GLASS_CODEPTR()) : -1;
  OMPT_ENTER_FRAME(task, NULL);
  return r;
}

// ---------------------------------------------------------------------------------------------
// Environment display (OpenMP 5.1 §3.15).

GLASS_API void omp_display_env(int verbose) {
  glass_ensure_init();
  glass_env_display(verbose != 0);
}

// ---------------------------------------------------------------------------------------------
// ompc_* names clang's omp.h macros may route to (LLVM exports them too).

GLASS_ALIAS(ompc_set_num_threads, omp_set_num_threads);
GLASS_ALIAS(ompc_set_dynamic, omp_set_dynamic);
GLASS_ALIAS(ompc_set_nested, omp_set_nested);
GLASS_ALIAS(ompc_set_max_active_levels, omp_set_max_active_levels);
GLASS_ALIAS(ompc_get_ancestor_thread_num, omp_get_ancestor_thread_num);
GLASS_ALIAS(ompc_get_team_size, omp_get_team_size);
// Its kind is an int here, an omp_sched_t there: a function of its own.
GLASS_API void ompc_set_schedule(int kind, int chunk) {
  omp_set_schedule(kind, chunk);
}
