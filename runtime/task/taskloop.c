// taskloop (OpenMP 5.1 §2.12.2): the compiler allocates one pattern task holding the loop
// bounds and the firstprivate copies; the runtime splits the iteration space into chunk tasks,
// each a copy of the pattern with its own bounds (task_dup copy-constructs privates and marks
// the last chunk for lastprivate), inside an implicit taskgroup unless nogroup.
#include "task_internal.h"
#include "ompt-internal.h"
#include "kmpc.h"

#include <string.h>

typedef void (*kmp_task_dup_t)(kmp_task_t *dst, kmp_task_t *src, int32_t lastpriv);

enum { SCHED_NONE = 0, SCHED_GRAINSIZE = 1, SCHED_NUM_TASKS = 2 };

// Number of chunk tasks for tc iterations.
static uint64_t chunk_count(glass_thread_t *th, uint64_t tc, int sched, uint64_t grain,
                            bool strict) {
  uint64_t n;
  switch (sched) {
  case SCHED_GRAINSIZE:
    if (grain == 0)
      grain = 1;
    // Each task gets between grain and 2*grain - 1 iterations (strict: exactly grain, the last
    // one the rest).
    n = strict ? (tc + grain - 1) / grain : tc / grain;
    break;
  case SCHED_NUM_TASKS:
    n = grain;
    break;
  default:
    n = (uint64_t)th->team->nthreads * 8;
    break;
  }
  if (n == 0)
    n = 1;
  if (n > tc)
    n = tc;
  return n;
}

static void taskloop(ident_t *loc, glass_thread_t *th, kmp_task_t *pattern_kt, int if_val,
                     uint64_t *lb, uint64_t *ub, int64_t st, int nogroup, int sched, uint64_t grain,
                     bool strict, kmp_task_dup_t dup, void *codeptr) {
  glass_xtask_t *pattern = xtask_of(pattern_kt);
  glass_task_t *cur = th->task;
  (void)cur; // used only by the OMPT events
  size_t lb_off = (size_t)((char *)lb - (char *)pattern_kt);
  size_t ub_off = (size_t)((char *)ub - (char *)pattern_kt);
  uint64_t lower = *lb, upper = *ub;
  uint64_t tc;
  if (st == 0)
    tc = 0;
  else if (st > 0)
    tc = (int64_t)upper < (int64_t)lower ? 0 : (upper - lower) / (uint64_t)st + 1;
  else
    tc = (int64_t)upper > (int64_t)lower ? 0 : (lower - upper) / (uint64_t)(-st) + 1;

  if (!nogroup) {
    OMPT_SYNC_REGION(sync_region, ompt_sync_region_taskgroup, ompt_scope_begin, th->task, codeptr);
    glass_taskgroup_begin(th);
  }
  if (OMPT_ON(work))
    OMPT_CALL(work, ompt_work_taskloop, ompt_scope_begin, glass_team_parallel_data(cur->team),
              &cur->ompt_data, tc, codeptr);
  uint64_t n = tc ? chunk_count(th, tc, sched, grain, strict) : 0;
  uint64_t base = n ? tc / n : 0, extra = n ? tc % n : 0;
  uint64_t start = 0;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t iters;
    if (sched == SCHED_GRAINSIZE && strict)
      iters = i + 1 < n ? grain : tc - start;
    else
      iters = base + (i < extra ? 1 : 0);
    glass_xtask_t *t = glass_task_alloc(th, pattern->aflags, pattern->task_size,
                                        pattern->shareds_size, pattern->hdr.routine, codeptr);
    memcpy(&t->hdr, &pattern->hdr, pattern->task_size);
    if (pattern->shareds_size) {
      t->hdr.shareds = (char *)t + ((char *)pattern->hdr.shareds - (char *)pattern);
      memcpy(t->hdr.shareds, pattern->hdr.shareds, pattern->shareds_size);
    }
    t->hdr.part_id = 0;
    uint64_t first = lower + start * (uint64_t)st;
    uint64_t last = first + (iters - 1) * (uint64_t)st;
    *(uint64_t *)((char *)&t->hdr + lb_off) = first;
    *(uint64_t *)((char *)&t->hdr + ub_off) = last;
    bool is_last = i + 1 == n;
    if (pattern->task_size >= sizeof(kmp_taskloop_task_t))
      ((kmp_taskloop_task_t *)&t->hdr)->last = is_last;
    if (dup)
      dup(&t->hdr, &pattern->hdr, is_last);
    t->base.tk.flags |= GLASS_TF_IN_TASKLOOP;
    start += iters;
    if (OMPT_ON(task_create))
      glass_task_create_event(th, t, if_val ? 0 : ompt_task_undeferred, 0, codeptr);
    // Its dispatch event comes when the chunk starts running, on its thread (task.c).
    if (GLASS_OMPT)
      t->chunk = (ompt_dispatch_chunk_t){first, iters};
    if (if_val)
      glass_task_submit(th, t);
    else
      glass_task_run_now(th, t);
  }
  // The pattern itself never runs.
  glass_task_complete_release(th, pattern);
  if (OMPT_ON(work))
    OMPT_CALL(work, ompt_work_taskloop, ompt_scope_end, glass_team_parallel_data(cur->team),
              &cur->ompt_data, tc, codeptr);
  if (!nogroup) {
    glass_taskgroup_end(th, codeptr);
    OMPT_SYNC_REGION(sync_region, ompt_sync_region_taskgroup, ompt_scope_end, th->task, codeptr);
  }
}

GLASS_API void __kmpc_taskloop(ident_t *loc, int32_t gtid, kmp_task_t *task, int32_t if_val,
                               uint64_t *lb, uint64_t *ub, int64_t st, int32_t nogroup,
                               int32_t sched, uint64_t grainsize, void *task_dup) {
  glass_thread_t *th = glass_self();
  glass_task_t *cur = th->task;
  OMPT_ENTER_FRAME(cur, __builtin_frame_address(0));
  taskloop(loc, th, task, if_val, lb, ub, st, nogroup, sched, grainsize, false,
           (kmp_task_dup_t)task_dup, GLASS_CODEPTR());
  OMPT_ENTER_FRAME(cur, NULL);
}

// clang-22 with a strict modifier on grainsize or num_tasks (modifier 1).
GLASS_API void __kmpc_taskloop_5(ident_t *loc, int32_t gtid, kmp_task_t *task, int32_t if_val,
                                 uint64_t *lb, uint64_t *ub, int64_t st, int32_t nogroup,
                                 int32_t sched, uint64_t grainsize, int32_t modifier,
                                 void *task_dup) {
  glass_thread_t *th = glass_self();
  glass_task_t *cur = th->task;
  OMPT_ENTER_FRAME(cur, __builtin_frame_address(0));
  taskloop(loc, th, task, if_val, lb, ub, st, nogroup, sched, grainsize, modifier != 0,
           (kmp_task_dup_t)task_dup, GLASS_CODEPTR());
  OMPT_ENTER_FRAME(cur, NULL);
}
