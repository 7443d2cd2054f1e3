// clang-format off
// LLVM's own libomptarget 22 on top of Glass's libomp: the program runs, and LLVM's
// libomptarget connects through ompt_libomp_connect, so the tool sees its target events.
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
// CHECK: device_initialize device_num=0 type=generic-64bit
// CHECK: target_emi_begin kind=1 device_num=0
// CHECK: target_submit_emi_begin
// CHECK: target_emi_end kind=1 device_num=0
// CHECK: x 2
