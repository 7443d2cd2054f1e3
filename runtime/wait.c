// Spin-then-sleep waiting on a glass_flag_t.
#include "wait.h"
#include "icv.h"

uint64_t glass_blocktime_ns = 200ull * 1000 * 1000;
_Atomic bool glass_oversubscribed;
_Atomic int32_t glass_spin_threads;

// Reading the clock costs more than a pause, so check it every few spins only.
#define CLOCK_EVERY 64

// A waiter counted in `sleepers` naps rather than sleeps: producers read the count without a
// fence, so a push at the instant the waiter goes to sleep may poke nobody. The first nap is
// 1 ms (the race can only happen as the waiter goes to sleep), doubling to 256 ms while nothing
// happens, so a missed poke costs a millisecond and an idle thread wakes a few times a second.
#define NAP_FIRST_NS (1000ull * 1000)
#define NAP_MAX_NS   (256ull * 1000 * 1000)

// With many more threads than processors, every nap costs a context switch that takes a
// processor from threads that work: naps grow with the number of threads per processor beyond
// 4, up to 16 times (10,000 idle workers on 2 processors: from 16 ms to 4 s instead of from 1 ms
// to 256 ms). A missed poke then costs more, but only on a machine that is mostly waiting.
static int32_t nap_scale(void) {
  int32_t per_proc =
      atomic_load_explicit(&glass_spin_threads, memory_order_relaxed) / (glass_nprocs * 4);
  return per_proc < 1 ? 1 : per_proc < 16 ? per_proc : 16;
}

static void sleep_until(glass_flag_t *f, uint32_t target, const glass_waiter_t *w) {
  int32_t scale = nap_scale();
  uint64_t nap = NAP_FIRST_NS * (uint64_t)scale, nap_max = NAP_MAX_NS * (uint64_t)scale;
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
      nap = nap < nap_max / 2 ? 2 * nap : nap_max;
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

// The spin budget of one wait. With more threads than processors the spinners share the
// processors: each spins for its share of the block time, so that together they spin about as
// long as the block time on every processor. (10,000 idle workers on 2 processors used to spin
// 200 ms each, yielding to one another, and starved the thread that was creating them.)
static uint64_t spin_limit(bool oversubscribed) {
  uint64_t limit = glass_blocktime_ns;
  if (likely(!oversubscribed) || limit == UINT64_MAX)
    return limit;
  int32_t threads = atomic_load_explicit(&glass_spin_threads, memory_order_relaxed);
  return threads > glass_nprocs ? limit / (uint64_t)threads * (uint64_t)glass_nprocs : limit;
}

void glass_flag_wait(glass_flag_t *f, uint32_t target, const glass_waiter_t *w) {
  bool oversubscribed = atomic_load_explicit(&glass_oversubscribed, memory_order_relaxed);
  uint64_t start = 0;
  uint64_t limit = spin_limit(oversubscribed);
  // Each spin of an oversubscribed wait yields, which may take as long as the other runnable
  // threads' time slices: then the clock is read at every spin.
  unsigned every = oversubscribed ? 1 : CLOCK_EVERY;
  for (unsigned i = 1; limit != 0; i++) {
    if (glass_flag_test(f, target))
      return;
    if (w && w->poll && w->poll(w->arg)) {
      start = 0;
      continue;
    }
    glass_spin_pause();
    if (i % every == 0) {
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
