// Waiting for tasks: taskwait (a task's children) and taskgroup (a group's deferred tasks are
// counted in it, and its end waits for them). The constructs' entry points are in kmpc_task.c,
// task reductions in task_reduction.c.
#include "task_internal.h"
#include "task_alloc.h"
#include "ompt-internal.h"

// The routine of a task allocated with none (codegen may express `taskwait depend(...) nowait`
// as a task with a NULL routine and the dependences) and of the runtime's own empty tasks.
int32_t glass_task_empty_entry(int32_t gtid, kmp_task_t *task) {
  return 0;
}

// Out of line: __kmpc_omp_taskwait returns at once when there is nothing to wait for and no
// tool listens.
GLASS_NOINLINE void glass_taskwait(glass_thread_t *th, void *codeptr, void *frame) {
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, frame);
  int32_t prior = th->ompt_state;
  OMPT_SYNC_REGION(sync_region, ompt_sync_region_taskwait, ompt_scope_begin, task, codeptr);
  OMPT_WAIT_STATE(th, ompt_state_wait_taskwait, 0);
  OMPT_SYNC_REGION(sync_region_wait, ompt_sync_region_taskwait, ompt_scope_begin, task, codeptr);
  glass_task_wait_counter(th, &task->tk.children, &task->tk.waiter);
  OMPT_SYNC_REGION(sync_region_wait, ompt_sync_region_taskwait, ompt_scope_end, task, codeptr);
  OMPT_WAIT_STATE(th, prior, 0);
  OMPT_SYNC_REGION(sync_region, ompt_sync_region_taskwait, ompt_scope_end, task, codeptr);
  OMPT_ENTER_FRAME(task, NULL);
}

static glass_taskgroup_t *taskgroup_get(glass_thread_t *th) {
  glass_taskgroup_t *tg = th->tasking.free_groups;
  if (likely(tg != NULL)) {
    th->tasking.free_groups = tg->next_free;
    return tg;
  }
  return glass_zalloc_aligned(sizeof(*tg), GLASS_CACHE);
}

glass_taskgroup_t *glass_taskgroup_begin(glass_thread_t *th) {
  glass_task_t *task = th->task;
  glass_taskgroup_t *tg = taskgroup_get(th);
  atomic_store_explicit(&tg->count, 0, memory_order_relaxed);
  atomic_store_explicit(&tg->cancelled, 0, memory_order_relaxed);
  atomic_store_explicit(&tg->waiter, NULL, memory_order_relaxed);
  tg->red = NULL;
  tg->parent = task->tk.tg;
  task->tk.tg = tg;
  return tg;
}

void glass_taskgroup_end(glass_thread_t *th, void *codeptr) {
  glass_task_t *task = th->task;
  glass_taskgroup_t *tg = task->tk.tg;
  if (unlikely(!tg)) {
    glass_warn("__kmpc_end_taskgroup without a matching __kmpc_taskgroup; ignored");
    return;
  }
  int32_t prior = th->ompt_state;
  OMPT_WAIT_STATE(th, ompt_state_wait_taskgroup, 0);
  OMPT_SYNC_REGION(sync_region_wait, ompt_sync_region_taskgroup, ompt_scope_begin, task, codeptr);
  if (atomic_load_explicit(&tg->count, memory_order_acquire) != 0)
    glass_task_wait_counter(th, &tg->count, &tg->waiter);
  OMPT_SYNC_REGION(sync_region_wait, ompt_sync_region_taskgroup, ompt_scope_end, task, codeptr);
  OMPT_WAIT_STATE(th, prior, 0);
  if (tg->red)
    glass_taskred_fini(th, tg);
  task->tk.tg = tg->parent;
  tg->next_free = th->tasking.free_groups;
  th->tasking.free_groups = tg;
}
