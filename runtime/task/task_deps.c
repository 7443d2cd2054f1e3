// Task dependences (OpenMP 5.1 §2.19.11): in, out/inout, mutexinoutset, inoutset, omp_all_memory.
//
// Each task that creates tasks with dependences owns a hash table keyed by address. An entry
// keeps the frontier of its address: `prev`, the tasks a new dependence of any kind must wait
// for, and `cur`, the current group of tasks that may run concurrently (a run of `in`, or of
// `inoutset`), with its kind. out/inout waits for the group (or prev when there is none) and
// becomes the new prev; a group kind joins the group when the kind matches, or else turns the
// group into prev and starts a new one. mutexinoutset members are chained in creation order,
// which is one of the mutually exclusive orders the construct allows and needs no lock at run
// time. Only the creating task touches its table, so the table takes no lock; nodes are shared
// with the tasks that release them and carry a small lock for their successor lists.
#include "task_internal.h"
#include "ompt-internal.h"
#include "kmpc.h"

#include <stdlib.h>
#include <string.h>

// kmp_depend_info (24 bytes) and its flag bits.
struct kmp_depend_info {
  intptr_t base_addr;
  size_t len;
  uint8_t flags;
};

enum {
  DEP_IN = 0x1,
  DEP_OUT = 0x2,
  DEP_MTX = 0x4,
  DEP_SET = 0x8,
  DEP_ALL_MEMORY = 0x80,
};

enum { KIND_NONE = 0, KIND_IN, KIND_OUT, KIND_MTX, KIND_SET };

struct compat_succ;

typedef struct glass_depnode {
  // First word, as in libomp's dependence node: the successor list that
  // __kmpc_task_get_successors last built for this node (NULL: none built yet).
  struct compat_succ *compat;
  _Atomic int32_t refs;  // the task, each table slot that names the node, each edge to it
  _Atomic int32_t npred; // predecessors not yet complete, + 1 while the creator adds edges
  _Atomic int32_t lock;
  bool done;
  glass_xtask_t *task;      // NULL for the waiter of an undeferred task or taskwait depend
  glass_thread_t *waiter;   // that waiter's thread, woken when npred reaches 0 (read only when
                            // task is NULL)
  ompt_data_t *waiter_data; // the waiter's taskwait task, for task_dependence (NULL: none)
  int32_t nsucc, capsucc;
  struct glass_depnode **succ;
  struct glass_depnode *inline_succ[4];
} glass_depnode_t;

typedef struct {
  glass_depnode_t **v;
  int32_t n, cap;
} nodelist_t;

typedef struct depentry {
  intptr_t addr;
  struct depentry *next;
  int32_t kind; // kind of `cur`
  nodelist_t prev, cur;
} depentry_t;

typedef struct glass_dephash {
  depentry_t **buckets;
  uint32_t mask;
  uint32_t count;
  glass_depnode_t *all; // last omp_all_memory task
} glass_dephash_t;

// ---------------------------------------------------------------------------------------------
// Nodes.

static void node_lock(glass_depnode_t *n) {
  int32_t z = 0;
  while (!atomic_compare_exchange_weak_explicit(&n->lock, &z, 1, memory_order_acquire,
                                                memory_order_relaxed)) {
    z = 0;
    glass_cpu_relax();
  }
}

static void node_unlock(glass_depnode_t *n) {
  atomic_store_explicit(&n->lock, 0, memory_order_release);
}

// Nodes go back to the list of the thread that drops their last reference (at most NODE_CACHE
// of them), and a thread takes its next nodes from its own list: a malloc and a free per task
// with dependences cost about 130 instructions, a sixth of the construct at 1 thread. A thread
// the runtime does not know (a foreign omp_fulfill_event's completion) frees them.
#define NODE_CACHE 64

static glass_depnode_t *node_alloc(void) {
  glass_thread_t *th = glass_self_peek();
  glass_depnode_t *n = th ? th->tasking.free_nodes : NULL;
  if (n) {
    th->tasking.free_nodes = n->inline_succ[0];
    th->tasking.free_nodes_n--;
    return n;
  }
  return glass_zalloc(sizeof(*n)); // out of memory: a message and exit
}

static void node_recycle(glass_depnode_t *n) {
  glass_thread_t *th = glass_self_peek();
  if (!th || th->tasking.free_nodes_n >= NODE_CACHE) {
    free(n);
    return;
  }
  n->inline_succ[0] = th->tasking.free_nodes;
  th->tasking.free_nodes = n;
  th->tasking.free_nodes_n++;
}

static glass_depnode_t *node_new(glass_xtask_t *task) {
  glass_depnode_t *n = node_alloc();
  atomic_store_explicit(&n->refs, 1, memory_order_relaxed);
  atomic_store_explicit(&n->npred, 1, memory_order_relaxed);
  atomic_store_explicit(&n->lock, 0, memory_order_relaxed);
  n->done = false;
  n->task = task;
  n->waiter_data = NULL;
  n->nsucc = 0;
  n->capsucc = 4;
  n->succ = n->inline_succ;
  n->compat = NULL;
  return n;
}

static void node_ref(glass_depnode_t *n) {
  atomic_fetch_add_explicit(&n->refs, 1, memory_order_relaxed);
}

static void node_unref(glass_depnode_t *n) {
  if (atomic_fetch_sub_explicit(&n->refs, 1, memory_order_acq_rel) == 1) {
    if (n->succ != n->inline_succ)
      free(n->succ);
    free(n->compat);
    node_recycle(n);
  }
}

static void dependence_event(glass_depnode_t *pred, glass_depnode_t *succ) {
  ompt_data_t *sink = succ->task ? &succ->task->base.ompt_data : succ->waiter_data;
  if (pred->task && sink)
    OMPT_CALL(task_dependence, &pred->task->base.ompt_data, sink);
}

// succ waits for pred unless pred is complete (or is succ itself).
static void add_edge(glass_depnode_t *pred, glass_depnode_t *succ) {
  if (pred == succ)
    return;
  node_lock(pred);
  if (pred->done) {
    node_unlock(pred);
    return;
  }
  for (int32_t i = 0; i < pred->nsucc; i++)
    if (pred->succ[i] == succ) {
      node_unlock(pred);
      return;
    }
  if (pred->nsucc == pred->capsucc) {
    int32_t cap = pred->capsucc * 2;
    glass_depnode_t **v = malloc(sizeof(*v) * (size_t)cap);
    if (!v)
      glass_zalloc((size_t)-1 >> 1);
    memcpy(v, pred->succ, sizeof(*v) * (size_t)pred->nsucc);
    if (pred->succ != pred->inline_succ)
      free(pred->succ);
    pred->succ = v;
    pred->capsucc = cap;
  }
  pred->succ[pred->nsucc++] = succ;
  atomic_fetch_add_explicit(&succ->npred, 1, memory_order_relaxed);
  // Under pred's lock: pred is not done, so its task (whose data the tool reads) cannot
  // complete and be freed before the callback returns.
  if (OMPT_ON(task_dependence))
    dependence_event(pred, succ);
  node_unlock(pred);
}

// Drops one unsatisfied predecessor of n; the last makes its task ready, or wakes its waiter.
// n's fields are read first: a waiter's node lives on its stack, and the waiter may return as
// soon as npred is 0 (seq_cst: glass_task_wake_waiter).
static void node_satisfy(glass_thread_t *th, glass_depnode_t *n) {
  glass_xtask_t *task = n->task;
  glass_thread_t *waiter = task ? NULL : n->waiter;
  if (atomic_fetch_sub_explicit(&n->npred, 1, memory_order_seq_cst) != 1)
    return;
  if (task)
    glass_task_ready(th, task);
  else
    glass_task_wake_waiter(waiter);
}

// Waits on n (a node without a task) until its predecessors are complete: the registration's
// own count goes, and whoever drops the last one wakes this thread.
static void node_wait(glass_thread_t *th, glass_depnode_t *n) {
  if (atomic_fetch_sub_explicit(&n->npred, 1, memory_order_seq_cst) != 1)
    glass_task_wait_counter(th, &n->npred, NULL);
}

// Task t completed: its successors lose a predecessor.
void glass_deps_release(glass_thread_t *th, glass_xtask_t *t) {
  glass_depnode_t *n = t->node;
  t->node = NULL;
  node_lock(n);
  n->done = true;
  int32_t ns = n->nsucc;
  glass_depnode_t **succ = n->succ;
  n->nsucc = 0;
  n->succ = n->inline_succ;
  n->capsucc = 4;
  glass_depnode_t *copy[4];
  if (succ == n->inline_succ) {
    memcpy(copy, succ, sizeof(*copy) * (size_t)ns);
    succ = copy;
  }
  node_unlock(n);
  for (int32_t i = 0; i < ns; i++)
    node_satisfy(th, succ[i]);
  if (succ != copy)
    free(succ);
  node_unref(n);
}

// ---------------------------------------------------------------------------------------------
// libomp's dependence-graph inquiries. Tools and tests written against libomp read a depnode
// through its first word (its successor list) and walk the list as {node, next} pairs, so the
// view hands out the node itself and, on demand, a snapshot of its successors in that shape.

typedef struct compat_succ {
  glass_depnode_t *node;
  struct compat_succ *next;
} compat_succ_t;

void *glass_deps_node_of(glass_xtask_t *t) {
  return t->node;
}

// The snapshot replaces the node's previous one and lives until the node is freed; NULL when
// the task has no node or no successor yet (libomp's answers in both cases).
void *glass_deps_successors_of(glass_xtask_t *t) {
  glass_depnode_t *n = t->node;
  if (!n)
    return NULL;
  node_lock(n);
  compat_succ_t *v = NULL;
  if (n->nsucc > 0) {
    v = malloc(sizeof(*v) * (size_t)n->nsucc);
    if (!v)
      glass_zalloc((size_t)-1 >> 1);
    for (int32_t i = 0; i < n->nsucc; i++) {
      v[i].node = n->succ[i];
      v[i].next = i + 1 < n->nsucc ? &v[i + 1] : NULL;
    }
  }
  free(n->compat);
  n->compat = v;
  node_unlock(n);
  return v;
}

// ---------------------------------------------------------------------------------------------
// Node lists and the table.

static void list_add(nodelist_t *l, glass_depnode_t *n) {
  for (int32_t i = 0; i < l->n; i++)
    if (l->v[i] == n)
      return;
  if (l->n == l->cap) {
    int32_t cap = l->cap ? l->cap * 2 : 4;
    glass_depnode_t **v = realloc(l->v, sizeof(*v) * (size_t)cap);
    if (!v)
      glass_zalloc((size_t)-1 >> 1);
    l->v = v;
    l->cap = cap;
  }
  node_ref(n);
  l->v[l->n++] = n;
}

static void list_clear(nodelist_t *l) {
  for (int32_t i = 0; i < l->n; i++)
    node_unref(l->v[i]);
  l->n = 0;
}

static void list_free(nodelist_t *l) {
  list_clear(l);
  free(l->v);
  l->v = NULL;
  l->cap = 0;
}

// Moves src into dst (dst emptied first).
static void list_move(nodelist_t *dst, nodelist_t *src) {
  list_clear(dst);
  free(dst->v);
  *dst = *src;
  src->v = NULL;
  src->n = src->cap = 0;
}

static void edges_from(nodelist_t *l, glass_depnode_t *succ) {
  for (int32_t i = 0; i < l->n; i++)
    add_edge(l->v[i], succ);
}

static glass_dephash_t *hash_new(void) {
  glass_dephash_t *h = glass_zalloc(sizeof(*h));
  h->mask = 63;
  h->buckets = glass_zalloc(sizeof(*h->buckets) * 64);
  return h;
}

static inline uint32_t hash_addr(intptr_t a) {
  uint64_t x = (uint64_t)a;
  x ^= x >> 17;
  x *= 0xed5ad4bbu;
  x ^= x >> 11;
  return (uint32_t)x;
}

static void hash_grow(glass_dephash_t *h) {
  uint32_t size = (h->mask + 1) * 4;
  depentry_t **b = glass_zalloc(sizeof(*b) * size);
  for (uint32_t i = 0; i <= h->mask; i++) {
    depentry_t *e = h->buckets[i];
    while (e) {
      depentry_t *next = e->next;
      uint32_t j = hash_addr(e->addr) & (size - 1);
      e->next = b[j];
      b[j] = e;
      e = next;
    }
  }
  glass_free(h->buckets);
  h->buckets = b;
  h->mask = size - 1;
}

static depentry_t *hash_get(glass_dephash_t *h, intptr_t addr) {
  uint32_t i = hash_addr(addr) & h->mask;
  for (depentry_t *e = h->buckets[i]; e; e = e->next)
    if (e->addr == addr)
      return e;
  if (h->count >= 2 * (h->mask + 1)) {
    hash_grow(h);
    i = hash_addr(addr) & h->mask;
  }
  depentry_t *e = glass_zalloc(sizeof(*e));
  e->addr = addr;
  e->next = h->buckets[i];
  h->buckets[i] = e;
  h->count++;
  if (h->all && !h->all->done)
    list_add(&e->prev, h->all); // every address waits for the last omp_all_memory task
  return e;
}

static void hash_clear(glass_dephash_t *h) {
  for (uint32_t i = 0; i <= h->mask; i++) {
    depentry_t *e = h->buckets[i];
    while (e) {
      depentry_t *next = e->next;
      list_free(&e->prev);
      list_free(&e->cur);
      glass_free(e);
      e = next;
    }
    h->buckets[i] = NULL;
  }
  h->count = 0;
}

void glass_deps_free_hash(glass_dephash_t *h) {
  hash_clear(h);
  if (h->all)
    node_unref(h->all);
  glass_free(h->buckets);
  glass_free(h);
}

// ---------------------------------------------------------------------------------------------
// Registering one task's dependences. record: the task enters the table (false for the waits of
// undeferred tasks and taskwait depend, which only wait).

static int dep_kind(uint8_t f) {
  if (f & DEP_SET)
    return KIND_SET;
  if (f & DEP_MTX)
    return KIND_MTX;
  if (f & DEP_OUT)
    return KIND_OUT;
  return KIND_IN;
}

static void dep_one(glass_dephash_t *h, depentry_t *e, int kind, glass_depnode_t *n, bool record) {
  if (kind == KIND_OUT) {
    edges_from(e->cur.n ? &e->cur : &e->prev, n);
    if (e->cur.n && e->kind == KIND_MTX)
      edges_from(&e->prev, n);
    if (record) {
      list_clear(&e->prev);
      list_clear(&e->cur);
      list_add(&e->prev, n);
      e->kind = KIND_NONE;
    }
    return;
  }
  if (e->cur.n && e->kind != kind) {
    // A new group: the old one is what everybody waits for now.
    if (e->kind == KIND_MTX)
      edges_from(&e->prev, n); // (mtx members are chained; the last one implies the others)
    edges_from(&e->cur, n);
    if (record) {
      list_move(&e->prev, &e->cur);
      e->kind = kind;
      list_add(&e->cur, n);
    }
    return;
  }
  edges_from(&e->prev, n);
  if (kind == KIND_MTX && e->cur.n)
    add_edge(e->cur.v[e->cur.n - 1], n);
  if (record) {
    e->kind = kind;
    list_add(&e->cur, n);
  }
}

// omp_all_memory: an inout dependence on every address the table knows, and on every later one.
static void dep_all_memory(glass_dephash_t *h, glass_depnode_t *n, bool record) {
  if (h->all)
    add_edge(h->all, n);
  for (uint32_t i = 0; i <= h->mask; i++)
    for (depentry_t *e = h->buckets[i]; e; e = e->next) {
      edges_from(e->cur.n ? &e->cur : &e->prev, n);
      if (e->cur.n && e->kind == KIND_MTX)
        edges_from(&e->prev, n);
    }
  if (record) {
    hash_clear(h);
    if (h->all)
      node_unref(h->all);
    node_ref(n);
    h->all = n;
  }
}

// omp_all_memory: clang marks it with flag 0x80 (base address 0, length 0); an address of -1
// with any kind is the other encoding libomp accepts (LLVM's ompx_all_memory[0]).
static inline bool dep_is_all(const kmp_depend_info_t *d) {
  return (d->flags & DEP_ALL_MEMORY) || d->base_addr == (intptr_t)-1;
}

static bool any_all_memory(int32_t n, const kmp_depend_info_t *d) {
  for (int32_t i = 0; i < n; i++)
    if (dep_is_all(&d[i]))
      return true;
  return false;
}

static void deps_list(glass_dephash_t *h, glass_depnode_t *n, int32_t ndeps,
                      const kmp_depend_info_t *deps, bool record) {
  for (int32_t i = 0; i < ndeps; i++) {
    uint8_t f = deps[i].flags;
    if (!f)
      continue;
    // The same address twice in one task: the strongest kind was or will be applied.
    int kind = dep_kind(f);
    bool dup = false;
    if (ndeps <= 64)
      for (int32_t j = 0; j < ndeps && !dup; j++)
        if (j != i && deps[j].base_addr == deps[i].base_addr) {
          int other = dep_kind(deps[j].flags);
          dup =
              other == kind ? j < i : (other == KIND_OUT || (kind == KIND_IN && other != KIND_IN));
        }
    if (dup)
      continue;
    dep_one(h, hash_get(h, deps[i].base_addr), kind, n, record);
  }
}

// Both lists of one construct. omp_all_memory subsumes every other dependence of the list (it
// is an inout dependence on every storage location), so the others are not looked at.
static void deps_register(glass_task_t *parent, glass_depnode_t *n, int32_t n1,
                          const kmp_depend_info_t *d1, int32_t n2, const kmp_depend_info_t *d2,
                          bool record) {
  glass_dephash_t *h = parent->tk.deps;
  if (!h)
    h = parent->tk.deps = hash_new();
  if (any_all_memory(n1, d1) || any_all_memory(n2, d2)) {
    dep_all_memory(h, n, record);
    return;
  }
  deps_list(h, n, n1, d1, record);
  deps_list(h, n, n2, d2, record);
}

// ---------------------------------------------------------------------------------------------
// OMPT dependences event.

// omp_all_memory is reported as out_all_memory, as libomp does: clang encodes depend(out:
// omp_all_memory) and depend(inout: omp_all_memory) alike, and the two mean the same.
static ompt_dependence_type_t ompt_dep_type(const kmp_depend_info_t *d) {
  uint8_t f = d->flags;
  if (dep_is_all(d))
    return ompt_dependence_type_out_all_memory;
  if (f & DEP_SET)
    return ompt_dependence_type_inoutset;
  if (f & DEP_MTX)
    return ompt_dependence_type_mutexinoutset;
  if ((f & (DEP_IN | DEP_OUT)) == (DEP_IN | DEP_OUT))
    return ompt_dependence_type_inout;
  if (f & DEP_OUT)
    return ompt_dependence_type_out;
  return ompt_dependence_type_in;
}

static GLASS_NOINLINE void dependences_event(glass_task_t *task, int32_t n1,
                                             const kmp_depend_info_t *d1, int32_t n2,
                                             const kmp_depend_info_t *d2) {
  int32_t n = n1 + n2;
  ompt_dependence_t stackbuf[16] = {0};
  ompt_dependence_t *v = n <= 16 ? stackbuf : malloc(sizeof(*v) * (size_t)n);
  if (!v)
    return;
  for (int32_t i = 0; i < n; i++) {
    const kmp_depend_info_t *d = i < n1 ? &d1[i] : &d2[i - n1];
    v[i].variable.ptr = (void *)d->base_addr;
    v[i].dependence_type = ompt_dep_type(d);
  }
  OMPT_CALL(dependences, &task->ompt_data, v, n);
  if (v != stackbuf)
    free(v);
}

// ---------------------------------------------------------------------------------------------
// Entry points.

#define FRAME() __builtin_frame_address(0)

// Waits, running tasks, until the dependences in the lists are satisfied (undeferred tasks
// and taskwait depend). Nothing is recorded: the waiting task completes before its creator
// creates anything else.
static void deps_wait(glass_thread_t *th, int32_t n1, const kmp_depend_info_t *d1, int32_t n2,
                      const kmp_depend_info_t *d2, ompt_data_t *waiter_data) {
  glass_task_t *cur = th->task;
  if (!cur->tk.deps || (n1 + n2) == 0)
    return;
  glass_depnode_t w;
  atomic_store_explicit(&w.refs, 1, memory_order_relaxed);
  atomic_store_explicit(&w.npred, 1, memory_order_relaxed);
  atomic_store_explicit(&w.lock, 0, memory_order_relaxed);
  w.done = false;
  w.task = NULL;
  w.waiter = th;
  w.waiter_data = waiter_data;
  w.nsucc = 0;
  w.capsucc = 4;
  w.succ = w.inline_succ;
  deps_register(cur, &w, n1, d1, n2, d2, false);
  node_wait(th, &w);
}

// An included task (a final parent's) runs before its creator continues, once its
// dependences hold: its creator waits on the node, which names the task only after that (the
// last predecessor would make it ready as well, and it would run twice). Its dependence events
// name it.
static GLASS_NOINLINE void included_with_deps(glass_thread_t *th, glass_xtask_t *t, int32_t ndeps,
                                              const kmp_depend_info_t *deps, int32_t nnoalias,
                                              const kmp_depend_info_t *noalias) {
  glass_depnode_t *n = t->node;
  n->task = NULL;
  n->waiter = th;
  n->waiter_data = &t->base.ompt_data;
  deps_register(th->task, n, ndeps, deps, nnoalias, noalias, true);
  node_wait(th, n);
  n->task = t; // every predecessor's node_satisfy read n->task before its decrement
  glass_task_submit(th, t);
}

// taskwait_flags: 0 for a task construct; the ompt_task_flag_t bits of the empty task that
// stands for `taskwait depend(...) nowait`.
static int32_t task_with_deps(glass_thread_t *th, glass_xtask_t *t, int32_t ndeps,
                              const kmp_depend_info_t *deps, int32_t nnoalias,
                              const kmp_depend_info_t *noalias, void *codeptr, int taskwait_flags) {
  glass_task_t *parent = th->task;
  if (OMPT_ON(task_create)) {
    if (taskwait_flags) {
      t->codeptr = codeptr;
      t->base.ompt_flags = taskwait_flags;
      glass_ompt_task_create(parent, &t->base, taskwait_flags, ndeps + nnoalias > 0, codeptr);
    } else {
      glass_task_create_event(th, t, 0, ndeps + nnoalias > 0, codeptr);
    }
  }
  if (OMPT_ON(dependences) && ndeps + nnoalias > 0)
    dependences_event(&t->base, ndeps, deps, nnoalias, noalias);
  glass_depnode_t *n = node_new(t);
  t->node = n;
  if (unlikely(parent->tk.flags & GLASS_TF_FINAL)) {
    included_with_deps(th, t, ndeps, deps, nnoalias, noalias);
    return 0;
  }
  deps_register(parent, n, ndeps, deps, nnoalias, noalias, true);
  if (atomic_load_explicit(&n->npred, memory_order_acquire) == 1) {
    atomic_store_explicit(&n->npred, 0, memory_order_relaxed);
    glass_task_submit(th, t);
    return 0;
  }
  // Counted now, so that taskwait and barriers wait for it; whoever satisfies the last
  // dependence makes it ready (in a team of one, it waits in the team's shared list for the
  // next scheduling point).
  glass_task_count(th, t);
  if (atomic_fetch_sub_explicit(&n->npred, 1, memory_order_acq_rel) == 1)
    glass_task_ready(th, t);
  return 0;
}

GLASS_API int32_t __kmpc_omp_task_with_deps(ident_t *loc, int32_t gtid, kmp_task_t *kt,
                                            int32_t ndeps, kmp_depend_info_t *deps,
                                            int32_t nnoalias, kmp_depend_info_t *noalias) {
  glass_thread_t *th = glass_self();
  glass_task_t *cur = th->task;
  OMPT_ENTER_FRAME(cur, FRAME());
  task_with_deps(th, xtask_of(kt), ndeps > 0 ? ndeps : 0, deps, nnoalias > 0 ? nnoalias : 0,
                 noalias, GLASS_CODEPTR(), 0);
  OMPT_ENTER_FRAME(cur, NULL);
  return 0;
}

// The undeferred empty task that a blocking taskwait with dependences stands for (5.1
// §2.19.5: its taskwait-init event is a task_create with ompt_task_taskwait, its
// taskwait-complete event a task_schedule with ompt_taskwait_complete and no next task; no
// taskwait-begin/end sync_region events). It never runs, so it needs only its tool data.
// libomp reports the same, with undeferred|mergeable, also before an if(0) task with
// dependences (the same entry point).
#define TASKWAIT_TASK_FLAGS (ompt_task_taskwait | ompt_task_undeferred | ompt_task_mergeable)

static void taskwait_task_begin(glass_thread_t *th, glass_task_t *standin, int32_t n1,
                                const kmp_depend_info_t *d1, int32_t n2,
                                const kmp_depend_info_t *d2, void *codeptr) {
  if (OMPT_ON(task_create))
    glass_ompt_task_create(th->task, standin, TASKWAIT_TASK_FLAGS, 1, codeptr);
  if (OMPT_ON(dependences))
    dependences_event(standin, n1, d1, n2, d2);
}

static void wait_deps_common(int32_t ndeps, kmp_depend_info_t *deps, int32_t nnoalias,
                             kmp_depend_info_t *noalias, void *codeptr, void *frame) {
  glass_thread_t *th = glass_self();
  glass_task_t *cur = th->task;
  ndeps = ndeps > 0 ? ndeps : 0;
  nnoalias = nnoalias > 0 ? nnoalias : 0;
  if (ndeps + nnoalias == 0)
    return;
  OMPT_ENTER_FRAME(cur, frame);
  glass_task_t standin;
  standin.ompt_data.value = 0;
  int32_t prior = th->ompt_state;
  taskwait_task_begin(th, &standin, ndeps, deps, nnoalias, noalias, codeptr);
  OMPT_WAIT_STATE(th, ompt_state_wait_taskwait, 0);
  deps_wait(th, ndeps, deps, nnoalias, noalias, GLASS_OMPT ? &standin.ompt_data : NULL);
  OMPT_WAIT_STATE(th, prior, 0);
  if (OMPT_ON(task_schedule))
    glass_ompt_task_schedule(&standin, ompt_taskwait_complete, NULL);
  OMPT_ENTER_FRAME(cur, NULL);
}

// clang-14: before an undeferred task with dependences, and for taskwait depend.
GLASS_API void __kmpc_omp_wait_deps(ident_t *loc, int32_t gtid, int32_t ndeps,
                                    kmp_depend_info_t *deps, int32_t nnoalias,
                                    kmp_depend_info_t *noalias) {
  wait_deps_common(ndeps, deps, nnoalias, noalias, GLASS_CODEPTR(), FRAME());
}

// `taskwait depend(...) nowait` (OpenMP 5.1 §2.19.5): as if the clauses were on a task construct
// with an empty structured block that may be deferred. The encountering task goes on at once;
// the empty task is a node of the graph, so later siblings order against it (an inoutset group
// before it and one after it do not merge, for instance).
static void taskwait_nowait(int32_t ndeps, kmp_depend_info_t *deps, int32_t nnoalias,
                            kmp_depend_info_t *noalias, void *codeptr, void *frame) {
  ndeps = ndeps > 0 ? ndeps : 0;
  nnoalias = nnoalias > 0 ? nnoalias : 0;
  if (ndeps + nnoalias == 0)
    return;
  glass_thread_t *th = glass_self();
  glass_task_t *cur = th->task;
  OMPT_ENTER_FRAME(cur, frame);
  glass_xtask_t *t =
      glass_task_alloc(th, KMP_TASK_TIED, sizeof(kmp_task_t), 0, glass_task_empty_entry, codeptr);
  task_with_deps(th, t, ndeps, deps, nnoalias, noalias, codeptr, ompt_task_taskwait);
  OMPT_ENTER_FRAME(cur, NULL);
}

// clang >= 19; nowait: `taskwait depend(...) nowait`.
GLASS_API void __kmpc_omp_taskwait_deps_51(ident_t *loc, int32_t gtid, int32_t ndeps,
                                           kmp_depend_info_t *deps, int32_t nnoalias,
                                           kmp_depend_info_t *noalias, int32_t nowait) {
  if (nowait)
    taskwait_nowait(ndeps, deps, nnoalias, noalias, GLASS_CODEPTR(), FRAME());
  else
    wait_deps_common(ndeps, deps, nnoalias, noalias, GLASS_CODEPTR(), FRAME());
}
