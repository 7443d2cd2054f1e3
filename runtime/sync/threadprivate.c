// threadprivate variables on the runtime path (__kmpc_threadprivate_cached, __kmpc_threadprivate,
// __kmpc_threadprivate_register, __kmpc_threadprivate_register_vec).
//
// By default clang gives threadprivate variables native TLS and never calls the runtime; with
// -fnoopenmp-use-tls (or on targets without TLS) every access goes through these entry points.
//
// Model: a variable is known by its original's address. The registry (a hash table under one
// mutex, touched only on first use) holds what is known about it: its constructor, copy
// constructor and destructor (C++ objects, from __kmpc_threadprivate_register) and, for plain
// data, a snapshot of the original's bytes taken when the variable is first seen, so that every
// copy starts from the variable's initial value as with TLS. Each thread owns its copies in a
// small per-thread hash table; the initial thread's copy is the original itself (clang's copyin
// code relies on this: it copies only when the addresses differ). Copies are destroyed, last
// created first, when their thread ends (a worker at shutdown or omp_pause_resource, a user
// thread at its exit).
//
// The compiler's cache argument (a per-variable common global, NULL at first) makes the common
// case one load and one index: the runtime stores there an array indexed by gtid whose slot -1
// holds its capacity. Arrays only grow, under the registry mutex; a replaced array is never
// freed, because a reader may still hold it (its entries stay valid: copies live until their
// thread ends). Only a thread reads its own entry. A thread that ends clears its entry in every
// cache before its gtid goes to another thread (thread.c recycles gtids), so the next owner of
// the gtid finds NULL and makes its own copy; the registry keeps the list of caches for this.
#include "glass.h"
#include "kmpc.h"

#include <stdlib.h>
#include <string.h>

typedef struct tp_var {
  void *data;  // the original (key)
  size_t size; // bytes, once an access told us (register does not)
  kmp_tp_ctor_t ctor;
  kmp_tp_cctor_t cctor;
  kmp_tp_dtor_t dtor;
  kmp_tp_ctor_vec_t ctor_vec;
  kmp_tp_cctor_vec_t cctor_vec;
  kmp_tp_dtor_vec_t dtor_vec;
  size_t vec_len;
  void *snapshot; // initial bytes of plain data (NULL: all zero, or constructed)
  struct tp_var *next;
} tp_var_t;

typedef struct glass_tp_copy {
  tp_var_t *var;
  void *addr;
  struct glass_tp_copy *next;  // hash chain
  struct glass_tp_copy *older; // creation order, for destruction in reverse
} tp_copy_t;

#define VAR_BUCKETS  256
#define COPY_BUCKETS 64

static glass_mutex_t tp_lock = GLASS_MUTEX_INIT;
static tp_var_t *vars[VAR_BUCKETS];
// Every compiler cache the runtime has stored an array in (one per variable and translation
// unit), so that an ending thread's entries can be cleared.
static _Atomic(void **) **caches;
static size_t ncaches, caches_cap;

static inline size_t hash_ptr(const void *p, size_t n) {
  uintptr_t x = (uintptr_t)p;
  x ^= x >> 17;
  x *= 0x9E3779B97F4A7C15ull;
  return (size_t)(x >> 32) & (n - 1);
}

static bool has_ctor(const tp_var_t *v) {
  return v->ctor || v->cctor || v->ctor_vec || v->cctor_vec;
}

static bool all_zero(const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (p[i])
      return false;
  return true;
}

// The registry entry for data, created if needed. Called with tp_lock held.
static tp_var_t *var_get_locked(void *data) {
  tp_var_t **head = &vars[hash_ptr(data, VAR_BUCKETS)];
  for (tp_var_t *v = *head; v; v = v->next)
    if (v->data == data)
      return v;
  tp_var_t *v = glass_zalloc(sizeof(*v));
  v->data = data;
  v->next = *head;
  *head = v;
  return v;
}

// An access told us the size: plain data takes its snapshot now, before any copy exists.
static void var_learn_size_locked(tp_var_t *v, size_t size) {
  if (v->size || !size)
    return;
  v->size = size;
  if (!has_ctor(v) && !all_zero(v->data, size)) {
    v->snapshot = glass_zalloc(size);
    memcpy(v->snapshot, v->data, size);
  }
}

static tp_var_t *var_lookup(void *data, size_t size) {
  glass_mutex_lock(&tp_lock);
  tp_var_t *v = var_get_locked(data);
  var_learn_size_locked(v, size);
  glass_mutex_unlock(&tp_lock);
  return v;
}

// The initial thread uses the original, as its copy.
static inline bool uses_original(const glass_thread_t *th) {
  return th->gtid == 0;
}

static void copy_construct(tp_var_t *v, void *addr) {
  if (v->cctor)
    v->cctor(addr, v->data);
  else if (v->cctor_vec)
    v->cctor_vec(addr, v->data, v->vec_len);
  else if (v->ctor)
    v->ctor(addr);
  else if (v->ctor_vec)
    v->ctor_vec(addr, v->vec_len);
  else if (v->snapshot)
    memcpy(addr, v->snapshot, v->size);
}

static GLASS_NOINLINE void *copy_create(glass_thread_t *th, tp_var_t *v) {
  glass_sync_thread_t *s = &th->sync;
  if (!s->tp_buckets)
    s->tp_buckets = glass_zalloc(sizeof(tp_copy_t *) * COPY_BUCKETS);
  tp_copy_t *c = glass_zalloc(sizeof(*c));
  c->var = v;
  if (uses_original(th)) {
    c->addr = v->data;
  } else {
    // glass_zalloc_aligned zeroes: a variable without initializer starts at 0, as in C.
    size_t size = v->size ? v->size : 1;
    c->addr = glass_zalloc_aligned((size + 63) & ~(size_t)63, 64);
    copy_construct(v, c->addr);
  }
  tp_copy_t **head = &s->tp_buckets[hash_ptr(v->data, COPY_BUCKETS)];
  c->next = *head;
  *head = c;
  c->older = s->tp_all;
  s->tp_all = c;
  return c->addr;
}

// This thread's copy of data (size bytes), created on first use.
static void *copy_of(glass_thread_t *th, void *data, size_t size) {
  tp_copy_t **b = th->sync.tp_buckets;
  if (b)
    for (tp_copy_t *c = b[hash_ptr(data, COPY_BUCKETS)]; c; c = c->next)
      if (c->var->data == data)
        return c->addr;
  return copy_create(th, var_lookup(data, size));
}

static inline size_t cache_cap(void **arr);

// The entries of gtid in every cache become NULL (its copies are about to be destroyed).
static void caches_forget(int32_t gtid) {
  glass_mutex_lock(&tp_lock);
  for (size_t i = 0; i < ncaches; i++) {
    void **arr = atomic_load_explicit(caches[i], memory_order_relaxed);
    if (arr && (size_t)gtid < cache_cap(arr))
      arr[gtid] = NULL;
  }
  glass_mutex_unlock(&tp_lock);
}

// Thread th ends: its copies are destroyed, the last created first.
void glass_tp_thread_exit(glass_thread_t *th) {
  glass_sync_thread_t *s = &th->sync;
  tp_copy_t *c = s->tp_all;
  if (c)
    caches_forget(th->gtid);
  s->tp_all = NULL;
  while (c) {
    tp_copy_t *older = c->older;
    tp_var_t *v = c->var;
    if (c->addr != v->data) {
      if (v->dtor)
        v->dtor(c->addr);
      else if (v->dtor_vec)
        v->dtor_vec(c->addr, v->vec_len);
      glass_free(c->addr);
    }
    glass_free(c);
    c = older;
  }
  glass_free(s->tp_buckets);
  s->tp_buckets = NULL;
}

// ---------------------------------------------------------------------------------------------
// The compiler's cache.

static inline size_t cache_cap(void **arr) {
  return (size_t)(uintptr_t)arr[-1];
}

static void caches_add_locked(_Atomic(void **) *cache) {
  if (ncaches == caches_cap) {
    size_t cap = caches_cap ? 2 * caches_cap : 16;
    _Atomic(void **) **fresh = glass_zalloc(sizeof(*fresh) * cap);
    if (caches)
      memcpy(fresh, caches, sizeof(*fresh) * ncaches);
    glass_free(caches);
    caches = fresh;
    caches_cap = cap;
  }
  caches[ncaches++] = cache;
}

// Publishes addr as gtid's entry, growing the array when needed. Old arrays are retired, not
// freed (see the top of the file).
static GLASS_NOINLINE void cache_store(_Atomic(void **) *cache, int32_t gtid, void *addr) {
  glass_mutex_lock(&tp_lock);
  void **arr = atomic_load_explicit(cache, memory_order_relaxed);
  size_t need = (size_t)gtid + 1;
  if (!arr || cache_cap(arr) < need) {
    if (!arr)
      caches_add_locked(cache);
    size_t cap = arr ? cache_cap(arr) : 0;
    size_t want = (size_t)atomic_load_explicit(&glass_nthreads_total, memory_order_relaxed);
    if (want < need)
      want = need;
    if (cap < 32)
      cap = 32;
    while (cap < want)
      cap *= 2;
    void **block = glass_zalloc(sizeof(void *) * (cap + 1));
    block[0] = (void *)(uintptr_t)cap;
    void **fresh = block + 1;
    if (arr)
      memcpy(fresh, arr, sizeof(void *) * cache_cap(arr));
    atomic_store_explicit(cache, fresh, memory_order_release);
    arr = fresh;
  }
  // Entries are read without the lock by their own thread only, after this store.
  arr[gtid] = addr;
  glass_mutex_unlock(&tp_lock);
}

GLASS_API void *__kmpc_threadprivate_cached(ident_t *loc, int32_t gtid, void *data, size_t size,
                                            void ***cache) {
  _Atomic(void **) *c = (_Atomic(void **) *)cache;
  if (likely(c != NULL) && likely(gtid >= 0)) {
    void **arr = atomic_load_explicit(c, memory_order_acquire);
    if (likely(arr != NULL) && likely((size_t)gtid < cache_cap(arr)) && likely(arr[gtid] != NULL))
      return arr[gtid];
  }
  glass_thread_t *th = glass_self();
  void *addr = copy_of(th, data, size);
  if (c)
    cache_store(c, th->gtid, addr);
  return addr;
}

GLASS_API void *__kmpc_threadprivate(ident_t *loc, int32_t gtid, void *data, size_t size) {
  return copy_of(glass_self(), data, size);
}

// The registration of data's constructors begins: tp_lock is held on return. An object is
// constructed, never copied bytewise: the snapshot goes.
static tp_var_t *var_register_begin(void *data) {
  glass_ensure_init();
  glass_mutex_lock(&tp_lock);
  tp_var_t *v = var_get_locked(data);
  glass_free(v->snapshot);
  v->snapshot = NULL;
  return v;
}

// C++ objects: how a copy is constructed and destroyed. Called from static initializers, before
// or after the first access (a function-local static registers on its first execution).
GLASS_API void __kmpc_threadprivate_register(ident_t *loc, void *data, kmp_tp_ctor_t ctor,
                                             kmp_tp_cctor_t cctor, kmp_tp_dtor_t dtor) {
  tp_var_t *v = var_register_begin(data);
  v->ctor = ctor;
  v->cctor = cctor;
  v->dtor = dtor;
  glass_mutex_unlock(&tp_lock);
}

GLASS_API void __kmpc_threadprivate_register_vec(ident_t *loc, void *data, kmp_tp_ctor_vec_t ctor,
                                                 kmp_tp_cctor_vec_t cctor, kmp_tp_dtor_vec_t dtor,
                                                 size_t vector_length) {
  tp_var_t *v = var_register_begin(data);
  v->ctor_vec = ctor;
  v->cctor_vec = cctor;
  v->dtor_vec = dtor;
  v->vec_len = vector_length;
  glass_mutex_unlock(&tp_lock);
}
