// clang-format off
// OMP_TARGET_OFFLOAD, GLASS_TARGET_HOST_DEVICES, a missing plugin and LIBOMPTARGET_INFO.
// Without devices a target region runs on the host (it changes the host's own copy of a
// declare-target global); with them, the device's copy.
// RUN: %compile-offload
// RUN: %run %t | %FileCheck %s --check-prefix=DEFAULT
// RUN: env OMP_TARGET_OFFLOAD=disabled %run %t | %FileCheck %s --check-prefix=HOST
// RUN: env GLASS_TARGET_HOST_DEVICES=0 %run %t | %FileCheck %s --check-prefix=HOST
// RUN: env GLASS_TARGET_HOST_DEVICES=2 %run %t | %FileCheck %s --check-prefix=TWO
// RUN: %not env GLASS_TARGET_HOST_DEVICES=0 OMP_TARGET_OFFLOAD=mandatory %run %t 2>&1 | %FileCheck %s --check-prefix=MANDATORY
// RUN: env LIBOMPTARGET_INFO=-1 %run %t 2>&1 | %FileCheck %s --check-prefix=INFO
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %libdir/libomptarget.so.22.1 %t.dir/
// RUN: env LD_LIBRARY_PATH=%t.dir:%libdir LIBOMPTARGET_INFO=0x100 timeout 60 %t 2>&1 | %FileCheck %s --check-prefix=NOPLUGIN
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int where = 0;
#pragma omp end declare target

int main(void) {
  printf("devices %d\n", omp_get_num_devices());
  #pragma omp target
  where = 1;
  printf("host copy %d\n", where);
  return 0;
}
// DEFAULT: devices 4
// DEFAULT: host copy 0
// HOST: devices 0
// HOST: host copy 1
// TWO: devices 2
// TWO: host copy 0
// MANDATORY: omptarget fatal error: {{.*}}policy_env.c:{{[0-9]+}}{{.*}}target: device 0 is not available (0 device(s)) and OMP_TARGET_OFFLOAD is mandatory
// INFO: omptarget info: registered image 0
// INFO: omptarget info: plugin host loaded from {{.*}}libomptarget.rtl.host.so
// INFO: omptarget info: plugin host: 4 device(s)
// INFO: omptarget device 0 info: initialised (host plugin, type x86_64-host)
// INFO: omptarget device 0 info: loaded image 0
// INFO: omptarget device 0 info: launching kernel
// INFO: host copy 0
// NOPLUGIN: omptarget info: plugin host not loaded: {{.*}}libomptarget.rtl.host.so
// NOPLUGIN: omptarget info: plugin host: 0 device(s)
// NOPLUGIN: devices 0
// NOPLUGIN: host copy 1
