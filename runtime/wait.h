// Flags that threads wait on: spin for the block time, then sleep on a futex.
//
// A flag word holds an even counter; bit 0 says "a waiter may be asleep on this word", so a
// signaller only makes a futex syscall when someone actually sleeps. Each flag has exactly one
// waiter at a time, which keeps the protocol a single atomic per signal.
#ifndef GLASS_WAIT_H
#define GLASS_WAIT_H

#include "platform.h"

typedef struct {
  _Alignas(GLASS_CACHE) _Atomic uint32_t word;
  char pad[GLASS_CACHE - sizeof(uint32_t)];
} glass_flag_t;

#define GLASS_FLAG_SLEEPER 1u

static inline bool glass_flag_reached(uint32_t word, uint32_t target) {
  return (int32_t)((word & ~GLASS_FLAG_SLEEPER) - target) >= 0;
}

// Work a waiter may do while it spins (run tasks, for example). Returns true when it did
// something, which restarts the block-time clock.
typedef bool (*glass_poll_fn)(void *arg);

typedef struct {
  glass_poll_fn poll;
  void *arg;
  // Counted in *sleepers (when not NULL) while asleep or about to sleep, so that producers of
  // the work `poll` looks for test one word before they look for sleepers to poke.
  _Atomic int32_t *sleepers;
} glass_waiter_t;

// Wait until the flag's counter reaches target (an even number).
void glass_flag_wait(glass_flag_t *f, uint32_t target, const glass_waiter_t *w);

static inline bool glass_flag_test(glass_flag_t *f, uint32_t target) {
  return glass_flag_reached(atomic_load_explicit(&f->word, memory_order_acquire), target);
}

// Set the counter to value (even) and wake a sleeping waiter.
static inline void glass_flag_set(glass_flag_t *f, uint32_t value) {
  uint32_t old = atomic_exchange_explicit(&f->word, value, memory_order_acq_rel);
  if (unlikely(old & GLASS_FLAG_SLEEPER))
    glass_futex_wake(&f->word, 1);
}

// Advance the counter by one step and wake a sleeping waiter.
static inline void glass_flag_bump(glass_flag_t *f) {
  uint32_t old = atomic_load_explicit(&f->word, memory_order_relaxed);
  uint32_t next;
  do {
    next = (old & ~GLASS_FLAG_SLEEPER) + 2;
  } while (!atomic_compare_exchange_weak_explicit(&f->word, &old, next, memory_order_acq_rel,
                                                  memory_order_relaxed));
  if (unlikely(old & GLASS_FLAG_SLEEPER))
    glass_futex_wake(&f->word, 1);
}

// Wake a sleeping waiter without changing the counter, so it re-runs its poll function. Clearing
// the sleeper bit also stops a waiter that set it but has not yet entered the futex wait.
static inline void glass_flag_poke(glass_flag_t *f) {
  if (atomic_load_explicit(&f->word, memory_order_relaxed) & GLASS_FLAG_SLEEPER) {
    atomic_fetch_and_explicit(&f->word, ~GLASS_FLAG_SLEEPER, memory_order_acq_rel);
    glass_futex_wake(&f->word, 1);
  }
}

// Waiting policy, set from the environment at initialization.
extern uint64_t glass_blocktime_ns; // spin this long before sleeping (UINT64_MAX: never sleep)
extern GLASS_HIDDEN _Atomic bool
    glass_oversubscribed; // more runnable threads than processors: yield in spins
extern GLASS_HIDDEN _Atomic int32_t glass_spin_threads; // the runtime's threads (workers + 1)

// A wait that has spun this long gives its CPU away now and then (every few dozen spins): on a
// loaded machine the thread it waits for may be runnable on the same CPU, and spinning would
// only make it wait for the end of our time slice (milliseconds).
#define GLASS_YIELD_AFTER_NS 50000u

// One spin step of any waiting loop in the runtime.
static inline void glass_spin_pause(void) {
  if (unlikely(atomic_load_explicit(&glass_oversubscribed, memory_order_relaxed)))
    glass_yield();
  else
    glass_cpu_relax();
}

#endif
