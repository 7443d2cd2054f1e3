// omp_target_* on the GPU: alloc, memcpy both ways and device to device, memset,
// memcpy_rect, is_present, associate_ptr, is_device_ptr, bad input refused.
#include "common.h"

#include <string.h>

int main(void) {
  require_gpu();
  int dev = 0, host = omp_get_initial_device();
  enum { N = 4096 };
  int *h = malloc(N * sizeof *h), *back = malloc(N * sizeof *back);
  for (int i = 0; i < N; i++)
    h[i] = i;
  int *d1 = omp_target_alloc(N * sizeof *h, dev), *d2 = omp_target_alloc(N * sizeof *h, dev);
  EXPECT(d1 && d2, "omp_target_alloc");
  EXPECT(!omp_target_memcpy(d1, h, N * sizeof *h, 0, 0, dev, host), "to device");
  EXPECT(!omp_target_memcpy(d2, d1, N * sizeof *h, 0, 0, dev, dev), "device to device");
#pragma omp target is_device_ptr(d2)
  for (int i = 0; i < N; i++)
    d2[i] += 1;
  EXPECT(!omp_target_memcpy(back, d2, N * sizeof *h, 0, 0, host, dev), "from device");
  EXPECT(back[N - 1] == N && back[0] == 1, "values %d %d", back[0], back[N - 1]);
  omp_target_memset(d1, 0, N * sizeof *h, dev);
  omp_target_memcpy(back, d1, N * sizeof *h, 0, 0, host, dev);
  EXPECT(back[17] == 0, "memset: %d", back[17]);
  // A 4x4 block out of a 16x16 matrix.
  static double m[16][16], sub[4][4];
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      m[i][j] = i * 100 + j;
  double *dm = omp_target_alloc(sizeof m, dev);
  omp_target_memcpy(dm, m, sizeof m, 0, 0, dev, host);
  size_t vol[2] = {4, 4}, off_src[2] = {2, 3}, off_dst[2] = {0, 0};
  size_t dims_src[2] = {16, 16}, dims_dst[2] = {4, 4};
  EXPECT(!omp_target_memcpy_rect(sub, dm, sizeof(double), 2, vol, off_dst, off_src, dims_dst,
                                 dims_src, host, dev),
         "memcpy_rect");
  EXPECT(sub[1][2] == 305, "rect value %g", sub[1][2]);
  int x[8] = {0};
  EXPECT(!omp_target_is_present(x, dev), "not present before a map");
#pragma omp target data map(to : x)
  EXPECT(omp_target_is_present(x, dev), "present inside target data");
  EXPECT(!omp_target_associate_ptr(h, d1, N * sizeof *h, 0, dev), "associate");
#pragma omp target map(tofrom : h [0:N])
  h[5] = 555;
  omp_target_memcpy(back, d1, N * sizeof *h, 0, 0, host, dev);
  EXPECT(back[5] == 555, "associated storage: %d", back[5]);
  omp_target_disassociate_ptr(h, dev);
  omp_target_free(d1, dev), omp_target_free(d2, dev), omp_target_free(dm, dev);
  return finish("routines");
}
