// The part of the CUDA driver API the plugin uses, declared here (the plugin opens
// libcuda.so.1 at run time and has no build or link dependency on CUDA). Values and
// signatures are those of the driver's documented ABI.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef int CUresult; // 0: success
typedef int CUdevice;
typedef struct cu_ctx *CUcontext;
typedef struct cu_mod *CUmodule;
typedef struct cu_func *CUfunction;
typedef struct cu_stream *CUstream;
typedef struct cu_event *CUevent;
typedef uint64_t CUdeviceptr;

enum {
  CU_OK = 0,
  CU_ERROR_NOT_FOUND = 500,
  CU_ERROR_NOT_READY = 600,
  CU_ATTR_MAX_THREADS_PER_BLOCK = 1,
  CU_ATTR_MAX_GRID_DIM_X = 5,
  CU_ATTR_WARP_SIZE = 10,
  CU_ATTR_CLOCK_RATE = 13, // kHz
  CU_ATTR_MULTIPROCESSOR_COUNT = 16,
  CU_ATTR_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_ATTR_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_ATTR_COMPUTE_CAPABILITY_MINOR = 76,
  CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  CU_FUNC_ATTR_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTR_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  CU_LIMIT_MALLOC_HEAP_SIZE = 2,
  CU_STREAM_NON_BLOCKING = 1,
  CU_EVENT_DISABLE_TIMING = 2,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
};

// The entry points, by the names libcuda exports (the _v2 forms where the header maps to them).
#define CU_FUNCTIONS(X)                                                                            \
  X(cuInit, CUresult, (unsigned flags))                                                            \
  X(cuDriverGetVersion, CUresult, (int *version))                                                  \
  X(cuGetErrorName, CUresult, (CUresult err, const char **name))                                   \
  X(cuDeviceGetCount, CUresult, (int *count))                                                      \
  X(cuDeviceGet, CUresult, (CUdevice * dev, int ordinal))                                          \
  X(cuDeviceGetAttribute, CUresult, (int *value, int attr, CUdevice dev))                          \
  X(cuDevicePrimaryCtxRetain, CUresult, (CUcontext * ctx, CUdevice dev))                           \
  X(cuCtxSetCurrent, CUresult, (CUcontext ctx))                                                    \
  X(cuCtxSetLimit, CUresult, (int limit, size_t value))                                            \
  X(cuModuleLoadDataEx, CUresult,                                                                  \
    (CUmodule * mod, const void *image, unsigned n, int *options, void **values))                  \
  X(cuModuleGetFunction, CUresult, (CUfunction * fn, CUmodule mod, const char *name))              \
  X(cuModuleGetGlobal_v2, CUresult,                                                                \
    (CUdeviceptr * ptr, size_t * bytes, CUmodule mod, const char *name))                           \
  X(cuFuncGetAttribute, CUresult, (int *value, int attr, CUfunction fn))                           \
  X(cuFuncSetAttribute, CUresult, (CUfunction fn, int attr, int value))                            \
  X(cuMemAlloc_v2, CUresult, (CUdeviceptr * ptr, size_t bytes))                                    \
  X(cuMemFree_v2, CUresult, (CUdeviceptr ptr))                                                     \
  X(cuMemAllocHost_v2, CUresult, (void **ptr, size_t bytes))                                       \
  X(cuMemcpyHtoDAsync_v2, CUresult,                                                                \
    (CUdeviceptr dst, const void *src, size_t bytes, CUstream stream))                             \
  X(cuMemcpyDtoHAsync_v2, CUresult, (void *dst, CUdeviceptr src, size_t bytes, CUstream stream))   \
  X(cuMemcpyDtoDAsync_v2, CUresult,                                                                \
    (CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream))                             \
  X(cuMemsetD8Async, CUresult, (CUdeviceptr dst, unsigned char value, size_t n, CUstream stream))  \
  X(cuStreamCreate, CUresult, (CUstream * stream, unsigned flags))                                 \
  X(cuStreamSynchronize, CUresult, (CUstream stream))                                              \
  X(cuEventCreate, CUresult, (CUevent * event, unsigned flags))                                    \
  X(cuEventRecord, CUresult, (CUevent event, CUstream stream))                                     \
  X(cuEventQuery, CUresult, (CUevent event))                                                       \
  X(cuEventSynchronize, CUresult, (CUevent event))                                                 \
  X(cuLaunchKernel, CUresult,                                                                      \
    (CUfunction fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,  \
     unsigned shared, CUstream stream, void **params, void **extra))

#define CU_DECLARE(name, ret, args) ret(*name) args;
struct cu_driver {
  CU_FUNCTIONS(CU_DECLARE)
};
#undef CU_DECLARE
