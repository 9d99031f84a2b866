//===- trident-launch.cpp - Run a compiled test kernel and check it -------===//
//
// Loads a cubin and its metadata JSON (out.cubin -> out.json, as
// trident-compile --emit cubin writes them), fills the inputs of one of the
// named test kernels below with fresh random values (outputs with NaN),
// launches it with the grid given on the command line and
// metadata.num_warps * 32 threads, copies the result back and compares it
// with a float64 reference computed here.
//
//   trident-launch vector_add.cubin --kernel vector_add --n 1000000 --grid 7813
//
// The named kernels, their argument lists, their float64 references and
// the check are Tools/TestProblems.h's (shared with trident-run-cpu):
// vector_add (--n), softmax and layer_norm (--rows --cols), cumsum (--n),
// histogram (--n --cols), matmul (--m --n --k --dtype --out-dtype) and
// matmul_tma, the same product with every matrix passed as a TMA
// descriptor (a `!tir.tensordesc` argument) that this tool encodes with
// cuTensorMapEncodeTiled from the block, box and swizzle the kernel
// metadata gives for that argument (--m --n --k --dtype).
//
// The check: max relative error = max |out - ref| / max |ref| (the error
// relative to the output's scale, which stays meaningful where a single
// reference value is near zero), against 1e-5 when everything is fp32 and
// 1e-2 when bf16 is involved. An output left NaN (never written) fails.
//
// Exit status: 0 pass, 1 wrong results, 2 anything else (bad arguments,
// unreadable cubin or metadata, no CUDA driver, a failing driver call).
//
//===----------------------------------------------------------------------===//
#include "trident/Runtime/CudaDriver.h"
#include "trident/Support/Files.h"
#include "trident/Target/NVIDIA/KernelMetadata.h"
#include "trident/Tools/ProblemOptions.h"
#include "trident/Tools/TestProblems.h"
#include "trident/Support/Guard.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"


using namespace llvm;
using namespace trident;
using namespace trident::testing;

namespace {

cl::OptionCategory category("trident-launch options");
cl::opt<std::string> cubinPath(cl::Positional, cl::desc("<kernel.cubin>"),
                               cl::cat(category));
cl::opt<std::string> kernelKind(
    "kernel",
    cl::desc("Test kernel: vector_add, softmax, layer_norm, cumsum, "
             "histogram, matmul, matmul_tma"),
    cl::cat(category));
cl::opt<std::string>
    metaPath("meta", cl::desc("Metadata JSON (default: the cubin's, .json)"),
             cl::cat(category));
cl::opt<std::string> gridSpec("grid", cl::desc("Grid: X[,Y[,Z]] (required)"),
                              cl::cat(category));
ProblemOptions problemOptions(category);
cl::opt<int> timeIters("time",
                       cl::desc("Also time this many launches (0: none; at "
                                "most 10^6)"),
                       cl::init(0), cl::cat(category));
cl::opt<int> deviceOrdinal("device", cl::desc("CUDA device ordinal"),
                           cl::init(0), cl::cat(category));

/// The problems this launcher offers (layer_norm_f16 has not been run on a
/// GPU yet).
const StringRef kOffered[] = {"vector_add", "softmax",   "layer_norm",
                              "cumsum",     "histogram", "matmul",
                              "matmul_tma"};

/// A kernel parameter holding a TMA descriptor (cuda.h aligns CUtensorMap
/// as the driver wants it).
struct TensorMapParam {
  CUtensorMap map;
};

Expected<CUtensorMapDataType> tensorMapType(StringRef dtype) {
  if (dtype == "bf16")
    return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  if (dtype == "f16")
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  if (dtype == "f32")
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  if (dtype == "f64")
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT64;
  if (dtype == "i32")
    return CU_TENSOR_MAP_DATA_TYPE_INT32;
  if (dtype == "i64")
    return CU_TENSOR_MAP_DATA_TYPE_INT64;
  if (dtype == "i8")
    return CU_TENSOR_MAP_DATA_TYPE_UINT8;
  if (dtype == "i16")
    return CU_TENSOR_MAP_DATA_TYPE_UINT16;
  return createStringError("no TMA data type for element type '" + dtype + "'");
}

/// Encodes the TMA descriptor of kernel argument `position` (`arg`, whose
/// tensor is on the device at `address`) from the metadata's description
/// of it.
Expected<TensorMapParam> encodeTensorMap(const cuda::Driver &driver,
                                         const nvidia::KernelMetadata &meta,
                                         size_t position, const Arg &arg,
                                         const Tensor &tensor,
                                         CUdeviceptr address) {
  auto where = [&](const Twine &what) {
    return createStringError("kernel argument #" + Twine(position) + " (" +
                             tensor.name + "): " + what);
  };
  const nvidia::TmaArgument *info = nullptr;
  for (const nvidia::TmaArgument &t : meta.tmaArguments)
    if (t.index == static_cast<int64_t>(position))
      info = &t;
  if (!info)
    return where("the kernel metadata does not describe it as a TMA "
                 "descriptor (was the kernel compiled with a !tir.tensordesc "
                 "argument there, for cuda:90a?)");
  if (info->block.size() != arg.dims.size())
    return where("the kernel's descriptor has rank " +
                 Twine(info->block.size()) + ", the tensor " +
                 Twine(arg.dims.size()));
  Expected<CUtensorMapDataType> type = tensorMapType(info->dtype);
  if (!type)
    return where(toString(type.takeError()));
  int64_t elemBytes = static_cast<int64_t>(eltBytes(tensor.elt));
  if (info->elemBytes != elemBytes)
    return where("the kernel reads " + Twine(info->elemBytes) +
                 "-byte elements, the tensor has " + Twine(elemBytes));
  const cuda::DriverApi &cu = driver.api();
  if (!cu.cuTensorMapEncodeTiled)
    return where("cuTensorMapEncodeTiled is not in this driver (CUDA 12 or "
                 "newer is needed for TMA)");
  unsigned rank = arg.dims.size();
  // The driver takes everything innermost first; strides in bytes, for
  // every dimension but the innermost.
  std::vector<cuuint64_t> dims(rank), strides(rank > 1 ? rank - 1 : 1);
  std::vector<cuuint32_t> box(rank), elementStrides(rank, 1);
  uint64_t stride = elemBytes;
  for (unsigned d = 0; d < rank; ++d) {
    dims[d] = arg.dims[rank - 1 - d];
    box[d] = static_cast<cuuint32_t>(info->box[rank - 1 - d]);
    if (d > 0)
      strides[d - 1] = stride;
    stride *= arg.dims[rank - 1 - d];
  }
  for (unsigned d = 0; d + 1 < rank; ++d)
    if (strides[d] % 16 != 0)
      return where("TMA needs row strides that are multiples of 16 bytes; "
                   "this one is " + Twine(strides[d]) + " bytes");
  CUtensorMapSwizzle swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
  switch (info->swizzle) {
  case 0: break;
  case 32: swizzle = CU_TENSOR_MAP_SWIZZLE_32B; break;
  case 64: swizzle = CU_TENSOR_MAP_SWIZZLE_64B; break;
  case 128: swizzle = CU_TENSOR_MAP_SWIZZLE_128B; break;
  default:
    return where("unknown swizzle of " + Twine(info->swizzle) + " bytes");
  }
  TensorMapParam param;
  if (Error e = driver.check(
          cu.cuTensorMapEncodeTiled(
              &param.map, *type, rank,
              reinterpret_cast<void *>(address), dims.data(),
              strides.data(), box.data(), elementStrides.data(),
              CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
              CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
              CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
          "cuTensorMapEncodeTiled(argument #" + std::to_string(position) +
              ")"))
    return std::move(e);
  return param;
}

/// Exit codes.
enum { kPass = 0, kFail = 1, kError = 2 };

int fail(Error err) {
  outs().flush(); // keep what was printed before the error in order
  errs() << "trident-launch: error: " << toString(std::move(err)) << "\n";
  return kError;
}

} // namespace

int main(int argc, char **argv) {
  trident::installCrashHandlers();
  cl::HideUnrelatedOptions(category);
  // Bad options are errors of kind 2 (LLVM's parser would exit with 1,
  // the status of wrong results).
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "Runs a compiled Trident test kernel and checks its result\n",
          &errs()))
    return 2;
  if (cubinPath.empty())
    return fail(createStringError("no cubin given (see --help)"));
  if (kernelKind.empty())
    return fail(createStringError("--kernel is required (" +
                                  listNames(kOffered) + ")"));

  // Everything that needs no GPU first, so that its errors come first.
  if (Error err = checkReadableFile(cubinPath))
    return fail(createStringError(cubinPath + ": " + toString(std::move(err))));
  ErrorOr<std::unique_ptr<MemoryBuffer>> cubin = MemoryBuffer::getFile(
      cubinPath, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!cubin)
    return fail(createStringError(cubinPath + ": cannot read the cubin: " +
                                  cubin.getError().message()));
  std::string meta =
      metaPath.empty() ? nvidia::metadataPathFor(cubinPath) : metaPath;
  Expected<nvidia::KernelMetadata> metadata = nvidia::readKernelMetadata(meta);
  if (!metadata)
    return fail(metadata.takeError());
  // Every option and the problem's sizes are checked before anything is
  // allocated.
  Expected<std::array<unsigned, 3>> grid = parseGrid(gridSpec);
  if (!grid)
    return fail(grid.takeError());
  if (Error err = checkOption("time", timeIters, 0, 1000000))
    return fail(std::move(err));
  if (Error err = checkOption("device", deviceOrdinal, 0, 1023))
    return fail(std::move(err));
  Sizes sizes = problemOptions.sizes();
  if (is_contained(kOffered, StringRef(kernelKind))) {
    if (Error err = checkSizes(kernelKind, sizes))
      return fail(std::move(err));
    if (Error err = checkGrid(kernelKind, sizes, *grid))
      return fail(std::move(err));
  }
  uint64_t actualSeed = problemOptions.seedOrFresh();
  Random rng(actualSeed);
  Expected<Problem> problem = makeProblem(kernelKind, sizes, rng, kOffered);
  if (!problem)
    return fail(problem.takeError());

  cuda::LaunchConfig config;
  config.grid = *grid;
  config.block = {static_cast<unsigned>(metadata->threadsPerBlock()), 1, 1};
  config.sharedBytes = static_cast<unsigned>(metadata->sharedBytes);
  for (int i = 0; i < 3; ++i)
    config.cluster[i] = static_cast<unsigned>(metadata->cluster[i]);
  outs() << formatv("kernel {0} ({1}, {2}): {3} warps, {4} registers, {5} "
                    "bytes spilled, {6} bytes dynamic shared memory; grid "
                    "{7}x{8}x{9}, seed {10}\n",
                    metadata->name, kernelKind, metadata->arch,
                    metadata->numWarps, metadata->ptxas.registers,
                    metadata->ptxas.spillStores + metadata->ptxas.spillLoads,
                    metadata->sharedBytes, config.grid[0], config.grid[1],
                    config.grid[2], actualSeed);

  Expected<std::unique_ptr<cuda::Driver>> driver = cuda::Driver::load();
  if (!driver)
    return fail(driver.takeError());
  Expected<std::unique_ptr<cuda::Device>> device =
      cuda::Device::open(**driver, deviceOrdinal);
  if (!device)
    return fail(device.takeError());
  cuda::Device &dev = **device;
  outs() << formatv("device {0}: {1} (compute capability {2}.{3})\n",
                    deviceOrdinal, dev.name(), dev.computeCapability().first,
                    dev.computeCapability().second);

  Expected<CUfunction> fn = dev.loadFunction((*cubin)->getBuffer(), metadata->name);
  if (!fn)
    return fail(fn.takeError());
  // The device copy of each tensor, by index.
  std::vector<CUdeviceptr> buffers;
  for (Tensor &t : problem->tensors) {
    Expected<CUdeviceptr> p = dev.alloc(t.bytes());
    if (!p)
      return fail(p.takeError());
    buffers.push_back(*p);
    std::vector<char> data = t.pack(); // outputs: NaN
    if (Error e = dev.upload(buffers.back(), data.data(), data.size()))
      return fail(std::move(e));
  }
  // Every TMA descriptor argument the metadata names must be one here.
  for (const nvidia::TmaArgument &t : metadata->tmaArguments)
    if (t.index >= static_cast<int64_t>(problem->args.size()) ||
        problem->args[t.index].kind != Arg::TensorMap)
      return fail(createStringError(
          "kernel argument #" + Twine(t.index) +
          " is a TMA descriptor (kernel metadata), but --kernel " + kernelKind +
          " passes something else there"));
  std::vector<TensorMapParam> maps(problem->args.size());
  SmallVector<void *> params;
  for (auto [i, a] : llvm::enumerate(problem->args)) {
    if (a.kind == Arg::TensorMap) {
      Expected<TensorMapParam> map = encodeTensorMap(
          **driver, *metadata, i, a, problem->tensors[a.tensor],
          buffers[a.tensor]);
      if (!map)
        return fail(map.takeError());
      maps[i] = *map;
      params.push_back(&maps[i]);
      continue;
    }
    params.push_back(a.kind == Arg::Pointer
                         ? static_cast<void *>(&buffers[a.tensor])
                     : a.kind == Arg::I32 ? static_cast<void *>(&a.i)
                                          : static_cast<void *>(&a.f));
  }
  if (Error e = dev.launch(*fn, config, params.data()))
    return fail(std::move(e));
  if (Error e = dev.synchronize())
    return fail(std::move(e));

  Tensor &out = problem->tensors[problem->output];
  std::vector<char> data(out.bytes());
  if (Error e = dev.download(data.data(), buffers[problem->output],
                             data.size()))
    return fail(std::move(e));
  out.unpack(data.data());

  CheckResult result = check(*problem);
  printCheck(outs(), *problem, result);

  if (timeIters > 0) {
    Expected<float> ms = dev.time(
        [&] { return dev.launch(*fn, config, params.data()); }, timeIters);
    if (!ms)
      return fail(ms.takeError());
    outs() << formatv("time: {0:f4} ms per launch over {1} launches", *ms,
                      int(timeIters));
    if (problem->flops > 0)
      outs() << formatv(", {0:f1} TFLOP/s", problem->flops / (*ms * 1e9));
    if (problem->bytes > 0)
      outs() << formatv(", {0:f1} GB/s", problem->bytes / (*ms * 1e6));
    outs() << "\n";
  }
  outs() << (result.pass ? "PASS" : "FAIL") << " " << kernelKind << "\n";
  return result.pass ? kPass : kFail;
}
