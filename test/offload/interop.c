// The interop directive on host devices: target and targetsync objects, every property through
// the three value routines (libomp hands a non-null object to libomptarget), the return codes,
// `use` ordered after a `target nowait` by their dependences, destroy resetting the variable,
// and LIBOMPTARGET_INFO's lines. Built without -fopenmp-targets (linked with -lomptarget), the
// directive works the same on the host devices.
// RUN: %compile-offload && %run %t | %FileCheck %s
// RUN: env LIBOMPTARGET_INFO=1 %run %t 2>&1 | %FileCheck %s --check-prefix=INFO
// RUN: %cc %flags %s -lomptarget -o %t.plain && %run %t.plain | %FileCheck %s
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>

static const char *rc_name(int rc) {
  static const char *names[] = {"other",        "type_str", "type_ptr", "type_int",
                                "out_of_range", "empty",    "success",  "no_value"};
  return rc >= -6 && rc <= 1 ? names[rc + 6] : "?";
}

// Every property through every routine: the value when the routine fits, else the type error.
static void show(omp_interop_t obj) {
  for (int p = omp_ipr_first - 1; p <= omp_get_num_interop_properties(obj); p++) {
    int ri = 7, rp = 7, rs = 7;
    omp_intptr_t i = omp_get_interop_int(obj, p, &ri);
    void *ptr = omp_get_interop_ptr(obj, p, &rp);
    const char *s = omp_get_interop_str(obj, p, &rs);
    const char *name = omp_get_interop_name(obj, p);
    printf("%s: int %ld %s; ptr %s %s; str %s %s\n", name ? name : "(none)", (long)i, rc_name(ri),
           ptr == obj && ptr ? "self"
           : ptr             ? "other"
                             : "null",
           rc_name(rp), s ? s : "null", rc_name(rs));
  }
}

int main(void) {
  omp_interop_t sync = omp_interop_none, tgt = omp_interop_none;
  int x = 0;
#pragma omp interop init(targetsync : sync) device(1)
#pragma omp interop init(target : tgt)
  printf("made %d %d\n", sync != omp_interop_none, tgt != omp_interop_none);
  // CHECK: made 1 1
  printf("properties %d\n", omp_get_num_interop_properties(sync));
  // CHECK-NEXT: properties 0
  show(sync);
  // CHECK-NEXT: (none): int 0 out_of_range; ptr null out_of_range; str null out_of_range
  // CHECK-NEXT: targetsync: int 0 type_ptr; ptr self success; str null type_ptr
  // CHECK-NEXT: device_context: int 0 type_ptr; ptr null no_value; str null type_ptr
  // CHECK-NEXT: device: int 0 type_ptr; ptr null no_value; str null type_ptr
  // CHECK-NEXT: platform: int 0 type_ptr; ptr null no_value; str null type_ptr
  // CHECK-NEXT: device_num: int 1 success; ptr null type_int; str null type_int
  // CHECK-NEXT: vendor_name: int 0 type_str; ptr null type_str; str null no_value
  // CHECK-NEXT: vendor: int 0 no_value; ptr null type_int; str null type_int
  // CHECK-NEXT: fr_name: int 0 type_str; ptr null type_str; str null no_value
  // CHECK-NEXT: fr_id: int 0 no_value; ptr null type_int; str null type_int
  // CHECK-NEXT: (none): int 0 out_of_range; ptr null out_of_range; str null out_of_range
  show(tgt);
  // CHECK-NEXT: (none): int 0 out_of_range
  // CHECK-NEXT: targetsync: int 0 type_ptr; ptr null no_value; str null type_ptr
  // CHECK: device_num: int 0 success;
  // CHECK: (none): int 0 out_of_range
  for (int rc = omp_irc_other; rc <= omp_irc_no_value; rc++)
    printf("%s: %s\n", rc_name(rc), omp_get_interop_rc_desc(sync, rc));
    // CHECK-NEXT: other: the interop object is not a live one of this runtime
    // CHECK-NEXT: type_str: the property's type is string: use omp_get_interop_str
    // CHECK-NEXT: type_ptr: the property's type is pointer: use omp_get_interop_ptr
    // CHECK-NEXT: type_int: the property's type is int: use omp_get_interop_int
    // CHECK-NEXT: out_of_range: the property is out of range
    // CHECK-NEXT: empty: the interop object is omp_interop_none
    // CHECK-NEXT: success: success
    // CHECK-NEXT: no_value: the property has no value

    // The target task may run on another thread at any time; use waits for it.
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target nowait depend(inout : x) map(tofrom : x) device(1)
    x += 41;
#pragma omp interop use(sync) depend(inout : x)
    printf("after use %d\n", x);
  }
  // CHECK-NEXT: after use 41
#pragma omp interop use(tgt) device(0)
#pragma omp interop destroy(sync) nowait
#pragma omp interop destroy(tgt) depend(in : x)
  printf("none %d %d\n", sync == omp_interop_none, tgt == omp_interop_none);
  // CHECK-NEXT: none 1 1
  int rc;
  omp_get_interop_int(sync, omp_ipr_device_num, &rc);
  printf("after destroy %s\n", rc_name(rc));
  // CHECK-NEXT: after destroy empty
  return 0;
}
// clang-format off
// INFO: omptarget device 1 info: interop init (targetsync) at {{.*}}interop.c:{{[0-9]+}}:{{[0-9]+}} (main): object [[S:0x[0-9a-f]+]]
// INFO: omptarget device 0 info: interop init (target) at {{.*}}interop.c:{{.*}}: object [[T:0x[0-9a-f]+]]
// INFO: omptarget device 1 info: interop use (targetsync) at {{.*}}interop.c:{{.*}}: object [[S]]
// INFO: omptarget device 0 info: interop use (target) at {{.*}}: object [[T]]
// INFO: omptarget device 1 info: interop destroy (targetsync) at {{.*}}: object [[S]]
// INFO: omptarget device 0 info: interop destroy (target) at {{.*}}: object [[T]]
