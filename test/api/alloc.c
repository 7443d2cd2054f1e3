// Memory allocators: predefined and user allocators, alignment (at least 16 bytes), pool
// limits with each fallback, realloc/calloc, the default-allocator ICV, OMP_ALLOCATOR, and
// clang's `allocate` directive (__kmpc_alloc/__kmpc_free).
// RUN: %compile && %run %t | %FileCheck %s
// RUN: env OMP_ALLOCATOR=omp_high_bw_mem_alloc %run %t | %FileCheck %s --check-prefix=ENV
// RUN: env "OMP_ALLOCATOR=omp_default_mem_space:pool_size=4096,fallback=null_fb" %run %t | %FileCheck %s --check-prefix=ENVPOOL
// RUN: env OMP_ALLOCATOR=nonsense %run %t 2>&1 | %FileCheck %s --check-prefix=BAD
// RUN: %not --crash %run %t abort 2>&1 | %FileCheck %s --check-prefix=ABORT
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int aligned(void *p, size_t a) { return ((uintptr_t)p % a) == 0; }

__attribute__((noinline)) static double with_allocate(int n) {
  double buf[64];
#pragma omp allocate(buf) allocator(omp_low_lat_mem_alloc)
  for (int i = 0; i < 64; i++)
    buf[i] = i * n;
  double s = 0;
  for (int i = 0; i < 64; i++)
    s += buf[i];
  return s;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  omp_allocator_handle_t def = omp_get_default_allocator();
  printf("default=%lu\n", (unsigned long)def);

  void *p = omp_alloc(24, omp_default_mem_alloc);
  void *q = omp_aligned_alloc(256, 100, omp_large_cap_mem_alloc);
  printf("align16=%d align256=%d zero=%p\n", aligned(p, 16), aligned(q, 256),
         omp_alloc(0, omp_default_mem_alloc));
  omp_free(p, omp_default_mem_alloc);
  omp_free(q, omp_null_allocator); // the block knows its allocator

  omp_alloctrait_t traits[] = {{omp_atk_pool_size, 1000}, {omp_atk_fallback, omp_atv_null_fb},
                               {omp_atk_alignment, 64}};
  omp_allocator_handle_t small = omp_init_allocator(omp_default_mem_space, 3, traits);
  void *a = omp_alloc(400, small), *b = omp_alloc(400, small), *c = omp_alloc(400, small);
  printf("pool: a=%d b=%d c=%d aligned64=%d\n", a != NULL, b != NULL, c != NULL, aligned(a, 64));
  omp_free(a, small);
  c = omp_alloc(400, small);
  printf("pool after free: c=%d\n", c != NULL);
  omp_free(b, small);
  omp_free(c, small);

  omp_alloctrait_t fb[] = {{omp_atk_pool_size, 100}, {omp_atk_fallback, omp_atv_default_mem_fb}};
  omp_allocator_handle_t tiny = omp_init_allocator(omp_default_mem_space, 2, fb);
  void *big = omp_alloc(1000, tiny);
  printf("default_mem_fb: %d\n", big != NULL);
  omp_free(big, tiny);

  omp_alloctrait_t badt[] = {{omp_atk_alignment, 3}};
  printf("bad trait: %lu\n", (unsigned long)omp_init_allocator(omp_default_mem_space, 1, badt));

  int *arr = omp_calloc(100, sizeof(int), omp_default_mem_alloc);
  int zeros = 1;
  for (int i = 0; i < 100; i++)
    zeros &= arr[i] == 0;
  for (int i = 0; i < 100; i++)
    arr[i] = i;
  arr = omp_realloc(arr, 1000 * sizeof(int), omp_default_mem_alloc, omp_default_mem_alloc);
  printf("calloc zeros=%d realloc kept=%d\n", zeros, arr[99] == 99);
  omp_free(arr, omp_default_mem_alloc);

  omp_set_default_allocator(small);
  int inherited = 0;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      inherited = omp_get_default_allocator() == small;
  }
  printf("default inherited by the region: %d\n", inherited);
  omp_set_default_allocator(def);
  omp_destroy_allocator(small);
  omp_destroy_allocator(tiny);

  printf("allocate directive: %g\n", with_allocate(2));

  if (argc > 1 && strcmp(argv[1], "abort") == 0) {
    omp_alloctrait_t ab[] = {{omp_atk_pool_size, 10}, {omp_atk_fallback, omp_atv_abort_fb}};
    omp_allocator_handle_t h = omp_init_allocator(omp_default_mem_space, 2, ab);
    omp_alloc(100, h);
    printf("not reached\n");
  }
  return 0;
}
// CHECK: {{^}}default=1{{$}}
// CHECK-NEXT: align16=1 align256=1 zero=(nil)
// CHECK-NEXT: pool: a=1 b=1 c=0 aligned64=1
// CHECK-NEXT: pool after free: c=1
// CHECK-NEXT: default_mem_fb: 1
// CHECK-NEXT: bad trait: 0
// CHECK-NEXT: calloc zeros=1 realloc kept=1
// CHECK-NEXT: default inherited by the region: 1
// CHECK-NEXT: allocate directive: 4032
// ENV: {{^}}default=4{{$}}
// ENVPOOL-NOT: {{^}}default=1{{$}}
// ENVPOOL: {{^}}default={{[0-9]+$}}
// ENVPOOL: pool: a=1
// BAD: OMP: Warning: OMP_ALLOCATOR="nonsense" is invalid
// BAD: {{^}}default=1{{$}}
// ABORT: OMP: Error: allocation of 100 bytes failed (allocator fallback abort_fb)
// ABORT-NOT: not reached
