// The mutual-exclusion word behind locks, critical sections, reductions and atomic fallbacks.
//
// One 32-bit word: 0 when free, otherwise the owner's code ((gtid + 1) << 1), with bit 0 set
// when a waiter may be asleep on it. Taking a free mutex is one CAS; releasing an uncontended
// one is one CAS; only a release that finds bit 0 set makes a futex call. A contended acquire
// spins for a bounded number of pause steps (fewer when the machine is oversubscribed; more
// while the mutex keeps changing hands), backing off after a lost CAS or paced by a ticket,
// then sleeps on the word (runtime/sync/mutex.c).
#ifndef GLASS_MUTEX_H
#define GLASS_MUTEX_H

#include "platform.h"

#define GLASS_MUTEX_SLEEPER 1u

// Mutex implementations (reported to tools as ompt_mutex_impl values; ompt/mutex_impls.def).
enum {
  GLASS_MUTEX_IMPL_FUTEX = 1,      // short spin, then sleep: the default
  GLASS_MUTEX_IMPL_SPIN_FUTEX = 2, // long spin, then sleep: for sections hinted as contended
};

// omp_sync_hint_t bits (OpenMP 5.1 §2.19.12).
enum {
  GLASS_HINT_UNCONTENDED = 1,
  GLASS_HINT_CONTENDED = 2,
  GLASS_HINT_NONSPECULATIVE = 4,
  GLASS_HINT_SPECULATIVE = 8,
};

static inline uint32_t glass_mutex_code(int32_t gtid) {
  return ((uint32_t)gtid + 1u) << 1;
}

// The calling thread's owner code, kept in TLS so that the lock routines' fast paths need no
// thread descriptor (thread.c sets it when a thread registers). A thread the runtime does not
// know yet uses GLASS_MUTEX_CODE_UNKNOWN: mutual exclusion holds, ownership checks skip it.
#define GLASS_MUTEX_CODE_UNKNOWN 0xfffffffeu
extern __thread uint32_t glass_tls_mutex_code __attribute__((tls_model("initial-exec")));

// The implementation a hint selects. There is no hardware transactional memory path (TSX is
// fused off on current x86 parts), so speculative is served like contended: a holder is
// expected to leave soon, so waiters spin longer before sleeping.
static inline int glass_mutex_impl(uint32_t hint) {
  return (hint & (GLASS_HINT_CONTENDED | GLASS_HINT_SPECULATIVE)) &&
                 !(hint & GLASS_HINT_UNCONTENDED)
             ? GLASS_MUTEX_IMPL_SPIN_FUTEX
             : GLASS_MUTEX_IMPL_FUTEX;
}

static inline bool glass_mutex_try(_Atomic uint32_t *w, uint32_t me) {
  uint32_t expected = 0;
  return atomic_compare_exchange_strong_explicit(w, &expected, me, memory_order_acquire,
                                                 memory_order_relaxed);
}

// Release by the owner when nobody sleeps: one CAS. False means "take the slow path".
static inline bool glass_mutex_release_fast(_Atomic uint32_t *w, uint32_t me) {
  uint32_t expected = me;
  return atomic_compare_exchange_strong_explicit(w, &expected, 0, memory_order_release,
                                                 memory_order_relaxed);
}

static inline uint32_t glass_mutex_owner(_Atomic uint32_t *w) {
  return atomic_load_explicit(w, memory_order_relaxed) & ~GLASS_MUTEX_SLEEPER;
}

// Wait for the mutex and take it (the caller already failed glass_mutex_try).
void glass_mutex_acquire_slow(_Atomic uint32_t *w, uint32_t me, int impl);

// Tickets of the slow-path waiters of one mutex (critical sections have room for them): they
// pace the waiters' looks at the mutex word (mutex.c). All-zero is the initial state.
typedef struct {
  _Atomic uint32_t next;   // tickets handed out
  _Atomic uint32_t served; // ticket holders that got the mutex (written by the owner only)
} glass_mutex_queue_t;

// The same, for a mutex with a ticket queue.
void glass_mutex_acquire_queued(_Atomic uint32_t *w, glass_mutex_queue_t *q, uint32_t me, int impl);
// Release unconditionally and wake one sleeper if there may be one.
void glass_mutex_release_slow(_Atomic uint32_t *w);

#endif
