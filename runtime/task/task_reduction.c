// Task reductions (OpenMP 5.1 §2.21.5.5-2.21.5.7): `taskgroup task_reduction`, `task
// in_reduction`, `taskloop reduction` and the `reduction(task, ...)` modifier of parallel and
// worksharing constructs.
//
// A reduction set (glass_taskred_t) belongs to a taskgroup. Each participating thread gets its
// own private copy of every item, allocated and initialized the first time one of its tasks asks
// for it (__kmpc_task_reduction_get_th_data), so threads that run no task of the group cost
// nothing. At the end of the taskgroup the encountering thread folds every private copy into
// the shared item with the compiler's combiner and frees it.
//
// The `task` modifier is different: every member of the team registers the same items, each with
// its own private copy of the construct as the shared item. The members share one set per
// construct; each member waits for its own tasks in an implicit taskgroup, and the last member
// to get there folds every private copy into its own item, which the ordinary reduction that
// follows then combines with the other members'.
#include "task_internal.h"
#include "ompt-internal.h"
#include "kmpc.h"

#include <stdlib.h>
#include <string.h>

// ---------------------------------------------------------------------------------------------
// Compiler ABI (docs/abi.md, "Data layouts"). clang 14 and 22 emit kmp_taskred_input_t; the older
// form without `orig` is accepted too.

typedef void (*red_init_fn)(void *priv, void *orig);
typedef void (*red_fini_fn)(void *priv);
typedef void (*red_comb_fn)(void *lhs, void *rhs);

typedef struct {
  void *shar; // the item as the construct sees it (its address is the lookup key)
  void *orig; // the original list item (initializers may read it: omp_orig)
  size_t size;
  void *init; // NULL: zero-fill
  void *fini; // destructor, may be NULL
  void *comb; // folds rhs into lhs
  int32_t flags;
} kmp_taskred_input_t;

typedef struct {
  void *shar;
  size_t size;
  void *init;
  void *fini;
  void *comb;
  int32_t flags;
} kmp_task_red_input_t;

_Static_assert(sizeof(kmp_taskred_input_t) == 56, "kmp_taskred_input_t layout");
_Static_assert(sizeof(kmp_task_red_input_t) == 48, "kmp_task_red_input_t layout");

// ---------------------------------------------------------------------------------------------
// Reduction sets.

typedef struct {
  void *shar, *orig;
  size_t size;  // as the compiler gave it
  size_t alloc; // private copy size (see alloc_size)
  red_init_fn init;
  red_fini_fn fini;
  red_comb_fn comb;
  void **member_shar; // `task` modifier: each member's own item ([nslots]), else NULL
} red_item_t;

// Private copies of a thread that is not a member of the set's team (a task of the group that
// runs in a nested parallel region).
typedef struct foreign_copies {
  glass_thread_t *th;
  struct foreign_copies *next;
  void *priv[];
} foreign_copies_t;

typedef struct glass_taskred {
  struct glass_taskred *next; // an earlier set of the same taskgroup
  glass_team_t *team;
  int32_t n;            // items
  int32_t nslots;       // member slots: the team's size
  bool modifier;        // a `task` modifier set (combined by __kmpc_task_reduction_modifier_fini)
  uint32_t gen;         // modifier: construct instance of the member that created it
  _Atomic int32_t done; // modifier: members that have waited for their tasks
  glass_mutex_t lock;   // foreign list
  foreign_copies_t *foreign;
  void **priv; // [nslots * n]: member tid's copy of item i at tid * n + i
  red_item_t items[];
} glass_taskred_t;

// clang gives a constant-length array section the size of one element, while its initializer
// and combiner cover the whole section, and nothing tells the two apart from a scalar. So a copy
// is at least MIN_COPY bytes: sections up to that size work, and the pages an initializer does
// not touch cost no memory. Copies are rounded up to a cache line (threads' copies stay apart).
#define MIN_COPY 4096

static size_t alloc_size(size_t size) {
  if (size < MIN_COPY)
    size = MIN_COPY;
  return (size + GLASS_CACHE - 1) & ~(size_t)(GLASS_CACHE - 1);
}

// A copy for the initializer to fill: zeroed only where no initializer will write.
static void *copy_alloc(const red_item_t *it) {
  void *p = NULL;
  if (posix_memalign(&p, GLASS_CACHE, it->alloc) != 0 || !p)
    return glass_zalloc(it->alloc);
  if (!it->init)
    memset(p, 0, it->size < it->alloc ? it->size : it->alloc);
  return p;
}

static glass_taskred_t *set_create(glass_thread_t *th, int32_t n) {
  glass_team_t *team = th->team;
  glass_taskred_t *r = glass_zalloc(sizeof(*r) + sizeof(red_item_t) * (size_t)n);
  r->team = team;
  r->n = n;
  r->nslots = team->nthreads;
  r->priv = glass_zalloc(sizeof(void *) * (size_t)n * (size_t)r->nslots);
  return r;
}

static void item_set(red_item_t *it, void *shar, void *orig, size_t size, void *init, void *fini,
                     void *comb) {
  it->shar = shar;
  it->orig = orig ? orig : shar;
  it->size = size;
  it->alloc = alloc_size(size);
  it->init = (red_init_fn)init;
  it->fini = (red_fini_fn)fini;
  it->comb = (red_comb_fn)comb;
  if (!comb)
    glass_warn("task reduction item %p has no combiner; its copies are discarded", shar);
}

static bool bad_args(int32_t n, const void *data, const char *what) {
  if (n > 0 && data)
    return false;
  if (n != 0)
    glass_warn("%s: %d reduction items at %p; ignored", what, n, data);
  return true;
}

static glass_taskred_t *set_from_new(glass_thread_t *th, int32_t n, const kmp_taskred_input_t *in) {
  glass_taskred_t *r = set_create(th, n);
  for (int32_t i = 0; i < n; i++)
    item_set(&r->items[i], in[i].shar, in[i].orig, in[i].size, in[i].init, in[i].fini, in[i].comb);
  return r;
}

static glass_taskred_t *set_from_old(glass_thread_t *th, int32_t n,
                                     const kmp_task_red_input_t *in) {
  glass_taskred_t *r = set_create(th, n);
  for (int32_t i = 0; i < n; i++)
    item_set(&r->items[i], in[i].shar, NULL, in[i].size, in[i].init, in[i].fini, in[i].comb);
  return r;
}

// Folds one private copy (if any) into dst and frees it.
static void copy_combine(const red_item_t *it, void *p, void *dst) {
  if (!p)
    return;
  if (it->comb)
    it->comb(dst, p);
  if (it->fini)
    it->fini(p);
  glass_free(p);
}

// Folds the private copies of item i into dst and frees them.
static void item_combine(glass_taskred_t *r, int32_t i, void *dst) {
  red_item_t *it = &r->items[i];
  for (int32_t s = 0; s < r->nslots; s++)
    copy_combine(it, r->priv[(size_t)s * (size_t)r->n + (size_t)i], dst);
  for (foreign_copies_t *f = r->foreign; f; f = f->next)
    copy_combine(it, f->priv[i], dst);
}

static void set_free(glass_taskred_t *r) {
  for (foreign_copies_t *f = r->foreign, *nx; f; f = nx) {
    nx = f->next;
    glass_free(f);
  }
  for (int32_t i = 0; i < r->n; i++)
    glass_free(r->items[i].member_shar);
  glass_free(r->priv);
  glass_free(r);
}

// The end of a taskgroup with reductions: every task of the group is complete.
void glass_taskred_fini(glass_thread_t *th, glass_taskgroup_t *tg) {
  glass_taskred_t *r = tg->red;
  tg->red = NULL;
  if (r->modifier)
    return; // __kmpc_task_reduction_modifier_fini combines it
  for (glass_taskred_t *nx; r; r = nx) {
    nx = r->next;
    for (int32_t i = 0; i < r->n; i++)
      item_combine(r, i, r->items[i].shar);
    set_free(r);
  }
}

// Registers r in the innermost taskgroup of the current task. A taskgroup that gets several
// calls (one per clause, from some compilers) chains the sets: handles already given to tasks
// stay valid.
static void *attach(glass_thread_t *th, glass_taskred_t *r) {
  glass_taskgroup_t *tg = th->task->tk.tg;
  if (unlikely(!tg)) {
    glass_warn("task reduction outside a taskgroup; a taskgroup is assumed around the task");
    tg = glass_taskgroup_begin(th);
  }
  r->next = tg->red;
  tg->red = r;
  return r;
}

GLASS_API void *__kmpc_taskred_init(int32_t gtid, int32_t num, void *data) {
  if (bad_args(num, data, "__kmpc_taskred_init"))
    return NULL;
  glass_thread_t *th = glass_self();
  return attach(th, set_from_new(th, num, data));
}

GLASS_API void *__kmpc_task_reduction_init(int32_t gtid, int32_t num, void *data) {
  if (bad_args(num, data, "__kmpc_task_reduction_init"))
    return NULL;
  glass_thread_t *th = glass_self();
  return attach(th, set_from_old(th, num, data));
}

// ---------------------------------------------------------------------------------------------
// Lookup: this thread's copy of the item whose shared address is `data`.

static void *item_match(glass_taskred_t *r, int32_t i, char *d, int32_t *slot) {
  red_item_t *it = &r->items[i];
  char *s = it->shar;
  if (d >= s && d < s + (it->size ? it->size : 1))
    return s;
  // Members publish their items while others look them up (release/acquire at each slot).
  void **member_shar = __atomic_load_n(&it->member_shar, __ATOMIC_ACQUIRE);
  if (member_shar) {
    for (int32_t k = 0; k < r->nslots; k++) {
      s = __atomic_load_n(&member_shar[k], __ATOMIC_ACQUIRE);
      if (s && d >= s && d < s + (it->size ? it->size : 1)) {
        *slot = k;
        return s;
      }
    }
  }
  return NULL;
}

static void **copy_slot(glass_thread_t *th, glass_taskred_t *r, int32_t i) {
  if (likely(th->team == r->team && th->tid < r->nslots))
    return &r->priv[(size_t)th->tid * (size_t)r->n + (size_t)i];
  glass_mutex_lock(&r->lock);
  foreign_copies_t *f = r->foreign;
  while (f && f->th != th)
    f = f->next;
  if (!f) {
    f = glass_zalloc(sizeof(*f) + sizeof(void *) * (size_t)r->n);
    f->th = th;
    f->next = r->foreign;
    r->foreign = f;
  }
  glass_mutex_unlock(&r->lock);
  return &f->priv[i];
}

static void *private_copy(glass_thread_t *th, glass_taskred_t *r, int32_t i, int32_t slot) {
  red_item_t *it = &r->items[i];
  void **pp = copy_slot(th, r, i);
  if (likely(*pp != NULL))
    return *pp;
  void *p = copy_alloc(it);
  // omp_orig of a modifier item is the member's own original list item.
  void *orig = slot >= 0 ? __atomic_load_n(&it->member_shar[slot], __ATOMIC_ACQUIRE) : it->orig;
  if (it->init)
    it->init(p, orig);
  *pp = p;
  return p;
}

static void *lookup(glass_thread_t *th, glass_taskred_t *r, void *data) {
  for (int32_t i = 0; i < r->n; i++) {
    int32_t slot = -1;
    char *s = item_match(r, i, data, &slot);
    if (s)
      return (char *)private_copy(th, r, i, slot) + ((char *)data - s);
  }
  return NULL;
}

GLASS_API void *__kmpc_task_reduction_get_th_data(int32_t gtid, void *tskgrp, void *data) {
  glass_thread_t *th = glass_self();
  if (tskgrp) {
    void *p = lookup(th, tskgrp, data);
    if (likely(p != NULL))
      return p;
  }
  // No handle (an orphaned in_reduction), or the item belongs to an enclosing taskgroup: the
  // innermost taskgroup that reduces the item wins.
  for (glass_taskgroup_t *tg = th->task->tk.tg; tg; tg = tg->parent) {
    for (glass_taskred_t *r = tg->red; r; r = r->next) {
      if (r == tskgrp)
        continue;
      void *p = lookup(th, r, data);
      if (p)
        return p;
    }
  }
  glass_warn("in_reduction: %p is not a reduction item of an enclosing taskgroup; the "
             "shared item is used",
             data);
  return data;
}

// ---------------------------------------------------------------------------------------------
// The `task` modifier. Members meet in team->tasking.red_mod. Every member meets the same
// sequence of such constructs in a region, so the set is tagged with the construct's number in
// the region (counted in each implicit task); a member that finds the set of an earlier
// construct (whose last member has not yet combined it) waits for it to go.

static glass_taskred_t *modifier_join(glass_thread_t *th, glass_taskred_t *mine) {
  glass_team_t *team = th->team;
  uint32_t gen = ++th->task->tk.red_seq;
  mine->modifier = true;
  mine->gen = gen;
  for (;;) {
    glass_taskred_t *cur = NULL;
    if (atomic_compare_exchange_strong_explicit(&team->tasking.red_mod, &cur, mine,
                                                memory_order_acq_rel, memory_order_acquire))
      return mine;
    if (cur->gen == gen) {
      set_free(mine);
      return cur;
    }
    glass_spin_pause();
  }
}

// The implicit taskgroup of a reduction with the task modifier: its sync_region events, as for a
// taskgroup construct (its wait events come from glass_taskgroup_end), as libomp.
static void modifier_taskgroup_event(glass_thread_t *th, ompt_scope_endpoint_t ep, void *codeptr) {
  OMPT_SYNC_REGION(sync_region, ompt_sync_region_taskgroup, ep, th->task, codeptr);
}

static void *modifier_init(glass_thread_t *th, glass_taskred_t *mine, const void *data, bool is_new,
                           void *codeptr) {
  modifier_taskgroup_event(th, ompt_scope_begin, codeptr);
  if (unlikely(glass_task_is_explicit(th->task))) {
    // Not a construct of the team (the program is non-conforming): reduce in this task alone.
    glass_warn("reduction(task, ...) inside an explicit task; reduced by this task alone");
    glass_taskgroup_t *tg = glass_taskgroup_begin(th);
    tg->red = mine;
    return mine;
  }
  int32_t tid = th->tid;
  glass_taskred_t *r = modifier_join(th, mine);
  if (r == mine) {
    for (int32_t i = 0; i < r->n; i++)
      __atomic_store_n(&r->items[i].member_shar, glass_zalloc(sizeof(void *) * (size_t)r->nslots),
                       __ATOMIC_RELEASE);
  }
  // Each member's item lies in its own slot: no other member writes it.
  for (int32_t i = 0; i < r->n; i++) {
    void *shar = is_new ? ((const kmp_taskred_input_t *)data)[i].shar
                        : ((const kmp_task_red_input_t *)data)[i].shar;
    // The creator fills member_shar after publishing the set.
    while (!__atomic_load_n(&r->items[i].member_shar, __ATOMIC_ACQUIRE))
      glass_spin_pause();
    if (tid < r->nslots)
      __atomic_store_n(&r->items[i].member_shar[tid], shar, __ATOMIC_RELEASE);
  }
  glass_taskgroup_t *tg = glass_taskgroup_begin(th);
  tg->red = r;
  return r;
}

GLASS_API void *__kmpc_taskred_modifier_init(ident_t *loc, int32_t gtid, int32_t is_ws, int32_t num,
                                             void *data) {
  glass_thread_t *th = glass_self();
  if (bad_args(num, data, "__kmpc_taskred_modifier_init"))
    num = 0, data = NULL;
  glass_taskred_t *mine = set_from_new(th, num, data);
  return modifier_init(th, mine, data, true, GLASS_CODEPTR());
}

GLASS_API void *__kmpc_task_reduction_modifier_init(ident_t *loc, int32_t gtid, int32_t is_ws,
                                                    int32_t num, void *data) {
  glass_thread_t *th = glass_self();
  if (bad_args(num, data, "__kmpc_task_reduction_modifier_init"))
    num = 0, data = NULL;
  glass_taskred_t *mine = set_from_old(th, num, data);
  return modifier_init(th, mine, data, false, GLASS_CODEPTR());
}

GLASS_API void __kmpc_task_reduction_modifier_fini(ident_t *loc, int32_t gtid, int32_t is_ws) {
  glass_thread_t *th = glass_self();
  glass_taskgroup_t *tg = th->task->tk.tg;
  glass_taskred_t *r = tg ? tg->red : NULL;
  if (unlikely(!r)) {
    glass_warn("__kmpc_task_reduction_modifier_fini without a matching init; ignored");
    return;
  }
  void *codeptr = GLASS_CODEPTR();
  if (unlikely(!r->modifier)) { // the explicit-task fallback of modifier_init
    glass_taskgroup_end(th, codeptr);
    modifier_taskgroup_event(th, ompt_scope_end, codeptr);
    return;
  }
  glass_taskgroup_end(th, codeptr); // this member's tasks are complete
  modifier_taskgroup_event(th, ompt_scope_end, codeptr);
  int32_t members = th->team->nthreads;
  if (atomic_fetch_add_explicit(&r->done, 1, memory_order_acq_rel) + 1 < members)
    return;
  // Last member: every task of the construct is complete.
  int32_t tid = th->tid;
  for (int32_t i = 0; i < r->n; i++) {
    void *dst = tid < r->nslots ? r->items[i].member_shar[tid] : NULL;
    item_combine(r, i, dst ? dst : r->items[i].shar);
  }
  atomic_store_explicit(&th->team->tasking.red_mod, NULL, memory_order_release);
  set_free(r);
}
