//===- FakeCuda.cpp - A stand-in for libcuda.so.1 in tests ----------------===//
//
// Implements the driver entry points trident-launch uses, on the host, so
// that the launcher's plumbing (dlopen/dlsym of the versioned symbols,
// argument marshalling, grid handling, checking, exit codes) is tested on a
// machine with no GPU. Loaded through TRIDENT_LIBCUDA.
//
// It "runs" two kernels on the host: vector_add(x, y, out, n) with the grid
// and block it was launched with, and matmul_bf16_tma(a, b, c, M, N, K),
// whose a, b and c are TMA descriptors this fake encoded (it reads the
// tensors' addresses, sizes and strides back out of them, so the launcher's
// encoding and by-value passing are checked); other kernels do nothing
// (their outputs stay NaN). cuTensorMapEncodeTiled checks its arguments as
// the driver documents (box sizes, 16-byte strides, the box's inner extent
// within the swizzle span) and prints what it encoded to stderr. Like the driver, it refuses more than 48 KB of dynamic shared
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

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace {

bool failing(const char *name) {
  const char *f = std::getenv("TRIDENT_FAKE_CUDA_FAIL");
  return f && std::strcmp(f, name) == 0;
}

#define FAKE_CHECK(name, code)                                                 \
  if (failing(name))                                                           \
    return code;

std::vector<std::pair<CUdeviceptr, size_t>> &allocations() {
  static std::vector<std::pair<CUdeviceptr, size_t>> all;
  return all;
}

struct FakeFunction {
  std::string name;
  int maxDynamicShared = 48 * 1024; // what the real driver allows by default
};

/// What this fake keeps in a CUtensorMap's 128 bytes.
struct FakeTensorMap {
  uint64_t address;
  uint32_t type, rank;
  uint64_t dims[5];
  uint64_t strides[4]; // bytes, for dimensions 1.. (innermost first)
};
static_assert(sizeof(FakeTensorMap) <= sizeof(CUtensorMap), "fits");

float bf16ToFloat(uint16_t h) {
  uint32_t u = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

uint16_t floatToBf16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  u += 0x7fff + ((u >> 16) & 1);
  return uint16_t(u >> 16);
}

/// c = a @ b in bf16 (fp32 accumulation) through the descriptors.
CUresult tmaMatmul(void **params) {
  FakeTensorMap m[3];
  for (int i = 0; i < 3; ++i) {
    std::memcpy(&m[i], params[i], sizeof(FakeTensorMap));
    if (m[i].rank != 2 || m[i].type != CU_TENSOR_MAP_DATA_TYPE_BFLOAT16)
      return CUDA_ERROR_INVALID_VALUE;
  }
  int M = *static_cast<int *>(params[3]), N = *static_cast<int *>(params[4]),
      K = *static_cast<int *>(params[5]);
  // dims are innermost first: a is M x K, b is K x N, c is M x N.
  if (m[0].dims[0] != uint64_t(K) || m[0].dims[1] != uint64_t(M) ||
      m[1].dims[0] != uint64_t(N) || m[1].dims[1] != uint64_t(K) ||
      m[2].dims[0] != uint64_t(N) || m[2].dims[1] != uint64_t(M))
    return CUDA_ERROR_INVALID_VALUE;
  auto at = [&](const FakeTensorMap &t, long row, long col) {
    return reinterpret_cast<uint16_t *>(t.address + row * t.strides[0]) + col;
  };
  for (long i = 0; i < M; ++i)
    for (long j = 0; j < N; ++j) {
      float acc = 0;
      for (long k = 0; k < K; ++k)
        acc += bf16ToFloat(*at(m[0], i, k)) * bf16ToFloat(*at(m[1], k, j));
      *at(m[2], i, j) = floatToBf16(acc);
    }
  return CUDA_SUCCESS;
}

/// What a launch does: vector_add or the TMA matmul on the host; other
/// kernels nothing.
/// The cluster shape of the launch being run (1, 1, 1 without one).
unsigned launchCluster[3] = {1, 1, 1};
/// Whether the launch being run is cooperative, and allows programmatic
/// dependent launch (cuLaunchKernelEx's attributes).
bool launchCooperative = false, launchPdl = false;

CUresult launch(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                unsigned bx, unsigned by, unsigned bz, unsigned shared,
                void **params) {
  FakeFunction *fn = reinterpret_cast<FakeFunction *>(f);
  if (fn->name == "launch_probe") {
    // (out): the launch's grid, threads per block and cluster shape.
    auto *out = reinterpret_cast<int *>(*static_cast<CUdeviceptr *>(params[0]));
    int values[] = {int(gx), int(gy), int(gz), int(bx * by * bz),
                    int(launchCluster[0]), int(launchCluster[1]),
                    int(launchCluster[2])};
    std::memcpy(out, values, sizeof(values));
    return CUDA_SUCCESS;
  }
  if (fn->name == "launch_attr_probe") {
    // (out): whether the launch was cooperative, and allowed PDL.
    auto *out = reinterpret_cast<int *>(*static_cast<CUdeviceptr *>(params[0]));
    out[0] = launchCooperative;
    out[1] = launchPdl;
    return CUDA_SUCCESS;
  }
  if (int(shared) > fn->maxDynamicShared)
    return CUDA_ERROR_INVALID_VALUE; // as the driver without the opt-in
  if (fn->name == "matmul_bf16_tma")
    return tmaMatmul(params);
  if (fn->name == "scratch_probe") {
    // (out, a, M, K, scratch): reports the global scratch pointer the
    // launcher passed last (the kernel's tensor maps would live there).
    auto *out = reinterpret_cast<unsigned long long *>(
        *static_cast<CUdeviceptr *>(params[0]));
    out[0] = *static_cast<CUdeviceptr *>(params[4]);
    return CUDA_SUCCESS;
  }
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
  // An sm_90 device (TRIDENT_FAKE_CUDA_CC=80 makes it sm_80) with the
  // H100/H200's 227 KB of opt-in shared memory per block.
  const char *cc = std::getenv("TRIDENT_FAKE_CUDA_CC");
  int major = cc ? std::atoi(cc) / 10 : 9, minor = cc ? std::atoi(cc) % 10 : 0;
  switch (attr) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *value = major; break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *value = minor; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *value = 232448;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *value = 132; break;
  default: *value = 0;
  }
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice) {
  FAKE_CHECK("cuDevicePrimaryCtxRetain", CUDA_ERROR_INVALID_VALUE);
  static int context;
  *ctx = reinterpret_cast<CUcontext>(&context);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }

thread_local CUcontext currentContext = nullptr;

CUresult CUDAAPI cuCtxSetCurrent(CUcontext ctx) {
  currentContext = ctx;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetCurrent(CUcontext *ctx) {
  FAKE_CHECK("cuCtxGetCurrent", CUDA_ERROR_INVALID_VALUE);
  *ctx = currentContext;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetDevice(CUdevice *device) {
  if (!currentContext)
    return CUDA_ERROR_INVALID_CONTEXT;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncGetAttribute(int *value, CUfunction_attribute attr,
                                    CUfunction) {
  *value = attr == CU_FUNC_ATTRIBUTE_NUM_REGS ? 32
           : attr == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ? 1024
                                                              : 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamSynchronize(CUstream) {
  FAKE_CHECK("cuStreamSynchronize", CUDA_ERROR_INVALID_VALUE);
  return CUDA_SUCCESS;
}

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
  allocations().push_back({*p, bytes});
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFree(CUdeviceptr p) {
  auto &all = allocations();
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i].first == p) {
      all.erase(all.begin() + long(i));
      break;
    }
  std::free(reinterpret_cast<void *>(p));
  return CUDA_SUCCESS;
}

/// CU_POINTER_ATTRIBUTE_DEVICE_POINTER of an address inside memory
/// cuMemAlloc gave (the address itself); anything else is not device
/// memory (CUDA_ERROR_INVALID_VALUE, as the driver answers for host
/// memory).
CUresult CUDAAPI cuPointerGetAttribute(void *data, CUpointer_attribute attr,
                                       CUdeviceptr p) {
  if (attr != CU_POINTER_ATTRIBUTE_DEVICE_POINTER)
    return CUDA_ERROR_INVALID_VALUE;
  for (const auto &[base, bytes] : allocations())
    if (p >= base && p < base + bytes) {
      *static_cast<CUdeviceptr *>(data) = p;
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_INVALID_VALUE;
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
  launchCluster[0] = launchCluster[1] = launchCluster[2] = 1;
  launchCooperative = launchPdl = false;
  return launch(f, gx, gy, gz, bx, by, bz, shared, params);
}

/// Checks the cluster attribute as the driver does: the grid must be a
/// multiple of the cluster shape.
CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *c, CUfunction f,
                                  void **params, void **) {
  FAKE_CHECK("cuLaunchKernelEx", CUDA_ERROR_INVALID_VALUE);
  launchCluster[0] = launchCluster[1] = launchCluster[2] = 1;
  launchCooperative = launchPdl = false;
  for (unsigned i = 0; i < c->numAttrs; ++i) {
    if (c->attrs[i].id == CU_LAUNCH_ATTRIBUTE_COOPERATIVE)
      launchCooperative = c->attrs[i].value.cooperative != 0;
    if (c->attrs[i].id ==
        CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION)
      launchPdl =
          c->attrs[i].value.programmaticStreamSerializationAllowed != 0;
    if (c->attrs[i].id != CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
      continue;
    const auto &d = c->attrs[i].value.clusterDim;
    if (!d.x || !d.y || !d.z || c->gridDimX % d.x || c->gridDimY % d.y ||
        c->gridDimZ % d.z)
      return CUDA_ERROR_INVALID_VALUE;
    launchCluster[0] = d.x;
    launchCluster[1] = d.y;
    launchCluster[2] = d.z;
  }
  return launch(f, c->gridDimX, c->gridDimY, c->gridDimZ, c->blockDimX,
                c->blockDimY, c->blockDimZ, c->sharedMemBytes, params);
}

CUresult CUDAAPI cuTensorMapEncodeTiled(
    CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank, void *address,
    const cuuint64_t *dims, const cuuint64_t *strides, const cuuint32_t *box,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion,
    CUtensorMapFloatOOBfill) {
  FAKE_CHECK("cuTensorMapEncodeTiled", CUDA_ERROR_INVALID_VALUE);
  // The driver's documented constraints, for the types the launcher uses.
  unsigned elemBytes = type == CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 ||
                               type == CU_TENSOR_MAP_DATA_TYPE_FLOAT16
                           ? 2
                           : 4;
  unsigned span = swizzle == CU_TENSOR_MAP_SWIZZLE_128B  ? 128
                  : swizzle == CU_TENSOR_MAP_SWIZZLE_64B ? 64
                  : swizzle == CU_TENSOR_MAP_SWIZZLE_32B ? 32
                                                         : 0;
  if (rank < 1 || rank > 5 || reinterpret_cast<uintptr_t>(address) % 16 ||
      reinterpret_cast<uintptr_t>(map) % 64 ||
      interleave != CU_TENSOR_MAP_INTERLEAVE_NONE)
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned d = 0; d < rank; ++d)
    if (box[d] == 0 || box[d] > 256 || elementStrides[d] != 1 || dims[d] == 0)
      return CUDA_ERROR_INVALID_VALUE;
  for (unsigned d = 0; d + 1 < rank; ++d)
    if (strides[d] % 16)
      return CUDA_ERROR_INVALID_VALUE;
  if ((box[0] * elemBytes) % 16 || (span && box[0] * elemBytes > span))
    return CUDA_ERROR_INVALID_VALUE;
  FakeTensorMap m{};
  m.address = reinterpret_cast<uint64_t>(address);
  m.type = type;
  m.rank = rank;
  std::string line = "fake cuTensorMapEncodeTiled: rank " +
                     std::to_string(rank) + ", dims";
  for (unsigned d = 0; d < rank; ++d) {
    m.dims[d] = dims[d];
    line += " " + std::to_string(dims[d]);
  }
  line += ", strides";
  for (unsigned d = 0; d + 1 < rank; ++d) {
    m.strides[d] = strides[d];
    line += " " + std::to_string(strides[d]);
  }
  line += ", box";
  for (unsigned d = 0; d < rank; ++d)
    line += " " + std::to_string(box[d]);
  line += ", swizzle " + std::to_string(span) + "\n";
  std::fputs(line.c_str(), stderr);
  std::memset(map, 0, sizeof(CUtensorMap));
  std::memcpy(map, &m, sizeof(m));
  return CUDA_SUCCESS;
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
