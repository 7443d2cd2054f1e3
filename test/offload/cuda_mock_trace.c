// clang-format off
// The CUDA plugin against a stand-in driver and CUPTI (Inputs/cuda_mock.c: one sm_90 device,
// memory on the host, activity records for copies and memsets): device 0 is the GPU; data
// constructs and omp_target_* routines move the right bytes through the pool and the pinned
// staging buffers; device tracing turns CUPTI's records into OMPT records with the ids of the
// callbacks of the same operations and CUPTI's times, which translate_time places between
// those callbacks; allocations and releases, which make no CUPTI record, come from
// libomptarget. With CUPTI refusing, tracing says so and records still come, with times read
// around each operation.
// RUN: %compile-offload -DTOOL_BUFFER_BYTES=512
// RUN: %cc -shared -fPIC -I%cuda-src %S/Inputs/cuda_mock.c -o %t.mock.so
// RUN: env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.mock.so GLASS_CUPTI_LIBRARY=%t.mock.so LIBOMPTARGET_INFO=0x100 %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,REC
// RUN: env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.mock.so GLASS_CUPTI_LIBRARY=%t.mock.so MOCK_CUPTI_REFUSE=1 %run %t 2>&1 | %FileCheck %s --check-prefixes=REFUSED,REC
// RUN: %compile-offload -DTOOL_BUFFER_BYTES=2048 -DNATIVE -o %t.native
// RUN: env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.mock.so GLASS_CUPTI_LIBRARY=%t.mock.so %run %t.native 2>&1 | %FileCheck %s --check-prefixes=NATIVE,REC
// Native records alone (no OMPT record type enabled): the same CUPTI records, each with the
// host_op_id of its operation's callbacks, and no OMPT record.
// RUN: %compile-offload -DTOOL_BUFFER_BYTES=2048 -DNATIVE -DNATIVE_ONLY -o %t.native-only
// RUN: env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.mock.so GLASS_CUPTI_LIBRARY=%t.mock.so %run %t.native-only 2>&1 | %FileCheck %s --check-prefixes=ONLY
// REQUIRES: offload, ompt, cuda-plugin
// clang-format on
#ifdef NATIVE // CUPTI's records too: copies and kernels
#define TOOL_TYPES tool_native()
static void tool_native(void);
#endif
#include "Inputs/trace_tool.h"
#ifdef NATIVE
static void tool_native(void) {
#ifdef NATIVE_ONLY
  printf(
      "native only %d\n",
      T.set_trace_native(dev0, 1, ompt_native_data_motion_explicit | ompt_native_kernel_execution));
  return;
#endif
  printf(
      "set_trace_ompt all %d native %d\n", T.set_trace_ompt(dev0, 1, 0),
      T.set_trace_native(dev0, 1, ompt_native_data_motion_explicit | ompt_native_kernel_execution));
  printf("native driver %d\n", T.set_trace_native(dev0, 1, ompt_native_driver));
}
#endif

int main(void) {
  enum { N = 100000 }; // past the 64 KiB staging buffer: the direct path too
  static int big[N];
  int small[16];
  for (int i = 0; i < N; i++)
    big[i] = i;
  for (int i = 0; i < 16; i++)
    small[i] = i;
#pragma omp target enter data map(to : big, small)
  for (int i = 0; i < N; i++)
    big[i] = -1;
  small[3] = -1;
#pragma omp target update from(big, small)
#pragma omp target exit data map(release : big, small)
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += big[i] != i;
  printf("round trip: %d wrong, small[3] %d\n", bad, small[3]);
  int host = omp_get_initial_device();
  char *d = omp_target_alloc(1000, 0), *e = omp_target_alloc(1 << 20, 0);
  char buf[1000];
  omp_target_memset(d, 7, 1000, 0);
  omp_target_memcpy(e, d, 1000, 0, 0, 0, 0);
  omp_target_memcpy(buf, e, 1000, 0, 0, host, 0);
  printf("memset then device copy: %d %d\n", buf[0], buf[999]);
  omp_target_free(d, 0), omp_target_free(e, 0);
  printf("stop %d\n", T.stop_trace(dev0));
  tool_report();
  return bad != 0;
}
// clang-format off
// CHECK: omptarget info: plugin cuda: driver 13.0: 1 GPU(s), the first sm_90 with 132 SMs
// CHECK: omptarget info: plugin cuda: 1 device(s)
// CHECK: omptarget device 0 info: initialised (cuda plugin, type sm_90)
// CHECK: device_initialize 0: 14 of 14 tracing entry points
// CHECK: start_trace 1
// CHECK: round trip: 0 wrong, small[3] 3
// CHECK: memset then device copy: 7 7
// REFUSED: omptarget warning: cuda plugin: device tracing without CUPTI (cuptiActivityEnable(10): CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED (39)): records carry times read around each operation, not the device's
// REFUSED: round trip: 0 wrong, small[3] 3
// REFUSED: stop 1
// NATIVE: set_trace_ompt all 5 native 5
// NATIVE-NEXT: native driver 1
// NATIVE: stop 1
// CHECK: stop 1
// REC-DAG: rec target kind=2 begin device=0 target=1
// REC-DAG: rec data_op alloc target=1 op=2 src_device=5 dst_device=0 bytes=400000
// REC-DAG: rec data_op alloc target=1 op=4 src_device=5 dst_device=0 bytes=64
// REC-DAG: rec map target=1 nitems=2
// REC-DAG: rec target kind=2 end device=0 target=1
// REC-DAG: rec target kind=4 begin device=0 target=6
// REC-DAG: rec map target=6 nitems=2
// REC-DAG: rec target kind=4 end device=0 target=6
// REC-DAG: rec target kind=3 begin device=0 target=9
// REC-DAG: rec map target=9 nitems=2
// REC-DAG: rec data_op delete target=9 op=10 src_device=5 dst_device=0 bytes=400000
// REC-DAG: rec data_op delete target=9 op=11 src_device=5 dst_device=0 bytes=64
// REC-DAG: rec target kind=3 end device=0 target=9
// REC-DAG: rec data_op alloc target=0 op=12 src_device=5 dst_device=0 bytes=1000
// REC-DAG: rec data_op alloc target=0 op=13 src_device=5 dst_device=0 bytes=1048576
// REC-DAG: rec data_op delete target=0 op=17 src_device=5 dst_device=0 bytes=0
// REC-DAG: rec data_op delete target=0 op=18 src_device=5 dst_device=0 bytes=0
// REC-DAG: rec data_op to target=1 op=3 src_device=5 dst_device=0 bytes=400000
// REC-DAG: rec data_op from target=6 op=7 src_device=0 dst_device=5 bytes=400000
// REC-DAG: rec data_op to target=0 op=14 src_device=5 dst_device=0 bytes=1000
// REC-DAG: rec data_op from target=0 op=16 src_device=0 dst_device=5 bytes=1000
// REC-DAG: rec data_op to target=1 op=5 src_device=5 dst_device=0 bytes=64
// REC-DAG: rec data_op from target=6 op=8 src_device=0 dst_device=5 bytes=64
// REC-DAG: rec data_op to target=0 op=15 src_device=0 dst_device=0 bytes=1000
// NATIVE: native records 7, bad 0
// REC: records 24, buffers requested {{[0-9]+}} completed {{[0-9]+}} (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
// ONLY: native only 5
// ONLY: stop 1
// ONLY-NOT: rec
// ONLY: native records 7, bad 0
// ONLY-NEXT: records 0, buffers requested {{[0-9]+}} completed {{[0-9]+}} (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
