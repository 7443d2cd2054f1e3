// clang-format off
// The NVIDIA plugin loads cleanly where there is no GPU and says why there are no devices:
// no driver, a driver that lacks an entry point, cuInit failing, a driver with no GPU. The
// host devices stay, and target regions give the right results on them.
// RUN: %compile-offload
// RUN: %cc -shared -fPIC -I%cuda-src -DFAKE_DRIVER=1 %s -o %t.nogpu.so
// RUN: %cc -shared -fPIC -I%cuda-src -DFAKE_DRIVER=2 %s -o %t.initfails.so
// RUN: %cc -shared -fPIC -DFAKE_DRIVER=3 %s -o %t.partial.so
// RUN: env GLASS_TARGET_PLUGINS=cuda,host LIBOMPTARGET_INFO=0x100 GLASS_CUDA_DRIVER=%t.missing.so %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: env GLASS_TARGET_PLUGINS=cuda,host LIBOMPTARGET_INFO=0x100 GLASS_CUDA_DRIVER=%t.partial.so %run %t 2>&1 | %FileCheck %s --check-prefix=PARTIAL
// RUN: env GLASS_TARGET_PLUGINS=cuda,host LIBOMPTARGET_INFO=0x100 GLASS_CUDA_DRIVER=%t.initfails.so %run %t 2>&1 | %FileCheck %s --check-prefix=INITFAILS
// RUN: env GLASS_TARGET_PLUGINS=cuda,host LIBOMPTARGET_INFO=0x100 GLASS_CUDA_DRIVER=%t.nogpu.so %run %t 2>&1 | %FileCheck %s --check-prefix=NOGPU
// RUN: env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.nogpu.so GLASS_TARGET_HOST_DEVICES=0 %run %t 2>&1 | %FileCheck %s --check-prefix=QUIET
// GLASS_TARGET_PLUGINS picks the plugins and their order (the suite's default is host alone):
// unknown and repeated names are said and skipped; an empty list means every plugin.
// RUN: env GLASS_TARGET_PLUGINS=host,gpu,host,, LIBOMPTARGET_INFO=0x100 %run %t 2>&1 | %FileCheck %s --check-prefix=PICK
// RUN: env GLASS_TARGET_PLUGINS= GLASS_CUDA_DRIVER=%t.missing.so LIBOMPTARGET_INFO=0x100 %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// REQUIRES: offload, cuda-plugin
// clang-format on
#if FAKE_DRIVER == 1 || FAKE_DRIVER == 2
// A driver with every entry point the plugin needs: cuInit succeeds and there is no GPU (1), or
// cuInit fails with CUDA_ERROR_NO_DEVICE (2). Everything else fails.
#include "driver.h"
#include <string.h>
#define FAKE(name, ret, args)                                                                      \
  ret name args {                                                                                  \
    return FAKE_DRIVER == 1 && !strcmp(#name, "cuInit") ? 0 : 999;                                 \
  }
CU_FUNCTIONS(FAKE)
#elif FAKE_DRIVER == 3
// A driver that has cuInit and nothing else.
int cuInit(unsigned flags) {
  return 0;
}
#else
#include <omp.h>
#include <stdio.h>

int main(void) {
  int x[4] = {1, 2, 3, 4};
#pragma omp target map(tofrom : x)
  for (int i = 0; i < 4; i++)
    x[i] *= 10;
  printf("devices %d: %d %d %d %d\n", omp_get_num_devices(), x[0], x[1], x[2], x[3]);
  return 0;
}
#endif
// NONE: omptarget info: plugin cuda loaded from {{.*}}libomptarget.rtl.cuda.so
// NONE: omptarget info: plugin cuda: no CUDA driver ({{.*}}missing.so{{.*}})
// NONE: omptarget info: plugin cuda: 0 device(s)
// NONE: omptarget info: plugin host: 4 device(s)
// NONE: devices 4: 10 20 30 40
// PARTIAL: omptarget info: plugin cuda: the CUDA driver lacks cuDriverGetVersion
// PARTIAL: omptarget info: plugin cuda: 0 device(s)
// PARTIAL: devices 4: 10 20 30 40
// INITFAILS: omptarget info: plugin cuda: cuInit: {{.*}} (999); no devices
// INITFAILS: omptarget info: plugin cuda: 0 device(s)
// INITFAILS: devices 4: 10 20 30 40
// NOGPU: omptarget info: plugin cuda: driver 0.0: no GPU
// NOGPU: omptarget info: plugin cuda: 0 device(s)
// NOGPU: devices 4: 10 20 30 40
// QUIET-NOT: omptarget
// QUIET: devices 0: 10 20 30 40
// PICK-NOT: plugin cuda
// PICK: omptarget info: plugin host: 4 device(s)
// PICK: omptarget error: GLASS_TARGET_PLUGINS: 'gpu' is no plugin (known: cuda, host); skipped
// PICK: omptarget error: GLASS_TARGET_PLUGINS: 'host' is named twice; skipped
// PICK-NOT: plugin cuda
// PICK: devices 4: 10 20 30 40
