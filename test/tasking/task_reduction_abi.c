// Task-reduction entry points called directly, in the forms clang does not emit: two
// __kmpc_taskred_init calls on one taskgroup (a handle stays valid after the second call; a
// lookup through the wrong handle or no handle finds the item in the taskgroup), the older
// __kmpc_task_reduction_init items without `orig`, an item without an initializer (zero-filled),
// and a lookup of an address that is not an item (a warning, the address itself).
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t 2>&1 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t 2>&1 | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
  void *shar, *orig;
  size_t size;
  void *init, *fini, *comb;
  int flags;
} taskred_input_t;

typedef struct {
  void *shar;
  size_t size;
  void *init, *fini, *comb;
  int flags;
} task_red_input_t;

void *__kmpc_taskred_init(int gtid, int num, void *data);
void *__kmpc_task_reduction_init(int gtid, int num, void *data);
void *__kmpc_task_reduction_get_th_data(int gtid, void *tg, void *data);

static void init_zero(void *priv, void *orig) {
  (void)orig;
  *(long *)priv = 0;
}
static void init_one(void *priv) {
  *(long *)priv = 1;
}
static void comb_add(void *lhs, void *rhs) {
  *(long *)lhs += *(long *)rhs;
}
static void comb_mul(void *lhs, void *rhs) {
  *(long *)lhs *= *(long *)rhs;
}

static long *copy(void *tg, void *item) {
  return __kmpc_task_reduction_get_th_data(omp_get_thread_num(), tg, item);
}

int main(void) {
  long x = 5, y = 0, z = 3, w = 0, stray = 7;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup
  {
    taskred_input_t a = {&x, &x, sizeof(long), (void *)init_zero, NULL, (void *)comb_add, 0};
    void *h1 = __kmpc_taskred_init(0, 1, &a);
    taskred_input_t b[2] = {{&y, &y, sizeof(long), (void *)init_zero, NULL, (void *)comb_add, 0},
                            {&w, &w, sizeof(long), NULL, NULL, (void *)comb_add, 0}};
    void *h2 = __kmpc_taskred_init(0, 2, b);
    task_red_input_t c = {&z, sizeof(long), (void *)init_one, NULL, (void *)comb_mul, 0};
    void *h3 = __kmpc_task_reduction_init(0, 1, &c);
    for (int i = 0; i < 100; i++) {
#pragma omp task firstprivate(h1, h2, h3)
      {
        *copy(h1, &x) += 1;
        *copy(h2, &y) += 2;
        *copy(NULL, &x) += 10; // no handle
        *copy(h2, &x) += 100;  // another set of the same taskgroup
        *copy(h3, &w) += 3;    // zero-filled copy
        *copy(h3, &z) *= 1;    // initialized to the multiplicative identity
      }
    }
#pragma omp task firstprivate(h3)
    *copy(h3, &z) *= 2;
  }
  printf("abi x=%ld y=%ld z=%ld w=%ld\n", x, y, z, w);
  fflush(stdout);

  // Not an item: a warning and the address itself.
  long *p = NULL;
#pragma omp parallel num_threads(1)
#pragma omp taskgroup
  {
    taskred_input_t a = {&x, &x, sizeof(long), (void *)init_zero, NULL, (void *)comb_add, 0};
    void *h = __kmpc_taskred_init(0, 1, &a);
    p = copy(h, &stray);
  }
  printf("stray same=%d\n", p == &stray);
  return 0;
}
// CHECK: abi x=11105 y=200 z=6 w=300
// CHECK: in_reduction: {{.*}} is not a reduction item
// CHECK: stray same=1
