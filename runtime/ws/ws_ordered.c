// ordered regions (__kmpc_ordered/__kmpc_end_ordered) and doacross loops
// (__kmpc_doacross_{init,wait,post,fini}).
//
// Ordered: the loop's slot holds the index of the iteration whose turn it is; a member waits
// for its iteration's turn and passes it on (ws_dispatch.c). Doacross: the slot holds one bit
// per iteration of the collapsed nest; post sets a bit, wait waits for one.
#include "ws_impl.h"
#include "cancel.h"
#include "kmpc.h"

#include <stdlib.h>

static inline uint64_t ordered_wait_id(glass_ws_member_t *m) {
  return m->slot ? (uint64_t)(uintptr_t)m->slot : (uint64_t)(uintptr_t)m;
}

// With a tool: the events straight to the tool, and the wait state around a wait. A member
// with no slot (a team of one) has nobody to wait for: glass_ws_ordered_wait would return at
// once, so neither the state nor the call is needed. Tail-called by __kmpc_ordered (which has
// no frame of its own): the return address is the user's call site.
static GLASS_NOINLINE void ordered_slow(glass_thread_t *th, glass_ws_member_t *m) {
  void *codeptr = GLASS_CODEPTR();
  uint64_t wid = ordered_wait_id(m);
  if (OMPT_ON(mutex_acquire))
    OMPT_CALL(mutex_acquire, ompt_mutex_ordered, 0, 0, wid, codeptr);
  if (m->slot) {
    int prior = th->ompt_state;
    OMPT_WAIT_STATE(th, ompt_state_wait_ordered, wid);
    glass_ws_ordered_wait(th, m);
    OMPT_WAIT_STATE(th, prior, 0);
    (void)prior;
  }
  if (OMPT_ON(mutex_acquired))
    OMPT_CALL(mutex_acquired, ompt_mutex_ordered, wid, codeptr);
  (void)codeptr;
}

#define ORDERED_EVENTS (OMPT_BIT(mutex_acquire) | OMPT_BIT(mutex_acquired))

// Not our turn yet (tail-called): spin, then sleep.
static GLASS_NOINLINE void ordered_wait(glass_thread_t *th, glass_ws_member_t *m) {
  glass_ws_ordered_wait(th, m);
}

// With a tool (tail-called): the events if wanted, the wait state around a wait.
static GLASS_NOINLINE void ordered_traced(glass_thread_t *th) {
  glass_ws_member_t *m = glass_ws_member(th);
  if (OMPT_ANY(ORDERED_EVENTS) || m->slot) {
    ordered_slow(th, m);
    return;
  }
  glass_ws_ordered_wait(th, m);
}

// Frameless: a team of one returns after one test (and the tool's branch); in a team, one load
// and compare when the turn is already ours.
GLASS_API GLASS_FASTPATH void __kmpc_ordered(ident_t *loc, int32_t gtid) {
  glass_thread_t *th = glass_self();
  if (OMPT_ACTIVE()) {
    ordered_traced(th);
    return;
  }
  if (likely(th->team->nthreads == 1))
    return;
  glass_ws_member_t *m = glass_ws_member(th);
  if (likely(glass_ws_ordered_turn(m)))
    return;
  ordered_wait(th, m);
}

// The same for the end (tail-called): pass the turn on, then the event.
static GLASS_NOINLINE void end_ordered_traced(glass_ws_member_t *m) {
  glass_ws_ordered_pass(m);
  OMPT_CALL(mutex_released, ompt_mutex_ordered, ordered_wait_id(m), GLASS_CODEPTR());
}

// A team of one has no turn to pass (dispatch_fini does not look at ord_done there).
GLASS_API GLASS_FASTPATH void __kmpc_end_ordered(ident_t *loc, int32_t gtid) {
  glass_thread_t *th = glass_tls_self;
  if (unlikely(!th))
    return; // a thread the runtime never saw is in no ordered loop
  if (OMPT_ON(mutex_released)) {
    end_ordered_traced(glass_ws_member(th));
    return;
  }
  if (likely(th->team->nthreads == 1))
    return;
  glass_ws_ordered_pass(glass_ws_member(th));
}

// ---------------------------------------------------------------------------------------------
// Doacross.

struct kmp_dim {
  int64_t lo, up, st;
};

GLASS_API void __kmpc_doacross_init(ident_t *loc, int32_t gtid, int32_t ndims,
                                    const kmp_dim_t *dims) {
  glass_thread_t *th = glass_self();
  glass_team_t *team = th->team;
  glass_ws_member_t *m = glass_ws_member(th);
  if (ndims < 1 || !dims) {
    glass_warn("__kmpc_doacross_init: %d loop dimensions; dependences ignored", ndims);
    ndims = 0;
  }
  glass_free(m->dim_info);
  m->dim_info = ndims ? glass_zalloc(sizeof(int64_t) * 3 * (size_t)ndims) : NULL;
  m->dims = ndims;
  uint64_t total = 1;
  for (int32_t d = 0; d < ndims; d++) {
    uint64_t trip = glass_ws_trip((uint64_t)dims[d].lo, (uint64_t)dims[d].up, dims[d].st, true);
    m->dim_info[3 * d] = dims[d].lo;
    m->dim_info[3 * d + 1] = dims[d].st;
    m->dim_info[3 * d + 2] = (int64_t)trip;
    if (__builtin_mul_overflow(total, trip, &total))
      total = UINT64_MAX;
  }
  m->dx_slot = NULL;
  if (team->nthreads == 1 || ndims == 0)
    return;
  m->dx_slot = glass_ws_slot_enter(team, m);
  if (!m->dx_slot)
    return; // cancelled region: no dependences to wait for
  if (atomic_load_explicit(&m->dx_slot->deps, memory_order_acquire))
    return;
  size_t words = total / 32 + 1;
  uint32_t *bits = glass_zalloc(words * sizeof(uint32_t));
  if (!bits) {
    glass_warn("__kmpc_doacross_init: no memory for %llu iterations", (unsigned long long)total);
    return;
  }
  uint32_t *expected = NULL;
  if (!atomic_compare_exchange_strong_explicit(&m->dx_slot->deps, &expected, bits,
                                               memory_order_acq_rel, memory_order_acquire))
    glass_free(bits);
}

// Linear index of an iteration vector; false when it lies outside the iteration space (a sink
// there is ignored, as OpenMP says).
static bool linear_index(const glass_ws_member_t *m, const int64_t *vec, uint64_t *out) {
  uint64_t idx = 0;
  for (int32_t d = 0; d < m->dims; d++) {
    int64_t lo = m->dim_info[3 * d], st = m->dim_info[3 * d + 1];
    uint64_t trip = (uint64_t)m->dim_info[3 * d + 2];
    int64_t off = (int64_t)((uint64_t)vec[d] - (uint64_t)lo);
    if (st == 0 || (st > 0 ? off < 0 : off > 0) || off % st != 0)
      return false;
    uint64_t k = (uint64_t)(off / st);
    if (k >= trip)
      return false;
    idx = idx * trip + k;
  }
  *out = idx;
  return true;
}

#if GLASS_OMPT
// depend(sink) or depend(source) of an in-bounds iteration: one dependence per loop dimension,
// the iteration number in that dimension (as libomp reports), for the implicit task.
static GLASS_NOINLINE void doacross_event(glass_thread_t *th, const glass_ws_member_t *m,
                                          const int64_t *vec, ompt_dependence_type_t type) {
  ompt_dependence_t stackbuf[8] = {0};
  ompt_dependence_t *v = m->dims <= 8 ? stackbuf : malloc(sizeof(*v) * (size_t)m->dims);
  if (!v)
    return;
  for (int32_t d = 0; d < m->dims; d++) {
    int64_t lo = m->dim_info[3 * d], st = m->dim_info[3 * d + 1];
    v[d].variable.value = (uint64_t)((int64_t)((uint64_t)vec[d] - (uint64_t)lo) / st);
    v[d].dependence_type = type;
  }
  OMPT_CALL(dependences, &th->task->ompt_data, v, m->dims);
  if (v != stackbuf)
    free(v);
}
#define DOACROSS_EVENT(th, m, vec, type)                                                           \
  do {                                                                                             \
    if (OMPT_ON(dependences))                                                                      \
      doacross_event(th, m, vec, type);                                                            \
  } while (0)
#else
#define DOACROSS_EVENT(th, m, vec, type) ((void)0)
#endif

typedef struct {
  _Atomic uint32_t *word;
  uint32_t bit;
} dep_wait_t;

static bool dep_posted(void *arg) {
  dep_wait_t *w = arg;
  return (atomic_load_explicit(w->word, memory_order_acquire) & w->bit) ||
         glass_cancel_parallel_now(); // the source may have left the region
}

// Waits until iteration idx of the doacross loop has posted its source.
static void doacross_wait_posted(glass_thread_t *th, glass_ws_member_t *m, uint64_t idx) {
  uint32_t *bits;
  while (!(bits = atomic_load_explicit(&m->dx_slot->deps, memory_order_acquire)))
    glass_spin_pause(); // the member that allocates is between its enter and its publish
  dep_wait_t w = {(_Atomic uint32_t *)&bits[idx / 32], 1u << (idx % 32)};
  if (dep_posted(&w))
    return;
  int prior = th->ompt_state;
  OMPT_WAIT_STATE(th, ompt_state_wait_ordered, (uintptr_t)m->dx_slot);
  glass_ws_evc_wait(&m->dx_slot->turn, dep_posted, &w);
  OMPT_WAIT_STATE(th, prior, 0);
  (void)prior;
}

// The calling member of a doacross loop and vec's iteration index; NULL outside such a loop
// or for an iteration outside its space.
static glass_ws_member_t *doacross_member(glass_thread_t *th, const int64_t *vec, uint64_t *idx) {
  glass_ws_member_t *m = glass_ws_member(th);
  return m->dims && linear_index(m, vec, idx) ? m : NULL;
}

GLASS_API void __kmpc_doacross_wait(ident_t *loc, int32_t gtid, const int64_t *vec) {
  glass_thread_t *th = glass_self();
  uint64_t idx;
  glass_ws_member_t *m = doacross_member(th, vec, &idx);
  if (!m)
    return;
  if (m->dx_slot) // else a team of one: every earlier iteration is done
    doacross_wait_posted(th, m, idx);
  // 5.1 §2.19.9: the doacross-sink event comes after the dependence is fulfilled.
  DOACROSS_EVENT(th, m, vec, ompt_dependence_type_sink);
}

GLASS_API void __kmpc_doacross_post(ident_t *loc, int32_t gtid, const int64_t *vec) {
  glass_thread_t *th = glass_self();
  uint64_t idx;
  glass_ws_member_t *m = doacross_member(th, vec, &idx);
  if (!m)
    return;
  DOACROSS_EVENT(th, m, vec, ompt_dependence_type_source);
  if (!m->dx_slot)
    return;
  uint32_t *bits;
  while (!(bits = atomic_load_explicit(&m->dx_slot->deps, memory_order_acquire)))
    glass_spin_pause();
  atomic_fetch_or_explicit((_Atomic uint32_t *)&bits[idx / 32], 1u << (idx % 32),
                           memory_order_seq_cst);
  glass_ws_evc_signal(&m->dx_slot->turn);
}

GLASS_API void __kmpc_doacross_fini(ident_t *loc, int32_t gtid) {
  glass_thread_t *th = glass_self();
  glass_ws_member_t *m = glass_ws_member(th);
  if (m->dx_slot)
    glass_ws_slot_depart(th->team, m->dx_slot);
  m->dx_slot = NULL;
  glass_free(m->dim_info);
  m->dim_info = NULL;
  m->dims = 0;
}
