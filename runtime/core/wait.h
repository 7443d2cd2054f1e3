// Waiting, once: every wait in the runtime spins by one policy (glass_spin_*: the block time
// from KMP_BLOCKTIME / OMP_WAIT_POLICY, yielding early when the thread it waits for may need
// our CPU), then sleeps on a futex with a wake-up that cannot be lost. docs/internals-waiting.md.
//
// Three kinds of words to sleep on:
// - glass_flag_t: one waiter. The word holds an even counter; bit 0 says "a waiter may be
//   asleep on this word", so a signaller only makes a futex syscall when someone sleeps.
// - glass_word_*: a small value several waiters wait to see (bit 0 the same sleeper bit).
// - glass_evc_*: an event count for waiters that each test their own condition.
#ifndef GLASS_WAIT_H
#define GLASS_WAIT_H

#include "platform.h"

// ---------------------------------------------------------------------------------------------
// Spin policy.

// Spin this long before sleeping (ns; UINT64_MAX: never sleep). kmp_set_blocktime and
// kmp_set_library change it while other threads wait: relaxed, as it orders nothing else and a
// wait may start with the old value.
extern GLASS_HIDDEN _Atomic uint64_t glass_blocktime_ns;

static inline uint64_t glass_blocktime(void) {
  return atomic_load_explicit(&glass_blocktime_ns, memory_order_relaxed);
}

// Whether the block time was chosen (KMP_BLOCKTIME, OMP_WAIT_POLICY, kmp_set_blocktime,
// kmp_set_library): a chosen one is kept when oversubscribed, the default is not (spin_limit).
extern GLASS_HIDDEN _Atomic bool glass_blocktime_chosen;

static inline void glass_set_blocktime(uint64_t ns) {
  atomic_store_explicit(&glass_blocktime_ns, ns, memory_order_relaxed);
  atomic_store_explicit(&glass_blocktime_chosen, true, memory_order_relaxed);
}
extern GLASS_HIDDEN _Atomic bool
    glass_oversubscribed; // more runnable threads than processors: yield in spins
extern GLASS_HIDDEN _Atomic int32_t glass_spin_threads; // the runtime's threads (workers + 1)
// The processors our threads can run on at once: the affinity mask's count (glass_nprocs),
// lowered by a cgroup's CPU quota (glass_wait_init). More threads than this is oversubscribed.
extern GLASS_HIDDEN int32_t glass_cpus;
extern GLASS_HIDDEN int32_t glass_cpu_quota_seen; // glass_cpu_quota at initialization (0: none)

// Oversubscribed with the default block time, a wait spins this long (yielding) before it
// sleeps, instead of its share of 200 ms: the threads that have work get the processors rather
// than waiters that yield to them one time slice at a time. libomp sleeps at once then (a block
// time of 0); here that was slower (each such wait pays a futex wake, and a task-polling
// waiter a process-wide fence): docs/internals-waiting.md has the measurements.
#define GLASS_OVERSUB_SPIN_NS 50000u

// A wait that has spun this long gives its CPU away now and then: on a loaded machine the
// thread it waits for may be runnable on the same CPU, and spinning would only make it wait
// for the end of our time slice (milliseconds). Each thread lowers its own threshold (down to
// GLASS_YIELD_MIN_NS) when its waits keep ending right after a yield (the waker needed our
// CPU), and raises it again when they end while it spins.
#define GLASS_YIELD_AFTER_NS 50000u
#define GLASS_YIELD_MIN_NS   2000u

typedef struct glass_spin {
  uint64_t start; // first clock reading (0: not yet)
  uint64_t limit; // spin budget of this wait (ns; UINT64_MAX: never sleep)
  uint32_t i;     // spins so far
  uint32_t every; // read the clock every this many spins
  bool yielded;   // the last step yielded the CPU
  bool any_yield; // some step of this wait yielded
} glass_spin_t;

void glass_spin_begin(glass_spin_t *s);
// One spin step (pause, or yield). False once the block time is spent: time to sleep.
bool glass_spin_step(glass_spin_t *s);
// The waiter did some work: the block-time clock starts again.
static inline void glass_spin_restart(glass_spin_t *s) {
  s->start = 0;
}
// The wait ended without sleeping: adapts the thread's yield threshold.
void glass_spin_end(glass_spin_t *s);

// One spin step of a loop that keeps no policy state (short bounded waits).
static inline void glass_spin_pause(void) {
  if (unlikely(atomic_load_explicit(&glass_oversubscribed, memory_order_relaxed)))
    glass_yield();
  else
    glass_cpu_relax();
}

// ---------------------------------------------------------------------------------------------
// Publication fences between producers of work and sleepers that poll for it. A producer
// publishes work with plain stores and then reads a sleeper count; a sleeper increments the
// count, then polls. Either side needs a full fence between its store and its load, or both may
// miss. The producer's side is the hot one (every task push), so it gets a compiler barrier
// only, and the sleeper's side a process-wide barrier (membarrier, which makes every running
// thread of the process execute a full fence) before its last poll. Without membarrier (old
// kernels, seccomp) the producer fences.

extern GLASS_HIDDEN bool glass_membarrier_ok;
void glass_wait_init(void); // registers for membarrier (init.c)

// Producer: between publishing work and reading a sleeper count.
static inline void glass_publish_fence(void) {
  if (likely(glass_membarrier_ok))
    atomic_signal_fence(memory_order_seq_cst);
  else
    atomic_thread_fence(memory_order_seq_cst);
}
// Sleeper: between counting itself and its last poll before the futex wait.
void glass_sleeper_fence(void);

// ---------------------------------------------------------------------------------------------
// Single-waiter flags.

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
  // the work `poll` looks for test one word (after glass_publish_fence) before they look for
  // sleepers to poke.
  _Atomic int32_t *sleepers;
  // When not NULL, the wait ends when done(arg) is true (the flag's counter is then only the
  // word to sleep on), and *publish holds the flag while the waiter may sleep: whoever makes
  // done true then reads *publish (both sides seq_cst) and bumps the flag it finds.
  glass_poll_fn done;
  _Atomic(glass_flag_t *) *publish;
} glass_waiter_t;

// Wait until the flag's counter reaches target (an even number), or until w->done.
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

// Advance the counter by one step and wake a sleeping waiter. seq_cst (the same instruction as
// acq_rel on x86): a wake that follows a seq_cst store of the waiter's condition needs the
// compare-and-swap in the single total order (glass_task_wake_waiter).
static inline void glass_flag_bump(glass_flag_t *f) {
  uint32_t old = atomic_load_explicit(&f->word, memory_order_relaxed);
  uint32_t next;
  do {
    next = (old & ~GLASS_FLAG_SLEEPER) + 2;
  } while (!atomic_compare_exchange_weak_explicit(&f->word, &old, next, memory_order_seq_cst,
                                                  memory_order_relaxed));
  if (unlikely(old & GLASS_FLAG_SLEEPER))
    glass_futex_wake(&f->word, 1);
}

// Wake a sleeping waiter without changing the counter, so it re-runs its poll function. Clearing
// the sleeper bit also stops a waiter that set it but has not yet entered the futex wait. The
// caller has fenced (seq_cst) after publishing the work and before this load.
static inline void glass_flag_poke(glass_flag_t *f) {
  if (atomic_load_explicit(&f->word, memory_order_relaxed) & GLASS_FLAG_SLEEPER) {
    atomic_fetch_and_explicit(&f->word, ~GLASS_FLAG_SLEEPER, memory_order_acq_rel);
    glass_futex_wake(&f->word, 1);
  }
}

// ---------------------------------------------------------------------------------------------
// A word several threads wait to see equal to a value (tree reductions: a parent and its child
// both wait on the child's word). Values are even; bit 0 is the sleeper bit.

void glass_word_wait(_Atomic uint32_t *w, uint32_t want);
static inline void glass_word_set(_Atomic uint32_t *w, uint32_t value) {
  uint32_t old = atomic_exchange_explicit(w, value, memory_order_acq_rel);
  if (unlikely(old & GLASS_FLAG_SLEEPER))
    glass_futex_wake(w, INT32_MAX);
}

// ---------------------------------------------------------------------------------------------
// Event count: waiters sleep on `epoch` after counting themselves in `sleepers` and testing
// their condition once more; whoever makes a condition true calls glass_evc_signal after the
// store that did (seq_cst, or followed by a seq_cst fence).

typedef bool (*glass_cond_fn)(void *arg);
void glass_evc_wait_slow(_Atomic uint32_t *epoch, _Atomic uint32_t *sleepers, glass_cond_fn cond,
                         void *arg);
static inline void glass_evc_signal(_Atomic uint32_t *epoch, _Atomic uint32_t *sleepers) {
  atomic_thread_fence(memory_order_seq_cst);
  if (unlikely(atomic_load_explicit(sleepers, memory_order_relaxed))) {
    atomic_fetch_add_explicit(epoch, 1, memory_order_seq_cst);
    glass_futex_wake(epoch, INT32_MAX);
  }
}

#endif
