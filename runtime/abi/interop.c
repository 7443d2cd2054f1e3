// Interoperability inquiry routines (OpenMP 5.1 §3.12). An interop object comes from the
// `interop` directive, which the offload runtime implements; programs bind these routines here
// (node VERSION), so a non-null object is handed to the offload runtime's definitions (node
// VERS1.0 of libomptarget, Glass's or LLVM's), looked up when first needed. Without one, only
// omp_interop_none can be answered; anything else is "other": not this runtime's.
#define _GNU_SOURCE
#include "glass.h"
#include "interop_props.h"
#include "kmpc.h"
#include <dlfcn.h>
#include <omp.h>

typedef omp_intptr_t (*int_fn)(const omp_interop_t, omp_interop_property_t, int *);
typedef void *(*ptr_fn)(const omp_interop_t, omp_interop_property_t, int *);
typedef const char *(*str_fn)(const omp_interop_t, omp_interop_property_t, int *);

// libomptarget's definition of `name`, or NULL. Only a found one is kept: the offload runtime
// may be loaded after a first miss.
static void *offload_def(const char *name, void **cache) {
  void *fn = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
  if (!fn) {
    fn = dlvsym(RTLD_DEFAULT, name, "VERS1.0");
    __atomic_store_n(cache, fn, __ATOMIC_RELEASE);
  }
  return fn;
}

// The return code when the offload runtime cannot be asked.
static int lookup(const omp_interop_t interop, omp_interop_property_t p) {
  if (!interop_prop(p))
    return omp_irc_out_of_range;
  return interop == omp_interop_none ? omp_irc_empty : omp_irc_other;
}

static void set_rc(int *ret_code, int rc) {
  if (ret_code)
    *ret_code = rc;
}

GLASS_API int omp_get_num_interop_properties(const omp_interop_t interop) {
  return 0; // no implementation-defined properties beyond the required ones
}

// The offload runtime's routine for a non-null object, or NULL after setting the return code.
#define OFFLOAD_QUERY(name, interop, p, ret_code)                                                  \
  ({                                                                                               \
    static void *cache_;                                                                           \
    void *fn_ = (interop) ? offload_def(name, &cache_) : NULL;                                     \
    if (!fn_)                                                                                      \
      set_rc(ret_code, lookup(interop, p));                                                        \
    fn_;                                                                                           \
  })

GLASS_API omp_intptr_t omp_get_interop_int(const omp_interop_t interop, omp_interop_property_t p,
                                           int *ret_code) {
  int_fn fn = OFFLOAD_QUERY("omp_get_interop_int", interop, p, ret_code);
  return fn ? fn(interop, p, ret_code) : 0;
}

GLASS_API void *omp_get_interop_ptr(const omp_interop_t interop, omp_interop_property_t p,
                                    int *ret_code) {
  ptr_fn fn = OFFLOAD_QUERY("omp_get_interop_ptr", interop, p, ret_code);
  return fn ? fn(interop, p, ret_code) : NULL;
}

GLASS_API const char *omp_get_interop_str(const omp_interop_t interop, omp_interop_property_t p,
                                          int *ret_code) {
  str_fn fn = OFFLOAD_QUERY("omp_get_interop_str", interop, p, ret_code);
  return fn ? fn(interop, p, ret_code) : NULL;
}

GLASS_API const char *omp_get_interop_name(const omp_interop_t interop, omp_interop_property_t p) {
  const struct interop_prop *prop = interop_prop(p);
  return prop ? prop->name : NULL;
}

GLASS_API const char *omp_get_interop_type_desc(const omp_interop_t interop,
                                                omp_interop_property_t p) {
  const struct interop_prop *prop = interop_prop(p);
  return prop ? prop->type : NULL;
}

GLASS_API const char *omp_get_interop_rc_desc(const omp_interop_t interop, omp_interop_rc_t rc) {
  switch (rc) {
  case omp_irc_no_value:
    return "the property has no value";
  case omp_irc_success:
    return "success";
  case omp_irc_empty:
    return "the interop object is omp_interop_none";
  case omp_irc_out_of_range:
    return "the property is out of range";
  case omp_irc_type_int:
    return "the property's type is int: use omp_get_interop_int";
  case omp_irc_type_ptr:
    return "the property's type is pointer: use omp_get_interop_ptr";
  case omp_irc_type_str:
    return "the property's type is string: use omp_get_interop_str";
  case omp_irc_other:
    return "the interop object is not a live one of this runtime (destroyed, or not made by "
           "the interop directive)";
  default:
    return "not a return code of the interop routines";
  }
}

// Fortran names: the object and property are passed by reference.
GLASS_FORTRAN_BEGIN
GLASS_API int omp_get_num_interop_properties_(const omp_interop_t *interop) {
  return omp_get_num_interop_properties(*interop);
}
GLASS_API omp_intptr_t omp_get_interop_int_(const omp_interop_t *interop, omp_interop_property_t *p,
                                            int *ret_code) {
  return omp_get_interop_int(*interop, *p, ret_code);
}
GLASS_API void *omp_get_interop_ptr_(const omp_interop_t *interop, omp_interop_property_t *p,
                                     int *ret_code) {
  return omp_get_interop_ptr(*interop, *p, ret_code);
}
GLASS_API const char *omp_get_interop_str_(const omp_interop_t *interop, omp_interop_property_t *p,
                                           int *ret_code) {
  return omp_get_interop_str(*interop, *p, ret_code);
}
GLASS_API const char *omp_get_interop_name_(const omp_interop_t *interop,
                                            omp_interop_property_t *p) {
  return omp_get_interop_name(*interop, *p);
}
GLASS_API const char *omp_get_interop_type_desc_(const omp_interop_t *interop,
                                                 omp_interop_property_t *p) {
  return omp_get_interop_type_desc(*interop, *p);
}
GLASS_API const char *omp_get_interop_rc_desc_(const omp_interop_t *interop, omp_interop_rc_t *rc) {
  return omp_get_interop_rc_desc(*interop, *rc);
}
GLASS_FORTRAN_END
