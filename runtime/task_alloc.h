// The fast path of task creation, inline in __kmpc_omp_task_alloc: a descriptor block from the
// thread's free list and the fields every task needs. Rare cases (no free block, flags other
// than "tied") go out of line to task.c.
#ifndef GLASS_TASK_ALLOC_H
#define GLASS_TASK_ALLOC_H

#include "task_internal.h"
#include "../ompt/ompt-internal.h"

#define GLASS_TASK_CLASSES 5
#define GLASS_FREE_CAP     512

extern const uint32_t glass_task_class_size[GLASS_TASK_CLASSES];
void *glass_task_block_slow(glass_thread_t *th, size_t size, int8_t *cls);
uint32_t glass_task_flags_slow(int32_t flags, const glass_task_t *parent);

// The descriptor takes 256 bytes before the compiler's part, so class 1 (512 bytes) holds most
// tasks: the descriptor, the header, a few privates and shareds.
#define GLASS_TASK_FAST_CLASS 1

static inline void *glass_task_block_get(glass_thread_t *th, size_t size, int8_t *cls) {
  void *b = th->tasking.free_list[GLASS_TASK_FAST_CLASS];
  if (likely(size <= 512) && likely(size > 256) && likely(b != NULL)) {
    th->tasking.free_list[GLASS_TASK_FAST_CLASS] = *(void **)b;
    th->tasking.free_count[GLASS_TASK_FAST_CLASS]--;
    *cls = GLASS_TASK_FAST_CLASS;
    return b;
  }
  return glass_task_block_slow(th, size, cls);
}

static inline __attribute__((always_inline)) glass_xtask_t *
glass_task_alloc_inline(glass_thread_t *th, int32_t flags, size_t task_size, size_t shareds_size,
                        kmp_routine_t entry, void *codeptr) {
  if (unlikely(task_size < sizeof(kmp_task_t)))
    task_size = sizeof(kmp_task_t);
  size_t off = (__builtin_offsetof(glass_xtask_t, hdr) + task_size + 7) & ~(size_t)7;
  int8_t cls;
  glass_xtask_t *t = glass_task_block_get(th, off + shareds_size, &cls);
  glass_task_t *parent = th->task;
  t->base.parent = parent;
  t->base.team = th->team;
  t->base.thread_num = th->tid;
  t->base.kind = GLASS_TASK_EXPLICIT;
  t->base.icvs = parent->icvs;
  atomic_store_explicit(&t->base.tk.children, 0, memory_order_relaxed);
  t->base.tk.depth = parent->tk.depth + 1;
  // Plain tied tasks of a non-final parent need no flag.
  t->base.tk.flags = likely(flags == KMP_TASK_TIED) && !(parent->tk.flags & GLASS_TF_FINAL)
                         ? 0
                         : glass_task_flags_slow(flags, parent);
  t->base.tk.tg = parent->tk.tg;
  t->base.tk.deps = NULL;
  atomic_store_explicit(&t->refs, 1, memory_order_relaxed);
  t->state = XT_READY;
  t->aflags = flags;
  t->priority = 0;
  t->size_class = cls;
  t->in_tg = NULL;
  t->node = NULL;
  atomic_store_explicit(&t->event, 0, memory_order_relaxed);
  t->task_size = task_size;
  t->shareds_size = shareds_size;
  t->codeptr = codeptr;
#if GLASS_OMPT
  t->base.ompt_data.value = 0;
  t->base.ompt_frame.exit_frame.ptr = NULL;
  t->base.ompt_frame.enter_frame.ptr = NULL;
  t->base.ompt_frame.exit_frame_flags = GLASS_FRAME_FLAGS;
  t->base.ompt_frame.enter_frame_flags = GLASS_FRAME_FLAGS;
  t->base.ompt_flags = ompt_task_explicit;
#endif
  t->hdr.shareds = shareds_size ? (char *)t + off : NULL;
  t->hdr.routine = entry;
  t->hdr.part_id = 0;
  t->hdr.data1.ptr = NULL;
  t->hdr.data2.ptr = NULL;
  if (unlikely(parent->kind == GLASS_TASK_EXPLICIT))
    atomic_fetch_add_explicit(&xtask_from_base(parent)->refs, 1, memory_order_relaxed);
  return t;
}

#endif
