// OMPT target events through Glass's libomp: device_initialize and device_load when the device
// starts, then for each construct target_emi begin/end (kind 1 target, 2 enter data, 4
// update, 3 exit data) around its data operations (1 alloc, 2 to device, 3 from device,
// 4 delete) with host and device addresses and device numbers (the host is 4), target_map_emi
// with the map clause once its items are present (before the unmapping on exit), and
// target_submit_emi around the kernel; device_unload and device_finalize at exit.
// RUN: %compile-offload && %run-tool %t | %FileCheck %s
// REQUIRES: offload, ompt
int main(void) {
  int x = 1;
#pragma omp target map(tofrom : x)
  x++;
#pragma omp target enter data map(to : x)
#pragma omp target update from(x)
#pragma omp target exit data map(release : x)
  return x != 2;
}
// clang-format off
// CHECK: initialize {{.*}} num_devices=4
// CHECK: device_initialize device_num=0 type=x86_64-host device={{.*}} lookup=yes
// CHECK: device_load device_num=0 file=(in memory) bytes={{[0-9]+}} host_addr={{.*}} module=0
// CHECK: target_emi_begin kind=1 device_num=0 task=[[TASK:[0-9]+]] target_task=0 target=[[T:[0-9]+]] codeptr={{.*}}
// CHECK-NEXT: target_data_op_emi_begin target=[[T]] host_op_id=[[OP:[0-9]+]] op=1 src=[[HOST:0x[0-9a-f]+]] src_device=4 dst=(nil) dst_device=0 bytes=4
// CHECK-NEXT: target_data_op_emi_end target=[[T]] host_op_id=[[OP]] op=1 src=[[HOST]] src_device=4 dst=[[DEV:0x[0-9a-f]+]] dst_device=0 bytes=4
// CHECK-NEXT: target_data_op_emi_begin target=[[T]] host_op_id=[[OP:[0-9]+]] op=2 src=[[HOST]] src_device=4 dst=[[DEV]] dst_device=0 bytes=4
// CHECK-NEXT: target_data_op_emi_end target=[[T]] host_op_id=[[OP]] op=2
// CHECK-NEXT: target_map_emi target=[[T]] nitems=1 codeptr={{.*}} [[[HOST]]->[[DEV]] 4 0x3]
// CHECK-NEXT: target_submit_emi_begin target=[[T]] host_op_id=[[S:[0-9]+]] requested_num_teams=1
// CHECK-NEXT: target_submit_emi_end target=[[T]] host_op_id=[[S]] requested_num_teams=1
// CHECK-NEXT: target_data_op_emi_begin target=[[T]] host_op_id=[[OP:[0-9]+]] op=3 src=[[DEV]] src_device=0 dst=[[HOST]] dst_device=4 bytes=4
// CHECK-NEXT: target_data_op_emi_end target=[[T]] host_op_id=[[OP]] op=3
// CHECK-NEXT: target_data_op_emi_begin target=[[T]] host_op_id=[[OP:[0-9]+]] op=4 src=[[HOST]] src_device=4 dst=[[DEV]] dst_device=0 bytes=4
// CHECK-NEXT: target_data_op_emi_end target=[[T]] host_op_id=[[OP]] op=4
// CHECK-NEXT: target_emi_end kind=1 device_num=0 task=[[TASK]] target_task=0 target=[[T]]
// CHECK-NEXT: target_emi_begin kind=2 device_num=0 task=[[TASK]] target_task=0 target=[[T:[0-9]+]]
// CHECK-NEXT: target_data_op_emi_begin target=[[T]] {{.*}} op=1
// CHECK-NEXT: target_data_op_emi_end target=[[T]] {{.*}} op=1
// CHECK-NEXT: target_data_op_emi_begin target=[[T]] {{.*}} op=2
// CHECK-NEXT: target_data_op_emi_end target=[[T]] {{.*}} op=2
// CHECK-NEXT: target_map_emi target=[[T]] nitems=1 codeptr={{.*}} [[[HOST]]->{{0x[0-9a-f]+}} 4 0x1]
// CHECK-NEXT: target_emi_end kind=2 device_num=0 task=[[TASK]] target_task=0 target=[[T]]
// CHECK-NEXT: target_emi_begin kind=4 device_num=0 task=[[TASK]] target_task=0 target=[[T:[0-9]+]]
// CHECK-NEXT: target_map_emi target=[[T]] nitems=1 codeptr={{.*}} [[[HOST]]->{{0x[0-9a-f]+}} 4 0x2]
// CHECK-NEXT: target_data_op_emi_begin target=[[T]] {{.*}} op=3
// CHECK-NEXT: target_data_op_emi_end target=[[T]] {{.*}} op=3
// CHECK-NEXT: target_emi_end kind=4
// CHECK-NEXT: target_emi_begin kind=3 device_num=0 task=[[TASK]] target_task=0 target=[[T:[0-9]+]]
// CHECK-NEXT: target_map_emi target=[[T]] nitems=1 codeptr={{.*}} [[[HOST]]->{{0x[0-9a-f]+}} 4 0x8]
// CHECK-NEXT: target_data_op_emi_begin target=[[T]] {{.*}} op=4
// CHECK-NEXT: target_data_op_emi_end target=[[T]] {{.*}} op=4
// CHECK-NEXT: target_emi_end kind=3
// CHECK: device_unload device_num=0 module=0
// CHECK-NEXT: device_finalize device_num=0
