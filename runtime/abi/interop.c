// Interoperability inquiry routines (OpenMP 5.1 §3.12). An interop object comes from the
// `interop` directive, which the offload runtime implements; the host runtime alone only ever
// sees omp_interop_none, for which every property is empty. A non-null object is answered as
// "other": this runtime did not create it and cannot read it.
#include "glass.h"
#include "kmpc.h"
#include <omp.h>

// The required properties, indexed by -property - 1 (omp_ipr_fr_id == -1 ... targetsync == -9).
static const struct {
  const char *name;
  const char *type; // the spec's description of the value's type
} props[] = {
    {"fr_id", "omp_interop_fr_t"},
    {"fr_name", "const char *"},
    {"vendor", "int"},
    {"vendor_name", "const char *"},
    {"device_num", "int"},
    {"platform", "void *"},
    {"device", "void *"},
    {"device_context", "void *"},
    {"targetsync", "void *"},
};
#define NPROPS ((int)(sizeof(props) / sizeof(props[0])))

static bool prop_valid(omp_interop_property_t p) {
  return p < 0 && -(int)p <= NPROPS;
}

// The return code for any property of this interop object.
static int lookup(const omp_interop_t interop, omp_interop_property_t p) {
  if (!prop_valid(p))
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

GLASS_API omp_intptr_t omp_get_interop_int(const omp_interop_t interop, omp_interop_property_t p,
                                           int *ret_code) {
  set_rc(ret_code, lookup(interop, p));
  return 0;
}

GLASS_API void *omp_get_interop_ptr(const omp_interop_t interop, omp_interop_property_t p,
                                    int *ret_code) {
  set_rc(ret_code, lookup(interop, p));
  return NULL;
}

GLASS_API const char *omp_get_interop_str(const omp_interop_t interop, omp_interop_property_t p,
                                          int *ret_code) {
  set_rc(ret_code, lookup(interop, p));
  return NULL;
}

GLASS_API const char *omp_get_interop_name(const omp_interop_t interop, omp_interop_property_t p) {
  return prop_valid(p) ? props[-(int)p - 1].name : NULL;
}

GLASS_API const char *omp_get_interop_type_desc(const omp_interop_t interop,
                                                omp_interop_property_t p) {
  return prop_valid(p) ? props[-(int)p - 1].type : NULL;
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
    return "the property is not an integer";
  case omp_irc_type_ptr:
    return "the property is not a pointer";
  case omp_irc_type_str:
    return "the property is not a string";
  case omp_irc_other:
  default:
    return "the interop object was not created by this runtime";
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
