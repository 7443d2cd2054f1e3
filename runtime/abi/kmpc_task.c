// ABI entry points for tasks: allocation, submission, undeferred tasks, taskwait, taskyield,
// taskgroup, and the omp_* task routines not in api.c. Thin: the core is task.c, task_sync.c
// (taskwait, taskgroup), task_undeferred.h (if(0)) and task_ompt.c (task_create's flags).
#include "task_internal.h"
#include "task_undeferred.h"
#include "task_alloc.h"
#include "ompt-internal.h"
#include "kmpc.h"

#define FRAME() __builtin_frame_address(0)

// ---------------------------------------------------------------------------------------------
// Creation and submission.

GLASS_API kmp_task_t *__kmpc_omp_task_alloc(ident_t *loc, int32_t gtid, int32_t flags,
                                            size_t sizeof_task, size_t sizeof_shareds,
                                            kmp_routine_t entry) {
  if (unlikely(!entry))
    entry = glass_task_empty_entry;
  glass_thread_t *th = glass_self();
  glass_xtask_t *t = glass_task_alloc_fast(th, flags, sizeof_task, sizeof_shareds, entry);
  if (likely(t != NULL))
    return &t->hdr;
  return &glass_task_alloc(th, flags, sizeof_task, sizeof_shareds, entry, NULL)->hdr;
}

// `target nowait` host code; the device number does not matter to the host runtime.
GLASS_API kmp_task_t *__kmpc_omp_target_task_alloc(ident_t *loc, int32_t gtid, int32_t flags,
                                                   size_t sizeof_task, size_t sizeof_shareds,
                                                   kmp_routine_t entry, int64_t device_id) {
  if (unlikely(!entry))
    entry = glass_task_empty_entry;
  glass_xtask_t *t =
      glass_task_alloc(glass_self(), flags, sizeof_task, sizeof_shareds, entry, NULL);
  t->base.tk.flags |= GLASS_TF_TARGET;
  return &t->hdr;
}

GLASS_API int32_t __kmpc_omp_task(ident_t *loc, int32_t gtid, kmp_task_t *kt) {
  glass_thread_t *th = glass_self();
  glass_xtask_t *t = xtask_of(kt);
  if (unlikely(t->state == XT_RUNNING)) {
    // An untied task at a scheduling point re-enqueues itself to be resumed at its part id.
    t->state = XT_REQUEUE;
    return 0;
  }
  glass_task_t *cur = th->task;
  OMPT_ENTER_FRAME(cur, FRAME());
  if (OMPT_ON(task_create))
    glass_task_create_event(th, t, 0, 0, GLASS_CODEPTR());
  glass_task_submit(th, t);
  OMPT_ENTER_FRAME(cur, NULL);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Undeferred tasks (if(0)): the compiler calls the entry itself between these two
// (task_undeferred.h).

GLASS_API void __kmpc_omp_task_begin_if0(ident_t *loc, int32_t gtid, kmp_task_t *kt) {
  glass_task_begin_undeferred(glass_self(), xtask_of(kt));
}

GLASS_API void __kmpc_omp_task_complete_if0(ident_t *loc, int32_t gtid, kmp_task_t *kt) {
  glass_task_complete_undeferred(glass_self(), xtask_of(kt));
}

// ---------------------------------------------------------------------------------------------
// taskwait, taskyield.

GLASS_API int32_t __kmpc_omp_taskwait(ident_t *loc, int32_t gtid) {
  glass_thread_t *th = glass_self();
  if (likely(atomic_load_explicit(&th->task->tk.children, memory_order_acquire) == 0) &&
      !OMPT_ANY(OMPT_SYNC_EVENTS))
    return 0;
  glass_taskwait(th, GLASS_CODEPTR(), FRAME());
  return 0;
}

GLASS_API int32_t __kmpc_omp_taskyield(ident_t *loc, int32_t gtid, int end_part) {
  glass_thread_t *th = glass_self();
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, FRAME());
  glass_task_run_one_status(th, true, ompt_task_yield);
  OMPT_ENTER_FRAME(task, NULL);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// taskgroup.

GLASS_API void __kmpc_taskgroup(ident_t *loc, int32_t gtid) {
  glass_thread_t *th = glass_self();
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, FRAME());
  OMPT_SYNC_REGION(sync_region, ompt_sync_region_taskgroup, ompt_scope_begin, task,
                   GLASS_CODEPTR());
  OMPT_ENTER_FRAME(task, NULL);
  glass_taskgroup_begin(th);
}

GLASS_API void __kmpc_end_taskgroup(ident_t *loc, int32_t gtid) {
  glass_thread_t *th = glass_self();
  glass_task_t *task = th->task;
  void *codeptr = GLASS_CODEPTR();
  OMPT_ENTER_FRAME(task, FRAME());
  glass_taskgroup_end(th, codeptr);
  OMPT_SYNC_REGION(sync_region, ompt_sync_region_taskgroup, ompt_scope_end, task, codeptr);
  OMPT_ENTER_FRAME(task, NULL);
}

// ---------------------------------------------------------------------------------------------
// omp_* routines and libomptarget's queries.

GLASS_API int omp_in_final(void) {
  return (glass_self()->task->tk.flags & GLASS_TF_FINAL) != 0;
}

GLASS_API int32_t __kmpc_omp_has_task_team(int32_t gtid) {
  return glass_self()->team->nthreads > 1;
}
