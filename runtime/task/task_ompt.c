// The tasking core's side of OMPT: what only the core knows of a task, built here for the events
// and inquiries that report it (ompt/ calls no tasking internals).
#include "task_internal.h"
#include "ompt_view.h"
#include "ompt-internal.h"

// ompt_task_flag_t bits of a task about to be submitted.
static int ompt_task_flags(glass_xtask_t *t, int extra) {
  int f = ompt_task_explicit | extra;
  if (t->base.tk.flags & GLASS_TF_UNTIED)
    f |= ompt_task_untied;
  if (t->base.tk.flags & GLASS_TF_FINAL)
    f |= ompt_task_final;
  // An included task, or one in a team of one, which runs it at once (glass_task_submit), as
  // libomp reports it.
  if ((t->base.parent->tk.flags & GLASS_TF_FINAL) || t->base.team->nthreads == 1)
    f |= ompt_task_undeferred;
  return f;
}

GLASS_NOINLINE void glass_task_create_event(glass_thread_t *th, glass_xtask_t *t, int extra,
                                            int has_deps, void *codeptr) {
  t->codeptr = codeptr;
  t->base.ompt_flags = ompt_task_flags(t, extra);
  glass_ompt_task_create(t->base.parent, &t->base, t->base.ompt_flags, has_deps, codeptr);
}

// The next task down in the thread's execution context, for ompt_get_task_info: below an
// explicit task, the one its thread suspended to run it (not always the generating task: a
// thread in a barrier runs its team's tasks on top of its own implicit task); below an implicit
// or initial task, the encountering task of its region.
glass_task_t *glass_task_ancestor(const glass_task_t *task) {
  if (task->kind != GLASS_TASK_EXPLICIT)
    return task->parent;
  return xtask_from_base((glass_task_t *)task)->sched_parent;
}

// An explicit task owns two blocks: its kmp_task_t with the compiler's privates (firstprivate
// copies), and its shareds block. Implicit tasks own none (their data is on the thread's stack).
int glass_task_memory(glass_task_t *task, int block, void **addr, size_t *size) {
  if (!task || task->kind != GLASS_TASK_EXPLICIT || block < 0)
    return 0;
  glass_xtask_t *t = xtask_from_base(task);
  if (block == 0) {
    if (addr)
      *addr = &t->hdr;
    if (size)
      *size = t->task_size;
    return t->shareds_size > 0;
  }
  if (block == 1 && t->shareds_size > 0) {
    if (addr)
      *addr = t->hdr.shareds;
    if (size)
      *size = t->shareds_size;
  }
  return 0;
}
