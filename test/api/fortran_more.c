// Fortran entry names of the allocator, affinity-format, final and event routines (character
// arguments blank-padded with a hidden length), and libomp's kmpc_* allocation spellings.
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <string.h>

void omp_set_affinity_format_(const char *, size_t);
size_t omp_get_affinity_format_(char *, size_t);
size_t omp_capture_affinity_(char *, const char *, size_t, size_t);
int omp_in_final_(void);
omp_allocator_handle_t omp_get_default_allocator_(void);
void omp_set_default_allocator_(omp_allocator_handle_t *);
omp_allocator_handle_t omp_init_allocator_(omp_memspace_handle_t *, int *, const omp_alloctrait_t *);
void omp_destroy_allocator_(omp_allocator_handle_t *);
void *kmpc_malloc(size_t);
void *kmpc_calloc(size_t, size_t);
void *kmpc_realloc(void *, size_t);
void kmpc_free(void *);

int main(void) {
  char fmt[32];
  memset(fmt, ' ', sizeof(fmt));
  memcpy(fmt, "T%n/%N", 6); // blank-padded, no NUL within the length
  omp_set_affinity_format_(fmt, sizeof(fmt));
  char out[16];
  size_t n = omp_get_affinity_format_(out, sizeof(out));
  printf("format: n=%zu [%.16s]\n", n, out);
  // CHECK: format: n=6 [T%n/%N          ]
  char cap[12];
  n = omp_capture_affinity_(cap, "", sizeof(cap), 0); // empty format: the affinity-format ICV
  printf("capture: n=%zu [%.12s]\n", n, cap);
  // CHECK-NEXT: capture: n=4 [T0/1        ]
  int fin = -1;
#pragma omp parallel num_threads(1)
#pragma omp task final(1) shared(fin)
  fin = omp_in_final_();
  printf("final: %d %d\n", fin, omp_in_final_());
  // CHECK-NEXT: final: 1 0
  omp_allocator_handle_t def = omp_get_default_allocator_();
  omp_memspace_handle_t ms = omp_default_mem_space;
  omp_alloctrait_t traits[1] = {{omp_atk_alignment, 64}};
  int nt = 1;
  omp_allocator_handle_t a = omp_init_allocator_(&ms, &nt, traits);
  omp_set_default_allocator_(&a);
  void *p = omp_alloc(100, omp_null_allocator);
  printf("allocator: default was %s, aligned %d, now %s\n",
         def == omp_default_mem_alloc ? "omp_default_mem_alloc" : "other",
         ((unsigned long)p & 63) == 0, omp_get_default_allocator_() == a ? "ours" : "other");
  // CHECK-NEXT: allocator: default was omp_default_mem_alloc, aligned 1, now ours
  omp_free(p, a);
  omp_set_default_allocator_(&def);
  omp_destroy_allocator_(&a);
  int *q = kmpc_calloc(4, sizeof(int));
  q = kmpc_realloc(q, 8 * sizeof(int));
  q[7] = 7;
  printf("kmpc: %d %d\n", q[0], q[7]);
  // CHECK-NEXT: kmpc: 0 7
  kmpc_free(q);
  kmpc_free(kmpc_malloc(10));
  return 0;
}
