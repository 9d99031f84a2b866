//===- Launch.cpp - GPU kernels and the launch dispatcher of trident._C ---===//
//
// The host side of `kernel[grid](*args)`, in C++ so that a launch costs
// less than torch's own op launch:
//
//  - GpuKernel: a cubin with what its launch needs (name, threads, shared
//    memory, cluster shape, one letter per run-time argument). It is loaded
//    into each CUDA context on its first launch there; the device is checked
//    against the compiled target and the per-kernel attributes (dynamic
//    shared memory past 48 KB) are set then, once, not per launch. Every
//    driver call is checked; an error names the call, the kernel and the
//    CUDA error.
//  - Dispatcher: per @jit function, a dict from a specialization key (what
//    Python's specialization depends on: argument kinds, dtypes, pointer
//    alignment, int ranges, == 1, % 16, constexpr values, launch options,
//    target and selected pipeline) to a launch plan. A hit packs the
//    arguments and launches without running Python; a miss calls back into
//    Python, which compiles (or finds the compiled kernel) and returns the
//    plan. Anything unusual (an unknown keyword, a value the fast path does
//    not classify) takes Python's slow path, which also gives the errors.
//
// The CUDA driver is trident::cuda::Driver (dlopen of libcuda.so.1, or
// $TRIDENT_LIBCUDA): a machine without a GPU imports trident and gets a
// clear error only when it launches on a cuda target.
//
//===----------------------------------------------------------------------===//
#include "Module.h"

#include "trident/Runtime/CudaDriver.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace trident::python;

namespace {

/// The exception types launch errors take (set from Python to
/// trident.KernelError and trident.OutOfResources; trident._C.Error until
/// then).
PyObject *kernelErrorType = nullptr;
/// A KernelError that is also a ValueError: an argument the GPU cannot
/// read (a CPU tensor given to a GPU kernel), as Triton reports it.
PyObject *argumentErrorType = nullptr;
PyObject *resourceErrorType = nullptr;

PyObject *raiseKernel(const std::string &message) {
  PyErr_SetString(kernelErrorType ? kernelErrorType : ErrorType,
                  message.c_str());
  return nullptr;
}

PyObject *raiseArgument(const std::string &message) {
  PyErr_SetString(argumentErrorType ? argumentErrorType
                  : kernelErrorType  ? kernelErrorType
                                     : ErrorType,
                  message.c_str());
  return nullptr;
}

PyObject *raiseResource(const std::string &message) {
  PyErr_SetString(resourceErrorType ? resourceErrorType : ErrorType,
                  message.c_str());
  return nullptr;
}

/// A new instance of heap type `type` (its tp_alloc), or null.
PyObject *allocInstance(PyTypeObject *type) {
  auto alloc = reinterpret_cast<allocfunc>(PyType_GetSlot(type, Py_tp_alloc));
  return alloc(type, 0);
}

/// Frees an instance of a heap type, and the reference to the type it owns.
void freeInstance(PyObject *self) {
  PyTypeObject *type = Py_TYPE(self);
  auto freeFn = reinterpret_cast<freefunc>(PyType_GetSlot(type, Py_tp_free));
  freeFn(self);
  Py_DECREF(type);
}

//===----------------------------------------------------------------------===//
// The driver
//===----------------------------------------------------------------------===//

struct CudaState {
  std::unique_ptr<trident::cuda::Driver> driver;
  std::string error;
  bool tried = false;
};

CudaState &cudaState() {
  static CudaState state;
  if (!state.tried) {
    state.tried = true;
    auto d = trident::cuda::Driver::load();
    if (d)
      state.driver = std::move(*d);
    else
      state.error = llvm::toString(d.takeError());
  }
  return state;
}

/// The driver's entry points, or null with trident._C.Error set.
const trident::cuda::DriverApi *cudaApi() {
  CudaState &s = cudaState();
  if (!s.driver) {
    raiseKernel("cannot use the GPU: " + s.error);
    return nullptr;
  }
  return &s.driver->api();
}

/// Sets trident._C.Error for a failed call; returns false.
bool cudaFailed(CUresult r, const std::string &call,
                const std::string &kernel) {
  llvm::Error e = cudaState().driver->check(r, call);
  std::string message = llvm::toString(std::move(e));
  if (!kernel.empty())
    message = "kernel '" + kernel + "': " + message;
  raiseKernel(message);
  return false;
}

#define CU_CHECK(expr, call, kernel)                                           \
  do {                                                                         \
    CUresult r_ = (expr);                                                      \
    if (r_ != CUDA_SUCCESS)                                                    \
      return cudaFailed(r_, call, kernel);                                     \
  } while (0)

/// Makes a context current on this thread when none is (the primary context
/// of device 0; torch has made its own current when it runs).
bool ensureContext(const trident::cuda::DriverApi &cu, CUcontext &ctx) {
  CU_CHECK(cu.cuCtxGetCurrent(&ctx), "cuCtxGetCurrent", "");
  if (ctx)
    return true;
  CUdevice dev;
  CU_CHECK(cu.cuDeviceGet(&dev, 0), "cuDeviceGet(0)", "");
  CU_CHECK(cu.cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain",
           "");
  CU_CHECK(cu.cuCtxSetCurrent(ctx), "cuCtxSetCurrent", "");
  return true;
}

//===----------------------------------------------------------------------===//
// GpuKernel
//===----------------------------------------------------------------------===//

struct GpuKernelData {
  std::string image, name, target, spec;
  std::vector<std::string> argNames; ///< of the run-time arguments
  int major = 0, minor = 0;          ///< of the compiled target
  bool archSpecific = false;         ///< sm_90a: that exact architecture
  unsigned threads = 128, shared = 0;
  unsigned cluster[3] = {1, 1, 1};
  /// The grid counts CTAs, which clusters of `cluster` regroup (CUDA's
  /// ctas_per_cga), rather than programs of a cluster each (num_ctas).
  bool gridCountsCtas = false;
  /// Triton's launch_cooperative_grid (the grid's CTAs all resident at
  /// once, so that they may wait for each other) and launch_pdl
  /// (programmatic dependent launch: may start before the previous kernel
  /// on the stream ends).
  bool cooperative = false, pdl = false;
  /// What the kernel chose for each TMA descriptor argument ('T' in spec),
  /// by run-time argument position.
  struct Tma {
    int index = -1;
    std::string dtype; ///< "bf16", "f16", "f32", ...
    int64_t elemBytes = 0;
    std::vector<int64_t> box; ///< outermost first
    int64_t swizzle = 0;
  };
  std::vector<Tma> tma;
  /// Global scratch bytes per program (tensor maps the kernel builds); the
  /// launch asks the user's allocator for them and passes the pointer as
  /// one more parameter, last.
  int64_t scratchBytes = 0;
  struct Loaded {
    CUcontext ctx;
    CUmodule module;
    CUfunction fn;
  };
  std::vector<Loaded> loaded;
};

struct GpuKernelObject {
  PyObject_HEAD
  GpuKernelData *d;
};

PyTypeObject *GpuKernelType = nullptr;

void GpuKernel_dealloc(PyObject *self) {
  // Modules stay loaded: their contexts may be gone at exit, and a kernel
  // object lives as long as its cache entry.
  delete reinterpret_cast<GpuKernelObject *>(self)->d;
  freeInstance(self);
}

/// The kernel's function in the current context, loaded on first use.
bool functionFor(const trident::cuda::DriverApi &cu, GpuKernelData &k,
                 CUfunction &fn) {
  CUcontext ctx;
  if (!ensureContext(cu, ctx))
    return false;
  for (const GpuKernelData::Loaded &l : k.loaded)
    if (l.ctx == ctx) {
      fn = l.fn;
      return true;
    }
  CUdevice dev;
  CU_CHECK(cu.cuCtxGetDevice(&dev), "cuCtxGetDevice", k.name);
  auto attr = [&](CUdevice_attribute a, int &v, const char *what) {
    CUresult r = cu.cuDeviceGetAttribute(&v, a, dev);
    return r == CUDA_SUCCESS ||
           cudaFailed(r, std::string("cuDeviceGetAttribute(") + what + ")",
                      k.name);
  };
  int major, minor, maxShared, maxThreads;
  if (!attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, major, "major") ||
      !attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, minor, "minor") ||
      !attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, maxShared,
            "max shared memory per block") ||
      !attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, maxThreads,
            "max threads per block"))
    return false;
  char devName[256] = {0};
  cu.cuDeviceGetName(devName, sizeof devName - 1, dev);
  std::string device = std::string(devName) + " (sm_" +
                       std::to_string(major) + std::to_string(minor) + ")";
  // A cubin runs on its own major version from its minor up; an
  // architecture-specific one (sm_90a) on that architecture only.
  bool fits = major == k.major &&
              (k.archSpecific ? minor == k.minor : minor >= k.minor);
  if (!fits) {
    raiseKernel("kernel '" + k.name + "' was compiled for " + k.target +
          " but runs on device " + std::to_string(dev) + ", " + device +
          ": compile it for cuda:" + std::to_string(major) +
          std::to_string(minor) + (major >= 9 ? "a" : "") +
          " (TRIDENT_TARGET, or the target= of trident.compile)");
    return false;
  }
  if (k.threads > unsigned(maxThreads)) {
    raiseResource("kernel '" + k.name + "' needs " + std::to_string(k.threads) +
          " threads per block (num_warps=" + std::to_string(k.threads / 32) +
          "); " + device + " allows " + std::to_string(maxThreads));
    return false;
  }
  if (k.shared > unsigned(maxShared)) {
    raiseResource("kernel '" + k.name + "' needs " + std::to_string(k.shared) +
          " bytes of shared memory per block; " + device + " allows " +
          std::to_string(maxShared) +
          " (use fewer stages or smaller blocks)");
    return false;
  }
  GpuKernelData::Loaded l{ctx, nullptr, nullptr};
  CU_CHECK(cu.cuModuleLoadData(&l.module, k.image.data()), "cuModuleLoadData",
           k.name);
  CU_CHECK(cu.cuModuleGetFunction(&l.fn, l.module, k.name.c_str()),
           "cuModuleGetFunction", k.name);
  if (k.shared > 48 * 1024)
    CU_CHECK(cu.cuFuncSetAttribute(
                 l.fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                 int(k.shared)),
             "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)", k.name);
  k.loaded.push_back(l);
  fn = l.fn;
  return true;
}

/// The allocator of `trident.set_allocator` (null: none set).
PyObject *allocatorFn = nullptr;

/// Global scratch for one launch of `k` over `programs` programs, from the
/// user's allocator: the object it returned (kept alive until the launch
/// is enqueued) and its device address; false with a Python error.
bool globalScratch(const GpuKernelData &k, unsigned long long programs,
                   CUstream stream, PyObject *&buffer, CUdeviceptr &ptr) {
  long long maps = k.scratchBytes / 128;
  if (!allocatorFn || allocatorFn == Py_None)
    return raiseKernel(
               "kernel '" + k.name + "' builds " + std::to_string(maps) +
               " TMA descriptor(s) in the kernel (tl.make_tensor_descriptor), "
               "which need " + std::to_string(k.scratchBytes) +
               " bytes of global memory per program: set an allocator first "
               "with trident.set_allocator(fn), where fn(size, alignment, "
               "stream) returns a tensor (or any object with data_ptr())"),
           false;
  unsigned long long total = programs * (unsigned long long)k.scratchBytes;
  buffer = PyObject_CallFunction(allocatorFn, "KKK", total, 128ULL,
                                 (unsigned long long)(uintptr_t)stream);
  if (!buffer)
    return false;
  PyObject *address = PyObject_CallMethod(buffer, "data_ptr", nullptr);
  unsigned long long a =
      address ? PyLong_AsUnsignedLongLong(address) : (unsigned long long)-1;
  Py_XDECREF(address);
  if (a == (unsigned long long)-1 && PyErr_Occurred()) {
    Py_CLEAR(buffer);
    return false;
  }
  if (a % 128 != 0) {
    Py_CLEAR(buffer);
    char hex[32];
    std::snprintf(hex, sizeof hex, "0x%llx", a);
    return raiseKernel("kernel '" + k.name + "': the allocator of "
                       "trident.set_allocator returned memory at " + hex +
                       ", which is not aligned to 128 bytes"),
           false;
  }
  ptr = CUdeviceptr(a);
  return true;
}

/// Launches `k` with `params` (one pointer per run-time argument to its
/// value) on `stream`. Pointer arguments must be device memory.
bool launchGpu(GpuKernelData &k, const unsigned grid[3], CUstream stream,
               void **params) {
  const trident::cuda::DriverApi *cu = cudaApi();
  if (!cu)
    return false;
  CUfunction fn;
  if (!functionFor(*cu, k, fn))
    return false;
  // Global scratch, the last parameter: released once the launch is
  // enqueued (as Triton does; a stream-ordered allocator such as torch's
  // reuses it only after the kernel).
  PyObject *scratchOwner = nullptr;
  CUdeviceptr scratch = 0;
  std::vector<void *> withScratch;
  if (k.scratchBytes > 0) {
    unsigned long long programs = (unsigned long long)grid[0] * grid[1] *
                                  grid[2];
    if (!k.gridCountsCtas)
      programs *= (unsigned long long)k.cluster[0] * k.cluster[1] *
                  k.cluster[2];
    if (!globalScratch(k, programs, stream, scratchOwner, scratch))
      return false;
    withScratch.assign(params, params + k.spec.size());
    withScratch.push_back(&scratch);
    params = withScratch.data();
  }
  struct Release {
    PyObject *&o;
    ~Release() { Py_CLEAR(o); }
  } release{scratchOwner};
  for (size_t i = 0; i < k.spec.size(); ++i) {
    if (k.spec[i] != 'p')
      continue;
    CUdeviceptr p = *static_cast<CUdeviceptr *>(params[i]);
    if (!p)
      continue;
    CUdeviceptr dp;
    if (cu->cuPointerGetAttribute(&dp, CU_POINTER_ATTRIBUTE_DEVICE_POINTER,
                                  p) != CUDA_SUCCESS) {
      char hex[32];
      std::snprintf(hex, sizeof hex, "0x%llx", (unsigned long long)p);
      raiseArgument("kernel '" + k.name + "': argument '" +
            (i < k.argNames.size() ? k.argNames[i] : std::to_string(i)) +
            "' (" + hex +
            ") is not memory of the GPU (a CPU tensor?); the kernel runs on " +
            k.target);
      return false;
    }
  }
  bool clustered = k.cluster[0] * k.cluster[1] * k.cluster[2] > 1;
  if (clustered || k.cooperative || k.pdl) {
    if (!cu->cuLaunchKernelEx)
      return raiseKernel("kernel '" + k.name + "' uses a " +
                         (clustered      ? "cluster"
                          : k.cooperative ? "cooperative"
                                          : "programmatic dependent") +
                         " launch, which needs a CUDA 12 driver "
                         "(cuLaunchKernelEx)"),
             false;
    CUlaunchAttribute attrs[4] = {};
    unsigned numAttrs = 0;
    if (clustered) {
      // The cluster shape, and clusters spread over the GPU's processor
      // clusters rather than packed (what Triton's launcher asks too).
      attrs[numAttrs].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
      attrs[numAttrs].value.clusterDim.x = k.cluster[0];
      attrs[numAttrs].value.clusterDim.y = k.cluster[1];
      attrs[numAttrs].value.clusterDim.z = k.cluster[2];
      ++numAttrs;
      attrs[numAttrs].id =
          CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
      attrs[numAttrs].value.clusterSchedulingPolicyPreference =
          CU_CLUSTER_SCHEDULING_POLICY_SPREAD;
      ++numAttrs;
    }
    if (k.cooperative) {
      attrs[numAttrs].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
      attrs[numAttrs].value.cooperative = 1;
      ++numAttrs;
    }
    if (k.pdl) {
      attrs[numAttrs].id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
      attrs[numAttrs].value.programmaticStreamSerializationAllowed = 1;
      ++numAttrs;
    }
    CUlaunchConfig config{};
    if (!clustered || k.gridCountsCtas) {
      // The grid's CTAs, regrouped: each extent a multiple of the cluster's.
      for (int i = 0; i < 3; ++i)
        if (grid[i] % k.cluster[i] != 0)
          return raiseKernel(
                     "kernel '" + k.name + "': the grid (" +
                     std::to_string(grid[0]) + ", " + std::to_string(grid[1]) +
                     ", " + std::to_string(grid[2]) +
                     ") is not a multiple of its thread-block clusters "
                     "(ctas_per_cga=(" + std::to_string(k.cluster[0]) + ", " +
                     std::to_string(k.cluster[1]) + ", " +
                     std::to_string(k.cluster[2]) + "))"),
                 false;
      config.gridDimX = grid[0];
      config.gridDimY = grid[1];
      config.gridDimZ = grid[2];
    } else {
      config.gridDimX = grid[0] * k.cluster[0];
      config.gridDimY = grid[1] * k.cluster[1];
      config.gridDimZ = grid[2] * k.cluster[2];
    }
    config.blockDimX = k.threads;
    config.blockDimY = config.blockDimZ = 1;
    config.sharedMemBytes = k.shared;
    config.hStream = stream;
    config.attrs = attrs;
    config.numAttrs = numAttrs;
    CU_CHECK(cu->cuLaunchKernelEx(&config, fn, params, nullptr),
             "cuLaunchKernelEx", k.name);
    return true;
  }
  CU_CHECK(cu->cuLaunchKernel(fn, grid[0], grid[1], grid[2], k.threads, 1, 1,
                              k.shared, stream, params, nullptr),
           "cuLaunchKernel", k.name);
  return true;
}

/// A list/tuple of ints from attribute `attr` of `o`; false with a Python
/// error.
bool intsAttr(PyObject *o, const char *attr, std::vector<int64_t> &out) {
  PyObject *seq = PyObject_GetAttrString(o, attr);
  if (!seq)
    return false;
  Py_ssize_t n = PySequence_Size(seq);
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *item = PySequence_GetItem(seq, i);
    long long v = item ? PyLong_AsLongLong(item) : -1;
    Py_XDECREF(item);
    if (v == -1 && PyErr_Occurred()) {
      Py_DECREF(seq);
      return false;
    }
    out.push_back(v);
  }
  Py_DECREF(seq);
  return n >= 0;
}

long long addressOf(PyObject *v);
bool packScalar(char c, PyObject *value, void *slot, const std::string &name);

/// What a host TensorDescriptor holds: its base's address, its shape and
/// strides (elements, outermost first) and whether out-of-bounds reads give
/// NaN (padding "nan") rather than zero.
struct DescriptorFields {
  long long address = -1;
  std::vector<int64_t> shape, strides;
  bool nanPadding = false;
};

/// Reads `desc`'s fields; false with a Python error, or with `why` set
/// (and no Python error) when its base is not a tensor.
bool readDescriptor(PyObject *desc, DescriptorFields &f, std::string &why) {
  if (!intsAttr(desc, "shape", f.shape) ||
      !intsAttr(desc, "strides", f.strides))
    return false;
  PyObject *base = PyObject_GetAttrString(desc, "base");
  if (!base)
    return false;
  f.address = addressOf(base);
  Py_DECREF(base);
  if (f.address < 0) {
    PyErr_Clear();
    why = "its base is not a tensor";
    return false;
  }
  PyObject *padding = PyObject_GetAttrString(desc, "padding");
  const char *pad = padding ? PyUnicode_AsUTF8AndSize(padding, nullptr) : "";
  f.nanPadding = pad && std::strcmp(pad, "nan") == 0;
  Py_XDECREF(padding);
  PyErr_Clear();
  return true;
}

/// Encodes host TensorDescriptor `desc` for run-time argument `i` of `k`
/// (cuTensorMapEncodeTiled), from its base's address, its shape and
/// strides (elements, outermost first) and the box and swizzle the kernel
/// chose.
bool encodeDescriptor(GpuKernelData &k, size_t i, PyObject *desc,
                      CUtensorMap *out) {
  const std::string &name =
      i < k.argNames.size() ? k.argNames[i] : std::to_string(i);
  auto fail = [&](const std::string &why) {
    raiseKernel("kernel '" + k.name + "': argument '" + name +
                "' (a TensorDescriptor): " + why);
    return false;
  };
  const GpuKernelData::Tma *info = nullptr;
  for (const GpuKernelData::Tma &t : k.tma)
    if (t.index == int(i))
      info = &t;
  if (!info)
    return fail("the kernel's metadata does not describe a TMA descriptor "
                "there");
  const trident::cuda::DriverApi *cu = cudaApi();
  if (!cu)
    return false;
  if (!cu->cuTensorMapEncodeTiled)
    return fail("cuTensorMapEncodeTiled is not in this driver (CUDA 12 or "
                "newer is needed for TMA)");
  DescriptorFields f;
  std::string why;
  if (!readDescriptor(desc, f, why))
    return why.empty() ? false : fail(why);
  const std::vector<int64_t> &shape = f.shape, &strides = f.strides;
  long long address = f.address;
  bool nanFill = f.nanPadding;
  size_t rank = shape.size();
  if (rank != info->box.size() || strides.size() != rank)
    return fail("it has rank " + std::to_string(rank) +
                ", the kernel's descriptor " +
                std::to_string(info->box.size()));
  static const std::pair<const char *, CUtensorMapDataType> types[] = {
      {"bf16", CU_TENSOR_MAP_DATA_TYPE_BFLOAT16},
      {"f16", CU_TENSOR_MAP_DATA_TYPE_FLOAT16},
      {"f32", CU_TENSOR_MAP_DATA_TYPE_FLOAT32},
      {"f64", CU_TENSOR_MAP_DATA_TYPE_FLOAT64},
      {"i32", CU_TENSOR_MAP_DATA_TYPE_INT32},
      {"i64", CU_TENSOR_MAP_DATA_TYPE_INT64},
      {"i8", CU_TENSOR_MAP_DATA_TYPE_UINT8},
      {"i16", CU_TENSOR_MAP_DATA_TYPE_UINT16},
      {"f8E4M3FN", CU_TENSOR_MAP_DATA_TYPE_UINT8},
      {"f8E5M2", CU_TENSOR_MAP_DATA_TYPE_UINT8}};
  const CUtensorMapDataType *type = nullptr;
  for (const auto &[n, t] : types)
    if (info->dtype == n)
      type = &t;
  if (!type)
    return fail("no TMA data type for elements of type " + info->dtype);
  // The driver takes everything innermost first; strides in bytes, for all
  // but the innermost dimension.
  cuuint64_t dims[5], byteStrides[5];
  cuuint32_t box[5], elementStrides[5];
  for (size_t d = 0; d < rank; ++d) {
    size_t src = rank - 1 - d;
    if (shape[src] < 1)
      return fail("its shape must be positive");
    dims[d] = cuuint64_t(shape[src]);
    box[d] = cuuint32_t(info->box[src]);
    elementStrides[d] = 1;
    if (d > 0) {
      uint64_t bytes = uint64_t(strides[src]) * uint64_t(info->elemBytes);
      if (bytes % 16 != 0)
        return fail("TMA needs strides that are multiples of 16 bytes; "
                    "dimension " + std::to_string(src) + " has " +
                    std::to_string(bytes));
      byteStrides[d - 1] = bytes;
    }
  }
  if (address % 16 != 0)
    return fail("TMA needs a 16-byte aligned base address");
  CUdeviceptr dp;
  if (cu->cuPointerGetAttribute(&dp, CU_POINTER_ATTRIBUTE_DEVICE_POINTER,
                                CUdeviceptr(address)) != CUDA_SUCCESS)
    return fail("its base is not memory of the GPU (a CPU tensor?)");
  CUtensorMapSwizzle swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
  switch (info->swizzle) {
  case 0: break;
  case 32: swizzle = CU_TENSOR_MAP_SWIZZLE_32B; break;
  case 64: swizzle = CU_TENSOR_MAP_SWIZZLE_64B; break;
  case 128: swizzle = CU_TENSOR_MAP_SWIZZLE_128B; break;
  default:
    return fail("unknown swizzle of " + std::to_string(info->swizzle) +
                " bytes");
  }
  CUresult r = cu->cuTensorMapEncodeTiled(
      out, *type, cuuint32_t(rank), reinterpret_cast<void *>(address), dims,
      byteStrides, box, elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
      swizzle, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
      nanFill ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
              : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS)
    return cudaFailed(r, "cuTensorMapEncodeTiled(argument '" + name + "')",
                      k.name);
  return true;
}

/// A TensorDescriptor argument of a CPU-target kernel, which takes it as
/// its base address, then its shape, then its strides (elements, i64 each),
/// then 1 if its padding is "nan" (else 0): appended to `slots`. False with
/// a Python error.
bool cpuDescriptorSlots(PyObject *desc, std::vector<uint64_t> &slots) {
  DescriptorFields f;
  std::string why;
  if (!readDescriptor(desc, f, why)) {
    if (!why.empty())
      raiseKernel("a TensorDescriptor argument: " + why);
    return false;
  }
  const std::vector<int64_t> &shape = f.shape, &strides = f.strides;
  if (!strides.empty() && strides.back() != 1) {
    // (the kernel takes it as the constant 1: rows are contiguous)
    raiseKernel("a TensorDescriptor argument: the innermost stride must be "
                "1, got " + std::to_string(strides.back()));
    return false;
  }
  long long address = f.address;
  slots.push_back(uint64_t(address));
  for (int64_t v : shape)
    slots.push_back(uint64_t(v));
  for (int64_t v : strides)
    slots.push_back(uint64_t(v));
  slots.push_back(f.nanPadding ? 1 : 0);
  return true;
}

/// Packs `value` for argument kind `c` into `slot` (8 bytes); pointers are
/// ints here (the dispatcher has read them out of tensors already).
bool packScalar(char c, PyObject *value, void *slot, const std::string &name) {
  if (c == 'f' || c == 'd') {
    double v = PyFloat_AsDouble(value);
    if (v == -1.0 && PyErr_Occurred())
      return false;
    if (c == 'f') {
      float f = float(v);
      std::memcpy(slot, &f, sizeof f);
    } else {
      std::memcpy(slot, &v, sizeof v);
    }
    return true;
  }
  unsigned long long u = PyLong_AsUnsignedLongLongMask(value);
  if (u == (unsigned long long)-1 && PyErr_Occurred()) {
    PyErr_Clear();
    raise("argument '" + name + "' must be an integer");
    return false;
  }
  switch (c) {
  case 'b': case 'c': { uint8_t x = uint8_t(u); std::memcpy(slot, &x, 1); break; }
  case 'h': { uint16_t x = uint16_t(u); std::memcpy(slot, &x, 2); break; }
  case 'i': { uint32_t x = uint32_t(u); std::memcpy(slot, &x, 4); break; }
  case 'l': case 'p': { uint64_t x = uint64_t(u); std::memcpy(slot, &x, 8); break; }
  default:
    raise(std::string("bad argument kind '") + c + "'");
    return false;
  }
  return true;
}

/// The parameters of one GPU launch of `k`: run-time argument j from
/// `value(j)` (a new reference) unless `address(j)` has read its pointer
/// already (>= 0); descriptors encoded into `maps`. One pointer per
/// parameter in `params`. False with a Python error.
struct GpuArgs {
  std::vector<uint64_t> storage;
  std::vector<CUtensorMap> maps;
  std::vector<void *> params;
};

bool gpuParams(GpuKernelData &k, GpuArgs &out,
               llvm::function_ref<PyObject *(size_t)> value,
               llvm::function_ref<long long(size_t)> address) {
  size_t n = k.spec.size();
  out.storage.assign(n + 1, 0);
  out.maps.resize(n);
  out.params.assign(n, nullptr);
  for (size_t j = 0; j < n; ++j) {
    out.params[j] = &out.storage[j];
    long long a = address(j);
    if (a >= 0 && k.spec[j] == 'p') {
      out.storage[j] = uint64_t(a);
      continue;
    }
    PyObject *v = value(j);
    if (!v)
      return false;
    const std::string &name = j < k.argNames.size() ? k.argNames[j] : "?";
    bool ok = true;
    if (k.spec[j] == 'T') {
      out.params[j] = &out.maps[j];
      ok = encodeDescriptor(k, j, v, &out.maps[j]);
    } else if (k.spec[j] == 'p' && !PyLong_Check(v)) {
      long long addr = addressOf(v);
      if (addr < 0) {
        PyErr_Clear();
        raise("argument '" + name + "' must be a tensor or a pointer (an "
              "int)");
        ok = false;
      }
      out.storage[j] = uint64_t(addr);
    } else {
      ok = packScalar(k.spec[j], v, &out.storage[j], name);
    }
    Py_DECREF(v);
    if (!ok)
      return false;
  }
  return true;
}

/// The address of a tensor-like argument: data_ptr(), else
/// __cuda_array_interface__ / __array_interface__ ["data"][0]. -1 with a
/// Python error when `v` is none of them.
long long addressOf(PyObject *v) {
  PyObject *p = PyObject_CallMethod(v, "data_ptr", nullptr);
  if (!p) {
    PyErr_Clear();
    for (const char *iface :
         {"__cuda_array_interface__", "__array_interface__"}) {
      PyObject *d = PyObject_GetAttrString(v, iface);
      if (!d) {
        PyErr_Clear();
        continue;
      }
      PyObject *data = PyMapping_GetItemString(d, "data");
      Py_DECREF(d);
      if (!data)
        return -1;
      p = PySequence_GetItem(data, 0);
      Py_DECREF(data);
      break;
    }
    if (!p) {
      PyErr_SetString(PyExc_TypeError, "not a tensor");
      return -1;
    }
  }
  unsigned long long a = PyLong_AsUnsignedLongLong(p);
  Py_DECREF(p);
  if (a == (unsigned long long)-1 && PyErr_Occurred())
    return -1;
  return (long long)a;
}

// load_gpu_kernel(image: bytes, name, target, major, minor, arch_specific,
//                 num_warps, shared, cluster: (x, y, z), spec, arg_names,
//                 tma, global_scratch_bytes, grid_counts_ctas, cooperative,
//                 pdl)
PyObject *load_gpu_kernel(PyObject *, PyObject *const *argv, Py_ssize_t argc) {
  Args a{argv, argc, "load_gpu_kernel"};
  if (!a.count(16))
    return nullptr;
  char *buffer = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_AsStringAndSize(argv[0], &buffer, &size) < 0)
    return nullptr;
  auto d = std::make_unique<GpuKernelData>();
  d->image.assign(buffer, size_t(size));
  d->name = a.s(1);
  d->target = a.s(2);
  d->major = int(a.i(3));
  d->minor = int(a.i(4));
  d->archSpecific = a.b(5);
  long long warps = a.i(6), shared = a.i(7);
  std::vector<int> cluster = a.list<int>(8);
  d->spec = a.s(9);
  if (!a.ok)
    return nullptr;
  PyObject *names = argv[10];
  Py_ssize_t n = PySequence_Size(names);
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *item = PySequence_GetItem(names, i);
    const char *s = item ? PyUnicode_AsUTF8AndSize(item, nullptr) : nullptr;
    if (!s) {
      Py_XDECREF(item);
      return nullptr;
    }
    d->argNames.push_back(s);
    Py_DECREF(item);
  }
  // tma: (index, dtype, elem_bytes, box, swizzle) per descriptor argument
  PyObject *tma = argv[11];
  Py_ssize_t nt = PySequence_Size(tma);
  for (Py_ssize_t i = 0; i < nt; ++i) {
    PyObject *item = PySequence_GetItem(tma, i);
    GpuKernelData::Tma t;
    PyObject *boxObj = nullptr;
    const char *dtype = nullptr;
    long long index = -1, elem = 0, swizzle = 0;
    bool ok = item && PyArg_ParseTuple(item, "LsLOL", &index, &dtype, &elem,
                                       &boxObj, &swizzle);
    if (ok) {
      t.index = int(index);
      t.dtype = dtype;
      t.elemBytes = elem;
      t.swizzle = swizzle;
      Py_ssize_t nb = PySequence_Size(boxObj);
      for (Py_ssize_t j = 0; ok && j < nb; ++j) {
        PyObject *b = PySequence_GetItem(boxObj, j);
        t.box.push_back(b ? PyLong_AsLongLong(b) : -1);
        Py_XDECREF(b);
        ok = !PyErr_Occurred();
      }
    }
    Py_XDECREF(item);
    if (!ok)
      return nullptr;
    d->tma.push_back(std::move(t));
  }
  long long scratchBytes = a.i(12);
  d->gridCountsCtas = a.b(13);
  d->cooperative = a.b(14);
  d->pdl = a.b(15);
  if (!a.ok)
    return nullptr;
  if (warps < 1 || warps > 1024 || shared < 0 || cluster.size() != 3 ||
      scratchBytes < 0 || scratchBytes % 128 != 0)
    return raise("load_gpu_kernel: bad launch parameters");
  d->scratchBytes = scratchBytes;
  d->threads = unsigned(warps) * 32;
  d->shared = unsigned(shared);
  for (int i = 0; i < 3; ++i)
    d->cluster[i] = unsigned(cluster[size_t(i)] < 1 ? 1 : cluster[size_t(i)]);
  PyObject *self = allocInstance(GpuKernelType);
  if (!self)
    return nullptr;
  reinterpret_cast<GpuKernelObject *>(self)->d = d.release();
  return self;
}

/// GpuKernel.launch(gx, gy, gz, stream, args): one launch, arguments
/// given as Python values (pointers as ints or tensors).
PyObject *GpuKernel_launch(PyObject *self, PyObject *const *argv,
                           Py_ssize_t argc) {
  Args a{argv, argc, "launch"};
  if (!a.count(5))
    return nullptr;
  GpuKernelData &k = *reinterpret_cast<GpuKernelObject *>(self)->d;
  long long g[3] = {a.i(0), a.i(1), a.i(2)};
  unsigned long long stream = PyLong_AsUnsignedLongLong(argv[3]);
  if (!a.ok || (stream == (unsigned long long)-1 && PyErr_Occurred()))
    return nullptr;
  PyObject *args = argv[4];
  Py_ssize_t n = PyTuple_Check(args) ? PyTuple_Size(args) : -1;
  if (n != Py_ssize_t(k.spec.size()))
    return raise("kernel '" + k.name + "' takes " +
                 std::to_string(k.spec.size()) + " run-time arguments, got " +
                 std::to_string(n));
  for (long long v : g)
    if (v < 0 || v > INT32_MAX)
      return raise("grid dimensions must be in [0, 2^31), got " +
                   std::to_string(v));
  if (g[0] * g[1] * g[2] == 0)
    Py_RETURN_NONE;
  GpuArgs packed;
  auto value = [&](size_t j) {
    PyObject *v = PyTuple_GetItem(args, Py_ssize_t(j));
    Py_XINCREF(v);
    return v;
  };
  if (!gpuParams(k, packed, value, [](size_t) -> long long { return -1; }))
    return nullptr;
  unsigned grid[3] = {unsigned(g[0]), unsigned(g[1]), unsigned(g[2])};
  if (!launchGpu(k, grid, reinterpret_cast<CUstream>(stream),
                 packed.params.data()))
    return nullptr;
  Py_RETURN_NONE;
}

PyMethodDef gpuKernelMethods[] = {
    {"launch",
     reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(GpuKernel_launch)),
     METH_FASTCALL, "Launches the kernel: (gx, gy, gz, stream, args)."},
    {nullptr, nullptr, 0, nullptr}};

PyType_Slot gpuKernelSlots[] = {
    {Py_tp_dealloc, reinterpret_cast<void *>(GpuKernel_dealloc)},
    {Py_tp_methods, gpuKernelMethods},
    {0, nullptr}};

PyType_Spec gpuKernelSpec = {"trident._C.GpuKernel", sizeof(GpuKernelObject),
                             0, Py_TPFLAGS_DEFAULT, gpuKernelSlots};

//===----------------------------------------------------------------------===//
// Device queries
//===----------------------------------------------------------------------===//

// cuda_device() -> (major, minor, name, sm count) of the current device
// (the current context's, else device 0), or None without a usable GPU
// (driver missing, no device). Never raises for a missing GPU.
PyObject *cuda_device(PyObject *, PyObject *const *, Py_ssize_t) {
  CudaState &s = cudaState();
  if (!s.driver)
    Py_RETURN_NONE;
  const trident::cuda::DriverApi &cu = s.driver->api();
  int count = 0;
  if (cu.cuDeviceGetCount(&count) != CUDA_SUCCESS || count == 0)
    Py_RETURN_NONE;
  CUdevice dev = 0;
  CUcontext ctx = nullptr;
  if (cu.cuCtxGetCurrent(&ctx) == CUDA_SUCCESS && ctx)
    cu.cuCtxGetDevice(&dev);
  int major = 0, minor = 0, sms = 0;
  cu.cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                          dev);
  cu.cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                          dev);
  cu.cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
  char name[256] = {0};
  cu.cuDeviceGetName(name, sizeof name - 1, dev);
  return Py_BuildValue("(iisi)", major, minor, name, sms);
}

// cuda_error() -> why the GPU cannot be used ("" when it can).
PyObject *cuda_error(PyObject *, PyObject *const *, Py_ssize_t) {
  return PyUnicode_FromString(cudaState().error.c_str());
}

// cuda_synchronize(): cuCtxSynchronize of the current context.
PyObject *cuda_synchronize(PyObject *, PyObject *const *, Py_ssize_t) {
  const trident::cuda::DriverApi *cu = cudaApi();
  if (!cu)
    return nullptr;
  CUcontext ctx;
  if (!ensureContext(*cu, ctx))
    return nullptr;
  CUresult r = cu->cuCtxSynchronize();
  if (r != CUDA_SUCCESS) {
    cudaFailed(r, "cuCtxSynchronize", "");
    return nullptr;
  }
  Py_RETURN_NONE;
}

//===----------------------------------------------------------------------===//
// Dispatcher
//===----------------------------------------------------------------------===//

/// Parameter flags (from Python).
enum : int {
  kConstexpr = 1,
  kNoSpecialize = 2,
  kNoSpecializeAlignment = 4,
};

/// How the fast path treats values of a Python type (decided once per
/// type by Python's `type_kind`).
enum TypeKind : long {
  kPointerKind = 1, ///< a tensor: data_ptr() or an array interface, a dtype
  kSlowKind = 2,    ///< only Python's slow path classifies it
  kConstKind = 3,   ///< its value is part of the key (a constexpr-like)
};

/// A launch plan: the kernel and which parameters it takes at run time.
struct Plan {
  PyObject *kernel = nullptr; ///< GpuKernel or CpuKernel (owned)
  bool gpu = false;
  std::vector<int> runtime;   ///< parameter indices, in argument order
  std::string spec;           ///< their kinds
  int cpuThreads = 0;
  /// A weak reference to the Python CompiledKernel the plan launches (for
  /// warmup and its kernel[grid] launch), or null.
  PyObject *compiled = nullptr;
};

struct PlanObject {
  PyObject_HEAD
  Plan *plan;
};

PyTypeObject *PlanType = nullptr;

/// The kernel parameters of one CPU launch: each run-time argument's value
/// (descriptors expanded to base, shape, strides), one pointer per kernel
/// parameter into `slots`. `value(j)` gives run-time argument j (a new
/// reference), `address(j)` a pointer read already (or -1).
bool cpuParams(const Plan &plan, std::vector<uint64_t> &slots,
               std::vector<void *> &params,
               llvm::function_ref<PyObject *(size_t)> value,
               llvm::function_ref<long long(size_t)> address,
               llvm::function_ref<std::string(size_t)> nameOf) {
  slots.clear();
  slots.reserve(plan.runtime.size() * 12 + 1);
  for (size_t j = 0; j < plan.spec.size(); ++j) {
    long long a = address(j);
    if (a >= 0) {
      slots.push_back(uint64_t(a));
      continue;
    }
    PyObject *v = value(j);
    if (!v)
      return false;
    bool ok;
    if (plan.spec[j] == 'T') {
      ok = cpuDescriptorSlots(v, slots);
    } else if (plan.spec[j] == 'p' && !PyLong_Check(v)) {
      long long addr = addressOf(v);
      ok = addr >= 0;
      if (ok)
        slots.push_back(uint64_t(addr));
    } else {
      slots.push_back(0);
      ok = packScalar(plan.spec[j], v, &slots.back(), nameOf(j));
    }
    Py_DECREF(v);
    if (!ok)
      return false;
  }
  size_t arity = cpuKernelArity(plan.kernel);
  if (slots.size() != arity) {
    raiseKernel("the CPU kernel takes " + std::to_string(arity) +
                " parameters, the arguments give " +
                std::to_string(slots.size()) +
                " (a tensor descriptor of another rank?)");
    return false;
  }
  params.clear();
  for (uint64_t &slot : slots)
    params.push_back(&slot);
  return true;
}


/// The buffers a kernel compiled with bounds checks may access: those of
/// its pointer and descriptor arguments, as trident.runtime.driver's
/// cpu_buffer_extent reads them (false with a Python error).
bool cpuBuffers(const Plan &plan,
                llvm::function_ref<PyObject *(size_t)> value,
                llvm::function_ref<std::string(size_t)> nameOf,
                std::vector<trident::cpu::BufferExtent> &buffers) {
  PyObject *driver = PyImport_ImportModule("trident.runtime.driver");
  PyObject *extentOf =
      driver ? PyObject_GetAttrString(driver, "cpu_buffer_extent") : nullptr;
  Py_XDECREF(driver);
  if (!extentOf)
    return false;
  bool ok = true;
  for (size_t j = 0; ok && j < plan.spec.size(); ++j) {
    if (plan.spec[j] != 'p' && plan.spec[j] != 'T')
      continue;
    PyObject *v = value(j);
    std::string name = nameOf(j);
    PyObject *r = v ? PyObject_CallFunction(extentOf, "Os", v, name.c_str())
                    : nullptr;
    Py_XDECREF(v);
    unsigned long long base = 0, bytes = 0;
    ok = r && PyArg_ParseTuple(r, "KK", &base, &bytes);
    Py_XDECREF(r);
    if (ok)
      buffers.push_back(
          {reinterpret_cast<const void *>(uintptr_t(base)), bytes, name});
  }
  Py_DECREF(extentOf);
  return ok;
}

void Plan_dealloc(PyObject *self) {
  Plan *p = reinterpret_cast<PlanObject *>(self)->plan;
  if (p) {
    Py_XDECREF(p->kernel);
    Py_XDECREF(p->compiled);
  }
  delete p;
  freeInstance(self);
}

PyType_Slot planSlots[] = {
    {Py_tp_dealloc, reinterpret_cast<void *>(Plan_dealloc)}, {0, nullptr}};
PyType_Spec planSpec = {"trident._C.LaunchPlan", sizeof(PlanObject), 0,
                        Py_TPFLAGS_DEFAULT, planSlots};

struct Dispatcher {
  std::vector<PyObject *> names; ///< interned parameter names (owned)
  std::vector<int> flags;
  std::vector<PyObject *> defaults; ///< owned; null: required
  PyObject *compile = nullptr;  ///< (values, warps, stages, ctas) -> plan
  PyObject *slowPath = nullptr; ///< (grid, args, kwargs) -> launches
  PyObject *typeKind = nullptr; ///< type -> TypeKind
  PyObject *dtypeCode = nullptr; ///< dtype -> int code or -1
  PyObject *cache = nullptr;     ///< key tuple -> LaunchPlan
  PyObject *typeKinds = nullptr; ///< type -> int
  PyObject *dtypeCodes = nullptr; ///< dtype -> int
};

struct DispatcherObject {
  PyObject_HEAD
  Dispatcher *d;
};

struct BoundObject {
  PyObject_HEAD
  PyObject *dispatcher;
  PyObject *grid;
};

PyTypeObject *DispatcherType = nullptr;
PyTypeObject *BoundType = nullptr;

/// The pipeline selection, part of every key (set from Python when it
/// changes, so that selecting costs nothing per launch): the process-wide
/// trident.set_pipeline and this thread's innermost trident.pipeline scope.
PyObject *globalPipeline = nullptr;             ///< str or None (owned)
thread_local PyObject *scopePipeline = nullptr; ///< str or null (owned)
/// torch's current-stream functions, once torch with CUDA is in use.
PyObject *torchStream = nullptr; ///< torch._C._cuda_getCurrentRawStream
PyObject *torchDevice = nullptr; ///< torch._C._cuda_getDevice

PyObject *interned(const char *s) {
  PyObject *o = PyUnicode_InternFromString(s);
  return o;
}

PyObject *kNumWarps, *kNumStages, *kNumCtas;

void Dispatcher_dealloc(PyObject *self) {
  Dispatcher *d = reinterpret_cast<DispatcherObject *>(self)->d;
  if (d) {
    for (PyObject *o : d->names)
      Py_XDECREF(o);
    for (PyObject *o : d->defaults)
      Py_XDECREF(o);
    Py_XDECREF(d->compile);
    Py_XDECREF(d->slowPath);
    Py_XDECREF(d->typeKind);
    Py_XDECREF(d->dtypeCode);
    Py_XDECREF(d->cache);
    Py_XDECREF(d->typeKinds);
    Py_XDECREF(d->dtypeCodes);
  }
  delete d;
  freeInstance(self);
}

/// Dispatcher(names, flags, defaults, compile, slow_path, type_kind,
///            dtype_code); `defaults` holds, per parameter, its default or
/// the `required` marker (the last argument's identity is not used:
/// Python passes `NO_DEFAULT` objects as None-less markers).
PyObject *Dispatcher_new(PyTypeObject *type, PyObject *args, PyObject *) {
  PyObject *names, *flags, *defaults, *compile, *slow, *typeKind, *dtypeCode,
      *required;
  if (!PyArg_ParseTuple(args, "OOOOOOOO", &names, &flags, &defaults, &compile,
                        &slow, &typeKind, &dtypeCode, &required))
    return nullptr;
  auto d = std::make_unique<Dispatcher>();
  Py_ssize_t n = PySequence_Size(names);
  if (n < 0 || PySequence_Size(flags) != n || PySequence_Size(defaults) != n)
    return raise("Dispatcher: names, flags and defaults differ in length");
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *name = PySequence_GetItem(names, i);
    PyObject *flag = PySequence_GetItem(flags, i);
    PyObject *def = PySequence_GetItem(defaults, i);
    if (!name || !flag || !def) {
      Py_XDECREF(name);
      Py_XDECREF(flag);
      Py_XDECREF(def);
      return nullptr;
    }
    PyUnicode_InternInPlace(&name);
    d->names.push_back(name);
    d->flags.push_back(int(PyLong_AsLong(flag)));
    Py_DECREF(flag);
    if (def == required) {
      Py_DECREF(def);
      d->defaults.push_back(nullptr);
    } else {
      d->defaults.push_back(def);
    }
  }
  for (PyObject *o : {compile, slow, typeKind, dtypeCode})
    Py_INCREF(o);
  d->compile = compile;
  d->slowPath = slow;
  d->typeKind = typeKind;
  d->dtypeCode = dtypeCode;
  d->cache = PyDict_New();
  d->typeKinds = PyDict_New();
  d->dtypeCodes = PyDict_New();
  PyObject *self = allocInstance(type);
  if (!self)
    return nullptr;
  reinterpret_cast<DispatcherObject *>(self)->d = d.release();
  return self;
}

PyObject *Dispatcher_getitem(PyObject *self, PyObject *grid) {
  PyObject *b = allocInstance(BoundType);
  if (!b)
    return nullptr;
  Py_INCREF(self);
  Py_INCREF(grid);
  reinterpret_cast<BoundObject *>(b)->dispatcher = self;
  reinterpret_cast<BoundObject *>(b)->grid = grid;
  return b;
}

PyObject *Dispatcher_clear(PyObject *self, PyObject *) {
  PyDict_Clear(reinterpret_cast<DispatcherObject *>(self)->d->cache);
  Py_RETURN_NONE;
}

PyObject *Dispatcher_size(PyObject *self, PyObject *) {
  return PyLong_FromSsize_t(
      PyDict_Size(reinterpret_cast<DispatcherObject *>(self)->d->cache));
}

PyObject *Dispatcher_warmup(PyObject *self, PyObject *const *argv,
                            Py_ssize_t argc);

PyMethodDef dispatcherMethods[] = {
    {"clear", Dispatcher_clear, METH_NOARGS, "Forgets every launch plan."},
    {"size", Dispatcher_size, METH_NOARGS, "The number of launch plans."},
    {"warmup", reinterpret_cast<PyCFunction>(Dispatcher_warmup),
     METH_FASTCALL, "The compiled kernel of a launch's arguments, or None."},
    {nullptr, nullptr, 0, nullptr}};

PyType_Slot dispatcherSlots[] = {
    {Py_tp_new, reinterpret_cast<void *>(Dispatcher_new)},
    {Py_tp_dealloc, reinterpret_cast<void *>(Dispatcher_dealloc)},
    {Py_mp_subscript, reinterpret_cast<void *>(Dispatcher_getitem)},
    {Py_tp_methods, dispatcherMethods},
    {0, nullptr}};
PyType_Spec dispatcherSpec = {"trident._C.Dispatcher",
                              sizeof(DispatcherObject), 0, Py_TPFLAGS_DEFAULT,
                              dispatcherSlots};

void Bound_dealloc(PyObject *self) {
  auto *b = reinterpret_cast<BoundObject *>(self);
  Py_XDECREF(b->dispatcher);
  Py_XDECREF(b->grid);
  freeInstance(self);
}

/// A small cache lookup in `dict` of `key`, computing it with `fn` on a
/// miss; -1 with a Python error when `fn` fails.
long cachedCode(PyObject *dict, PyObject *key, PyObject *fn) {
  PyObject *v = PyDict_GetItemWithError(dict, key);
  if (!v) {
    if (PyErr_Occurred())
      return -1;
    v = PyObject_CallFunctionObjArgs(fn, key, nullptr);
    if (!v)
      return -1;
    if (PyDict_SetItem(dict, key, v) < 0) {
      Py_DECREF(v);
      return -1;
    }
    Py_DECREF(v);
  }
  return PyLong_AsLong(v);
}

/// The value one argument gives the key, and what it packs as: for
/// pointers, the address. Returns false to take the slow path (no
/// Python error), or with a Python error set.
struct ArgInfo {
  uint64_t address = 0;
  bool isPointer = false;
};

enum : long { kDescriptorKind = 4 }; ///< a host TensorDescriptor

/// Whether every leaf of tuple `v` (nested tuples searched) is a
/// compile-time value: 1 when all are, 0 when one is not (a tensor: the
/// slow path passes such a tuple's tensors as arguments of their own), -1
/// on a Python error.
int constantTuple(Dispatcher &d, PyObject *v) {
  Py_ssize_t n = PyTuple_Size(v);
  for (Py_ssize_t j = 0; j < n; ++j) {
    PyObject *x = PyTuple_GetItem(v, j);
    if (x == Py_None || PyBool_Check(x) || PyLong_CheckExact(x) ||
        PyFloat_CheckExact(x) || PyUnicode_Check(x))
      continue;
    if (PyTuple_Check(x)) {
      int r = constantTuple(d, x);
      if (r <= 0)
        return r;
      continue;
    }
    long kind = cachedCode(d.typeKinds,
                           reinterpret_cast<PyObject *>(Py_TYPE(x)),
                           d.typeKind);
    if (kind < 0)
      return -1;
    if (kind != kConstKind)
      return 0;
  }
  return 1;
}

/// Adds parameter `i`'s part to `key` (a list). Returns 1 when done, 0 to
/// take the slow path, -1 on a Python error.
int keyPart(Dispatcher &d, int i, PyObject *v, PyObject *key, ArgInfo &info,
            bool cpuTarget) {
  int flags = d.flags[size_t(i)];
  auto append = [&](PyObject *o) {
    int r = PyList_Append(key, o);
    Py_DECREF(o);
    return r < 0 ? -1 : 1;
  };
  if (flags & kConstexpr) {
    Py_INCREF(v);
    if (PyObject_Hash(v) == -1) {
      Py_DECREF(v);
      PyErr_Clear();
      return 0;
    }
    return append(v);
  }
  bool specialize = !(flags & kNoSpecialize);
  bool align = specialize && !(flags & kNoSpecializeAlignment);
  if (PyBool_Check(v))
    return append(PyLong_FromLong(1));
  if (PyLong_CheckExact(v)) {
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    long code;
    if (overflow > 0) {
      unsigned long long u = PyLong_AsUnsignedLongLong(v);
      if (u == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0; // beyond 64 bits: Python's error
      }
      code = 2; // u64
      if (specialize && u % 16 == 0)
        code |= 16;
    } else if (overflow < 0) {
      return 0;
    } else {
      code = (x >= INT32_MIN && x <= INT32_MAX) ? 0 : 1; // i32 : i64
      if (specialize && x == 1)
        code |= 8;
      if (specialize && x % 16 == 0)
        code |= 16;
    }
    return append(PyLong_FromLong(100 + code));
  }
  if (PyFloat_CheckExact(v))
    return append(PyLong_FromLong(2));
  if (v == Py_None)
    return append(PyLong_FromLong(3));
  PyObject *type = reinterpret_cast<PyObject *>(Py_TYPE(v));
  long kind = cachedCode(d.typeKinds, type, d.typeKind);
  if (kind < 0)
    return -1;
  if (kind == kSlowKind)
    return 0;
  if (kind == kDescriptorKind) {
    // Its base's dtype and its block shape (the kernel's descriptor type);
    // shape, strides and address are read when it is encoded.
    PyObject *base = PyObject_GetAttrString(v, "base");
    PyObject *dtype = base ? PyObject_GetAttrString(base, "dtype") : nullptr;
    Py_XDECREF(base);
    if (!dtype) {
      PyErr_Clear();
      return 0;
    }
    long code = cachedCode(d.dtypeCodes, dtype, d.dtypeCode);
    Py_DECREF(dtype);
    if (code < 0)
      return PyErr_Occurred() ? -1 : 0;
    PyObject *block = PyObject_GetAttrString(v, "block_shape");
    PyObject *bt = block ? PySequence_Tuple(block) : nullptr;
    Py_XDECREF(block);
    if (!bt) {
      PyErr_Clear();
      return 0;
    }
    return append(Py_BuildValue("(slN)", "desc", code, bt));
  }
  if (kind == kConstKind) {
    if (PyTuple_Check(v)) {
      int r = constantTuple(d, v);
      if (r <= 0)
        return r;
    }
    Py_INCREF(v);
    if (PyObject_Hash(v) == -1) {
      Py_DECREF(v);
      PyErr_Clear();
      return 0;
    }
    return append(v);
  }
  // A tensor: its dtype's code, alignment, and (on the CPU target) that it
  // lives in host memory.
  PyObject *dtype = PyObject_GetAttrString(v, "dtype");
  if (!dtype) {
    PyErr_Clear();
    return 0;
  }
  long code = cachedCode(d.dtypeCodes, dtype, d.dtypeCode);
  Py_DECREF(dtype);
  if (code < 0) {
    if (PyErr_Occurred())
      return -1;
    return 0;
  }
  if (cpuTarget) {
    PyObject *isCuda = PyObject_GetAttrString(v, "is_cuda");
    if (isCuda) {
      int t = PyObject_IsTrue(isCuda);
      Py_DECREF(isCuda);
      if (t != 0)
        return 0; // Python's error: a GPU tensor for the CPU target
    } else {
      PyErr_Clear();
    }
  }
  long long addr = addressOf(v);
  if (addr < 0) {
    PyErr_Clear();
    return 0;
  }
  info.address = uint64_t(addr);
  info.isPointer = true;
  long part = 1000 + code * 2 + (align && addr % 16 == 0 ? 1 : 0);
  return append(PyLong_FromLong(part));
}

/// The grid of a launch: a tuple/list of 1-3 ints, an int, or a callable of
/// the meta-parameters. 1: done; 0: not a valid grid (no Python error: the
/// slow path reports it); -1: the grid function raised.
int evalGrid(Dispatcher &d, PyObject *grid, PyObject *const *values,
             PyObject *options[3], unsigned out[3]) {
  PyObject *g = grid;
  Py_INCREF(g);
  if (PyCallable_Check(grid)) {
    PyObject *meta = PyDict_New();
    if (!meta) {
      Py_DECREF(g);
      return -1;
    }
    for (size_t i = 0; i < d.names.size(); ++i)
      PyDict_SetItem(meta, d.names[i], values[i]);
    PyObject *optNames[3] = {kNumWarps, kNumStages, kNumCtas};
    for (int i = 0; i < 3; ++i)
      PyDict_SetItem(meta, optNames[i], options[i]);
    Py_DECREF(g);
    g = PyObject_CallFunctionObjArgs(grid, meta, nullptr);
    Py_DECREF(meta);
    if (!g)
      return -1;
  }
  out[0] = out[1] = out[2] = 1;
  auto dim = [](PyObject *o, unsigned &v) {
    if (!PyLong_Check(o))
      return false;
    long long x = PyLong_AsLongLong(o);
    if (x < 0 || x > INT32_MAX) {
      PyErr_Clear();
      return false;
    }
    v = unsigned(x);
    return true;
  };
  int result = 1;
  if (PyLong_Check(g)) {
    result = dim(g, out[0]) ? 1 : 0;
  } else if (PyTuple_Check(g) || PyList_Check(g)) {
    Py_ssize_t n = PySequence_Size(g);
    if (n < 1 || n > 3)
      result = 0;
    for (Py_ssize_t i = 0; result == 1 && i < n; ++i) {
      PyObject *item = PySequence_GetItem(g, i);
      if (!item || !dim(item, out[size_t(i)]))
        result = 0;
      Py_XDECREF(item);
    }
  } else {
    result = 0;
  }
  Py_DECREF(g);
  if (result == 0)
    PyErr_Clear();
  return result;
}

/// The current stream: torch's, when torch is loaded and has CUDA
/// initialized, else the legacy default stream (0).
bool currentStream(uint64_t &stream) {
  stream = 0;
  if (!torchStream)
    return true;
  PyObject *dev = PyObject_CallNoArgs(torchDevice);
  if (!dev)
    return false;
  PyObject *s = PyObject_CallFunctionObjArgs(torchStream, dev, nullptr);
  Py_DECREF(dev);
  if (!s)
    return false;
  stream = PyLong_AsUnsignedLongLong(s);
  Py_DECREF(s);
  return !(stream == (uint64_t)-1 && PyErr_Occurred());
}

PyObject *callSlowPath(Dispatcher &d, PyObject *grid, PyObject *args,
                       PyObject *kwargs) {
  PyObject *kw = kwargs ? kwargs : PyDict_New();
  PyObject *r = PyObject_CallFunctionObjArgs(d.slowPath, grid, args, kw,
                                             nullptr);
  if (!kwargs)
    Py_DECREF(kw);
  return r;
}

/// What a launch returns: the CompiledKernel it ran (`.asm`, `.metadata`),
/// as Triton's `kernel[grid](...)` does, or None where the plan was made
/// without one (or it is gone).
PyObject *launchResult(const Plan &plan) {
  PyObject *c = plan.compiled ? PyWeakref_GetObject(plan.compiled) : nullptr;
  if (!c)
    c = Py_None;
  Py_INCREF(c);
  return c;
}

/// Launches `plan` over `grid`: run-time argument j is `value(j)` (a new
/// reference) unless `address(j)` has read its pointer already (>= 0);
/// `nameOf(j)` names it in errors. CPU kernels run with the GIL released.
/// Returns what launchResult says.
PyObject *runPlan(const Plan &plan, const unsigned grid[3],
                  llvm::function_ref<PyObject *(size_t)> value,
                  llvm::function_ref<long long(size_t)> address,
                  llvm::function_ref<std::string(size_t)> nameOf) {
  if (uint64_t(grid[0]) * grid[1] * grid[2] == 0)
    return launchResult(plan);
  if (!plan.gpu) {
    std::vector<uint64_t> slots;
    std::vector<void *> cpuArgs;
    std::vector<trident::cpu::BufferExtent> buffers;
    if (!cpuParams(plan, slots, cpuArgs, value, address, nameOf) ||
        (cpuKernelBoundsChecked(plan.kernel) &&
         !cpuBuffers(plan, value, nameOf, buffers)) ||
        !runCpuKernel(plan.kernel, cpuArgs.data(),
                      {grid[0], grid[1], grid[2]}, plan.cpuThreads, buffers))
      return nullptr;
    return launchResult(plan);
  }
  GpuKernelData &k = *reinterpret_cast<GpuKernelObject *>(plan.kernel)->d;
  GpuArgs packed;
  uint64_t stream;
  if (!gpuParams(k, packed, value, address) || !currentStream(stream) ||
      !launchGpu(k, grid, reinterpret_cast<CUstream>(stream),
                 packed.params.data()))
    return nullptr;
  return launchResult(plan);
}

PyObject *launchPlan(Dispatcher &d, BoundObject *b, PyObject *planObj,
                     std::vector<PyObject *> &values, PyObject *options[3],
                     std::vector<ArgInfo> &infos, PyObject *args,
                     PyObject *kwargs);

/// Binds one launch's arguments (positional, then keywords by name, then
/// defaults), keys them and finds their plan, compiling it through the
/// compile callback on a miss. 1: `planObj` holds a new reference and
/// `values` (borrowed), `options`, `infos` are filled; 0: take the slow
/// path (no Python error); -1: a Python error.
int resolvePlan(Dispatcher &d, PyObject *args, PyObject *kwargs,
                std::vector<PyObject *> &values, PyObject *options[3],
                std::vector<ArgInfo> &infos, PyObject *&planObj) {
  size_t n = d.names.size();
  Py_ssize_t nargs = PyTuple_Size(args);
  if (nargs > Py_ssize_t(n))
    return 0;
  values.assign(n, nullptr);
  for (Py_ssize_t i = 0; i < nargs; ++i)
    values[size_t(i)] = PyTuple_GetItem(args, i);
  PyObject *optNames[3] = {kNumWarps, kNumStages, kNumCtas};
  options[0] = options[1] = options[2] = nullptr;
  if (kwargs) {
    PyObject *k, *v;
    Py_ssize_t pos = 0;
    while (PyDict_Next(kwargs, &pos, &k, &v)) {
      int o = 0;
      for (; o < 3; ++o)
        if (optNames[o] == k || PyUnicode_Compare(optNames[o], k) == 0)
          break;
      size_t i = 0;
      for (; i < n; ++i)
        if (d.names[i] == k || PyUnicode_Compare(d.names[i], k) == 0)
          break;
      if (i < n) {
        if (values[i])
          return 0; // given twice: the slow path's error
        values[i] = v;
        // A launch option that is also a parameter (softmax's num_stages:
        // tl.constexpr) is both, as in Triton and the slow path.
        if (o < 3 && v != Py_None)
          options[o] = v;
        continue;
      }
      if (o == 3 || v == Py_None)
        return 0;
      options[o] = v;
    }
  }
  for (size_t i = 0; i < n; ++i)
    if (!values[i]) {
      if (!d.defaults[i])
        return 0; // missing: the slow path's error
      values[i] = d.defaults[i];
    }
  static PyObject *defaults[3] = {PyLong_FromLong(4), PyLong_FromLong(3),
                                  PyLong_FromLong(1)};
  for (int o = 0; o < 3; ++o)
    if (!options[o])
      options[o] = defaults[o];

  // The key: target, pipeline, options, then one part per parameter.
  const char *target = std::getenv("TRIDENT_TARGET");
  bool cpuTarget = target && std::strncmp(target, "cpu", 3) == 0;
  PyObject *key = PyList_New(0);
  if (!key)
    return -1;
  PyObject *t = PyUnicode_FromString(target ? target : "");
  PyList_Append(key, t);
  Py_DECREF(t);
  PyList_Append(key, globalPipeline ? globalPipeline : Py_None);
  PyList_Append(key, scopePipeline ? scopePipeline : Py_None);
  for (int o = 0; o < 3; ++o)
    PyList_Append(key, options[o]);
  infos.assign(n, ArgInfo());
  for (size_t i = 0; i < n; ++i) {
    int r = keyPart(d, int(i), values[i], key, infos[i], cpuTarget);
    if (r <= 0) {
      Py_DECREF(key);
      return r;
    }
  }
  PyObject *keyTuple = PyList_AsTuple(key);
  Py_DECREF(key);
  if (!keyTuple)
    return -1;
  // A strong reference for the whole call: the GIL is released while the
  // kernel runs on the CPU, and another thread may store into the cache.
  planObj = PyDict_GetItemWithError(d.cache, keyTuple);
  Py_XINCREF(planObj);
  if (!planObj) {
    if (PyErr_Occurred()) {
      Py_DECREF(keyTuple);
      return -1;
    }
    PyObject *vals = PyTuple_New(Py_ssize_t(n));
    for (size_t i = 0; i < n; ++i) {
      Py_INCREF(values[i]);
      PyTuple_SetItem(vals, Py_ssize_t(i), values[i]);
    }
    planObj = PyObject_CallFunctionObjArgs(d.compile, vals, options[0],
                                           options[1], options[2], nullptr);
    Py_DECREF(vals);
    if (!planObj) {
      Py_DECREF(keyTuple);
      return -1;
    }
    if (!PyObject_TypeCheck(planObj, PlanType)) {
      Py_CLEAR(planObj);
      Py_DECREF(keyTuple);
      raise("internal: the compile callback returned no launch plan");
      return -1;
    }
    // Another thread may have stored this key while the callback ran
    // (it can release the GIL): keep the plan stored first.
    PyObject *stored = PyDict_GetItemWithError(d.cache, keyTuple);
    if (stored) {
      Py_INCREF(stored);
      Py_DECREF(planObj);
      planObj = stored;
    } else if (PyErr_Occurred() ||
               PyDict_SetItem(d.cache, keyTuple, planObj) < 0) {
      Py_CLEAR(planObj);
      Py_DECREF(keyTuple);
      return -1;
    }
  }
  Py_DECREF(keyTuple);
  return 1;
}

PyObject *Bound_call(PyObject *self, PyObject *args, PyObject *kwargs) {
  auto *b = reinterpret_cast<BoundObject *>(self);
  Dispatcher &d = *reinterpret_cast<DispatcherObject *>(b->dispatcher)->d;
  std::vector<PyObject *> values;
  PyObject *options[3];
  std::vector<ArgInfo> infos;
  PyObject *planObj = nullptr;
  int r = resolvePlan(d, args, kwargs, values, options, infos, planObj);
  if (r < 0)
    return nullptr;
  if (r == 0)
    return callSlowPath(d, b->grid, args, kwargs);
  PyObject *result = launchPlan(d, b, planObj, values, options, infos, args,
                                kwargs);
  Py_DECREF(planObj);
  return result;
}

/// Dispatcher.warmup(args, kwargs): the compiled kernel (trident's
/// CompiledKernel) a launch with these arguments would run, compiled on
/// first use as a launch compiles it; None where only the slow path can
/// tell (then Python's warmup binds them itself). Tutorial 02 calls
/// `warmup` before every launch: it costs a key, not a Python binding.
PyObject *Dispatcher_warmup(PyObject *self, PyObject *const *argv,
                            Py_ssize_t argc) {
  Args a{argv, argc, "Dispatcher.warmup"};
  if (!a.count(2))
    return nullptr;
  if (!PyTuple_Check(argv[0]) || (argv[1] != Py_None && !PyDict_Check(argv[1])))
    return raise("Dispatcher.warmup: takes an argument tuple and a keyword "
                 "dict");
  Dispatcher &d = *reinterpret_cast<DispatcherObject *>(self)->d;
  std::vector<PyObject *> values;
  PyObject *options[3];
  std::vector<ArgInfo> infos;
  PyObject *planObj = nullptr;
  int r = resolvePlan(d, argv[0], argv[1] == Py_None ? nullptr : argv[1],
                      values, options, infos, planObj);
  if (r < 0)
    return nullptr;
  PyObject *compiled = nullptr;
  if (r == 1) {
    Plan &plan = *reinterpret_cast<PlanObject *>(planObj)->plan;
    if (plan.compiled)
      compiled = PyWeakref_GetObject(plan.compiled); // borrowed; None: gone
    Py_DECREF(planObj);
  }
  if (!compiled)
    compiled = Py_None;
  Py_INCREF(compiled);
  return compiled;
}

/// The launch of Bound_call once the plan is known (`planObj` is kept
/// alive by the caller).
PyObject *launchPlan(Dispatcher &d, BoundObject *b, PyObject *planObj,
                     std::vector<PyObject *> &values, PyObject *options[3],
                     std::vector<ArgInfo> &infos, PyObject *args,
                     PyObject *kwargs) {
  Plan &plan = *reinterpret_cast<PlanObject *>(planObj)->plan;

  unsigned grid[3];
  int g = evalGrid(d, b->grid, values.data(), options, grid);
  if (g < 0)
    return nullptr;
  if (g == 0)
    return callSlowPath(d, b->grid, args, kwargs);
  auto value = [&](size_t j) {
    PyObject *v = values[size_t(plan.runtime[j])];
    Py_INCREF(v);
    return v;
  };
  auto address = [&](size_t j) -> long long {
    const ArgInfo &info = infos[size_t(plan.runtime[j])];
    return info.isPointer ? (long long)info.address : -1;
  };
  auto nameOf = [&](size_t j) {
    const char *n =
        PyUnicode_AsUTF8AndSize(d.names[size_t(plan.runtime[j])], nullptr);
    return std::string(n ? n : "?");
  };
  return runPlan(plan, grid, value, address, nameOf);
}

PyType_Slot boundSlots[] = {
    {Py_tp_dealloc, reinterpret_cast<void *>(Bound_dealloc)},
    {Py_tp_call, reinterpret_cast<void *>(Bound_call)},
    {0, nullptr}};
PyType_Spec boundSpec = {"trident._C.BoundLaunch", sizeof(BoundObject), 0,
                         Py_TPFLAGS_DEFAULT, boundSlots};

// launch_plan(kernel, runtime_indices, spec, cpu_threads[, compiled])
//   -> LaunchPlan; `compiled`: the Python CompiledKernel, held weakly.
PyObject *launch_plan(PyObject *, PyObject *const *argv, Py_ssize_t argc) {
  Args a{argv, argc, "launch_plan"};
  if (argc != 5 && !a.count(4))
    return nullptr;
  PyObject *kernel = argv[0];
  bool gpu = PyObject_TypeCheck(kernel, GpuKernelType);
  if (!gpu && !isCpuKernel(kernel))
    return raise("launch_plan: not a GpuKernel or CpuKernel");
  auto plan = std::make_unique<Plan>();
  plan->gpu = gpu;
  plan->runtime = a.list<int>(1);
  plan->spec = a.s(2);
  plan->cpuThreads = int(a.i(3));
  if (!a.ok)
    return nullptr;
  if (plan->spec.size() != plan->runtime.size())
    return raise("launch_plan: one kind per run-time argument");
  if (argc == 5 && argv[4] != Py_None) {
    plan->compiled = PyWeakref_NewRef(argv[4], nullptr);
    if (!plan->compiled)
      return nullptr;
  }
  Py_INCREF(kernel);
  plan->kernel = kernel;
  PyObject *self = allocInstance(PlanType);
  if (!self)
    return nullptr;
  reinterpret_cast<PlanObject *>(self)->plan = plan.release();
  return self;
}

// launch_with_plan(plan, grid (x, y, z), values tuple[, names tuple]): one
// launch through a plan, for Python's slow path (values: every parameter,
// in order; names: theirs, for messages).
PyObject *launch_with_plan(PyObject *, PyObject *const *argv,
                           Py_ssize_t argc) {
  Args a{argv, argc, "launch_with_plan"};
  if (argc != 4 && !a.count(3))
    return nullptr;
  if (!PyObject_TypeCheck(argv[0], PlanType))
    return raise("launch_with_plan: not a LaunchPlan");
  Plan &plan = *reinterpret_cast<PlanObject *>(argv[0])->plan;
  std::vector<int> g = a.list<int>(1);
  if (!a.ok)
    return nullptr;
  if (g.size() != 3)
    return raise("launch_with_plan: the grid has 3 dimensions");
  unsigned grid[3] = {unsigned(g[0]), unsigned(g[1]), unsigned(g[2])};
  PyObject *values = argv[2];
  auto value = [&](size_t j) {
    return PySequence_GetItem(values, plan.runtime[j]);
  };
  PyObject *names = argc == 4 ? argv[3] : nullptr;
  auto nameOf = [&](size_t j) {
    std::string name = "argument " + std::to_string(plan.runtime[j]);
    if (PyObject *n = names ? PySequence_GetItem(names, plan.runtime[j])
                            : nullptr) {
      if (const char *u = PyUnicode_AsUTF8AndSize(n, nullptr))
        name = u;
      Py_DECREF(n);
    }
    PyErr_Clear();
    return name;
  };
  return runPlan(plan, grid, value, [](size_t) -> long long { return -1; },
                 nameOf);
}

// launch_compiled(plan, grid, args): `kernel[grid](*args)` of a kernel
// that warmup returned, args being every parameter of its @jit function in
// order (tutorial 02's launch). GPU plans only; NotImplemented where the
// Python path must do it (a grid or an argument this does not read).
PyObject *launch_compiled(PyObject *, PyObject *const *argv,
                          Py_ssize_t argc) {
  Args a{argv, argc, "launch_compiled"};
  if (!a.count(3))
    return nullptr;
  if (!PyObject_TypeCheck(argv[0], PlanType) || !PyTuple_Check(argv[2]))
    return raise("launch_compiled: takes a LaunchPlan, a grid and a tuple");
  Plan &plan = *reinterpret_cast<PlanObject *>(argv[0])->plan;
  PyObject *args = argv[2];
  Py_ssize_t nargs = PyTuple_Size(args);
  if (!plan.gpu)
    Py_RETURN_NOTIMPLEMENTED;
  for (int i : plan.runtime)
    if (i >= nargs)
      Py_RETURN_NOTIMPLEMENTED;
  unsigned grid[3] = {1, 1, 1};
  PyObject *g = argv[1];
  auto dim = [](PyObject *o, unsigned &v) {
    if (!PyLong_CheckExact(o))
      return false;
    long long x = PyLong_AsLongLong(o);
    if (x < 0 || x > INT32_MAX) {
      PyErr_Clear();
      return false;
    }
    v = unsigned(x);
    return true;
  };
  if (PyTuple_Check(g)) {
    Py_ssize_t n = PyTuple_Size(g);
    if (n < 1 || n > 3)
      Py_RETURN_NOTIMPLEMENTED;
    for (Py_ssize_t i = 0; i < n; ++i)
      if (!dim(PyTuple_GetItem(g, i), grid[i]))
        Py_RETURN_NOTIMPLEMENTED;
  } else if (!dim(g, grid[0])) {
    Py_RETURN_NOTIMPLEMENTED;
  }
  // Pointers must be ints or have data_ptr() (torch tensors); anything
  // else (numpy, DLPack-only objects) goes through Python's checks.
  std::vector<long long> addresses(plan.spec.size(), -1);
  for (size_t j = 0; j < plan.spec.size(); ++j) {
    if (plan.spec[j] != 'p')
      continue;
    PyObject *v = PyTuple_GetItem(args, plan.runtime[j]);
    if (PyLong_Check(v))
      continue;
    if (!PyObject_HasAttrString(v, "data_ptr") ||
        PyObject_HasAttrString(v, "__array_interface__"))
      Py_RETURN_NOTIMPLEMENTED;
    addresses[j] = addressOf(v);
    if (addresses[j] < 0) {
      PyErr_Clear();
      Py_RETURN_NOTIMPLEMENTED;
    }
  }
  auto value = [&](size_t j) {
    PyObject *v = PyTuple_GetItem(args, plan.runtime[j]);
    Py_INCREF(v);
    return v;
  };
  auto address = [&](size_t j) { return addresses[j]; };
  auto nameOf = [&](size_t j) {
    return "argument " + std::to_string(plan.runtime[j]);
  };
  return runPlan(plan, grid, value, address, nameOf);
}

/// Replaces the reference in `slot` by `v` (either may be null).
void setRef(PyObject *&slot, PyObject *v) {
  Py_XINCREF(v);
  Py_XDECREF(slot);
  slot = v;
}

// set_pipeline_state(global, scope): the process-wide selection and this
// thread's innermost scope (None: none).
PyObject *set_pipeline_state(PyObject *, PyObject *const *argv,
                             Py_ssize_t argc) {
  Args a{argv, argc, "set_pipeline_state"};
  if (!a.count(2))
    return nullptr;
  setRef(globalPipeline, argv[0]);
  setRef(scopePipeline, argv[1] == Py_None ? nullptr : argv[1]);
  Py_RETURN_NONE;
}

// set_error_types(kernel_error, out_of_resources, argument_error)
PyObject *set_error_types(PyObject *, PyObject *const *argv, Py_ssize_t argc) {
  Args a{argv, argc, "set_error_types"};
  if (!a.count(3))
    return nullptr;
  setRef(kernelErrorType, argv[0]);
  setRef(resourceErrorType, argv[1]);
  setRef(argumentErrorType, argv[2]);
  Py_RETURN_NONE;
}

// set_allocator(fn or None): global scratch for launches of kernels that
// build tensor maps (fn(size, alignment, stream) -> object with data_ptr()).
PyObject *set_allocator(PyObject *, PyObject *const *argv, Py_ssize_t argc) {
  Args a{argv, argc, "set_allocator"};
  if (!a.count(1))
    return nullptr;
  if (argv[0] != Py_None && !PyCallable_Check(argv[0])) {
    PyErr_SetString(PyExc_TypeError,
                    "trident.set_allocator: the allocator must be callable "
                    "(size, alignment, stream) or None");
    return nullptr;
  }
  setRef(allocatorFn, argv[0] == Py_None ? nullptr : argv[0]);
  Py_RETURN_NONE;
}

// set_torch_stream(current_raw_stream_fn, get_device_fn): the launch stream
// from now on is torch's current one.
PyObject *set_torch_stream(PyObject *, PyObject *const *argv,
                           Py_ssize_t argc) {
  Args a{argv, argc, "set_torch_stream"};
  if (!a.count(2))
    return nullptr;
  setRef(torchStream, argv[0]);
  setRef(torchDevice, argv[1]);
  Py_RETURN_NONE;
}

} // namespace

PyObject *trident::python::raiseKernelError(const std::string &message) {
  return raiseKernel(message);
}

#define F(name)                                                                \
  {#name, reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(name)),   \
   METH_FASTCALL, nullptr}
PyMethodDef trident::python::launchMethods[] = {
    F(load_gpu_kernel), F(cuda_device), F(cuda_error), F(cuda_synchronize),
    F(launch_plan), F(launch_with_plan), F(launch_compiled),
    F(set_pipeline_state),
    F(set_torch_stream), F(set_error_types), F(set_allocator),
    {nullptr, nullptr, 0, nullptr}};
#undef F

int trident::python::addLaunchTypes(PyObject *m) {
  kNumWarps = interned("num_warps");
  kNumStages = interned("num_stages");
  kNumCtas = interned("num_ctas");
  globalPipeline = Py_None;
  Py_INCREF(Py_None);
  struct {
    PyType_Spec *spec;
    PyTypeObject **type;
    const char *name;
  } types[] = {{&gpuKernelSpec, &GpuKernelType, "GpuKernel"},
               {&planSpec, &PlanType, "LaunchPlan"},
               {&dispatcherSpec, &DispatcherType, "Dispatcher"},
               {&boundSpec, &BoundType, "BoundLaunch"}};
  for (auto &t : types) {
    *t.type = reinterpret_cast<PyTypeObject *>(PyType_FromSpec(t.spec));
    if (!*t.type ||
        PyModule_AddObjectRef(m, t.name, reinterpret_cast<PyObject *>(*t.type)) <
            0)
      return -1;
  }
  return 0;
}
