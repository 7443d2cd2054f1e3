// Waits with several waiters on one word (ordered turns, doacross dependences, busy slots):
// spin for the block time, then sleep on an epoch counter that a signaller bumps only when
// somebody sleeps. Each waiter re-tests its own condition, so one word serves all of them.
#include "ws_impl.h"

#define CLOCK_EVERY 64

static bool sleep_once(glass_ws_evc_t *e, glass_ws_cond_fn cond, void *arg) {
  atomic_fetch_add_explicit(&e->sleepers, 1, memory_order_seq_cst);
  uint32_t epoch = atomic_load_explicit(&e->epoch, memory_order_seq_cst);
  bool ok = cond(arg);
  if (!ok)
    glass_futex_wait(&e->epoch, epoch);
  atomic_fetch_sub_explicit(&e->sleepers, 1, memory_order_relaxed);
  return ok || cond(arg);
}

void glass_ws_evc_wait_slow(glass_ws_evc_t *e, glass_ws_cond_fn cond, void *arg) {
  uint64_t start = 0;
  uint64_t limit = glass_blocktime_ns;
  for (unsigned i = 1; limit != 0; i++) {
    if (cond(arg))
      return;
    glass_spin_pause();
    if (i % CLOCK_EVERY == 0 && limit != UINT64_MAX) {
      uint64_t now = glass_now_ns();
      if (!start)
        start = now;
      else if (now - start >= limit)
        break;
    }
  }
  while (!sleep_once(e, cond, arg))
    ;
}
