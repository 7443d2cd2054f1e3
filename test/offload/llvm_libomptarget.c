// clang-format off
// LLVM's own libomptarget 22 on top of Glass's libomp: the program runs, and LLVM's
// libomptarget connects through ompt_libomp_connect, so the tool sees its target events. The
// tool starts once: LLVM's host plugin dlopens "libomp.so", which must find Glass's runtime
// (through libglass-omp-alias.so), not load LLVM's from the system and start the tool again.
// RUN: %compile-offload
// RUN: rm -rf %t.dir && mkdir %t.dir && ln -s %llvm-libomptarget %t.dir/ && ln -s %libdir/libomp.so.5 %t.dir/
// RUN: env LD_LIBRARY_PATH=%t.dir OMP_TOOL_LIBRARIES=%printer timeout 60 %t | %FileCheck %s
// REQUIRES: offload, ompt, llvm-libomptarget
#include <stdio.h>

int main(void) {
  int x = 1;
  #pragma omp target map(tofrom: x)
  x++;
  printf("x %d\n", x);
  return x != 2;
}
// CHECK: start_tool {{.*}}runtime=Glass
// CHECK-NOT: start_tool
// CHECK: initialize initial_device_num=0
// CHECK-NOT: initialize initial_device_num
// CHECK: device_initialize device_num=0 type=generic-64bit
// CHECK: target_emi_begin kind=1 device_num=0
// CHECK: target_submit_emi_begin
// CHECK: target_emi_end kind=1 device_num=0
// CHECK: x 2
