// Contended paths of the mutex word (mutex.h): spin, then sleep on a futex.
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

void glass_mutex_acquire_slow(_Atomic uint32_t *w, uint32_t me, int impl) {
  uint32_t spins = impl == GLASS_MUTEX_IMPL_SPIN_FUTEX ? SPINS_CONTENDED : SPINS_DEFAULT;
  if (atomic_load_explicit(&glass_oversubscribed, memory_order_relaxed))
    spins = SPINS_OVERSUBSCRIBED;
  for (uint32_t i = 0; i < spins; i++) {
    glass_spin_pause();
    if (atomic_load_explicit(w, memory_order_relaxed) == 0 && glass_mutex_try(w, me))
      return;
  }
  // Sleep. Once we have slept we cannot know whether others sleep too, so we take the mutex
  // with the sleeper bit set: its release then wakes the next one (at worst spuriously).
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

void glass_mutex_release_slow(_Atomic uint32_t *w) {
  uint32_t old = atomic_exchange_explicit(w, 0, memory_order_release);
  if (old & GLASS_MUTEX_SLEEPER)
    glass_futex_wake(w, 1);
}
