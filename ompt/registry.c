// Callback registration and the host lookup function, generated from callbacks.def and
// entrypoints.def.
#include "ompt-internal.h"
#include "ompt-entry.h"

#include <string.h>

_Alignas(GLASS_CACHE) uint64_t glass_ompt_mask;
glass_ompt_callbacks_t glass_ompt_cb;

// Callbacks registered so far; glass_ompt_mask holds them while its active bit is set (from the
// initializer's successful return until finalization). A plain word read and written only
// through the __atomic builtins, like glass_ompt_mask (clang rejects them on _Atomic objects).
static uint64_t registered;

// Sets or clears an event's bit in the published mask, unless the interface is inactive. Lock
// free (a tool may call ompt_set_callback from any thread, at any time, and fork() may come
// in between): a publish or unpublish racing with this either happened first (the CAS sees
// it) or reads `registered` after this thread's update.
static void mask_update(uint64_t bit, bool on) {
  uint64_t old = __atomic_load_n(&glass_ompt_mask, __ATOMIC_SEQ_CST);
  for (;;) {
    if (!(old & GLASS_OMPT_ACTIVE_BIT))
      return;
    uint64_t next = on ? old | bit : old & ~bit;
    if (next == old || __atomic_compare_exchange_n(&glass_ompt_mask, &old, next, false,
                                                   __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      return;
  }
}

// A callback is stored before its bit is set and its bit cleared before NULL is stored; an
// emitter that tested the bit just before the change still loads the entry once and skips a
// NULL (OMPT_CALL), and a replaced function may still receive the events already under way on
// other threads (a tool keeps a function it registered callable for the process's life).
static void store_entry(ompt_callbacks_t which, ompt_callback_t callback) {
  switch ((int)which) {
#define GLASS_OMPT_CALLBACK(name, id, type, ans)                                                   \
  case id:                                                                                         \
    __atomic_store_n(&glass_ompt_cb.name, (type)callback, __ATOMIC_RELEASE);                       \
    break;
#include "callbacks.def"
#undef GLASS_OMPT_CALLBACK
  }
}

static ompt_set_result_t answer(ompt_callbacks_t which) {
  switch ((int)which) {
#define GLASS_OMPT_CALLBACK(name, id, type, ans)                                                   \
  case id:                                                                                         \
    return ompt_set_##ans;
#include "callbacks.def"
#undef GLASS_OMPT_CALLBACK
  default:
    return ompt_set_error;
  }
}

ompt_set_result_t glass_ompt_set_callback(ompt_callbacks_t which, ompt_callback_t callback) {
  ompt_set_result_t result = answer(which);
  if (result == ompt_set_error)
    return ompt_set_error;
  // Only events this runtime delivers get an enable bit: the others cost nothing.
  uint64_t bit = 1ull << which;
  bool deliverable = result == ompt_set_always || result == ompt_set_sometimes ||
                     result == ompt_set_sometimes_paired;
  if (callback && deliverable) {
    store_entry(which, callback);
    __atomic_fetch_or(&registered, bit, __ATOMIC_SEQ_CST);
    mask_update(bit, true);
  } else {
    __atomic_fetch_and(&registered, ~bit, __ATOMIC_SEQ_CST);
    mask_update(bit, false);
    store_entry(which, callback);
  }
  return result;
}

int glass_ompt_get_callback(ompt_callbacks_t which, ompt_callback_t *callback) {
  ompt_callback_t cb = NULL;
  switch ((int)which) {
#define GLASS_OMPT_CALLBACK(name, id, type, ans)                                                   \
  case id:                                                                                         \
    cb = (ompt_callback_t)__atomic_load_n(&glass_ompt_cb.name, __ATOMIC_ACQUIRE);                  \
    break;
#include "callbacks.def"
#undef GLASS_OMPT_CALLBACK
  default:
    return 0;
  }
  if (!cb || !(__atomic_load_n(&registered, __ATOMIC_SEQ_CST) & (1ull << which)))
    return 0;
  if (callback)
    *callback = cb;
  return 1;
}

// Published again until `registered` holds still: a registration on another thread that read
// the mask before this store (and so left it alone) is taken in by the next round.
void glass_ompt_publish(bool active) {
  if (!active) {
    glass_ompt_unpublish();
    return;
  }
  uint64_t r = __atomic_load_n(&registered, __ATOMIC_SEQ_CST), again;
  for (;; r = again) {
    __atomic_store_n(&glass_ompt_mask, r | GLASS_OMPT_ACTIVE_BIT, __ATOMIC_SEQ_CST);
    again = __atomic_load_n(&registered, __ATOMIC_SEQ_CST);
    if (again == r)
      return;
  }
}

void glass_ompt_unpublish(void) {
  __atomic_store_n(&glass_ompt_mask, 0, __ATOMIC_SEQ_CST);
}

static const struct {
  const char *name;
  ompt_interface_fn_t fn;
} entry_points[] = {
#define GLASS_OMPT_ENTRY(name) {"ompt_" #name, (ompt_interface_fn_t)glass_ompt_##name},
#include "entrypoints.def"
#undef GLASS_OMPT_ENTRY
};

ompt_interface_fn_t glass_ompt_lookup(const char *name) {
  if (!name)
    return NULL;
  for (size_t i = 0; i < sizeof(entry_points) / sizeof(*entry_points); i++)
    if (strcmp(entry_points[i].name, name) == 0)
      return entry_points[i].fn;
  return NULL;
}

const char *glass_ompt_callback_name(int which) {
  switch (which) {
#define GLASS_OMPT_CALLBACK(name, id, type, ans)                                                   \
  case id:                                                                                         \
    return "ompt_callback_" #name;
#include "callbacks.def"
#undef GLASS_OMPT_CALLBACK
  default:
    return NULL;
  }
}
