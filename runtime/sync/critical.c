// critical constructs (__kmpc_critical, __kmpc_critical_with_hint, __kmpc_end_critical).
//
// The compiler passes a kmp_critical_name: 32 zero-initialized bytes per name (a common global),
// which the runtime owns. Glass uses them in place: word 0 is the mutex word (mutex.h), so an
// untouched name is already a free mutex and entering an uncontended critical section is one
// CAS. Word 1 records the sync hint of the first encounter that needed it (set once, with a
// CAS: the hint selects how waiters wait and is what tools are told).
#include "glass.h"
#include "ompt-internal.h"
#include "critical.h"
#include "mutex.h"
#include "kmpc.h"

#include <stdio.h>
#include <stdlib.h>

#define CRITICAL_EVENTS                                                                            \
  (OMPT_BIT(mutex_acquire) | OMPT_BIT(mutex_acquired) | OMPT_BIT(mutex_released))

// Word 1: 0 until a slow path records the hint, then HINT_SET | hint.
#define HINT_SET 0x100u

static uint32_t critical_hint(glass_critical_t *c, uint32_t hint) {
  uint32_t info = atomic_load_explicit(&c->info, memory_order_relaxed);
  if (likely(info))
    return info & 0xff;
  uint32_t want = HINT_SET | (hint & 0xf);
  if (atomic_compare_exchange_strong_explicit(&c->info, &info, want, memory_order_relaxed,
                                              memory_order_relaxed))
    return want & 0xff;
  return info & 0xff;
}

#define WID(c) ((ompt_wait_id_t)(uintptr_t)(c))

// The mutex is taken: a nested entry by its owner is fatal, anyone else waits.
// The thread and the implementation are found again here rather than kept by the caller across
// its event call.
static GLASS_NOINLINE void critical_wait(glass_critical_t *c, uint32_t me, ompt_mutex_t kind) {
  glass_thread_t *th = glass_tls_self;
  int impl = glass_mutex_impl(atomic_load_explicit(&c->info, memory_order_relaxed) & 0xff);
  if (unlikely(glass_mutex_owner(&c->word) == me)) {
    fprintf(stderr, "OMP: Error: a thread entered a critical section it is already in (nested "
                    "critical constructs with the same name deadlock)\n");
    fflush(NULL);
    exit(EXIT_FAILURE);
  }
  int32_t prior = th->ompt_state;
  OMPT_WAIT_STATE(th, kind == ompt_mutex_atomic ? ompt_state_wait_atomic : ompt_state_wait_critical,
                  c);
  glass_mutex_acquire_queued(&c->word, &c->queue, me, impl);
  OMPT_WAIT_STATE(th, prior, 0);
  (void)prior;
}

// The events go straight to the tool, each behind its own bit (no emitter call in between).
static inline __attribute__((always_inline)) void critical_enter(glass_thread_t *th,
                                                                 glass_critical_t *c, uint32_t hint,
                                                                 ompt_mutex_t kind,
                                                                 const void *codeptr) {
  (void)th; // the calling thread: glass_tls_self, read again after the event call
  hint = critical_hint(c, hint);
  if (OMPT_ON(mutex_acquire))
    OMPT_CALL(mutex_acquire, kind, hint, (unsigned)glass_mutex_impl(hint), WID(c), codeptr);
  uint32_t me = glass_mutex_code(glass_tls_self->gtid);
  if (!glass_mutex_try(&c->word, me))
    critical_wait(c, me, kind);
  if (OMPT_ON(mutex_acquired))
    OMPT_CALL(mutex_acquired, kind, WID(c), codeptr);
}

static GLASS_NOINLINE void critical_exit_misuse(uint32_t owner) {
  glass_warn("__kmpc_end_critical: the critical section was entered by another thread (gtid "
             "%u); leaving it anyway",
             (owner >> 1) - 1);
}

static inline __attribute__((always_inline)) void
critical_exit(glass_thread_t *th, glass_critical_t *c, ompt_mutex_t kind, const void *codeptr) {
  uint32_t me = glass_mutex_code(th->gtid);
  uint32_t owner = glass_mutex_owner(&c->word);
  if (unlikely(owner != me)) {
    if (owner == 0) {
      glass_warn("__kmpc_end_critical: the critical section is not entered; ignored");
      return;
    }
    critical_exit_misuse(owner);
  }
  if (!glass_mutex_release_fast(&c->word, me))
    glass_mutex_release_slow(&c->word);
  if (OMPT_ON(mutex_released))
    OMPT_CALL(mutex_released, kind, WID(c), codeptr);
}

void glass_critical_enter(glass_thread_t *th, glass_critical_t *c, uint32_t hint, ompt_mutex_t kind,
                          const void *codeptr) {
  critical_enter(th, c, hint, kind, codeptr);
}

void glass_critical_exit(glass_thread_t *th, glass_critical_t *c, ompt_mutex_t kind,
                         const void *codeptr) {
  critical_exit(th, c, kind, codeptr);
}

// Slow-path entries, tail-called by the fast paths: their return address is the user's.
// They take the fast paths' arguments where these already are, so that the tail calls move
// nothing on the fast paths' way (and no interprocedural pass may trim the unused ones).
#if defined(__GNUC__) && !defined(__clang__)
#define ENTRY_ABI __attribute__((noipa))
#else
#define ENTRY_ABI GLASS_NOINLINE
#endif
static ENTRY_ABI void critical_entry(ident_t *loc, int32_t gtid, kmp_critical_name *crit,
                                     uint32_t hint) {
  critical_enter(glass_self(), (glass_critical_t *)crit, hint, ompt_mutex_critical,
                 GLASS_CODEPTR());
}

static ENTRY_ABI void end_critical_entry(ident_t *loc, int32_t gtid, kmp_critical_name *crit) {
  critical_exit(glass_self(), (glass_critical_t *)crit, ompt_mutex_critical, GLASS_CODEPTR());
}

GLASS_API GLASS_FASTPATH void __kmpc_critical(ident_t *loc, int32_t gtid, kmp_critical_name *crit) {
  glass_critical_t *c = (glass_critical_t *)crit;
  if (likely(!OMPT_ANY(CRITICAL_EVENTS) && glass_mutex_try(&c->word, glass_mutex_code(gtid))))
    return;
  critical_entry(loc, gtid, crit, 0);
}

GLASS_API GLASS_FASTPATH void __kmpc_critical_with_hint(ident_t *loc, int32_t gtid,
                                                        kmp_critical_name *crit, uint32_t hint) {
  glass_critical_t *c = (glass_critical_t *)crit;
  if (likely(!OMPT_ANY(CRITICAL_EVENTS) && glass_mutex_try(&c->word, glass_mutex_code(gtid))))
    return;
  critical_entry(loc, gtid, crit, hint);
}

GLASS_API GLASS_FASTPATH void __kmpc_end_critical(ident_t *loc, int32_t gtid,
                                                  kmp_critical_name *crit) {
  glass_critical_t *c = (glass_critical_t *)crit;
  if (likely(!OMPT_ANY(CRITICAL_EVENTS) &&
             glass_mutex_release_fast(&c->word, glass_mutex_code(gtid))))
    return;
  end_critical_entry(loc, gtid, crit);
}
