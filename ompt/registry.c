// Callback registration and the host lookup function, generated from callbacks.def and
// entrypoints.def.
#include "ompt-internal.h"
#include "ompt-entry.h"

#include <string.h>

_Alignas(GLASS_CACHE) uint64_t glass_ompt_mask;
glass_ompt_callbacks_t glass_ompt_cb;

// Callbacks registered so far; becomes glass_ompt_mask when the initializer returns non-zero.
static uint64_t registered;
static bool published;

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
  switch ((int)which) {
#define GLASS_OMPT_CALLBACK(name, id, type, ans)                                                   \
  case id:                                                                                         \
    glass_ompt_cb.name = (type)callback;                                                           \
    break;
#include "callbacks.def"
#undef GLASS_OMPT_CALLBACK
  }
  // Only events this runtime delivers get an enable bit: the others cost nothing.
  uint64_t bit = 1ull << which;
  bool deliverable = result == ompt_set_always || result == ompt_set_sometimes ||
                     result == ompt_set_sometimes_paired;
  if (callback && deliverable)
    registered |= bit;
  else
    registered &= ~bit;
  if (published)
    __atomic_store_n(&glass_ompt_mask, registered | GLASS_OMPT_ACTIVE_BIT, __ATOMIC_RELEASE);
  return result;
}

int glass_ompt_get_callback(ompt_callbacks_t which, ompt_callback_t *callback) {
  ompt_callback_t cb = NULL;
  switch ((int)which) {
#define GLASS_OMPT_CALLBACK(name, id, type, ans)                                                   \
  case id:                                                                                         \
    cb = (ompt_callback_t)glass_ompt_cb.name;                                                      \
    break;
#include "callbacks.def"
#undef GLASS_OMPT_CALLBACK
  default:
    return 0;
  }
  if (!cb || !(registered & (1ull << which)))
    return 0;
  if (callback)
    *callback = cb;
  return 1;
}

void glass_ompt_publish(bool active) {
  published = active;
  __atomic_store_n(&glass_ompt_mask, active ? registered | GLASS_OMPT_ACTIVE_BIT : 0,
                   __ATOMIC_RELEASE);
}

void glass_ompt_unpublish(void) {
  published = false;
  __atomic_store_n(&glass_ompt_mask, 0, __ATOMIC_RELEASE);
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
