// Waits with several waiters on one word (ordered turns, doacross dependences, busy slots): the
// waiting module's event count (wait.c), spinning by its policy before it sleeps on the epoch
// counter that a signaller bumps only when somebody sleeps. Each waiter re-tests its own
// condition, so one word serves all of them.
#include "ws_impl.h"

void glass_ws_evc_wait_slow(glass_ws_evc_t *e, glass_ws_cond_fn cond, void *arg) {
  glass_evc_wait_slow(&e->epoch, &e->sleepers, cond, arg);
}
