// The interop properties OpenMP 5.1 requires (Table 3.1): name, the type the spec gives the
// value, and which inquiry routine reads it. libomp answers the names and types itself;
// libomptarget, which creates the objects, answers the values. Header-only: the two are
// separate shared libraries (common/ is on no installed include path).
#pragma once
#include <omp.h>
#include <stdbool.h>

enum interop_kind { INTEROP_INT, INTEROP_PTR, INTEROP_STR };

struct interop_prop {
  const char *name;
  const char *type; // the spec's description of the value's type
  enum interop_kind kind;
};

// Indexed by -property - 1 (omp_ipr_fr_id == -1 ... omp_ipr_targetsync == -9).
static const struct interop_prop interop_props[] = {
    {"fr_id", "omp_interop_fr_t", INTEROP_INT},
    {"fr_name", "const char *", INTEROP_STR},
    {"vendor", "int", INTEROP_INT},
    {"vendor_name", "const char *", INTEROP_STR},
    {"device_num", "int", INTEROP_INT},
    {"platform", "void *", INTEROP_PTR},
    {"device", "void *", INTEROP_PTR},
    {"device_context", "void *", INTEROP_PTR},
    {"targetsync", "void *", INTEROP_PTR},
};

// No implementation-defined properties: the valid ids are omp_ipr_first .. -1.
static inline const struct interop_prop *interop_prop(omp_interop_property_t p) {
  int i = -(int)p - 1;
  return i >= 0 && i < (int)(sizeof interop_props / sizeof *interop_props) ? &interop_props[i]
                                                                           : (void *)0;
}

// The type error that tells the caller which routine reads the property.
static inline int interop_type_rc(enum interop_kind k) {
  return k == INTEROP_INT   ? omp_irc_type_int
         : k == INTEROP_PTR ? omp_irc_type_ptr
                            : omp_irc_type_str;
}
