// Contended paths of the mutex word (mutex.h): spin with backoff (or paced by a ticket), then
// sleep on a futex.
#include "mutex.h"
#include "wait.h"

// Pause steps before sleeping. A pause is tens of nanoseconds, so the default waits a few
// microseconds (long enough for a short critical section to end) and the contended
// implementation a few hundred. When threads outnumber processors the holder may not be
// running at all, and every step is a yield: sleep much sooner.
__thread uint32_t glass_tls_mutex_code __attribute__((tls_model("initial-exec"))) =
    GLASS_MUTEX_CODE_UNKNOWN;

#define SPINS_DEFAULT        256u
#define SPINS_CONTENDED      8192u
#define SPINS_OVERSUBSCRIBED 16u
// Contended waiting (16 threads on one short critical section): a waiter whose CAS lost backs
// off exponentially up to BACKOFF_MAX pauses, so that a release is not followed by one CAS per
// waiter on the mutex's line. While the owner keeps changing the lock makes progress, and a
// waiter far back in line would sleep (and make every later release a futex call) only because
// the line ahead of it is long: each hand-off it sees adds SPINS_PER_HANDOFF to its budget, up
// to SPINS_PROGRESS_MAX in all.
#define BACKOFF_MAX        64u
#define SPINS_PER_HANDOFF  64u
#define SPINS_PROGRESS_MAX 65536u
// Queued waiting (critical sections, glass_mutex_acquire_queued): pauses per waiter ahead
// between two looks at the mutex word, and at most this many between two looks.
#define QUEUE_PAUSES_PER_WAITER 8u
#define QUEUE_PAUSES_MAX        256u

static uint32_t spin_budget(int impl) {
  if (atomic_load_explicit(&glass_oversubscribed, memory_order_relaxed))
    return SPINS_OVERSUBSCRIBED;
  return impl == GLASS_MUTEX_IMPL_SPIN_FUTEX ? SPINS_CONTENDED : SPINS_DEFAULT;
}

static void pause_n(uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    glass_spin_pause();
}

// Sleep on the word until it is ours. Once we have slept we cannot know whether others sleep
// too, so we take the mutex with the sleeper bit set: its release then wakes the next one (at
// worst spuriously).
static void sleep_acquire(_Atomic uint32_t *w, uint32_t me) {
  uint32_t v = atomic_load_explicit(w, memory_order_relaxed);
  for (;;) {
    if (v == 0) {
      if (atomic_compare_exchange_weak_explicit(w, &v, me | GLASS_MUTEX_SLEEPER,
                                                memory_order_acquire, memory_order_relaxed))
        return;
      continue;
    }
    if (!(v & GLASS_MUTEX_SLEEPER) &&
        !atomic_compare_exchange_weak_explicit(w, &v, v | GLASS_MUTEX_SLEEPER, memory_order_relaxed,
                                               memory_order_relaxed))
      continue;
    glass_futex_wait(w, v | GLASS_MUTEX_SLEEPER);
    v = atomic_load_explicit(w, memory_order_relaxed);
  }
}

void glass_mutex_acquire_slow(_Atomic uint32_t *w, uint32_t me, int impl) {
  uint32_t budget = spin_budget(impl), spent = 0, backoff = 1;
  uint32_t seen = atomic_load_explicit(w, memory_order_relaxed);
  while (spent < budget) {
    glass_spin_pause();
    spent++;
    uint32_t v = atomic_load_explicit(w, memory_order_relaxed);
    if (v == 0) {
      if (glass_mutex_try(w, me))
        return;
      pause_n(backoff); // lost to another waiter: let the others' CASes pass first
      spent += backoff;
      backoff = backoff < BACKOFF_MAX ? backoff * 2 : BACKOFF_MAX;
    } else if ((v & ~GLASS_MUTEX_SLEEPER) != (seen & ~GLASS_MUTEX_SLEEPER)) {
      seen = v; // a hand-off: the lock is moving
      if (budget < SPINS_PROGRESS_MAX && budget > SPINS_OVERSUBSCRIBED)
        budget += SPINS_PER_HANDOFF;
    }
  }
  sleep_acquire(w, me);
}

// Like glass_mutex_acquire_slow, with a ticket taken from q->next: the waiter knows how many
// slow-path waiters are ahead of it (q->served counts those that got the mutex) and looks at the
// mutex word about once per expected hand-off, so that a release meets about one CAS, not one
// per waiter. The tickets only pace the looks: whoever's CAS succeeds owns the mutex (fast-path
// callers included), so a waiter that sleeps or is overtaken blocks nobody.
void glass_mutex_acquire_queued(_Atomic uint32_t *w, glass_mutex_queue_t *q, uint32_t me,
                                int impl) {
  uint32_t ticket = atomic_fetch_add_explicit(&q->next, 1, memory_order_relaxed);
  uint32_t budget = spin_budget(impl), spent = 0;
  if (budget > SPINS_OVERSUBSCRIBED) {
    uint32_t ahead = ticket - atomic_load_explicit(&q->served, memory_order_relaxed);
    if ((int32_t)ahead > 0) // the line ahead is expected to move: wait for it, not just spin
      budget += (ahead < 1024 ? ahead : 1024) * SPINS_PER_HANDOFF;
  }
  while (spent < budget) {
    int32_t ahead = (int32_t)(ticket - atomic_load_explicit(&q->served, memory_order_relaxed));
    uint32_t n = ahead > 0 ? (uint32_t)ahead * QUEUE_PAUSES_PER_WAITER : 1;
    n = n < QUEUE_PAUSES_MAX ? n : QUEUE_PAUSES_MAX;
    pause_n(n);
    spent += n;
    if (atomic_load_explicit(w, memory_order_relaxed) == 0 && glass_mutex_try(w, me))
      goto owned;
  }
  sleep_acquire(w, me);
owned:
  // Only the owner writes served: the mutex orders these stores.
  atomic_store_explicit(&q->served, atomic_load_explicit(&q->served, memory_order_relaxed) + 1,
                        memory_order_relaxed);
}

void glass_mutex_release_slow(_Atomic uint32_t *w) {
  uint32_t old = atomic_exchange_explicit(w, 0, memory_order_release);
  if (old & GLASS_MUTEX_SLEEPER)
    glass_futex_wake(w, 1);
}
