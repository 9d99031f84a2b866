//===- CudaDriver.cpp - The CUDA driver API, loaded at run time -----------===//
#include "trident/Runtime/CudaDriver.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/Twine.h"

#include <cstdlib>
#include <dlfcn.h>

using namespace llvm;

namespace trident::cuda {

// The symbol a cuda.h name stands for: cuMemAlloc -> "cuMemAlloc_v2".
#define TRIDENT_STR(x) #x
#define TRIDENT_XSTR(x) TRIDENT_STR(x)

Expected<std::unique_ptr<Driver>> Driver::load() {
  const char *env = std::getenv("TRIDENT_LIBCUDA");
  std::string path = env && *env ? env : "libcuda.so.1";
  // Never unloaded: the driver keeps threads and state until exit.
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    return createStringError(
        "cannot load the CUDA driver library '" + path + "': " +
        (why ? why : "unknown reason") +
        " (no NVIDIA driver on this machine? set TRIDENT_LIBCUDA to use "
        "another library)");
  }
  std::unique_ptr<Driver> driver(new Driver());
  driver->path = path;
  auto resolve = [&](StringRef versioned, StringRef plain) -> void * {
    void *sym = dlsym(handle, versioned.str().c_str());
    if (!sym && plain != versioned)
      sym = dlsym(handle, plain.str().c_str());
    return sym;
  };
#define TRIDENT_CUDA_ENTRY(name)                                               \
  driver->fns.name = reinterpret_cast<decltype(&::name)>(                      \
      resolve(TRIDENT_XSTR(name), #name));                                     \
  if (!driver->fns.name)                                                       \
    return createStringError("the CUDA driver library '" + path +            \
                             "' lacks the entry point " TRIDENT_XSTR(name)    \
                             " (driver too old?)");
#include "trident/Runtime/CudaEntryPoints.def"
  driver->fns.cuLaunchKernelEx = reinterpret_cast<decltype(&::cuLaunchKernelEx)>(
      resolve(TRIDENT_XSTR(cuLaunchKernelEx), "cuLaunchKernelEx"));
  driver->fns.cuTensorMapEncodeTiled =
      reinterpret_cast<decltype(&::cuTensorMapEncodeTiled)>(resolve(
          TRIDENT_XSTR(cuTensorMapEncodeTiled), "cuTensorMapEncodeTiled"));

  if (Error err = driver->check(driver->fns.cuInit(0), "cuInit"))
    return std::move(err);
  return std::move(driver);
}

Error Driver::check(CUresult result, StringRef call) const {
  if (result == CUDA_SUCCESS)
    return Error::success();
  const char *name = nullptr;
  const char *text = nullptr;
  if (fns.cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = nullptr;
  if (fns.cuGetErrorString(result, &text) != CUDA_SUCCESS)
    text = nullptr;
  return createStringError(call + ": " +
                           (name ? name : ("CUDA error " + Twine(int(result))).str()) +
                           (text ? " (" + std::string(text) + ")" : std::string()));
}

Expected<std::unique_ptr<Device>> Device::open(Driver &driver, int ordinal) {
  const DriverApi &cu = driver.api();
  std::unique_ptr<Device> d(new Device(driver));
  int count = 0;
  if (Error e = driver.check(cu.cuDeviceGetCount(&count), "cuDeviceGetCount"))
    return std::move(e);
  if (ordinal < 0 || ordinal >= count)
    return createStringError("no CUDA device " + Twine(ordinal) + " (" +
                             Twine(count) + " device(s))");
  if (Error e = driver.check(cu.cuDeviceGet(&d->device, ordinal), "cuDeviceGet"))
    return std::move(e);
  char name[256] = {0};
  if (Error e = driver.check(cu.cuDeviceGetName(name, sizeof(name) - 1, d->device),
                             "cuDeviceGetName"))
    return std::move(e);
  d->deviceName = name;
  if (Error e = driver.check(
          cu.cuDeviceGetAttribute(&d->cc.first,
                                  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                                  d->device),
          "cuDeviceGetAttribute"))
    return std::move(e);
  if (Error e = driver.check(
          cu.cuDeviceGetAttribute(&d->cc.second,
                                  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                                  d->device),
          "cuDeviceGetAttribute"))
    return std::move(e);
  if (Error e = driver.check(cu.cuDevicePrimaryCtxRetain(&d->context, d->device),
                             "cuDevicePrimaryCtxRetain"))
    return std::move(e);
  if (Error e = driver.check(cu.cuCtxSetCurrent(d->context), "cuCtxSetCurrent"))
    return std::move(e);
  return std::move(d);
}

Device::~Device() {
  // Best effort: errors here (a previous launch faulted, say) are ignored.
  const DriverApi &cu = driver.api();
  if (!context)
    return;
  for (CUdeviceptr p : allocations)
    (void)cu.cuMemFree(p);
  for (CUmodule m : modules)
    (void)cu.cuModuleUnload(m);
  (void)cu.cuDevicePrimaryCtxRelease(device);
}

Expected<CUdeviceptr> Device::alloc(size_t bytes) {
  CUdeviceptr p = 0;
  if (Error e = driver.check(driver.api().cuMemAlloc(&p, bytes ? bytes : 1),
                             "cuMemAlloc"))
    return std::move(e);
  allocations.push_back(p);
  return p;
}

Error Device::upload(CUdeviceptr dst, const void *src, size_t bytes) {
  return driver.check(driver.api().cuMemcpyHtoD(dst, src, bytes),
                      "cuMemcpyHtoD");
}

Error Device::download(void *dst, CUdeviceptr src, size_t bytes) {
  return driver.check(driver.api().cuMemcpyDtoH(dst, src, bytes),
                      "cuMemcpyDtoH");
}

Expected<CUfunction> Device::loadFunction(StringRef image, StringRef name) {
  const DriverApi &cu = driver.api();
  // cuModuleLoadData reads a NUL-terminated string for PTX images; a copy
  // with a terminator serves both kinds.
  std::string data = image.str();
  CUmodule module = nullptr;
  if (Error e = driver.check(cu.cuModuleLoadData(&module, data.c_str()),
                             "cuModuleLoadData"))
    return std::move(e);
  modules.push_back(module);
  CUfunction fn = nullptr;
  std::string fnName = name.str();
  if (Error e = driver.check(cu.cuModuleGetFunction(&fn, module, fnName.c_str()),
                             "cuModuleGetFunction('" + fnName + "')"))
    return std::move(e);
  return fn;
}

Error Device::launch(CUfunction fn, const LaunchConfig &c, void **params) {
  const DriverApi &cu = driver.api();
  // Above 48 KB, dynamic shared memory must be opted into per function.
  if (c.sharedBytes > 48 * 1024)
    if (Error e = driver.check(
            cu.cuFuncSetAttribute(
                fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                static_cast<int>(c.sharedBytes)),
            ("cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES, " +
             Twine(c.sharedBytes) + ")")
                .str()))
      return e;
  bool cluster = c.cluster[0] * c.cluster[1] * c.cluster[2] > 1;
  if (!cluster)
    return driver.check(cu.cuLaunchKernel(fn, c.grid[0], c.grid[1], c.grid[2],
                                          c.block[0], c.block[1], c.block[2],
                                          c.sharedBytes, /*stream=*/nullptr,
                                          params, nullptr),
                        "cuLaunchKernel");
  if (!cu.cuLaunchKernelEx)
    return createStringError("cuLaunchKernelEx: not in this driver, which "
                             "cannot launch clusters");
  for (int i = 0; i < 3; ++i)
    if (c.grid[i] % c.cluster[i] != 0)
      return createStringError(
          "the grid (" + Twine(c.grid[0]) + ", " + Twine(c.grid[1]) + ", " +
          Twine(c.grid[2]) + ") is not a multiple of the cluster shape (" +
          Twine(c.cluster[0]) + ", " + Twine(c.cluster[1]) + ", " +
          Twine(c.cluster[2]) + ")");
  CUlaunchAttribute attr = {};
  attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attr.value.clusterDim.x = c.cluster[0];
  attr.value.clusterDim.y = c.cluster[1];
  attr.value.clusterDim.z = c.cluster[2];
  CUlaunchConfig config = {};
  config.gridDimX = c.grid[0];
  config.gridDimY = c.grid[1];
  config.gridDimZ = c.grid[2];
  config.blockDimX = c.block[0];
  config.blockDimY = c.block[1];
  config.blockDimZ = c.block[2];
  config.sharedMemBytes = c.sharedBytes;
  config.hStream = nullptr;
  config.attrs = &attr;
  config.numAttrs = 1;
  return driver.check(cu.cuLaunchKernelEx(&config, fn, params, nullptr),
                      "cuLaunchKernelEx");
}

Error Device::synchronize() {
  return driver.check(driver.api().cuCtxSynchronize(), "cuCtxSynchronize");
}

Expected<float> Device::time(function_ref<Error()> body, int iterations) {
  const DriverApi &cu = driver.api();
  if (iterations < 1)
    return createStringError("timing needs at least one iteration");
  if (Error e = body()) // warm-up
    return std::move(e);
  CUevent start = nullptr, stop = nullptr;
  if (Error e = driver.check(cu.cuEventCreate(&start, CU_EVENT_DEFAULT),
                             "cuEventCreate"))
    return std::move(e);
  scope_exit destroyStart([&] { (void)cu.cuEventDestroy(start); });
  if (Error e = driver.check(cu.cuEventCreate(&stop, CU_EVENT_DEFAULT),
                             "cuEventCreate"))
    return std::move(e);
  scope_exit destroyStop([&] { (void)cu.cuEventDestroy(stop); });
  if (Error e = driver.check(cu.cuEventRecord(start, nullptr), "cuEventRecord"))
    return std::move(e);
  for (int i = 0; i < iterations; ++i)
    if (Error e = body())
      return std::move(e);
  if (Error e = driver.check(cu.cuEventRecord(stop, nullptr), "cuEventRecord"))
    return std::move(e);
  if (Error e = driver.check(cu.cuEventSynchronize(stop), "cuEventSynchronize"))
    return std::move(e);
  float ms = 0;
  if (Error e = driver.check(cu.cuEventElapsedTime(&ms, start, stop),
                             "cuEventElapsedTime"))
    return std::move(e);
  return ms / iterations;
}

} // namespace trident::cuda
