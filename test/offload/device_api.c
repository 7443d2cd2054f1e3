// The device memory routines on host devices: allocation, copies in every direction
// (host<->device, device<->device, rectangular), memset, presence, association and the
// mapped pointer; the device numbering (4 devices, the host is number 4).
// RUN: %compile-offload && %run %t | %FileCheck %s
// RUN: %compile-offload && env OMP_DEFAULT_DEVICE=2 %run %t | %FileCheck %s --check-prefix=DEF2
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int n = omp_get_num_devices(), host = omp_get_initial_device();
  // CHECK: devices 4 initial 4 default 0
  // DEF2: devices 4 initial 4 default 2
  printf("devices %d initial %d default %d\n", n, host, omp_get_default_device());
  // CHECK: device_num on host 4
  printf("device_num on host %d\n", omp_get_device_num());

  int src[16], dst[16];
  for (int i = 0; i < 16; i++)
    src[i] = i;
  int *d0 = omp_target_alloc(sizeof src, 0), *d1 = omp_target_alloc(sizeof src, 1);
  // CHECK: alloc 1 distinct 1 accessible 0 1
  printf("alloc %d distinct %d accessible %d %d\n", d0 && d1, d0 != d1 && d0 != src,
         omp_target_is_accessible(d0, sizeof src, 0), omp_target_is_accessible(src, 4, host));
  omp_target_memcpy(d0, src, sizeof src, 0, 0, 0, host);  // host -> device 0
  omp_target_memcpy(d1, d0, 8 * sizeof(int), 0, 0, 1, 0); // device 0 -> device 1
  omp_target_memset(d1 + 8, 0x7f, 8 * sizeof(int), 1);    // device memset
  memset(dst, 0, sizeof dst);
  omp_target_memcpy(dst, d1, sizeof dst, 0, 0, host, 1); // device 1 -> host
  // CHECK: copies 0 7 2139062143 2139062143
  printf("copies %d %d %d %d\n", dst[0], dst[7], dst[8], dst[15]);

  // Rectangular: the 2x3 block at (1,1) of a 4x4 host matrix into a 2x3 device matrix.
  int mat[4][4], blk[2][3];
  for (int i = 0; i < 16; i++)
    mat[i / 4][i % 4] = i;
  size_t vol[2] = {2, 3}, zero[2] = {0, 0}, off[2] = {1, 1}, md[2] = {4, 4}, bd[2] = {2, 3};
  int rc = omp_target_memcpy_rect(d0, mat, sizeof(int), 2, vol, zero, off, bd, md, 0, host);
  omp_target_memcpy(blk, d0, sizeof blk, 0, 0, host, 0);
  // CHECK: rect 0 5 6 7 9 10 11 max 1
  printf("rect %d %d %d %d %d %d %d max %d\n", rc, blk[0][0], blk[0][1], blk[0][2], blk[1][0],
         blk[1][1], blk[1][2],
         omp_target_memcpy_rect(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, 0, 0) > 2);

  // Associate host buffer with device memory: target regions then use it, refcount stays.
  int buf[4] = {1, 2, 3, 4};
  omp_target_memcpy(d0, buf, sizeof buf, 0, 0, 0, host);
  rc = omp_target_associate_ptr(buf, d0, sizeof buf, 0, 0);
  // CHECK: associate 0 present 1 mapped 1
  printf("associate %d present %d mapped %d\n", rc, omp_target_is_present(buf, 0),
         omp_get_mapped_ptr(buf, 0) == (void *)d0);
#pragma omp target device(0) map(tofrom : buf)
  for (int i = 0; i < 4; i++)
    buf[i] *= 10;
  // CHECK: associated region 1 2 3 4
  printf("associated region %d %d %d %d\n", buf[0], buf[1], buf[2], buf[3]);
  omp_target_memcpy(buf, d0, sizeof buf, 0, 0, host, 0);
  // CHECK: device side 10 20 30 40
  printf("device side %d %d %d %d\n", buf[0], buf[1], buf[2], buf[3]);
  rc = omp_target_disassociate_ptr(buf, 0);
  // CHECK: disassociate 0 present 0 mapped 0
  printf("disassociate %d present %d mapped %d\n", rc, omp_target_is_present(buf, 0),
         omp_get_mapped_ptr(buf, 0) != NULL);
  // CHECK: host mapped 1 host present 1
  printf("host mapped %d host present %d\n", omp_get_mapped_ptr(buf, host) == (void *)buf,
         omp_target_is_present(buf, host));

  // Host allocations through the initial device.
  void *h = omp_target_alloc(64, host);
  // CHECK: host alloc 1
  printf("host alloc %d\n", h != NULL);
  omp_target_free(h, host);
  omp_target_free(d0, 0);
  omp_target_free(d1, 1);
  omp_target_free(NULL, 0);
  // CHECK: zero alloc 1
  printf("zero alloc %d\n", omp_target_alloc(0, 0) == NULL);

  // The default device (OMP_DEFAULT_DEVICE) receives constructs without a device clause.
  int where = 1, dd = omp_get_default_device();
#pragma omp target enter data map(to : where)
  // CHECK: default data on 0: 1, on 0: 1
  // DEF2: default data on 2: 1, on 0: 0
  printf("default data on %d: %d, on 0: %d\n", dd, omp_target_is_present(&where, dd),
         omp_target_is_present(&where, 0));
#pragma omp target exit data map(delete : where)
  return 0;
}
