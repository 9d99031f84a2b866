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
// The named kernels and their argument lists (pointers, then int32 sizes,
// then int32 strides in elements, then scalars; like a Triton signature).
// Every tensor is row-major and contiguous; the strides are passed anyway.
//
//   vector_add(x: f32*, y: f32*, out: f32*, n: i32)
//       out[i] = x[i] + y[i]                                  sizes: --n
//   softmax(x: f32*, out: f32*, rows: i32, cols: i32,
//           stride_x_row: i32, stride_out_row: i32)
//       out[r, :] = softmax(x[r, :])                          --rows --cols
//   layer_norm(x: f32*, weight: f32*, bias: f32*, out: f32*, rows: i32,
//              cols: i32, stride_x_row: i32, stride_out_row: i32, eps: f32)
//       out[r, :] = (x[r, :] - mean) / sqrt(var + eps) * weight + bias,
//       with the biased variance                              --rows --cols
//   cumsum(x: f32*, out: f32*, n: i32)
//       out[i] = x[1024 * (i / 1024)] + ... + x[i]            --n
//   histogram(x: i32*, bins: i32*, n: i32, num_bins: i32)
//       bins[v] += 1 for each x[i] = v in [0, num_bins)      --n --cols
//       (bins start at zero; the counts must be exact)
//   matmul(a: T*, b: T*, c: U*, M: i32, N: i32, K: i32,
//          stride_am: i32, stride_ak: i32, stride_bk: i32, stride_bn: i32,
//          stride_cm: i32, stride_cn: i32)
//       c = a @ b, a is MxK, b is KxN, fp32 accumulation     --m --n --k
//       T is --dtype (f32 or bf16), U is --out-dtype (default: T)
//   matmul_tma(a: desc, b: desc, c: desc, M: i32, N: i32, K: i32)
//       the same product, every matrix passed as a TMA descriptor (a
//       `!tir.tensordesc` argument) that this tool encodes with
//       cuTensorMapEncodeTiled from the block, box and swizzle the kernel
//       metadata gives for that argument           --m --n --k --dtype
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
#include "trident/Target/NVIDIA/KernelMetadata.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace llvm;
using namespace trident;

namespace {

cl::OptionCategory category("trident-launch options");
cl::opt<std::string> cubinPath(cl::Positional, cl::desc("<kernel.cubin>"),
                               cl::cat(category));
cl::opt<std::string> kernelKind(
    "kernel",
    cl::desc("Test kernel: vector_add, softmax, layer_norm, matmul"),
    cl::cat(category));
cl::opt<std::string>
    metaPath("meta", cl::desc("Metadata JSON (default: the cubin's, .json)"),
             cl::cat(category));
cl::opt<std::string> gridSpec("grid", cl::desc("Grid: X[,Y[,Z]] (required)"),
                              cl::cat(category));
cl::opt<unsigned> sizeN("n", cl::desc("vector_add length; matmul N"),
                        cl::init(1 << 20), cl::cat(category));
cl::opt<unsigned> sizeM("m", cl::desc("matmul M"), cl::init(512),
                        cl::cat(category));
cl::opt<unsigned> sizeK("k", cl::desc("matmul K"), cl::init(512),
                        cl::cat(category));
cl::opt<unsigned> rows("rows", cl::desc("softmax / layer_norm rows"),
                       cl::init(1024), cl::cat(category));
cl::opt<unsigned> cols("cols", cl::desc("softmax / layer_norm columns"),
                       cl::init(1024), cl::cat(category));
cl::opt<std::string> dtype("dtype", cl::desc("matmul input type: f32, bf16"),
                           cl::init("f32"), cl::cat(category));
cl::opt<std::string> outDtype("out-dtype",
                              cl::desc("matmul output type (default: --dtype)"),
                              cl::init(""), cl::cat(category));
cl::opt<uint64_t> seed("seed", cl::desc("Random seed (default: a fresh one)"),
                       cl::init(0), cl::cat(category));
cl::opt<int> timeIters("time",
                       cl::desc("Also time this many launches (0: none)"),
                       cl::init(0), cl::cat(category));
cl::opt<int> deviceOrdinal("device", cl::desc("CUDA device ordinal"),
                           cl::init(0), cl::cat(category));

enum class Elt { F32, BF16, I32 };

uint16_t toBF16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if (std::isnan(f))
    return 0x7fc0;
  u += 0x7fff + ((u >> 16) & 1); // round to nearest even
  return static_cast<uint16_t>(u >> 16);
}

float fromBF16(uint16_t h) {
  uint32_t u = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

/// A host tensor; values are kept as doubles (exactly the values the
/// device sees, after rounding to the element type) and packed on upload.
struct Tensor {
  std::string name;
  Elt elt = Elt::F32;
  std::vector<double> values;
  bool output = false;
  CUdeviceptr device = 0;

  size_t bytes() const { return values.size() * (elt == Elt::BF16 ? 2 : 4); }
  std::vector<char> pack() const {
    std::vector<char> out(bytes());
    for (size_t i = 0; i < values.size(); ++i) {
      if (elt == Elt::F32) {
        float f = static_cast<float>(values[i]);
        std::memcpy(&out[i * 4], &f, 4);
      } else if (elt == Elt::I32) {
        int32_t v = static_cast<int32_t>(values[i]);
        std::memcpy(&out[i * 4], &v, 4);
      } else {
        uint16_t h = toBF16(static_cast<float>(values[i]));
        std::memcpy(&out[i * 2], &h, 2);
      }
    }
    return out;
  }
  void unpack(const std::vector<char> &in) {
    for (size_t i = 0; i < values.size(); ++i) {
      if (elt == Elt::F32) {
        float f;
        std::memcpy(&f, &in[i * 4], 4);
        values[i] = f;
      } else if (elt == Elt::I32) {
        int32_t v;
        std::memcpy(&v, &in[i * 4], 4);
        values[i] = v;
      } else {
        uint16_t h;
        std::memcpy(&h, &in[i * 2], 2);
        values[i] = fromBF16(h);
      }
    }
  }
};

/// One kernel argument: a tensor (by index), an i32, an f32, or a TMA
/// descriptor of a tensor (row-major, `dims` outermost first).
struct Arg {
  enum Kind { Pointer, I32, F32, TensorMap } kind;
  size_t tensor = 0;
  int32_t i = 0;
  float f = 0;
  std::vector<uint64_t> dims;
};

/// A kernel parameter holding a TMA descriptor (cuda.h aligns CUtensorMap
/// as the driver wants it).
struct TensorMapParam {
  CUtensorMap map;
};

struct Problem {
  std::vector<Tensor> tensors;
  std::vector<Arg> args;
  size_t output = 0;             ///< index of the output tensor
  std::vector<double> reference; ///< float64, for the output
  double tolerance = 1e-5;
  double flops = 0, bytes = 0;   ///< per launch, for the timing line
};

class Random {
public:
  explicit Random(uint64_t seed) : gen(seed) {}
  /// Uniform in [lo, hi), rounded to `elt`.
  double next(double lo, double hi, Elt elt) {
    double u = std::uniform_real_distribution<double>(lo, hi)(gen);
    if (elt == Elt::I32)
      return std::floor(u);
    float f = static_cast<float>(u);
    return elt == Elt::F32 ? f : fromBF16(toBF16(f));
  }
  Tensor tensor(StringRef name, size_t n, double lo, double hi,
                Elt elt = Elt::F32) {
    Tensor t{name.str(), elt, std::vector<double>(n), false, 0};
    for (double &v : t.values)
      v = next(lo, hi, elt);
    return t;
  }

private:
  std::mt19937_64 gen;
};

Tensor outputTensor(StringRef name, size_t n, Elt elt = Elt::F32) {
  return Tensor{name.str(), elt,
                std::vector<double>(n, std::numeric_limits<double>::quiet_NaN()),
                true, 0};
}

Arg ptr(size_t t) { return Arg{Arg::Pointer, t}; }
Arg i32(int64_t v) { return Arg{Arg::I32, 0, static_cast<int32_t>(v)}; }
Arg f32(float v) { return Arg{Arg::F32, 0, 0, v}; }
Arg tensorMap(size_t t, std::vector<uint64_t> dims) {
  return Arg{Arg::TensorMap, t, 0, 0, std::move(dims)};
}

Expected<Elt> parseElt(StringRef s) {
  if (s == "f32" || s == "fp32")
    return Elt::F32;
  if (s == "bf16")
    return Elt::BF16;
  return createStringError("unknown element type '" + s +
                           "' (expected f32 or bf16)");
}

Expected<Problem> makeProblem(StringRef kind, Random &rng) {
  Problem p;
  if (kind == "vector_add") {
    size_t n = sizeN;
    p.tensors = {rng.tensor("x", n, -1, 1), rng.tensor("y", n, -1, 1),
                 outputTensor("out", n)};
    p.args = {ptr(0), ptr(1), ptr(2), i32(n)};
    p.output = 2;
    p.reference.resize(n);
    for (size_t i = 0; i < n; ++i)
      p.reference[i] = p.tensors[0].values[i] + p.tensors[1].values[i];
    p.bytes = 12.0 * n;
    return p;
  }
  if (kind == "softmax" || kind == "layer_norm") {
    size_t r = rows, c = cols;
    bool ln = kind == "layer_norm";
    p.tensors.push_back(rng.tensor("x", r * c, -2, 2));
    if (ln) {
      p.tensors.push_back(rng.tensor("weight", c, 0.5, 1.5));
      p.tensors.push_back(rng.tensor("bias", c, -0.5, 0.5));
    }
    p.tensors.push_back(outputTensor("out", r * c));
    p.output = p.tensors.size() - 1;
    for (size_t t = 0; t < p.tensors.size(); ++t)
      p.args.push_back(ptr(t));
    const float eps = 1e-5f;
    p.args.insert(p.args.end(), {i32(r), i32(c), i32(c), i32(c)});
    if (ln)
      p.args.push_back(f32(eps));
    p.reference.resize(r * c);
    const std::vector<double> &x = p.tensors[0].values;
    for (size_t i = 0; i < r; ++i) {
      const double *row = &x[i * c];
      double *out = &p.reference[i * c];
      if (!ln) {
        double mx = -INFINITY, sum = 0;
        for (size_t j = 0; j < c; ++j)
          mx = std::max(mx, row[j]);
        for (size_t j = 0; j < c; ++j)
          sum += std::exp(row[j] - mx);
        for (size_t j = 0; j < c; ++j)
          out[j] = std::exp(row[j] - mx) / sum;
      } else {
        double mean = 0, var = 0;
        for (size_t j = 0; j < c; ++j)
          mean += row[j];
        mean /= c;
        for (size_t j = 0; j < c; ++j)
          var += (row[j] - mean) * (row[j] - mean);
        var /= c;
        double inv = 1.0 / std::sqrt(var + static_cast<double>(eps));
        for (size_t j = 0; j < c; ++j)
          out[j] = (row[j] - mean) * inv * p.tensors[1].values[j] +
                   p.tensors[2].values[j];
      }
    }
    p.bytes = 8.0 * r * c;
    return p;
  }
  if (kind == "cumsum") {
    // Inclusive prefix sums within blocks of 1024 elements.
    size_t n = sizeN;
    p.tensors = {rng.tensor("x", n, -1, 1), outputTensor("out", n)};
    p.args = {ptr(0), ptr(1), i32(n)};
    p.output = 1;
    p.reference.resize(n);
    double run = 0;
    for (size_t i = 0; i < n; ++i) {
      run = (i % 1024 == 0 ? 0.0 : run) + p.tensors[0].values[i];
      p.reference[i] = run;
    }
    p.bytes = 8.0 * n;
    return p;
  }
  if (kind == "histogram") {
    // Integer values, some outside [0, bins); bins start at zero and must
    // end with exactly the float64 counts.
    size_t n = sizeN, bins = cols;
    p.tensors = {rng.tensor("x", n, -4, double(bins) + 4, Elt::I32),
                 Tensor{"bins", Elt::I32, std::vector<double>(bins, 0.0), true,
                        0}};
    p.args = {ptr(0), ptr(1), i32(n), i32(bins)};
    p.output = 1;
    p.tolerance = 0;
    p.reference.assign(bins, 0.0);
    for (double v : p.tensors[0].values)
      if (v >= 0 && v < double(bins))
        p.reference[static_cast<size_t>(v)] += 1;
    p.bytes = 4.0 * n;
    return p;
  }
  if (kind == "matmul" || kind == "matmul_tma") {
    Expected<Elt> in = parseElt(dtype);
    if (!in)
      return in.takeError();
    Expected<Elt> out = parseElt(outDtype.empty() ? dtype : outDtype);
    if (!out)
      return out.takeError();
    size_t m = sizeM, n = sizeN, k = sizeK;
    p.tensors = {rng.tensor("a", m * k, -1, 1, *in),
                 rng.tensor("b", k * n, -1, 1, *in),
                 outputTensor("c", m * n, *out)};
    if (kind == "matmul_tma")
      p.args = {tensorMap(0, {m, k}), tensorMap(1, {k, n}), tensorMap(2, {m, n}),
                i32(m), i32(n), i32(k)};
    else
      p.args = {ptr(0), ptr(1), ptr(2), i32(m), i32(n), i32(k),
                i32(k), i32(1), i32(n), i32(1), i32(n), i32(1)};
    p.output = 2;
    if (*in == Elt::BF16 || *out == Elt::BF16)
      p.tolerance = 1e-2;
    p.reference.assign(m * n, 0.0);
    const std::vector<double> &a = p.tensors[0].values, &b = p.tensors[1].values;
    for (size_t i = 0; i < m; ++i)
      for (size_t kk = 0; kk < k; ++kk) {
        double av = a[i * k + kk];
        for (size_t j = 0; j < n; ++j)
          p.reference[i * n + j] += av * b[kk * n + j];
      }
    p.flops = 2.0 * m * n * k;
    p.bytes = double(p.tensors[0].bytes() + p.tensors[1].bytes()) +
              outputTensor("", m * n, *out).bytes();
    return p;
  }
  return createStringError("unknown --kernel '" + kind +
                           "' (expected vector_add, softmax, layer_norm, "
                           "cumsum, histogram, matmul or matmul_tma)");
}

Expected<std::array<unsigned, 3>> parseGrid(StringRef spec) {
  if (spec.empty())
    return createStringError("--grid X[,Y[,Z]] is required");
  SmallVector<StringRef> parts;
  spec.split(parts, ',');
  std::array<unsigned, 3> grid = {1, 1, 1};
  if (parts.size() > 3)
    return createStringError("--grid takes at most three numbers");
  for (size_t i = 0; i < parts.size(); ++i)
    if (!to_integer(parts[i].trim(), grid[i], 10) || grid[i] == 0)
      return createStringError("--grid: '" + parts[i] +
                               "' is not a positive integer");
  return grid;
}

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
/// tensor is on the device) from the metadata's description of it.
Expected<TensorMapParam> encodeTensorMap(const cuda::Driver &driver,
                                         const nvidia::KernelMetadata &meta,
                                         size_t position, const Arg &arg,
                                         const Tensor &tensor) {
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
  int64_t elemBytes = tensor.elt == Elt::BF16 ? 2 : 4;
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
              reinterpret_cast<void *>(tensor.device), dims.data(),
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
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv, "Runs a compiled Trident test kernel and checks its result\n");
  if (cubinPath.empty())
    return fail(createStringError("no cubin given (see --help)"));
  if (kernelKind.empty())
    return fail(createStringError("--kernel is required (vector_add, softmax, "
                                  "layer_norm, matmul)"));

  // Everything that needs no GPU first, so that its errors come first.
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
  Expected<std::array<unsigned, 3>> grid = parseGrid(gridSpec);
  if (!grid)
    return fail(grid.takeError());
  uint64_t actualSeed = seed ? uint64_t(seed) : std::random_device()();
  Random rng(actualSeed);
  Expected<Problem> problem = makeProblem(kernelKind, rng);
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
  for (Tensor &t : problem->tensors) {
    Expected<CUdeviceptr> p = dev.alloc(t.bytes());
    if (!p)
      return fail(p.takeError());
    t.device = *p;
    std::vector<char> data = t.pack(); // outputs: NaN
    if (Error e = dev.upload(t.device, data.data(), data.size()))
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
          **driver, *metadata, i, a, problem->tensors[a.tensor]);
      if (!map)
        return fail(map.takeError());
      maps[i] = *map;
      params.push_back(&maps[i]);
      continue;
    }
    params.push_back(a.kind == Arg::Pointer
                         ? static_cast<void *>(&problem->tensors[a.tensor].device)
                     : a.kind == Arg::I32 ? static_cast<void *>(&a.i)
                                          : static_cast<void *>(&a.f));
  }
  if (Error e = dev.launch(*fn, config, params.data()))
    return fail(std::move(e));
  if (Error e = dev.synchronize())
    return fail(std::move(e));

  Tensor &out = problem->tensors[problem->output];
  std::vector<char> data(out.bytes());
  if (Error e = dev.download(data.data(), out.device, data.size()))
    return fail(std::move(e));
  out.unpack(data);

  double maxRef = 0, maxErr = 0;
  size_t unwritten = 0, worst = 0;
  for (size_t i = 0; i < out.values.size(); ++i) {
    maxRef = std::max(maxRef, std::fabs(problem->reference[i]));
    double v = out.values[i];
    if (std::isnan(v) || std::isinf(v)) {
      ++unwritten;
      continue;
    }
    double err = std::fabs(v - problem->reference[i]);
    if (err > maxErr) {
      maxErr = err;
      worst = i;
    }
  }
  double rel = maxRef > 0 ? maxErr / maxRef : maxErr;
  bool pass = unwritten == 0 && rel <= problem->tolerance;
  outs() << formatv("max abs error {0:e3} (at {1}: got {2}, want {3}); max "
                    "relative error {4:e3} (tolerance {5:e0})\n",
                    maxErr, worst, out.values.empty() ? 0.0 : out.values[worst],
                    problem->reference.empty() ? 0.0 : problem->reference[worst],
                    rel, problem->tolerance);
  if (unwritten)
    outs() << unwritten << " of " << out.values.size()
           << " outputs are NaN or infinite (never written, or wrong)\n";

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
  outs() << (pass ? "PASS" : "FAIL") << " " << kernelKind << "\n";
  return pass ? kPass : kFail;
}
