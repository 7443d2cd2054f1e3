// LLVM's user-callable extensions and OpenMP 6.0's device UIDs: device memory stays the
// device's own; host and shared memory is host memory a host device's kernel can use; each
// kind is freed only by its own routines; page locking hands the pointer back; every device has
// a stable UID and the initial device one too; ompx_dump_mapping_tables prints every device's
// present table. Bad device numbers and foreign or double frees get a message and no crash.
// clang-format off
// RUN: %compile-offload && %run %t 2>&1 | %FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %run %t disabled 2>&1 | %FileCheck %s --check-prefix=DISABLED
// REQUIRES: offload
// clang-format on
#include <omp.h>
#include <stdio.h>
#include <string.h>

void *llvm_omp_target_alloc_host(size_t, int);
void *llvm_omp_target_alloc_shared(size_t, int);
void *llvm_omp_target_alloc_device(size_t, int);
void llvm_omp_target_free_host(void *, int);
void llvm_omp_target_free_shared(void *, int);
void llvm_omp_target_free_device(void *, int);
void *llvm_omp_target_lock_mem(void *, size_t, int);
void llvm_omp_target_unlock_mem(void *, int);

static void uids(void) {
  int n = omp_get_num_devices();
  for (int d = -3; d <= n + 1; d++) {
    const char *u = omp_get_uid_from_device(d);
    printf("uid(%d) = %s -> %d\n", d, u ? u : "NULL", u ? omp_get_device_from_uid(u) : -99);
  }
  printf("from NULL %d, from bogus %d\n", omp_get_device_from_uid(NULL),
         omp_get_device_from_uid("host-99"));
}

// clang-format off
int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0); // one stream order for stdout and stderr
  if (argc > 1) {
    uids();
    ompx_dump_mapping_tables();
    return 0;
  }
  uids();
  // CHECK: uid(-3) = NULL -> -99
  // CHECK-NEXT: uid(-2) = NULL -> -99
  // CHECK-NEXT: uid(-1) = initial -> 4
  // CHECK-NEXT: uid(0) = host-0 -> 0
  // CHECK-NEXT: uid(1) = host-1 -> 1
  // CHECK-NEXT: uid(2) = host-2 -> 2
  // CHECK-NEXT: uid(3) = host-3 -> 3
  // CHECK-NEXT: uid(4) = initial -> 4
  // CHECK-NEXT: uid(5) = NULL -> -99
  // CHECK-NEXT: from NULL -2, from bogus -2

  int *h = llvm_omp_target_alloc_host(sizeof(int), 1);
  int *s = llvm_omp_target_alloc_shared(sizeof(int), omp_get_initial_device());
  int *dv = llvm_omp_target_alloc_device(sizeof(int), 1);
  *h = 1, *s = 2;
  int seen = 0;
#pragma omp target is_device_ptr(h, s, dv) map(from : seen) device(1)
  {
    seen = *h + *s;
    *h = 10, *s = 20, *dv = 30;
  }
  int back = 0;
  omp_target_memcpy(&back, dv, sizeof back, 0, 0, omp_get_initial_device(), 1);
  printf("kernel saw %d; host sees %d %d; device memory %d, distinct %d\n", seen, *h, *s, back,
         omp_target_is_present(dv, 1) == 0 && dv != h);
  // CHECK-NEXT: kernel saw 3; host sees 10 20; device memory 30, distinct 1

  int x[4] = {1, 2, 3, 4};
  int *l = llvm_omp_target_lock_mem(x, sizeof x, 0);
  llvm_omp_target_unlock_mem(l, 0);
  printf("locked %d\n", l == x);
  // CHECK-NEXT: locked 1
  printf("bad device: %p %p %p %p\n", llvm_omp_target_alloc_host(8, 9),
         llvm_omp_target_alloc_shared(8, -1), llvm_omp_target_alloc_device(8, 9),
         llvm_omp_target_lock_mem(x, sizeof x, 9));
  // CHECK-NEXT: omptarget error: llvm_omp_target_alloc_host: device 9 does not exist (devices are 0 to 3, 4 is the host)
  // CHECK-NEXT: omptarget error: llvm_omp_target_alloc_shared: device -1 does not exist
  // CHECK-NEXT: omptarget error: llvm_omp_target_alloc_device: device 9 does not exist
  // CHECK-NEXT: omptarget error: llvm_omp_target_lock_mem: device 9 does not exist
  // CHECK-NEXT: bad device: (nil) (nil) (nil) (nil)
  llvm_omp_target_unlock_mem(x, 9);
  // CHECK-NEXT: omptarget error: llvm_omp_target_unlock_mem: device 9 does not exist

  llvm_omp_target_free_device(h, 1);
  // CHECK-NEXT: omptarget error: llvm_omp_target_free_device: 0x{{[0-9a-f]+}} is not memory llvm_omp_target_alloc_device returned for device 1 (freed twice?); ignored
  llvm_omp_target_free_host(dv, 1);
  // CHECK-NEXT: omptarget error: llvm_omp_target_free_host: 0x{{[0-9a-f]+}} is not memory llvm_omp_target_alloc_host or _shared returned (freed twice?); ignored
  llvm_omp_target_free_host(h, 1);
  llvm_omp_target_free_shared(s, omp_get_initial_device());
  llvm_omp_target_free_device(dv, 1);
  llvm_omp_target_free_shared(s, 0);
  // CHECK-NEXT: omptarget error: llvm_omp_target_free_shared: 0x{{[0-9a-f]+}} is not memory llvm_omp_target_alloc_host or _shared returned (freed twice?); ignored
  omp_target_free(dv, 1);
  // CHECK-NEXT: omptarget error: omp_target_free: 0x{{[0-9a-f]+}} is not memory omp_target_alloc returned for device 1 (freed twice?); ignored
  llvm_omp_target_free_host(NULL, 1);
  printf("freed\n");
  // CHECK-NEXT: freed

#pragma omp target data map(to : x[0 : 4]) device(2)
  ompx_dump_mapping_tables();
  // CHECK-NEXT: omptarget device 0 info: mappings now (ompx_dump_mapping_tables): 0
  // CHECK-NEXT: omptarget device 1 info: mappings now (ompx_dump_mapping_tables): 0
  // CHECK-NEXT: omptarget device 2 info: mappings now (ompx_dump_mapping_tables): 1
  // CHECK-NEXT: omptarget device 2 info:   host [[X:0x[0-9a-f]+]] device 0x{{[0-9a-f]+}} size 16 dyn_ref 1 hold_ref 0
  // CHECK-NEXT: omptarget device 3 info: mappings now (ompx_dump_mapping_tables): 0
  printf("done %p\n", (void *)x);
  // CHECK-NEXT: done [[X]]
  return 0;
}
// DISABLED: uid(-1) = initial -> 0
// DISABLED-NEXT: uid(0) = initial -> 0
// DISABLED-NEXT: uid(1) = NULL -> -99
// DISABLED: omptarget info: mappings: no devices
