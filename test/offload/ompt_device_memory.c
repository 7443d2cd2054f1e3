// omp_target_alloc, omp_target_memcpy (both directions, device to device, and per row of
// omp_target_memcpy_rect) and omp_target_free report target_data_op_emi begin/end (1 alloc,
// 2 to device, 3 from device, 4 delete) outside any target construct: target=0, the
// routine's caller as codeptr, the host as device 4. omp_target_memset is a transfer to the
// device with no source (5.1 has no memset operation); omp_target_associate_ptr and
// disassociate_ptr report 5 and 6 (host address to device address, the bytes), only when they
// succeed. A double free, a failed disassociate and host-to-host copies report nothing; with
// the EMI forms unregistered the plain target_data_op comes once.
// RUN: %compile-offload && %run-tool %t | %FileCheck %s
// RUN: env GLASS_PRINTER_NO_EMI=1 %run-tool %t 2>&1 | %FileCheck --check-prefix=PLAIN %s
// REQUIRES: offload, ompt
#include <omp.h>
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); // in order with the tool's lines
  int host = omp_get_initial_device();
  int a[4] = {1, 2, 3, 4}, b[4] = {0}, c[4] = {0};
  printf("alloc\n");
  int *p = omp_target_alloc(sizeof a, 0), *q = omp_target_alloc(sizeof a, 0);
  printf("copies p=%p q=%p\n", (void *)p, (void *)q);
  omp_target_memcpy(p, a, sizeof a, 0, 0, 0, host);
  omp_target_memcpy(q, p, sizeof a, 0, 0, 0, 0);
  omp_target_memcpy(b, q, sizeof a, 0, 0, host, 0);
  omp_target_memcpy(c, b, sizeof a, 0, 0, host, host);
  printf("rect\n");
  size_t vol[2] = {2, 2}, off[2] = {0, 0}, dims[2] = {2, 2};
  omp_target_memcpy_rect(c, p, sizeof(int), 2, vol, off, off, dims, dims, host, 0);
  printf("memset\n");
  omp_target_memset(q, 0, sizeof a, 0);
  printf("associate\n");
  omp_target_associate_ptr(c, q, sizeof c, 0, 0);
  omp_target_disassociate_ptr(c, 0);
  omp_target_disassociate_ptr(c, 0);
  printf("free\n");
  omp_target_free(q, 0);
  omp_target_free(p, 0);
  omp_target_free(p, 0);
  printf("done %d %d\n", b[3], c[3]);
  return b[3] != 4 || c[3] != 4;
}
// clang-format off
// CHECK-LABEL: alloc
// CHECK-NEXT: device_initialize device_num=0
// CHECK: target_data_op_emi_begin target=0 host_op_id=[[O:[0-9]+]] op=1 src=(nil) src_device=4 dst=(nil) dst_device=0 bytes=16 codeptr={{0x[0-9a-f]+}}@{{.*}}.c.tmp
// CHECK-NEXT: target_data_op_emi_end target=0 host_op_id=[[O]] op=1 src=(nil) src_device=4 dst=[[P:0x[0-9a-f]+]] dst_device=0 bytes=16
// CHECK-NEXT: target_data_op_emi_begin target=0 host_op_id=[[O:[0-9]+]] op=1
// CHECK-NEXT: target_data_op_emi_end target=0 host_op_id=[[O]] op=1 src=(nil) src_device=4 dst=[[Q:0x[0-9a-f]+]] dst_device=0 bytes=16
// CHECK-NEXT: copies p=[[P]] q=[[Q]]
// CHECK-NEXT: target_data_op_emi_begin target=0 host_op_id=[[O:[0-9]+]] op=2 src=[[A:0x[0-9a-f]+]] src_device=4 dst=[[P]] dst_device=0 bytes=16 codeptr={{0x[0-9a-f]+}}@{{.*}}.c.tmp
// CHECK-NEXT: target_data_op_emi_end target=0 host_op_id=[[O]] op=2
// CHECK-NEXT: target_data_op_emi_begin target=0 host_op_id=[[O:[0-9]+]] op=2 src=[[P]] src_device=0 dst=[[Q]] dst_device=0 bytes=16
// CHECK-NEXT: target_data_op_emi_end target=0 host_op_id=[[O]] op=2
// CHECK-NEXT: target_data_op_emi_begin target=0 host_op_id=[[O:[0-9]+]] op=3 src=[[Q]] src_device=0 dst=[[B:0x[0-9a-f]+]] dst_device=4 bytes=16
// CHECK-NEXT: target_data_op_emi_end target=0 host_op_id=[[O]] op=3
// CHECK-NEXT: rect
// CHECK-NEXT: target_data_op_emi_begin target=0 {{.*}} op=3 src=[[P]] src_device=0 {{.*}} dst_device=4 bytes=8 codeptr={{0x[0-9a-f]+}}@{{.*}}.c.tmp
// CHECK-NEXT: target_data_op_emi_end target=0 {{.*}} op=3
// CHECK-NEXT: target_data_op_emi_begin target=0 {{.*}} op=3 {{.*}} bytes=8
// CHECK-NEXT: target_data_op_emi_end target=0 {{.*}} op=3
// CHECK-NEXT: memset
// CHECK-NEXT: target_data_op_emi_begin target=0 host_op_id=[[O:[0-9]+]] op=2 src=(nil) src_device=4 dst=[[Q]] dst_device=0 bytes=16 codeptr={{0x[0-9a-f]+}}@{{.*}}.c.tmp
// CHECK-NEXT: target_data_op_emi_end target=0 host_op_id=[[O]] op=2
// CHECK-NEXT: associate
// CHECK-NEXT: target_data_op_emi_begin target=0 host_op_id=[[O:[0-9]+]] op=5 src=[[C:0x[0-9a-f]+]] src_device=4 dst=[[Q]] dst_device=0 bytes=16 codeptr={{0x[0-9a-f]+}}@{{.*}}.c.tmp
// CHECK-NEXT: target_data_op_emi_end target=0 host_op_id=[[O]] op=5
// CHECK-NEXT: target_data_op_emi_begin target=0 host_op_id=[[O:[0-9]+]] op=6 src=[[C]] src_device=4 dst=[[Q]] dst_device=0 bytes=16 codeptr={{0x[0-9a-f]+}}@{{.*}}.c.tmp
// CHECK-NEXT: target_data_op_emi_end target=0 host_op_id=[[O]] op=6
// CHECK-NEXT: free
// CHECK-NEXT: target_data_op_emi_begin target=0 host_op_id=[[O:[0-9]+]] op=4 src=(nil) src_device=4 dst=[[Q]] dst_device=0 bytes=0 codeptr={{0x[0-9a-f]+}}@{{.*}}.c.tmp
// CHECK-NEXT: target_data_op_emi_end target=0 host_op_id=[[O]] op=4
// CHECK-NEXT: target_data_op_emi_begin target=0 host_op_id=[[O:[0-9]+]] op=4 src=(nil) src_device=4 dst=[[P]] dst_device=0
// CHECK-NEXT: target_data_op_emi_end target=0 host_op_id=[[O]] op=4
// CHECK-NEXT: done 4 4

// PLAIN-NOT: _emi
// PLAIN: target_data_op target_id=0 host_op_id={{[0-9]+}} op=1 src=(nil) src_device=4 dst=(nil) dst_device=0 bytes=16
// PLAIN-NEXT: target_data_op target_id=0 {{.*}} op=1
// PLAIN-NEXT: copies
// PLAIN-NEXT: target_data_op target_id=0 {{.*}} op=2
// PLAIN-NEXT: target_data_op target_id=0 {{.*}} op=2
// PLAIN-NEXT: target_data_op target_id=0 {{.*}} op=3
// PLAIN-NEXT: rect
// PLAIN-NEXT: target_data_op target_id=0 {{.*}} op=3
// PLAIN-NEXT: target_data_op target_id=0 {{.*}} op=3
// PLAIN-NEXT: memset
// PLAIN-NEXT: target_data_op target_id=0 {{.*}} op=2 src=(nil)
// PLAIN-NEXT: associate
// PLAIN-NEXT: target_data_op target_id=0 {{.*}} op=5
// PLAIN-NEXT: target_data_op target_id=0 {{.*}} op=6
// PLAIN-NEXT: omptarget error: omp_target_disassociate_ptr
// PLAIN-NEXT: free
// PLAIN-NEXT: target_data_op target_id=0 {{.*}} op=4
// PLAIN-NEXT: target_data_op target_id=0 {{.*}} op=4
// PLAIN-NEXT: omptarget error: omp_target_free: {{.*}} (freed twice?); ignored
// PLAIN-NEXT: done 4 4
