// Cubin headers come in two encodings of e_flags. Up to CUDA 12 (EI_ABIVERSION below 8) the
// SM number sits in the low byte (and again in bits 16-23: sm_90 is 0x5a055a); CUDA 13's
// ptxas writes EI_ABIVERSION 8 with the SM number in bits 8-15 (sm_90 is 0x6005a04). A
// runtime reading only the old encoding takes a CUDA 13 sm_90 cubin for sm_4.
#include "image.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

#define EM_CUDA_MACHINE   190
#define ABI_NEW_ENCODING  8
#define ELF64_HEADER_SIZE 64

static int cubin_sm(const unsigned char *h) {
  uint32_t flags;
  memcpy(&flags, h + 48, 4);
  return h[8] >= ABI_NEW_ENCODING ? (int)((flags >> 8) & 0xff) : (int)(flags & 0xff);
}

// The architecture of PTX text: the number after ".target sm_" (0 when there is none).
static int ptx_sm(const char *p, size_t n) {
  static const char key[] = ".target";
  for (size_t i = 0; i + sizeof key + 4 <= n; i++) {
    if (memcmp(p + i, key, sizeof key - 1))
      continue;
    size_t j = i + sizeof key - 1;
    while (j < n && (p[j] == ' ' || p[j] == '\t'))
      j++;
    if (j + 3 >= n || memcmp(p + j, "sm_", 3))
      return 0;
    int sm = 0;
    for (j += 3; j < n && isdigit((unsigned char)p[j]) && sm < 10000; j++)
      sm = sm * 10 + (p[j] - '0');
    return sm;
  }
  return 0;
}

static bool looks_like_ptx(const char *p, size_t n) {
  size_t limit = n < 4096 ? n : 4096;
  for (size_t i = 0; i + 8 <= limit; i++)
    if (!memcmp(p + i, ".version", 8))
      return true;
  return false;
}

bool cuda_image_inspect(const void *image, size_t size, struct cuda_image_info *info) {
  const unsigned char *h = image;
  *info = (struct cuda_image_info){CUDA_IMAGE_NONE, 0};
  if (!image)
    return false;
  if (size >= ELF64_HEADER_SIZE && !memcmp(h,
                                           "\x7f"
                                           "ELF",
                                           4)) {
    uint16_t machine;
    memcpy(&machine, h + 18, 2);
    if (h[4] != 2 /* ELFCLASS64 */ || machine != EM_CUDA_MACHINE)
      return false;
    *info = (struct cuda_image_info){CUDA_IMAGE_CUBIN, cubin_sm(h)};
    return info->sm > 0;
  }
  if (looks_like_ptx(image, size)) {
    *info = (struct cuda_image_info){CUDA_IMAGE_PTX, ptx_sm(image, size)};
    return info->sm > 0;
  }
  return false;
}

int cuda_image_score(const struct cuda_image_info *info, int device_sm) {
  switch (info->kind) {
  case CUDA_IMAGE_CUBIN:
    if (info->sm == device_sm)
      return 3000;
    // Cubins run on later minor versions of their major architecture only.
    return info->sm / 10 == device_sm / 10 && info->sm < device_sm ? 2000 + info->sm : 0;
  case CUDA_IMAGE_PTX:
    return info->sm > 0 && info->sm <= device_sm ? 1000 + info->sm : 0;
  default:
    return 0;
  }
}
