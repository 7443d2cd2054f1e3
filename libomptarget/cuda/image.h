// Which NVIDIA device code fits which GPU: cubins (ELF, e_machine EM_CUDA) and PTX text.
// Pure functions of the image bytes, shared by the plugin and its unit test.
#pragma once
#include <stdbool.h>
#include <stddef.h>

enum cuda_image_kind { CUDA_IMAGE_NONE, CUDA_IMAGE_CUBIN, CUDA_IMAGE_PTX };

struct cuda_image_info {
  enum cuda_image_kind kind;
  int sm; // the architecture, major * 10 + minor (sm_90: 90); for PTX, its .target
};

// What the image is and which architecture it was built for. False: neither a cubin nor PTX.
bool cuda_image_inspect(const void *image, size_t size, struct cuda_image_info *info);

// How well the image fits a device of architecture `device_sm`: 0 not at all; 1000 + its SM
// for PTX the driver can compile for it; 2000 + its SM for a cubin of the same major
// architecture and an older minor one; 3000 for a cubin of exactly this architecture. (The
// newer of two candidates of one kind wins.) The driver has the last word (cuModuleLoadData).
int cuda_image_score(const struct cuda_image_info *info, int device_sm);
