// The OpenMP lock routines (OpenMP 5.1 §3.9): simple and nestable locks, with hints, and the
// __kmpc_* and Fortran forms libomp exports.
//
// A lock lives inline in the user's omp_lock_t / omp_nest_lock_t (8 bytes, libomp's size), so it
// works wherever the program puts it and init allocates nothing:
//   word : the mutex word (mutex.h): 0 free, owner code, bit 0 = a waiter may sleep
//   info : bits 0-7 a tag (simple, nest, destroyed), bits 8-11 the sync hint, bits 12-31 the
//          nesting depth of a nest lock
// All-zero is a valid unlocked lock without hint (a zeroed static lock works, as with a
// PTHREAD_MUTEX_INITIALIZER). Destroy poisons the word, so that a use after destroy fails the
// fast path's CAS and the slow path can say so.
// A lock is owned by a thread (its gtid), as in libomp; OpenMP says "task", which differs only
// when two tasks on one thread contend for one lock.
#include "glass.h"
#include "ompt-internal.h"
#include "mutex.h"
#include "kmpc.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  _Atomic uint32_t word;
  _Atomic uint32_t info;
} glass_lock_t;

_Static_assert(sizeof(glass_lock_t) == sizeof(omp_lock_t), "omp_lock_t size");
_Static_assert(sizeof(glass_lock_t) == sizeof(omp_nest_lock_t), "omp_nest_lock_t size");

enum {
  TAG_SIMPLE = 0x5a,
  TAG_NEST = 0x6b,
  TAG_DESTROYED = 0xdd,
  WORD_DESTROYED = 0xdead0000u, // not an owner code, no sleeper bit
  TAG_MASK = 0xff,
  HINT_SHIFT = 8,
  HINT_MASK = 0xf,
  DEPTH_SHIFT = 12,
  DEPTH_MAX = (1u << 20) - 1,
};

#define LOCK_EVENTS                                                                                \
  (OMPT_BIT(mutex_acquire) | OMPT_BIT(mutex_acquired) | OMPT_BIT(mutex_released) |                 \
   OMPT_BIT(nest_lock) | OMPT_BIT(lock_init) | OMPT_BIT(lock_destroy))

static inline uint32_t tag_of(uint32_t info) {
  return info & TAG_MASK;
}
static inline uint32_t hint_of(uint32_t info) {
  return (info >> HINT_SHIFT) & HINT_MASK;
}
static inline uint32_t depth_of(uint32_t info) {
  return info >> DEPTH_SHIFT;
}
static inline uint32_t info_load(glass_lock_t *lk) {
  return atomic_load_explicit(&lk->info, memory_order_relaxed);
}

// omp_sync_hint bits, with libomp's kmp_lock_hint_{hle,rtm,adaptive} read as "speculative".
static uint32_t hint_bits(uintptr_t hint) {
  uint32_t h = (uint32_t)hint & HINT_MASK;
  if (hint & ((1u << 16) | (1u << 17) | (1u << 18)))
    h |= GLASS_HINT_SPECULATIVE;
  return h;
}

static GLASS_COLD void lock_fatal(const char *routine, const char *what) {
  fprintf(stderr, "OMP: Error: %s: %s\n", routine, what);
  fflush(NULL);
  exit(EXIT_FAILURE);
}

// ---------------------------------------------------------------------------------------------
// Init and destroy.

static void lock_init(glass_lock_t *lk, uint32_t tag, uintptr_t hint, ompt_mutex_t kind,
                      const void *codeptr) {
  if (unlikely(!lk))
    lock_fatal(kind == ompt_mutex_lock ? "omp_init_lock" : "omp_init_nest_lock", "NULL lock");
  uint32_t h = hint_bits(hint);
  atomic_store_explicit(&lk->word, 0, memory_order_relaxed);
  atomic_store_explicit(&lk->info, tag | h << HINT_SHIFT, memory_order_release);
  if (OMPT_ON(lock_init))
    glass_ompt_lock_init(kind, h, glass_mutex_impl(h), lk, codeptr);
}

static void lock_destroy(glass_lock_t *lk, uint32_t tag, ompt_mutex_t kind, const char *routine,
                         const void *codeptr) {
  if (unlikely(!lk))
    lock_fatal(routine, "NULL lock");
  uint32_t t = tag_of(info_load(lk));
  if (unlikely(t == TAG_DESTROYED)) {
    glass_warn("%s: the lock is already destroyed; ignored", routine);
    return;
  }
  if (unlikely(glass_mutex_owner(&lk->word) != 0))
    glass_warn("%s: the lock is still set; destroying it anyway", routine);
  if (OMPT_ON(lock_destroy))
    glass_ompt_lock_destroy(kind, lk, codeptr);
  atomic_store_explicit(&lk->info, TAG_DESTROYED, memory_order_relaxed);
  atomic_store_explicit(&lk->word, WORD_DESTROYED, memory_order_release);
}

// A lock used after destroy: say so once and initialize it again, so that the program goes on
// with a working lock. A lock of the other kind works as it is (both share the mutex word).
static GLASS_COLD void lock_repair_slow(glass_lock_t *lk, uint32_t tag, const char *routine) {
  uint32_t info = info_load(lk);
  uint32_t t = tag_of(info);
  if (t == TAG_DESTROYED) {
    if (atomic_compare_exchange_strong_explicit(&lk->info, &info, tag, memory_order_relaxed,
                                                memory_order_relaxed)) {
      atomic_store_explicit(&lk->word, 0, memory_order_release);
      glass_warn("%s: the lock was destroyed; initializing it again", routine);
    }
  } else if (t != 0 && t != tag && (t == TAG_SIMPLE || t == TAG_NEST)) {
    glass_warn("%s: called on a %s lock; using it as it is", routine,
               t == TAG_SIMPLE ? "simple" : "nestable");
  } else if (t != 0 && t != tag) {
    glass_warn("%s: not an initialized lock; using it as a new one", routine);
    atomic_store_explicit(&lk->info, tag, memory_order_relaxed);
  }
}

static inline void lock_repair(glass_lock_t *lk, uint32_t tag, const char *routine) {
  uint32_t t = tag_of(info_load(lk));
  if (unlikely(t != tag && t != 0))
    lock_repair_slow(lk, tag, routine);
}

// ---------------------------------------------------------------------------------------------
// Acquire and release. Fast paths are inline in the entry points; these do everything else
// (events, waiting, checks).

// The thread and the hint are found again here rather than kept by the callers across their
// event calls.
static GLASS_NOINLINE void lock_wait(glass_lock_t *lk, uint32_t me) {
  glass_thread_t *th = glass_self();
  uint32_t hint = hint_of(info_load(lk));
  int32_t prior = th->ompt_state;
  OMPT_WAIT_STATE(th, ompt_state_wait_lock, lk);
  glass_mutex_acquire_slow(&lk->word, me, glass_mutex_impl(hint));
  OMPT_WAIT_STATE(th, prior, 0);
  (void)prior;
}

#define WID(p) ((ompt_wait_id_t)(uintptr_t)(p))
#define INLINE static inline __attribute__((always_inline))

// Inlined into each entry, with the events passed straight to the tool: a watched lock costs
// one function and the tool's calls.
INLINE void lock_set_slow(glass_thread_t *th, glass_lock_t *lk, const void *codeptr) {
  if (unlikely(!lk))
    lock_fatal("omp_set_lock", "NULL lock");
  lock_repair(lk, TAG_SIMPLE, "omp_set_lock");
  uint32_t me = glass_mutex_code(th->gtid);
  uint32_t hint = hint_of(info_load(lk));
  if (OMPT_ON(mutex_acquire))
    OMPT_CALL(mutex_acquire, ompt_mutex_lock, hint, (unsigned)glass_mutex_impl(hint), WID(lk),
              codeptr);
  if (unlikely(glass_mutex_owner(&lk->word) == me))
    lock_fatal("omp_set_lock", "the calling thread already owns the lock (it would deadlock)");
  if (!glass_mutex_try(&lk->word, me))
    lock_wait(lk, me);
  if (OMPT_ON(mutex_acquired))
    OMPT_CALL(mutex_acquired, ompt_mutex_lock, WID(lk), codeptr);
}

// Release checks: the lock must be set, and by the caller. A release by another thread is an
// error in the program; we say so and release it, which is what the program asked for.
static GLASS_NOINLINE bool release_misused(glass_lock_t *lk, uint32_t me, const char *routine) {
  uint32_t owner = glass_mutex_owner(&lk->word);
  if (unlikely(owner == 0)) {
    glass_warn("%s: the lock is not set; ignored", routine);
    return false;
  }
  if (unlikely(owner != me && owner != (GLASS_MUTEX_CODE_UNKNOWN & ~GLASS_MUTEX_SLEEPER)))
    glass_warn("%s: the lock is owned by another thread (gtid %u); releasing it anyway", routine,
               (owner >> 1) - 1);
  return true;
}

static inline bool release_checked(glass_lock_t *lk, uint32_t me, const char *routine) {
  if (likely(glass_mutex_owner(&lk->word) == me))
    return true;
  return release_misused(lk, me, routine);
}

INLINE void lock_unset_slow(glass_thread_t *th, glass_lock_t *lk, const void *codeptr) {
  if (unlikely(!lk))
    lock_fatal("omp_unset_lock", "NULL lock");
  lock_repair(lk, TAG_SIMPLE, "omp_unset_lock");
  uint32_t me = glass_mutex_code(th->gtid);
  if (!release_checked(lk, me, "omp_unset_lock"))
    return;
  if (!glass_mutex_release_fast(&lk->word, me))
    glass_mutex_release_slow(&lk->word);
  if (OMPT_ON(mutex_released))
    OMPT_CALL(mutex_released, ompt_mutex_lock, WID(lk), codeptr);
}

INLINE int lock_test_slow(glass_thread_t *th, glass_lock_t *lk, const void *codeptr) {
  if (unlikely(!lk))
    lock_fatal("omp_test_lock", "NULL lock");
  lock_repair(lk, TAG_SIMPLE, "omp_test_lock");
  uint32_t hint = hint_of(info_load(lk));
  if (OMPT_ON(mutex_acquire))
    OMPT_CALL(mutex_acquire, ompt_mutex_test_lock, hint, (unsigned)glass_mutex_impl(hint), WID(lk),
              codeptr);
  bool ok = glass_mutex_try(&lk->word, glass_mutex_code(th->gtid));
  if (ok && OMPT_ON(mutex_acquired))
    OMPT_CALL(mutex_acquired, ompt_mutex_test_lock, WID(lk), codeptr);
  return ok;
}

// Nest locks: the depth lives in info and is written only by the owner.
static inline void depth_store(glass_lock_t *lk, uint32_t info, uint32_t depth) {
  atomic_store_explicit(&lk->info, (info & ((1u << DEPTH_SHIFT) - 1)) | depth << DEPTH_SHIFT,
                        memory_order_relaxed);
}

// Returns the new depth, or 0 when a test found the lock owned by someone else.
static int nest_acquire(glass_thread_t *th, glass_lock_t *lk, bool test, const void *codeptr) {
  const char *routine = test ? "omp_test_nest_lock" : "omp_set_nest_lock";
  ompt_mutex_t kind = test ? ompt_mutex_test_nest_lock : ompt_mutex_nest_lock;
  if (unlikely(!lk))
    lock_fatal(routine, "NULL lock");
  if (unlikely(tag_of(info_load(lk)) != TAG_NEST))
    lock_repair(lk, TAG_NEST, routine);
  uint32_t me = glass_mutex_code(th->gtid);
  uint32_t info = info_load(lk);
  uint32_t hint = hint_of(info);
  // 5.1 §4.5.2.12: a lock-acquire event precedes every acquisition, the owner's re-acquire
  // included; only the outcome differs (mutex_acquired, or nest_lock begin for the owner).
  if (OMPT_ON(mutex_acquire))
    glass_ompt_mutex_acquire(kind, hint, glass_mutex_impl(hint), lk, codeptr);
  if (glass_mutex_owner(&lk->word) == me) {
    uint32_t depth = depth_of(info);
    if (unlikely(depth >= DEPTH_MAX))
      lock_fatal(routine, "nesting depth overflow");
    depth_store(lk, info, depth + 1);
    if (OMPT_ON(nest_lock))
      glass_ompt_nest_lock(ompt_scope_begin, lk, codeptr);
    return (int)depth + 1;
  }
  if (!glass_mutex_try(&lk->word, me)) {
    if (test)
      return 0;
    lock_wait(lk, me);
  }
  depth_store(lk, info_load(lk), 1);
  if (OMPT_ON(mutex_acquired))
    glass_ompt_mutex_acquired(kind, lk, codeptr);
  return 1;
}

static void nest_release(glass_thread_t *th, glass_lock_t *lk, const void *codeptr) {
  if (unlikely(!lk))
    lock_fatal("omp_unset_nest_lock", "NULL lock");
  if (unlikely(tag_of(info_load(lk)) != TAG_NEST))
    lock_repair(lk, TAG_NEST, "omp_unset_nest_lock");
  uint32_t me = glass_mutex_code(th->gtid);
  if (!release_checked(lk, me, "omp_unset_nest_lock"))
    return;
  uint32_t info = info_load(lk);
  uint32_t depth = depth_of(info);
  if (depth > 1 && glass_mutex_owner(&lk->word) == me) {
    depth_store(lk, info, depth - 1);
    if (OMPT_ON(nest_lock))
      glass_ompt_nest_lock(ompt_scope_end, lk, codeptr);
    return;
  }
  depth_store(lk, info, 0);
  if (!glass_mutex_release_fast(&lk->word, me))
    glass_mutex_release_slow(&lk->word);
  if (OMPT_ON(mutex_released))
    glass_ompt_mutex_released(ompt_mutex_nest_lock, lk, codeptr);
}

// ---------------------------------------------------------------------------------------------
// omp_* entry points.

#define CODEPTR() GLASS_CODEPTR()

GLASS_API void omp_init_lock(omp_lock_t *l) {
  glass_ensure_init();
  lock_init((glass_lock_t *)l, TAG_SIMPLE, 0, ompt_mutex_lock, CODEPTR());
}

GLASS_API void omp_init_lock_with_hint(omp_lock_t *l, omp_sync_hint_t hint) {
  glass_ensure_init();
  lock_init((glass_lock_t *)l, TAG_SIMPLE, (uintptr_t)hint, ompt_mutex_lock, CODEPTR());
}

GLASS_API void omp_destroy_lock(omp_lock_t *l) {
  lock_destroy((glass_lock_t *)l, TAG_SIMPLE, ompt_mutex_lock, "omp_destroy_lock", CODEPTR());
}

// The slow paths' entries, reached by a tail call from the fast paths: their return address is
// the user's call site.
static GLASS_NOINLINE void set_lock_entry(omp_lock_t *l) {
  lock_set_slow(glass_self(), (glass_lock_t *)l, CODEPTR());
}
static GLASS_NOINLINE void unset_lock_entry(omp_lock_t *l) {
  lock_unset_slow(glass_self(), (glass_lock_t *)l, CODEPTR());
}
static GLASS_NOINLINE int test_lock_entry(omp_lock_t *l) {
  return lock_test_slow(glass_self(), (glass_lock_t *)l, CODEPTR());
}

GLASS_API GLASS_FASTPATH void omp_set_lock(omp_lock_t *l) {
  glass_lock_t *lk = (glass_lock_t *)l;
  if (likely(!OMPT_ANY(LOCK_EVENTS) && lk && glass_mutex_try(&lk->word, glass_tls_mutex_code)))
    return;
  set_lock_entry(l);
}

GLASS_API GLASS_FASTPATH void omp_unset_lock(omp_lock_t *l) {
  glass_lock_t *lk = (glass_lock_t *)l;
  if (likely(!OMPT_ANY(LOCK_EVENTS) && lk &&
             glass_mutex_release_fast(&lk->word, glass_tls_mutex_code)))
    return;
  unset_lock_entry(l);
}

GLASS_API GLASS_FASTPATH int omp_test_lock(omp_lock_t *l) {
  glass_lock_t *lk = (glass_lock_t *)l;
  if (likely(!OMPT_ANY(LOCK_EVENTS) && lk && glass_mutex_try(&lk->word, glass_tls_mutex_code)))
    return 1;
  return test_lock_entry(l);
}

GLASS_API void omp_init_nest_lock(omp_nest_lock_t *l) {
  glass_ensure_init();
  lock_init((glass_lock_t *)l, TAG_NEST, 0, ompt_mutex_nest_lock, CODEPTR());
}

GLASS_API void omp_init_nest_lock_with_hint(omp_nest_lock_t *l, omp_sync_hint_t hint) {
  glass_ensure_init();
  lock_init((glass_lock_t *)l, TAG_NEST, (uintptr_t)hint, ompt_mutex_nest_lock, CODEPTR());
}

GLASS_API void omp_destroy_nest_lock(omp_nest_lock_t *l) {
  lock_destroy((glass_lock_t *)l, TAG_NEST, ompt_mutex_nest_lock, "omp_destroy_nest_lock",
               CODEPTR());
}

GLASS_API void omp_set_nest_lock(omp_nest_lock_t *l) {
  nest_acquire(glass_self(), (glass_lock_t *)l, false, CODEPTR());
}

GLASS_API void omp_unset_nest_lock(omp_nest_lock_t *l) {
  nest_release(glass_self(), (glass_lock_t *)l, CODEPTR());
}

GLASS_API int omp_test_nest_lock(omp_nest_lock_t *l) {
  return nest_acquire(glass_self(), (glass_lock_t *)l, true, CODEPTR());
}

// ---------------------------------------------------------------------------------------------
// __kmpc_* forms (libomp exports them; Fortran front ends and older compilers call them). The
// user lock is the same 8-byte object.

// init, init_with_hint and destroy of one kind of lock (NAME: lock or nest_lock).
#define KMPC_LOCK_LIFE(NAME, TAG, KIND)                                                            \
  GLASS_API void __kmpc_init_##NAME(ident_t *loc, int32_t gtid, void **user_lock) {                \
    glass_ensure_init();                                                                           \
    lock_init((glass_lock_t *)user_lock, TAG, 0, KIND, CODEPTR());                                 \
  }                                                                                                \
  GLASS_API void __kmpc_init_##NAME##_with_hint(ident_t *loc, int32_t gtid, void **user_lock,      \
                                                uintptr_t hint) {                                  \
    glass_ensure_init();                                                                           \
    lock_init((glass_lock_t *)user_lock, TAG, hint, KIND, CODEPTR());                              \
  }                                                                                                \
  GLASS_API void __kmpc_destroy_##NAME(ident_t *loc, int32_t gtid, void **user_lock) {             \
    lock_destroy((glass_lock_t *)user_lock, TAG, KIND, "omp_destroy_" #NAME, CODEPTR());           \
  }

KMPC_LOCK_LIFE(lock, TAG_SIMPLE, ompt_mutex_lock)
KMPC_LOCK_LIFE(nest_lock, TAG_NEST, ompt_mutex_nest_lock)

GLASS_API void __kmpc_set_lock(ident_t *loc, int32_t gtid, void **user_lock) {
  lock_set_slow(glass_self(), (glass_lock_t *)user_lock, CODEPTR());
}

GLASS_API void __kmpc_unset_lock(ident_t *loc, int32_t gtid, void **user_lock) {
  lock_unset_slow(glass_self(), (glass_lock_t *)user_lock, CODEPTR());
}

GLASS_API int __kmpc_test_lock(ident_t *loc, int32_t gtid, void **user_lock) {
  return lock_test_slow(glass_self(), (glass_lock_t *)user_lock, CODEPTR());
}

GLASS_API void __kmpc_set_nest_lock(ident_t *loc, int32_t gtid, void **user_lock) {
  nest_acquire(glass_self(), (glass_lock_t *)user_lock, false, CODEPTR());
}

GLASS_API void __kmpc_unset_nest_lock(ident_t *loc, int32_t gtid, void **user_lock) {
  nest_release(glass_self(), (glass_lock_t *)user_lock, CODEPTR());
}

GLASS_API int __kmpc_test_nest_lock(ident_t *loc, int32_t gtid, void **user_lock) {
  return nest_acquire(glass_self(), (glass_lock_t *)user_lock, true, CODEPTR());
}

// ---------------------------------------------------------------------------------------------
// Fortran (by reference; omp_lock_kind is 8 bytes, the same object).

GLASS_FORTRAN_BEGIN
GLASS_API void omp_init_lock_(omp_lock_t *l) {
  glass_ensure_init();
  lock_init((glass_lock_t *)l, TAG_SIMPLE, 0, ompt_mutex_lock, CODEPTR());
}
GLASS_API void omp_init_lock_with_hint_(omp_lock_t *l, int *hint) {
  glass_ensure_init();
  lock_init((glass_lock_t *)l, TAG_SIMPLE, (uintptr_t)*hint, ompt_mutex_lock, CODEPTR());
}
GLASS_API void omp_destroy_lock_(omp_lock_t *l) {
  lock_destroy((glass_lock_t *)l, TAG_SIMPLE, ompt_mutex_lock, "omp_destroy_lock", CODEPTR());
}
GLASS_API void omp_set_lock_(omp_lock_t *l) {
  lock_set_slow(glass_self(), (glass_lock_t *)l, CODEPTR());
}
GLASS_API void omp_unset_lock_(omp_lock_t *l) {
  lock_unset_slow(glass_self(), (glass_lock_t *)l, CODEPTR());
}
GLASS_API int omp_test_lock_(omp_lock_t *l) {
  return lock_test_slow(glass_self(), (glass_lock_t *)l, CODEPTR());
}
GLASS_API void omp_init_nest_lock_(omp_nest_lock_t *l) {
  glass_ensure_init();
  lock_init((glass_lock_t *)l, TAG_NEST, 0, ompt_mutex_nest_lock, CODEPTR());
}
GLASS_API void omp_init_nest_lock_with_hint_(omp_nest_lock_t *l, int *hint) {
  glass_ensure_init();
  lock_init((glass_lock_t *)l, TAG_NEST, (uintptr_t)*hint, ompt_mutex_nest_lock, CODEPTR());
}
GLASS_API void omp_destroy_nest_lock_(omp_nest_lock_t *l) {
  lock_destroy((glass_lock_t *)l, TAG_NEST, ompt_mutex_nest_lock, "omp_destroy_nest_lock",
               CODEPTR());
}
GLASS_API void omp_set_nest_lock_(omp_nest_lock_t *l) {
  nest_acquire(glass_self(), (glass_lock_t *)l, false, CODEPTR());
}
GLASS_API void omp_unset_nest_lock_(omp_nest_lock_t *l) {
  nest_release(glass_self(), (glass_lock_t *)l, CODEPTR());
}
GLASS_API int omp_test_nest_lock_(omp_nest_lock_t *l) {
  return nest_acquire(glass_self(), (glass_lock_t *)l, true, CODEPTR());
}
GLASS_FORTRAN_END
