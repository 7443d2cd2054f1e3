// Spin-then-sleep waiting on a glass_flag_t.
#include "wait.h"

uint64_t glass_blocktime_ns = 200ull * 1000 * 1000;
_Atomic bool glass_oversubscribed;

// Reading the clock costs more than a pause, so check it every few spins only.
#define CLOCK_EVERY 64

// A waiter counted in `sleepers` naps rather than sleeps: producers read the count without a
// fence, so a push at the instant the waiter goes to sleep may poke nobody. The first nap is
// 1 ms (the race can only happen as the waiter goes to sleep), doubling to 256 ms while nothing
// happens, so a missed poke costs a millisecond and an idle thread wakes a few times a second.
#define NAP_FIRST_NS (1000ull * 1000)
#define NAP_MAX_NS (256ull * 1000 * 1000)

static void sleep_until(glass_flag_t *f, uint32_t target, const glass_waiter_t *w) {
  uint64_t nap = NAP_FIRST_NS;
  for (;;) {
    uint32_t v = atomic_load_explicit(&f->word, memory_order_acquire);
    if (glass_flag_reached(v, target))
      return;
    // Counted before the bit is set: a producer that sees the count 0 pokes nobody.
    _Atomic int32_t *sl = w ? w->sleepers : NULL;
    if (sl)
      atomic_fetch_add_explicit(sl, 1, memory_order_seq_cst);
    if (!(v & GLASS_FLAG_SLEEPER)) {
      if (!atomic_compare_exchange_strong_explicit(&f->word, &v, v | GLASS_FLAG_SLEEPER,
                                                   memory_order_acq_rel, memory_order_acquire)) {
        if (sl)
          atomic_fetch_sub_explicit(sl, 1, memory_order_relaxed);
        continue;
      }
      v |= GLASS_FLAG_SLEEPER;
    }
    // Work made available before its producer could see the count got no poke: look once more
    // (after a full fence: polls may start with plain loads).
    atomic_thread_fence(memory_order_seq_cst);
    if (w && w->poll && w->poll(w->arg)) {
      if (sl)
        atomic_fetch_sub_explicit(sl, 1, memory_order_relaxed);
      continue;
    }
    if (sl) {
      glass_futex_wait_for(&f->word, v, nap);
      nap = nap < NAP_MAX_NS ? 2 * nap : NAP_MAX_NS;
      atomic_fetch_sub_explicit(sl, 1, memory_order_relaxed);
    } else {
      glass_futex_wait(&f->word, v);
    }
    // A poke wakes us without a counter change: give the poll function a chance, then spin
    // again for the block time before sleeping anew.
    if (w && w->poll && !glass_flag_test(f, target)) {
      while (w->poll(w->arg))
        if (glass_flag_test(f, target))
          return;
    }
  }
}

void glass_flag_wait(glass_flag_t *f, uint32_t target, const glass_waiter_t *w) {
  uint64_t start = 0;
  uint64_t limit = glass_blocktime_ns;
  for (unsigned i = 1; limit != 0; i++) {
    if (glass_flag_test(f, target))
      return;
    if (w && w->poll && w->poll(w->arg)) {
      start = 0;
      continue;
    }
    glass_spin_pause();
    if (i % CLOCK_EVERY == 0) {
      uint64_t now = glass_now_ns();
      if (!start)
        start = now;
      else if (now - start >= limit)
        break;
      else if (now - start >= GLASS_YIELD_AFTER_NS)
        glass_yield(); // the thread we wait for may be waiting for our CPU
    }
  }
  if (w && w->poll)
    while (w->poll(w->arg))
      if (glass_flag_test(f, target))
        return;
  sleep_until(f, target, w);
}
