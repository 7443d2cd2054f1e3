// clang-format off
// Device lanes from device trace records: with GLASS_TRACE_DEVICE=all the host devices trace
// too (libomptarget times their kernels and copies), and with the CUDA plugin on the stand-in
// driver (test/offload/Inputs/cuda_mock.c: copies only) device 0 traces by default. Each record
// is a slice "device: kernel <loc>" or "device: copy to/from device <loc>" on the track "device
// N", naming the target construct that issued it (target_id, location, not before it); the
// summary's "device (trace records)" table has the device time per kernel and transfer and the
// bytes per direction. Without the setting the host devices are not traced.
// REQUIRES: offload, ompt
// RUN: %compile-offload
// RUN: env GLASS_TRACE_DEVICE=all GLASS_TRACE_FORMAT=json %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --count "device: kernel=2" --count kernel=2 --count "device: copy to device=4"
// RUN: python3 %S/Inputs/check_device.py %t | %FileCheck --check-prefix=HOST %s
// RUN: %FileCheck --check-prefix=SUM %s < %t.txt
// RUN: env GLASS_TRACE_FORMAT=json %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --count "device: kernel=0" --count kernel=2
// RUN: env GLASS_TRACE_DEVICE=sometimes GLASS_TRACE_FORMAT=json %trace-run %t 2>&1 | %FileCheck --check-prefix=BAD %s
// REQUIRES: cuda-plugin
// RUN: %cc -shared -fPIC -I%cuda-src %S/../offload/Inputs/cuda_mock.c -o %t.mock.so
// RUN: %compile-offload -DDATA_ONLY -o %t.data
// RUN: env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.mock.so GLASS_CUPTI_LIBRARY=%t.mock.so GLASS_TRACE_FORMAT=json %trace-run %t.data | %FileCheck %s --check-prefix=DATA
// RUN: %check-trace %t --count "device: copy to device=2" --count "device: copy from device=2"
// RUN: python3 %S/Inputs/check_device.py %t | %FileCheck --check-prefix=MOCK %s
// RUN: %FileCheck --check-prefix=MOCKSUM %s < %t.txt
// clang-format on
#include <stdio.h>

int main(void) {
  static int a[1000];
#ifndef DATA_ONLY
  long s = 0;
  for (int k = 0; k < 2; k++) {
#pragma omp target map(tofrom : a) map(tofrom : s)
    for (int i = 0; i < 1000; i++)
      s += a[i] + 1;
  }
  printf("s=%ld\n", s);
#else
#pragma omp target enter data map(to : a)
#pragma omp target update from(a)
#pragma omp target update to(a[0 : 10])
#pragma omp target exit data map(from : a)
  printf("data done\n");
#endif
  return 0;
}
// CHECK: s=2000
// HOST: device 0: 2 kernel(s), 4 copies to (8016 bytes), 4 from (8016 bytes)
// SUM: device (trace records)         location                    count   device ms    mean us          bytes
// SUM-NEXT: copy to device                 {{offload-device[^ ]+}}             4 {{.*}} 8016
// SUM-NEXT: kernel                         {{offload-device[^ ]+}}             2
// SUM-NEXT: copy from device               {{offload-device[^ ]+}}             4 {{.*}} 8016
// SUM-NEXT: all copies to device           -                               - {{.*}} 8016
// SUM-NEXT: all copies from device         -                               - {{.*}} 8016
// BAD: glass-trace: GLASS_TRACE_DEVICE=sometimes is not auto, all or off; using auto
// BAD: s=2000
// DATA: data done
// MOCK: device 0: 0 kernel(s), 2 copies to (4040 bytes), 2 from (8000 bytes)
// MOCKSUM: device (trace records)
// MOCKSUM-NEXT: copy to device                 {{offload-device[^ ]+}}             1 {{.*}} 4000
// MOCKSUM-NEXT: copy from device               {{offload-device[^ ]+}}             1 {{.*}} 4000
// MOCKSUM-NEXT: copy to device                 {{offload-device[^ ]+}}             1 {{.*}} 40
// MOCKSUM-NEXT: copy from device               {{offload-device[^ ]+}}             1 {{.*}} 4000
// MOCKSUM-NEXT: all copies to device           -                               - {{.*}} 4040
// MOCKSUM-NEXT: all copies from device         -                               - {{.*}} 8000
// Device slices are placed by mapping the runtime's clock onto the trace's, checked to 2 us:
// under ThreadSanitizer the paired clock readings are slow and noisy, so it runs without it.
// UNSUPPORTED: tsan
