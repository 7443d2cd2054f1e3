// Device routines of the host runtime (OpenMP 5.1 §3.7). Devices belong to libomptarget: when
// it is loaded (a program built with -fopenmp-targets links it after libomp), these routines
// forward to its definitions; otherwise the host is the only device.
#define _GNU_SOURCE
#include "glass.h"
#include "kmpc.h"

#include <dlfcn.h>

typedef int (*int_fn)(void);

// The next definition of `name` after libomp in the lookup order: libomptarget's.
static int_fn offload_fn(const char *name, int_fn *cache, bool *looked) {
  if (!__atomic_load_n(looked, __ATOMIC_ACQUIRE)) {
    int_fn fn = (int_fn)dlsym(RTLD_NEXT, name);
    __atomic_store_n(cache, fn, __ATOMIC_RELAXED);
    __atomic_store_n(looked, true, __ATOMIC_RELEASE);
  }
  return __atomic_load_n(cache, __ATOMIC_RELAXED);
}

#define FORWARD(name, fallback)                                                                    \
  static int_fn name##_next;                                                                       \
  static bool name##_looked;                                                                       \
  GLASS_API int name(void) {                                                                       \
    glass_ensure_init();                                                                           \
    int_fn fn = offload_fn(#name, &name##_next, &name##_looked);                                   \
    return fn ? fn() : (fallback);                                                                 \
  }

FORWARD(omp_get_num_devices, 0)

GLASS_API int omp_get_initial_device(void) {
  return omp_get_num_devices();
}

GLASS_API int omp_get_default_device(void) {
  return glass_self()->task->icvs.default_device;
}

GLASS_API void omp_set_default_device(int device) {
  if (device < 0) {
    glass_warn("omp_set_default_device(%d): the device number must be non-negative; ignored",
               device);
    return;
  }
  glass_self()->task->icvs.default_device = device;
}

// Host code runs on the initial device.
GLASS_API int omp_is_initial_device(void) {
  return 1;
}

GLASS_API int omp_get_device_num(void) {
  return omp_get_initial_device();
}

// libomptarget asks the host runtime for OMP_TARGET_OFFLOAD (its encoding: 0 disabled,
// 1 default, 2 mandatory).
GLASS_API int __kmpc_get_target_offload(void) {
  glass_ensure_init();
  switch (__atomic_load_n(&glass_env.target_offload, __ATOMIC_RELAXED)) { // kmp_set_defaults
  case 1:
    return 2;
  case 2:
    return 0;
  default:
    return 1;
  }
}

GLASS_FORTRAN_BEGIN
GLASS_FORTRAN_SET(omp_set_default_device, int)
GLASS_FORTRAN_END
GLASS_ALIAS(omp_get_num_devices_, omp_get_num_devices);
GLASS_ALIAS(omp_get_initial_device_, omp_get_initial_device);
GLASS_ALIAS(omp_get_default_device_, omp_get_default_device);
GLASS_ALIAS(omp_is_initial_device_, omp_is_initial_device);
GLASS_ALIAS(omp_get_device_num_, omp_get_device_num);
