// target_map_emi for each construct's map clause (items with host and device address, bytes
// and ompt_target_map_flag_t: 1 to, 2 from, 4 alloc, 8 release, 0x10 delete), after entry's
// mapping and before exit's unmapping; device_unload before device_finalize. With the EMI
// forms unregistered, the plain target, target_data_op, target_submit and target_map come
// instead, sharing one target_id.
// RUN: %compile-offload && %run-tool %t | %FileCheck %s
// RUN: env GLASS_PRINTER_NO_EMI=1 %run-tool %t | %FileCheck --check-prefix=PLAIN %s
// RUN: env GLASS_PRINTER_REGISTRATION=1 %run-tool %t | %FileCheck --check-prefix=REG %s
// REQUIRES: offload, ompt
int main(void) {
  int x = 1, y[4] = {0}, n = 3;
#pragma omp target map(tofrom : x) map(alloc : y) firstprivate(n)
  {
    x += n;
    y[0] = 1;
  }
#pragma omp target enter data map(to : x) map(alloc : y)
#pragma omp target update from(x)
#pragma omp target exit data map(release : x) map(delete : y)
  return x != 4;
}
// clang-format off
// REG: set_callback device_unload=always
// REG: set_callback target_map=always
// REG: set_callback target_map_emi=always

// CHECK: device_load device_num=0 {{.*}} module=[[MOD:[0-9]+]]
// CHECK: target_emi_begin kind=1 device_num=0 {{.*}} target=[[T:[0-9]+]]
// CHECK: target_data_op_emi_end target=[[T]] {{.*}} op=1 src=[[X:0x[0-9a-f]+]] src_device=4 dst=[[DX:0x[0-9a-f]+]] dst_device=0 bytes=4
// CHECK: target_data_op_emi_end target=[[T]] {{.*}} op=1 src=[[Y:0x[0-9a-f]+]] src_device=4 dst=[[DY:0x[0-9a-f]+]] dst_device=0 bytes=16
// CHECK-NEXT: target_map_emi target=[[T]] nitems=2 codeptr={{.*}} [[[X]]->[[DX]] 4 0x3] [[[Y]]->[[DY]] 16 0x4]{{$}}
// CHECK-NEXT: target_submit_emi_begin target=[[T]]
// CHECK: target_emi_end kind=1
// CHECK-NEXT: target_emi_begin kind=2 {{.*}} target=[[T:[0-9]+]]
// CHECK: target_data_op_emi_end target=[[T]] {{.*}} op=1 src=[[X]] src_device=4 dst=[[DX:0x[0-9a-f]+]]
// CHECK: target_data_op_emi_end target=[[T]] {{.*}} op=1 src=[[Y]] src_device=4 dst=[[DY:0x[0-9a-f]+]]
// CHECK-NEXT: target_map_emi target=[[T]] nitems=2 codeptr={{.*}} [[[X]]->[[DX]] 4 0x1] [[[Y]]->[[DY]] 16 0x4]{{$}}
// CHECK-NEXT: target_emi_end kind=2
// CHECK-NEXT: target_emi_begin kind=4 {{.*}} target=[[T:[0-9]+]]
// CHECK-NEXT: target_map_emi target=[[T]] nitems=1 codeptr={{.*}} [[[X]]->[[DX]] 4 0x2]{{$}}
// CHECK-NEXT: target_data_op_emi_begin target=[[T]] {{.*}} op=3
// CHECK: target_emi_begin kind=3 {{.*}} target=[[T:[0-9]+]]
// CHECK-NEXT: target_map_emi target=[[T]] nitems=2 codeptr={{.*}} [[[X]]->[[DX]] 4 0x8] [[[Y]]->[[DY]] 16 0x10]{{$}}
// CHECK-NEXT: target_data_op_emi_begin target=[[T]] {{.*}} op=4
// CHECK: target_emi_end kind=3
// CHECK: device_unload device_num=0 module=[[MOD]]
// CHECK-NEXT: device_finalize device_num=0
// CHECK-NOT: device_unload

// PLAIN-NOT: _emi
// PLAIN: target_begin kind=1 device_num=0 {{.*}} target_id=[[T:[0-9]+]]
// PLAIN-NEXT: target_data_op target_id=[[T]] {{.*}} op=1 src=[[X:0x[0-9a-f]+]]
// PLAIN-NEXT: target_data_op target_id=[[T]] {{.*}} op=2 src=[[X]] src_device=4 dst=[[DX:0x[0-9a-f]+]]
// PLAIN-NEXT: target_data_op target_id=[[T]] {{.*}} op=1 src=[[Y:0x[0-9a-f]+]]
// PLAIN-NEXT: target_map target_id=[[T]] nitems=2 codeptr={{.*}} [[[X]]->[[DX]] 4 0x3] [[[Y]]->{{0x[0-9a-f]+}} 16 0x4]{{$}}
// PLAIN-NEXT: target_submit target_id=[[T]] host_op_id={{[0-9]+}} requested_num_teams=1
// PLAIN: target_end kind=1 device_num=0 {{.*}} target_id=[[T]]
// PLAIN: target_begin kind=3 {{.*}} target_id=[[T:[0-9]+]]
// PLAIN-NEXT: target_map target_id=[[T]] nitems=2 {{.*}} 4 0x8] {{.*}} 16 0x10]{{$}}
// PLAIN: device_unload device_num=0
// PLAIN-NEXT: device_finalize device_num=0
// PLAIN-NOT: _emi
