// The runtime's one waiting module (wait.h): spin policy, then futex sleep with a wake-up that
// cannot be lost. No wait sleeps with a timeout: every sleeper is woken by whoever changes what
// it waits for.
#define _GNU_SOURCE
#include "wait.h"
#include "icv.h"
#include "stats.h"

#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

_Atomic uint64_t glass_blocktime_ns = 200ull * 1000 * 1000;
_Atomic bool glass_blocktime_chosen;
_Atomic bool glass_oversubscribed;
_Atomic int32_t glass_spin_threads;
int32_t glass_cpus = 1;
int32_t glass_cpu_quota_seen;
bool glass_membarrier_ok;

// Reading the clock costs more than a pause, so check it every few spins only.
#define CLOCK_EVERY 64

// ---------------------------------------------------------------------------------------------
// Spin policy.

// This thread's yield threshold (ns), adapted by glass_spin_end.
static __thread uint32_t yield_after __attribute__((tls_model("initial-exec"))) =
    GLASS_YIELD_AFTER_NS;

// The spin budget of one wait. With more threads than processors the spinners share the
// processors: each spins for its share of the block time, so that together they spin about as
// long as the block time on every processor. (10,000 idle workers on 2 processors used to spin
// 200 ms each, yielding to one another, and starved the thread that was creating them.)
// Without a block time of the user's choosing, an oversubscribed wait spins briefly
// (GLASS_OVERSUB_SPIN_NS) and sleeps: spinning waiters, even yielding ones, are runnable
// threads that the scheduler shares the processors with, and under load they take time slices
// from the threads they wait for.
static uint64_t spin_limit(bool oversubscribed) {
  uint64_t limit = glass_blocktime();
  if (likely(!oversubscribed) || limit == UINT64_MAX)
    return limit;
  if (!atomic_load_explicit(&glass_blocktime_chosen, memory_order_relaxed))
    return GLASS_OVERSUB_SPIN_NS < limit ? GLASS_OVERSUB_SPIN_NS : limit;
  int32_t threads = atomic_load_explicit(&glass_spin_threads, memory_order_relaxed);
  return threads > glass_cpus ? limit / (uint64_t)threads * (uint64_t)glass_cpus : limit;
}

void glass_spin_begin(glass_spin_t *s) {
  bool oversubscribed = atomic_load_explicit(&glass_oversubscribed, memory_order_relaxed);
  s->start = 0;
  s->limit = spin_limit(oversubscribed);
  s->i = 0;
  // Each spin of an oversubscribed wait yields, which may take as long as the other runnable
  // threads' time slices: then the clock is read at every spin.
  s->every = oversubscribed ? 1 : CLOCK_EVERY;
  s->yielded = s->any_yield = false;
}

bool glass_spin_step(glass_spin_t *s) {
  s->yielded = false;
  if (s->limit == 0)
    return false;
  glass_spin_pause();
  if (++s->i % s->every != 0)
    return true;
  uint64_t now = glass_now_ns();
  if (!s->start) {
    s->start = now;
    return true;
  }
  uint64_t spent = now - s->start;
  if (spent >= s->limit)
    return false;
  if (spent >= yield_after) {
    glass_yield(); // the thread we wait for may be waiting for our CPU
    s->yielded = s->any_yield = true;
  }
  return true;
}

// A wait that ends right after a yield had a waker that needed our CPU (on a machine with a
// CPU to spare, sched_yield returns at once and the wait goes on): yield sooner next time. One
// that ends while still spinning had a waker running elsewhere: spin longer again.
void glass_spin_end(glass_spin_t *s) {
  uint32_t y = yield_after;
  if (s->yielded)
    y = y / 2 > GLASS_YIELD_MIN_NS ? y / 2 : GLASS_YIELD_MIN_NS;
  else if (!s->any_yield && s->start)
    y = y * 2 < GLASS_YIELD_AFTER_NS ? y * 2 : GLASS_YIELD_AFTER_NS;
  yield_after = y;
}

// ---------------------------------------------------------------------------------------------
// Publication fences.

void glass_wait_init(void) {
  int quota = glass_cpu_quota();
  glass_cpu_quota_seen = quota;
  glass_cpus = quota > 0 && quota < glass_nprocs ? quota : glass_nprocs;
  long cmds = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
  glass_membarrier_ok =
      cmds > 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
      syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
}

void glass_sleeper_fence(void) {
  atomic_thread_fence(memory_order_seq_cst);
  if (likely(glass_membarrier_ok) &&
      syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0)
    glass_membarrier_ok = false; // cannot happen once registered; producers fence from now on
}

// ---------------------------------------------------------------------------------------------
// Single-waiter flags.

static inline bool finished(glass_flag_t *f, uint32_t target, const glass_waiter_t *w) {
  if (w && w->done)
    return w->done(w->arg);
  return glass_flag_test(f, target);
}

// Sleeps once: returns after a wake-up (or at once when the wait is over or the poll found work).
// The sleeper bit goes on after the waiter counted itself in *sleepers (a producer that reads
// the count 0 pokes nobody) and after it published its flag (w->publish); then a full fence
// (a process-wide one for counted waiters, see wait.h), one more look at the condition and the
// work, and the futex wait on the exact word that carries the bit: a signal, bump or poke after
// the look changes or clears the word, so the futex wait returns at once.
static void sleep_once(glass_flag_t *f, uint32_t target, const glass_waiter_t *w) {
  uint32_t v = atomic_load_explicit(&f->word, memory_order_acquire);
  if (finished(f, target, w))
    return;
  _Atomic int32_t *sl = w ? w->sleepers : NULL;
  _Atomic(glass_flag_t *) *pub = w ? w->publish : NULL;
  if (pub)
    atomic_store_explicit(pub, f, memory_order_seq_cst);
  if (sl)
    atomic_fetch_add_explicit(sl, 1, memory_order_seq_cst);
  bool armed = true;
  if (!(v & GLASS_FLAG_SLEEPER)) {
    armed = atomic_compare_exchange_strong_explicit(&f->word, &v, v | GLASS_FLAG_SLEEPER,
                                                    memory_order_seq_cst, memory_order_acquire);
    v |= GLASS_FLAG_SLEEPER;
  }
  if (armed) {
    if (sl)
      glass_sleeper_fence();
    else
      atomic_thread_fence(memory_order_seq_cst);
    if (!finished(f, target, w) && !(w && w->poll && w->poll(w->arg)))
      glass_futex_wait(&f->word, v);
  }
  if (sl)
    atomic_fetch_sub_explicit(sl, 1, memory_order_relaxed);
  if (pub)
    atomic_store_explicit(pub, NULL, memory_order_relaxed);
}

void glass_flag_wait(glass_flag_t *f, uint32_t target, const glass_waiter_t *w) {
  glass_spin_t s;
  glass_spin_begin(&s);
  for (;;) {
    if (finished(f, target, w)) {
      glass_spin_end(&s);
      return;
    }
    if (w && w->poll && w->poll(w->arg)) {
      glass_spin_restart(&s);
      continue;
    }
    if (glass_spin_step(&s))
      continue;
    // A poke wakes us without a counter change: the loop polls again, and spins for the block
    // time again before the next sleep.
    sleep_once(f, target, w);
    glass_spin_begin(&s);
  }
}

// ---------------------------------------------------------------------------------------------
// Multi-waiter words and event counts.

// With more threads than processors a tree reduction's waiters sleep after a few yields: the
// tree's levels wait on one another, and spinning waiters would take the processors from the
// members that still combine.
#define WORD_SPINS_OVERSUBSCRIBED 16

void glass_word_wait(_Atomic uint32_t *w, uint32_t want) {
  glass_spin_t s;
  glass_spin_begin(&s);
  uint32_t max = atomic_load_explicit(&glass_oversubscribed, memory_order_relaxed)
                     ? WORD_SPINS_OVERSUBSCRIBED
                     : UINT32_MAX;
  while (s.i < max && glass_spin_step(&s))
    if ((atomic_load_explicit(w, memory_order_acquire) & ~GLASS_FLAG_SLEEPER) == want) {
      glass_spin_end(&s);
      return;
    }
  for (;;) {
    uint32_t v = atomic_load_explicit(w, memory_order_acquire);
    if ((v & ~GLASS_FLAG_SLEEPER) == want)
      return;
    if (!(v & GLASS_FLAG_SLEEPER) &&
        !atomic_compare_exchange_weak_explicit(w, &v, v | GLASS_FLAG_SLEEPER, memory_order_acq_rel,
                                               memory_order_acquire))
      continue;
    glass_futex_wait(w, v | GLASS_FLAG_SLEEPER);
  }
}

static bool evc_sleep(_Atomic uint32_t *epoch, _Atomic uint32_t *sleepers, glass_cond_fn cond,
                      void *arg) {
  atomic_fetch_add_explicit(sleepers, 1, memory_order_seq_cst);
  uint32_t e = atomic_load_explicit(epoch, memory_order_seq_cst);
  bool ok = cond(arg);
  if (!ok)
    glass_futex_wait(epoch, e);
  atomic_fetch_sub_explicit(sleepers, 1, memory_order_relaxed);
  return ok || cond(arg);
}

void glass_evc_wait_slow(_Atomic uint32_t *epoch, _Atomic uint32_t *sleepers, glass_cond_fn cond,
                         void *arg) {
  glass_spin_t s;
  glass_spin_begin(&s);
  while (glass_spin_step(&s))
    if (cond(arg)) {
      glass_spin_end(&s);
      return;
    }
  while (!evc_sleep(epoch, sleepers, cond, arg))
    ;
}
