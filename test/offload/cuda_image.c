// clang-format off
// The NVIDIA plugin's image selection over real cubin headers: CUDA 13's ptxas writes the new
// e_flags encoding (EI_ABIVERSION 8, SM in bits 8-15); the old one (SM in the low byte) is made
// from them by rewriting the header. Which image each device of several takes.
// RUN: %ptxas -arch=sm_75 %S/Inputs/cuda_probe.ptx -o %t.75.cubin
// RUN: %ptxas -arch=sm_80 %S/Inputs/cuda_probe.ptx -o %t.80.cubin
// RUN: %ptxas -arch=sm_86 %S/Inputs/cuda_probe.ptx -o %t.86.cubin
// RUN: %ptxas -arch=sm_90 %S/Inputs/cuda_probe.ptx -o %t.90.cubin
// RUN: %ptxas -arch=sm_100 %S/Inputs/cuda_probe.ptx -o %t.100.cubin
// RUN: %cc -O1 -g -Wall -I%cuda-src -I%incdir %s %cuda-src/image.c -o %t
// RUN: %t %t.75.cubin %t.80.cubin %t.86.cubin %t.90.cubin %t.100.cubin %S/Inputs/cuda_probe.ptx | %FileCheck %s
// REQUIRES: ptxas
// clang-format on
#include "image.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  *n = (size_t)ftell(f);
  rewind(f);
  unsigned char *b = malloc(*n + 1);
  if (b && fread(b, 1, *n, f) != *n)
    b = NULL;
  fclose(f);
  return b;
}

static const char *kind_name(enum cuda_image_kind k) {
  return k == CUDA_IMAGE_CUBIN ? "cubin" : k == CUDA_IMAGE_PTX ? "ptx" : "none";
}

static const int device_sms[] = {75, 80, 86, 89, 90, 100, 120};
#define NDEV (int)(sizeof device_sms / sizeof *device_sms)

static void show(const char *what, const void *img, size_t n) {
  struct cuda_image_info info;
  bool ok = cuda_image_inspect(img, n, &info);
  printf("%s: %s %s sm_%d scores", what, ok ? "ok" : "refused", kind_name(info.kind), info.sm);
  for (int d = 0; d < NDEV; d++)
    printf(" %d", ok ? cuda_image_score(&info, device_sms[d]) : 0);
  printf("\n");
}

int main(int argc, char **argv) {
  static unsigned char *img[16];
  static size_t len[16];
  int n = 0;
  for (int i = 1; i < argc && n < 16; i++, n++) {
    img[n] = slurp(argv[i], &len[n]);
    if (!img[n])
      return 1;
    uint32_t flags;
    memcpy(&flags, img[n] + 48, 4);
    char what[64];
    snprintf(what, sizeof what, "image %d (abi %d, flags %#x)", n, img[n][8], flags);
    show(what, img[n], len[n]);
  }
  // The same cubins in the old encoding: ABI version 7, the SM in bits 0-7 and 16-23.
  for (int i = 0; i < n; i++) {
    if (img[i][0] != 0x7f)
      continue;
    struct cuda_image_info info;
    cuda_image_inspect(img[i], len[i], &info);
    unsigned char old[64];
    memcpy(old, img[i], 64);
    old[8] = 7;
    uint32_t flags = (uint32_t)info.sm | (uint32_t)info.sm << 16;
    memcpy(old + 48, &flags, 4);
    printf("old ");
    show("encoding", old, sizeof old);
  }
  // Several images for several devices: each device takes the best score.
  for (int d = 0; d < NDEV; d++) {
    int best = -1, best_score = 0;
    for (int i = 0; i < n; i++) {
      struct cuda_image_info info;
      int s =
          cuda_image_inspect(img[i], len[i], &info) ? cuda_image_score(&info, device_sms[d]) : 0;
      if (s > best_score)
        best = i, best_score = s;
    }
    printf("device sm_%d takes image %d\n", device_sms[d], best);
  }
  // Bad input: truncated, not CUDA, empty, PTX without a target.
  show("truncated", img[3], 40);
  static const unsigned char x86[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0,  0,
                                        0,    0,   0,   0,   0, 0, 3, 0, 62, 0};
  show("x86-64 ELF", x86, sizeof x86);
  show("empty", "", 0);
  show("null", NULL, 10);
  const char *ptx = ".version 8.0\n.address_size 64\n";
  show("ptx without target", ptx, strlen(ptx));
  const char *ptx_late = "// comment\n.version 7.0\n.target   sm_52, debug\n";
  show("ptx sm_52", ptx_late, strlen(ptx_late));
  return 0;
}
// clang-format off
// Scores per device sm_75 sm_80 sm_86 sm_89 sm_90 sm_100 sm_120.
// CHECK: image 0 (abi 8, flags 0x6004b04): ok cubin sm_75 scores 3000 0 0 0 0 0 0
// CHECK: image 1 (abi 8, flags 0x6005004): ok cubin sm_80 scores 0 3000 2080 2080 0 0 0
// CHECK: image 2 (abi 8, flags 0x6005604): ok cubin sm_86 scores 0 0 3000 2086 0 0 0
// CHECK: image 3 (abi 8, flags 0x6005a04): ok cubin sm_90 scores 0 0 0 0 3000 0 0
// CHECK: image 4 (abi 8, flags 0x{{[0-9a-f]+}}): ok cubin sm_100 scores 0 0 0 0 0 3000 0
// CHECK: image 5 (abi {{[0-9]+}}, flags {{.*}}): ok ptx sm_75 scores 1075 1075 1075 1075 1075 1075 1075
// CHECK: old encoding: ok cubin sm_75 scores 3000 0 0 0 0 0 0
// CHECK: old encoding: ok cubin sm_80 scores 0 3000 2080 2080 0 0 0
// CHECK: old encoding: ok cubin sm_86 scores 0 0 3000 2086 0 0 0
// CHECK: old encoding: ok cubin sm_90 scores 0 0 0 0 3000 0 0
// CHECK: old encoding: ok cubin sm_100 scores 0 0 0 0 0 3000 0
// CHECK: device sm_75 takes image 0
// CHECK: device sm_80 takes image 1
// CHECK: device sm_86 takes image 2
// CHECK: device sm_89 takes image 2
// CHECK: device sm_90 takes image 3
// CHECK: device sm_100 takes image 4
// CHECK: device sm_120 takes image 5
// CHECK: truncated: refused none sm_0
// CHECK: x86-64 ELF: refused none sm_0
// CHECK: empty: refused none sm_0
// CHECK: null: refused none sm_0
// CHECK: ptx without target: refused ptx sm_0
// CHECK: ptx sm_52: ok ptx sm_52 scores 1052 1052 1052 1052 1052 1052 1052
