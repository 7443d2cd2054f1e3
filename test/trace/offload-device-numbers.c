// clang-format off
// Device trace records of a device numbered 64 and above (the tool once kept 64 devices and
// silently left the others untraced): with the CUDA plugin on its stand-in driver (one device,
// number 0) and 64 host devices after it (numbers 1 to 64), target regions on devices 1 and 64
// each leave a kernel record on their own device's track, "device 1" and "device 64", and
// nothing is attributed to another device. Device numbers above 65535 or below 0 are not kept,
// with a message (docs/tracing.md); no runtime hands those out.
// REQUIRES: offload, ompt, cuda-plugin
// RUN: %cc -shared -fPIC -I%cuda-src %S/../offload/Inputs/cuda_mock.c -o %t.mock.so
// RUN: %compile-offload
// RUN: env GLASS_TARGET_PLUGINS=cuda,host GLASS_TARGET_HOST_DEVICES=64 GLASS_CUDA_DRIVER=%t.mock.so GLASS_CUPTI_LIBRARY=%t.mock.so GLASS_TRACE_DEVICE=all GLASS_TRACE_FORMAT=both %trace-run %t 2>&1 | %FileCheck %s
// RUN: python3 %S/Inputs/check_device.py %t --slack-us 1000 | %FileCheck --check-prefix=DEV %s
// RUN: %check-pftrace %t --json --device-tracks 2 --count "device: kernel=2"
// RUN: %check-trace %t --count "device: kernel=2" --count kernel=2
// clang-format on
#include <omp.h>
#include <stdio.h>

int main(void) {
  int on[2] = {0, 0}, dev[2] = {1, 64};
  for (int i = 0; i < 2; i++) {
    int x = 0;
#pragma omp target device(dev[i]) map(from : x)
    x = omp_is_initial_device() ? 1 : 2; // 2: ran on the (host) device
    on[i] = x;
  }
  printf("devices %d: %d %d\n", omp_get_num_devices(), on[0], on[1]);
  return 0;
}
// CHECK-NOT: glass-trace: device
// CHECK: devices 65: 2 2
// DEV: device 1: 1 kernel(s), 0 copies to (0 bytes), 1 from (4 bytes)
// DEV-NEXT: device 1: at most 1 record(s) at once
// DEV-NEXT: device 64: 1 kernel(s), 0 copies to (0 bytes), 1 from (4 bytes)
// DEV-NEXT: device 64: at most 1 record(s) at once
// DEV-NOT: check_device
