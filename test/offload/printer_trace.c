// The printer with GLASS_PRINTER_TRACE=1 traces the device it is told of and prints every
// record kind (target, target_data_op, target_kernel, target_map) from the buffer libomptarget
// returns at exit, before device_finalize: ids and device times as written, and host times.
// RUN: %compile-offload && env GLASS_PRINTER_TRACE=1 %run-tool %t | %FileCheck %s
// REQUIRES: offload, ompt
#include <omp.h>

int main(void) {
  int x = 1;
#pragma omp target teams map(tofrom : x) num_teams(2)
  if (omp_get_team_num() == 0)
    x++;
#pragma omp target enter data map(to : x)
#pragma omp target exit data map(delete : x)
  return x != 2;
}
// clang-format off
// CHECK: device_initialize device_num=0 type=x86_64-host
// CHECK-NEXT: trace_start device_num=0 set_trace_ompt=always start_trace=1
// CHECK: trace_buffer device_num=0 bytes={{[0-9]+}} begin=0 owned=1
// CHECK-NEXT: trace_target device_num=0 time={{[0-9]+}} host_time={{[0-9.]+}} thread={{[0-9]+}} kind=1 endpoint=begin target_id=[[T:[0-9]+]] codeptr={{.*}}printer_trace
// CHECK-NEXT: trace_target_data_op device_num=0 time=[[B:[0-9]+]] end_time={{[0-9]+}} host_time={{.*}} target_id=[[T]] host_op_id={{[0-9]+}} op=alloc src=[[H:0x[0-9a-f]+]] src_device=4 dst=[[D:0x[0-9a-f]+]] dst_device=0 bytes=4
// CHECK-NEXT: trace_target_data_op {{.*}} target_id=[[T]] host_op_id={{[0-9]+}} op=transfer_to_device src=[[H]] src_device=4 dst=[[D]] dst_device=0 bytes=4
// CHECK-NEXT: trace_target_map {{.*}} target_id=[[T]] nitems=1 codeptr={{.*}} [[[H]]->[[D]] 4 0x3]
// CHECK-NEXT: trace_target_kernel {{.*}} target_id=[[T]] host_op_id={{[0-9]+}} requested_num_teams=2 granted_num_teams=2
// CHECK-NEXT: trace_target_data_op {{.*}} op=transfer_from_device src=[[D]] src_device=0 dst=[[H]] dst_device=4 bytes=4
// CHECK-NEXT: trace_target_data_op {{.*}} op=delete
// CHECK-NEXT: trace_target device_num=0 {{.*}} kind=1 endpoint=end target_id=[[T]]
// CHECK-NEXT: trace_target device_num=0 {{.*}} kind=2 endpoint=begin target_id=[[E:[0-9]+]]
// CHECK-NEXT: trace_target_data_op {{.*}} target_id=[[E]] {{.*}} op=alloc
// CHECK-NEXT: trace_target_data_op {{.*}} target_id=[[E]] {{.*}} op=transfer_to_device
// CHECK-NEXT: trace_target_map {{.*}} target_id=[[E]] nitems=1 {{.*}} 4 0x1]
// CHECK-NEXT: trace_target device_num=0 {{.*}} kind=2 endpoint=end target_id=[[E]]
// CHECK-NEXT: trace_target device_num=0 {{.*}} kind=3 endpoint=begin target_id=[[X:[0-9]+]]
// CHECK-NEXT: trace_target_map {{.*}} target_id=[[X]] nitems=1 {{.*}} 4 0x10]
// CHECK-NEXT: trace_target_data_op {{.*}} target_id=[[X]] {{.*}} op=delete
// CHECK-NEXT: trace_target device_num=0 {{.*}} kind=3 endpoint=end target_id=[[X]]
// CHECK: device_finalize device_num=0
