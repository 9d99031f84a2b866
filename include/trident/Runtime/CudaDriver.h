//===- CudaDriver.h - The CUDA driver API, loaded at run time ---*- C++ -*-===//
//
// The CUDA driver API through dlopen("libcuda.so.1") and dlsym, so that
// nothing links against libcuda: a machine without a GPU loads the core and
// the tools, and gets a clear error only when it tries to launch. Types come
// from cuda.h at compile time.
//
// Every call is checked; a failure is an llvm::Error naming the call and the
// driver's error name and string, e.g.
//   "cuModuleLoadData: CUDA_ERROR_INVALID_IMAGE (device kernel image is invalid)"
//
// $TRIDENT_LIBCUDA names another library to load (tests use a fake one).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_RUNTIME_CUDADRIVER_H
#define TRIDENT_RUNTIME_CUDADRIVER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cuda.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace trident::cuda {

/// The entry points Trident uses, resolved from the driver library.
struct DriverApi {
#define TRIDENT_CUDA_ENTRY(name) decltype(&::name) name = nullptr;
#include "trident/Runtime/CudaEntryPoints.def"
  /// Optional (CUDA 12+): needed only for cluster launches.
  decltype(&::cuLaunchKernelEx) cuLaunchKernelEx = nullptr;
  /// Optional (CUDA 12+): needed only for TMA descriptors.
  decltype(&::cuTensorMapEncodeTiled) cuTensorMapEncodeTiled = nullptr;
};

class Driver {
public:
  /// Loads the driver library ($TRIDENT_LIBCUDA, else "libcuda.so.1"),
  /// resolves every entry point and calls cuInit(0). Errors name the
  /// library and what is missing.
  static llvm::Expected<std::unique_ptr<Driver>> load();

  const DriverApi &api() const { return fns; }
  /// An error for `result` (success is Error::success()), as
  /// "<call>: <CUDA_ERROR_NAME> (<description>)"; `call` names the entry
  /// point, with any detail worth giving ("cuModuleGetFunction('k')").
  llvm::Error check(CUresult result, llvm::StringRef call) const;
  const std::string &libraryPath() const { return path; }

private:
  Driver() = default;
  DriverApi fns;
  std::string path;
};

struct LaunchConfig {
  std::array<unsigned, 3> grid = {1, 1, 1};
  std::array<unsigned, 3> block = {128, 1, 1};
  std::array<unsigned, 3> cluster = {1, 1, 1};
  unsigned sharedBytes = 0; ///< dynamic shared memory
};

/// One device with its primary context current on the calling thread, the
/// modules loaded into it and the memory allocated through it (freed and
/// unloaded on destruction).
class Device {
public:
  static llvm::Expected<std::unique_ptr<Device>> open(Driver &driver,
                                                      int ordinal = 0);
  ~Device();

  std::string name() const { return deviceName; }
  /// "9.0" and the like.
  std::pair<int, int> computeCapability() const { return cc; }

  llvm::Expected<CUdeviceptr> alloc(size_t bytes);
  llvm::Error upload(CUdeviceptr dst, const void *src, size_t bytes);
  llvm::Error download(void *dst, CUdeviceptr src, size_t bytes);

  /// Loads a cubin (or PTX) image and returns its function `name`.
  llvm::Expected<CUfunction> loadFunction(llvm::StringRef image,
                                          llvm::StringRef name);
  /// Launches `fn` with `params` (pointers to each argument's value, as
  /// cuLaunchKernel takes them). Requests dynamic shared memory above 48 KB
  /// first, and uses cuLaunchKernelEx for a cluster shape.
  llvm::Error launch(CUfunction fn, const LaunchConfig &config,
                     void **params);
  llvm::Error synchronize();
  /// Average milliseconds per call of `body` over `iterations` calls, timed
  /// with events after one warm-up call.
  llvm::Expected<float> time(llvm::function_ref<llvm::Error()> body,
                             int iterations);

private:
  explicit Device(Driver &driver) : driver(driver) {}
  Driver &driver;
  CUdevice device = 0;
  CUcontext context = nullptr;
  std::string deviceName;
  std::pair<int, int> cc{0, 0};
  std::vector<CUdeviceptr> allocations;
  std::vector<CUmodule> modules;
};

} // namespace trident::cuda

#endif
