//===- FakeCuda.cpp - A stand-in for libcuda.so.1 in tests ----------------===//
//
// Implements the driver entry points trident-launch uses, on the host, so
// that the launcher's plumbing (dlopen/dlsym of the versioned symbols,
// argument marshalling, grid handling, checking, exit codes) is tested on a
// machine with no GPU. Loaded through TRIDENT_LIBCUDA.
//
// It "runs" one kernel, vector_add(x, y, out, n), on the host with the grid
// and block it was launched with; other kernels do nothing (their outputs
// stay NaN). Like the driver, it refuses more than 48 KB of dynamic shared
// memory without the cuFuncSetAttribute opt-in, and cluster launches whose
// grid is not a multiple of the cluster. Environment knobs:
//   TRIDENT_FAKE_CUDA_FAIL=<entry point>  that call fails (cuInit fails with
//                                         CUDA_ERROR_NO_DEVICE, the others
//                                         with CUDA_ERROR_INVALID_IMAGE for
//                                         cuModuleLoadData, else
//                                         CUDA_ERROR_INVALID_VALUE)
//   TRIDENT_FAKE_CUDA_WRONG=1             vector_add computes x - y
//
//===----------------------------------------------------------------------===//
#include <cuda.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace {

bool failing(const char *name) {
  const char *f = std::getenv("TRIDENT_FAKE_CUDA_FAIL");
  return f && std::strcmp(f, name) == 0;
}

#define FAKE_CHECK(name, code)                                                 \
  if (failing(name))                                                           \
    return code;

struct FakeFunction {
  std::string name;
  int maxDynamicShared = 48 * 1024; // what the real driver allows by default
};

/// What a launch does: vector_add on the host; other kernels nothing.
CUresult launch(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                unsigned bx, unsigned by, unsigned bz, unsigned shared,
                void **params) {
  FakeFunction *fn = reinterpret_cast<FakeFunction *>(f);
  if (int(shared) > fn->maxDynamicShared)
    return CUDA_ERROR_INVALID_VALUE; // as the driver without the opt-in
  if (fn->name != "vector_add")
    return CUDA_SUCCESS;
  auto ptr = [&](int i) {
    return reinterpret_cast<float *>(*static_cast<CUdeviceptr *>(params[i]));
  };
  float *x = ptr(0), *y = ptr(1), *out = ptr(2);
  int n = *static_cast<int *>(params[3]);
  bool wrong = std::getenv("TRIDENT_FAKE_CUDA_WRONG") != nullptr;
  long threads = long(bx) * by * bz;
  for (long b = 0; b < long(gx) * gy * gz; ++b)
    for (long t = 0; t < threads; ++t) {
      long i = b * threads + t;
      if (i < n)
        out[i] = wrong ? x[i] - y[i] : x[i] + y[i];
    }
  return CUDA_SUCCESS;
}

} // namespace

extern "C" {

CUresult CUDAAPI cuInit(unsigned int) {
  FAKE_CHECK("cuInit", CUDA_ERROR_NO_DEVICE);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuGetErrorName(CUresult error, const char **str) {
  switch (error) {
  case CUDA_ERROR_NO_DEVICE:
    *str = "CUDA_ERROR_NO_DEVICE";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_IMAGE:
    *str = "CUDA_ERROR_INVALID_IMAGE";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_VALUE:
    *str = "CUDA_ERROR_INVALID_VALUE";
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult CUDAAPI cuGetErrorString(CUresult error, const char **str) {
  switch (error) {
  case CUDA_ERROR_NO_DEVICE:
    *str = "no CUDA-capable device is detected";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_IMAGE:
    *str = "device kernel image is invalid";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_VALUE:
    *str = "invalid argument";
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult CUDAAPI cuDriverGetVersion(int *v) {
  *v = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetCount(int *count) {
  FAKE_CHECK("cuDeviceGetCount", CUDA_ERROR_INVALID_VALUE);
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGet(CUdevice *device, int ordinal) {
  FAKE_CHECK("cuDeviceGet", CUDA_ERROR_INVALID_VALUE);
  *device = ordinal;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetName(char *name, int len, CUdevice) {
  std::strncpy(name, "Fake CUDA device", len);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetAttribute(int *value, CUdevice_attribute attr,
                                      CUdevice) {
  *value = attr == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ? 9 : 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice) {
  FAKE_CHECK("cuDevicePrimaryCtxRetain", CUDA_ERROR_INVALID_VALUE);
  static int context;
  *ctx = reinterpret_cast<CUcontext>(&context);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }
CUresult CUDAAPI cuCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }

CUresult CUDAAPI cuCtxSynchronize(void) {
  FAKE_CHECK("cuCtxSynchronize", CUDA_ERROR_INVALID_VALUE);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleLoadData(CUmodule *module, const void *image) {
  FAKE_CHECK("cuModuleLoadData", CUDA_ERROR_INVALID_IMAGE);
  if (std::memcmp(image, "\x7f" "ELF", 4) != 0)
    return CUDA_ERROR_INVALID_IMAGE;
  static int fakeModule;
  *module = reinterpret_cast<CUmodule>(&fakeModule);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleUnload(CUmodule) { return CUDA_SUCCESS; }

CUresult CUDAAPI cuModuleGetFunction(CUfunction *fn, CUmodule,
                                     const char *name) {
  FAKE_CHECK("cuModuleGetFunction", CUDA_ERROR_INVALID_VALUE);
  *fn = reinterpret_cast<CUfunction>(new FakeFunction{name});
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncSetAttribute(CUfunction f, CUfunction_attribute attr,
                                    int value) {
  FAKE_CHECK("cuFuncSetAttribute", CUDA_ERROR_INVALID_VALUE);
  if (attr == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
    reinterpret_cast<FakeFunction *>(f)->maxDynamicShared = value;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemAlloc(CUdeviceptr *p, size_t bytes) {
  FAKE_CHECK("cuMemAlloc", CUDA_ERROR_INVALID_VALUE);
  *p = reinterpret_cast<CUdeviceptr>(std::malloc(bytes));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFree(CUdeviceptr p) {
  std::free(reinterpret_cast<void *>(p));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t n) {
  FAKE_CHECK("cuMemcpyHtoD", CUDA_ERROR_INVALID_VALUE);
  std::memcpy(reinterpret_cast<void *>(dst), src, n);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t n) {
  FAKE_CHECK("cuMemcpyDtoH", CUDA_ERROR_INVALID_VALUE);
  std::memcpy(dst, reinterpret_cast<void *>(src), n);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy,
                                unsigned gz, unsigned bx, unsigned by,
                                unsigned bz, unsigned shared, CUstream,
                                void **params, void **) {
  FAKE_CHECK("cuLaunchKernel", CUDA_ERROR_INVALID_VALUE);
  return launch(f, gx, gy, gz, bx, by, bz, shared, params);
}

/// Checks the cluster attribute as the driver does: the grid must be a
/// multiple of the cluster shape.
CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *c, CUfunction f,
                                  void **params, void **) {
  FAKE_CHECK("cuLaunchKernelEx", CUDA_ERROR_INVALID_VALUE);
  for (unsigned i = 0; i < c->numAttrs; ++i) {
    if (c->attrs[i].id != CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
      continue;
    const auto &d = c->attrs[i].value.clusterDim;
    if (!d.x || !d.y || !d.z || c->gridDimX % d.x || c->gridDimY % d.y ||
        c->gridDimZ % d.z)
      return CUDA_ERROR_INVALID_VALUE;
  }
  return launch(f, c->gridDimX, c->gridDimY, c->gridDimZ, c->blockDimX,
                c->blockDimY, c->blockDimZ, c->sharedMemBytes, params);
}

CUresult CUDAAPI cuEventCreate(CUevent *e, unsigned int) {
  static int event;
  *e = reinterpret_cast<CUevent>(&event);
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuEventRecord(CUevent, CUstream) { return CUDA_SUCCESS; }
CUresult CUDAAPI cuEventSynchronize(CUevent) { return CUDA_SUCCESS; }
CUresult CUDAAPI cuEventElapsedTime(float *ms, CUevent, CUevent) {
  *ms = 1.0f;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuEventDestroy(CUevent) { return CUDA_SUCCESS; }

} // extern "C"
