// Bad input to the interop directive gets a message naming the construct and no crash: a device
// that does not exist leaves the object omp_interop_none (and stops the program under
// OMP_TARGET_OFFLOAD=mandatory; omp_invalid_device always does); use and destroy of
// omp_interop_none, of a destroyed object (through a copy of the handle) and of a pointer to the
// stack do nothing; init over a live object leaves it alone. Under OMP_TARGET_OFFLOAD=disabled
// every object is the initial device's; under mandatory the initial device must be named.
// clang-format off
// RUN: %compile-offload && %run %t 2>&1 | %FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %run %t disabled 2>&1 | %FileCheck %s --check-prefix=DISABLED
// RUN: %not env OMP_TARGET_OFFLOAD=mandatory %run %t mandatory 2>&1 | %FileCheck %s --check-prefix=MANDATORY
// RUN: %not %run %t invalid 2>&1 | %FileCheck %s --check-prefix=INVALID
// RUN: %not env GLASS_TARGET_HOST_DEVICES=0 OMP_TARGET_OFFLOAD=mandatory %run %t nodevice 2>&1 | %FileCheck %s --check-prefix=NODEVICE
// REQUIRES: offload
// clang-format on
#include <omp.h>
#include <stdio.h>
#include <string.h>

// The entry point clang calls, for what the directive cannot express.
void __tgt_interop_init(void *loc, int gtid, omp_interop_t *obj, int type, int device, int ndeps,
                        void *deps, int nowait);

static int device_of(omp_interop_t obj) {
  int rc;
  int dev = (int)omp_get_interop_int(obj, omp_ipr_device_num, &rc);
  return rc == omp_irc_success ? dev : 1000 + rc;
}

static void disabled(void) {
  omp_interop_t a = omp_interop_none, b = omp_interop_none;
#pragma omp interop init(targetsync : a) device(0)
#pragma omp interop init(target : b) device(3)
  printf("disabled: devices %d, objects on %d %d\n", omp_get_num_devices(), device_of(a),
         device_of(b));
#pragma omp interop destroy(a)
#pragma omp interop destroy(b)
}

static void mandatory(void) {
  omp_interop_t a = omp_interop_none;
#pragma omp interop init(targetsync : a) device(0)
  printf("mandatory: object on %d\n", device_of(a));
  omp_interop_t b = omp_interop_none;
  int dev = 99;
#pragma omp interop init(targetsync : b) device(dev)
  printf("not reached\n");
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0); // one stream order for stdout and stderr
  const char *mode = argc > 1 ? argv[1] : "";
  if (!strcmp(mode, "disabled")) {
    disabled();
    return 0;
  }
  if (!strcmp(mode, "mandatory"))
    mandatory();
  if (!strcmp(mode, "nodevice")) {
    omp_interop_t a = omp_interop_none, b = omp_interop_none;
#pragma omp interop init(target : a) device(0)
    printf("no device: named initial device %d\n", device_of(a));
#pragma omp interop init(target : b)
    printf("not reached\n");
  }
  omp_interop_t obj = omp_interop_none;
  int dev = omp_invalid_device;
  if (!strcmp(mode, "invalid")) {
#pragma omp interop init(target : obj) device(dev)
    printf("not reached\n");
  }
  dev = 99;
#pragma omp interop init(target : obj) device(dev)
  printf("device 99: none %d\n", obj == omp_interop_none);
  dev = -5;
#pragma omp interop init(target : obj) device(dev)
  printf("device -5: none %d\n", obj == omp_interop_none);
  dev = omp_get_initial_device();
#pragma omp interop init(target : obj) device(dev)
  printf("initial device: on %d\n", device_of(obj));
#pragma omp interop init(targetsync : obj) device(2)
  printf("init over a live object: on %d\n", device_of(obj));
#pragma omp interop use(obj) device(1)
  omp_interop_t copy = obj;
#pragma omp interop destroy(obj)
#pragma omp interop destroy(obj)
#pragma omp interop use(copy)
  printf("copy of a destroyed object: %d\n", device_of(copy));
#pragma omp interop destroy(copy)
  int local = 7;
  omp_interop_t bogus = (omp_interop_t)&local;
#pragma omp interop use(bogus)
#pragma omp interop destroy(bogus)
  printf("stack pointer: %d, left %d, local %d\n", device_of(bogus), bogus == (void *)&local,
         local);
  omp_interop_t none = omp_interop_none;
#pragma omp interop use(none)
  __tgt_interop_init(NULL, 0, &obj, 3, -1, 0, NULL, 0);
  __tgt_interop_init(NULL, 0, NULL, 1, -1, 0, NULL, 0);
  printf("type 3: none %d\n", obj == omp_interop_none);
  printf("done\n");
  return 0;
}
// clang-format off
// CHECK: omptarget error: {{.*}}interop_bad.c:{{[0-9]+}}:{{[0-9]+}} (main): interop init: device 99 does not exist (devices are 0 to 3, 4 is the host); the object stays omp_interop_none
// CHECK-NEXT: device 99: none 1
// CHECK-NEXT: omptarget error: {{.*}}: interop init: device -5 does not exist
// CHECK-NEXT: device -5: none 1
// CHECK-NEXT: initial device: on 4
// CHECK-NEXT: omptarget error: {{.*}}: interop init: the variable holds a live object (destroy it first); left as it is
// CHECK-NEXT: init over a live object: on 4
// CHECK-NEXT: omptarget error: {{.*}}: interop use: device(1) is not the object's device 4; the object's is used
// CHECK-NEXT: omptarget error: {{.*}}: interop destroy: the object is omp_interop_none; nothing done
// CHECK-NEXT: omptarget error: {{.*}}: interop use: [[COPY:0x[0-9a-f]+]] is not a live interop object (destroyed, or not made by the interop directive); nothing done
// CHECK-NEXT: copy of a destroyed object: 994
// CHECK-NEXT: omptarget error: {{.*}}: interop destroy: [[COPY]] is not a live interop object
// CHECK-NEXT: omptarget error: {{.*}}: interop use: [[BOGUS:0x[0-9a-f]+]] is not a live interop object
// CHECK-NEXT: omptarget error: {{.*}}: interop destroy: [[BOGUS]] is not a live interop object
// CHECK-NEXT: stack pointer: 994, left 1, local 7
// CHECK-NEXT: omptarget error: {{.*}}: interop use: the object is omp_interop_none; nothing done
// CHECK-NEXT: omptarget error: unknown location: interop init: interop type 3 is neither target (1) nor targetsync (2); the object stays omp_interop_none
// CHECK-NEXT: omptarget error: unknown location: interop init: no interop variable
// CHECK-NEXT: type 3: none 1
// CHECK-NEXT: done
// DISABLED: disabled: devices 0, objects on 0 0
// MANDATORY: mandatory: object on 0
// MANDATORY-NEXT: omptarget fatal error: {{.*}}interop_bad.c:{{[0-9]+}}:{{[0-9]+}} (mandatory): interop init: device 99 does not exist and OMP_TARGET_OFFLOAD is mandatory
// MANDATORY-NOT: not reached
// INVALID: omptarget fatal error: {{.*}}interop_bad.c:{{[0-9]+}}:{{[0-9]+}} (main): interop init: device number is omp_invalid_device
// INVALID-NOT: not reached
// NODEVICE: no device: named initial device 0
// NODEVICE-NEXT: omptarget fatal error: {{.*}}interop_bad.c:{{[0-9]+}}:{{[0-9]+}} (main): interop init: device 0 is the initial device, reached because there is no device, and OMP_TARGET_OFFLOAD is mandatory
// NODEVICE-NOT: not reached
