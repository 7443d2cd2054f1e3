// Interop inquiry routines on the host: omp_interop_none has no property; property names and
// types are the spec's; bad property numbers are out of range; without an offload runtime a
// non-null object is "other" (nothing can read it); Fortran names agree.
// RUN: %compile && %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int omp_get_num_interop_properties_(const omp_interop_t *);
omp_intptr_t omp_get_interop_int_(const omp_interop_t *, omp_interop_property_t *, int *);
const char *omp_get_interop_name_(const omp_interop_t *, omp_interop_property_t *);

int main(void) {
  omp_interop_t none = omp_interop_none;
  printf("props=%d\n", omp_get_num_interop_properties(none));
  // CHECK: props=0
  for (int p = omp_ipr_first; p < 0; p++)
    printf("%d %s %s\n", p, omp_get_interop_name(none, p), omp_get_interop_type_desc(none, p));
  // CHECK-NEXT: -9 targetsync void *
  // CHECK-NEXT: -8 device_context void *
  // CHECK-NEXT: -7 device void *
  // CHECK-NEXT: -6 platform void *
  // CHECK-NEXT: -5 device_num int
  // CHECK-NEXT: -4 vendor_name const char *
  // CHECK-NEXT: -3 vendor int
  // CHECK-NEXT: -2 fr_name const char *
  // CHECK-NEXT: -1 fr_id omp_interop_fr_t
  int rc = 99;
  omp_intptr_t v = omp_get_interop_int(none, omp_ipr_device_num, &rc);
  printf("int: %ld rc=%d (%s)\n", (long)v, rc, omp_get_interop_rc_desc(none, rc));
  // CHECK-NEXT: int: 0 rc=-1 (the interop object is omp_interop_none)
  void *ptr = omp_get_interop_ptr(none, omp_ipr_device, &rc);
  printf("ptr: %p rc=%d\n", ptr, rc);
  // CHECK-NEXT: ptr: (nil) rc=-1
  const char *s = omp_get_interop_str(none, omp_ipr_vendor_name, &rc);
  printf("str: %s rc=%d\n", s ? s : "null", rc);
  // CHECK-NEXT: str: null rc=-1
  omp_get_interop_int(none, (omp_interop_property_t)-10, &rc);
  printf("out of range: rc=%d name=%s\n", rc,
         omp_get_interop_name(none, (omp_interop_property_t)3) ? "set" : "null");
  // CHECK-NEXT: out of range: rc=-2 name=null
  int local = 0;
  omp_interop_t foreign = (omp_interop_t)&local;
  v = omp_get_interop_int(foreign, omp_ipr_device_num, &rc);
  printf("foreign: %ld rc=%d; out of range rc=", (long)v, rc);
  omp_get_interop_ptr(foreign, (omp_interop_property_t)0, &rc);
  printf("%d\n", rc);
  // CHECK-NEXT: foreign: 0 rc=-6; out of range rc=-2
  omp_get_interop_int(none, omp_ipr_fr_id, NULL); // a NULL ret_code is allowed
  omp_interop_property_t p = omp_ipr_vendor;
  printf("fortran: %d %ld %s\n", omp_get_num_interop_properties_(&none),
         (long)omp_get_interop_int_(&none, &p, &rc), omp_get_interop_name_(&none, &p));
  // CHECK-NEXT: fortran: 0 0 vendor
  return 0;
}
