//===- TestProblems.h - Named test kernels with float64 references -*- C++ -*-===//
//
// The problems the runners check kernels with (trident-launch on a GPU,
// trident-run-cpu on the host; one definition of each, here): fresh random
// inputs, outputs filled with NaN, and a reference computed in float64 from
// the inputs exactly as the kernel sees them (after rounding to their
// element type).
//
// The named kernels and their argument lists (pointers, then int32 sizes,
// then int32 strides in elements, then scalars; like a Triton signature).
// Every tensor is row-major and contiguous; the strides are passed anyway.
//
//   vector_add(x: f32*, y: f32*, out: f32*, n: i32)
//       out[i] = x[i] + y[i]                                  sizes: n
//   softmax(x: f32*, out: f32*, rows: i32, cols: i32,
//           stride_x_row: i32, stride_out_row: i32)
//       out[r, :] = softmax(x[r, :])                          rows, cols
//   layer_norm(x: f32*, weight: f32*, bias: f32*, out: f32*, rows: i32,
//              cols: i32, stride_x_row: i32, stride_out_row: i32, eps: f32)
//       out[r, :] = (x[r, :] - mean) / sqrt(var + eps) * weight + bias,
//       with the biased variance                              rows, cols
//   layer_norm_f16(x: f16*, y: f16*, weight: f16*, bias: f16*, mean: f32*,
//                  rstd: f32*, stride: i32, cols: i32, eps: f32)
//       y as layer_norm, in f16 (examples/kernels/layer_norm.mlir); the
//       check reads y                                         rows, cols
//   cumsum(x: f32*, out: f32*, n: i32)
//       out[i] = x[1024 * (i / 1024)] + ... + x[i]            n
//   histogram(x: i32*, bins: i32*, n: i32, num_bins: i32)
//       bins[v] += 1 for each x[i] = v in [0, num_bins)       n, cols
//       (bins start at zero; the counts must be exact)
//   matmul(a: T*, b: T*, c: U*, M: i32, N: i32, K: i32,
//          stride_am: i32, stride_ak: i32, stride_bk: i32, stride_bn: i32,
//          stride_cm: i32, stride_cn: i32)
//       c = a @ b, a is MxK, b is KxN, fp32 accumulation      m, n, k
//       T is dtype (f32 or bf16), U is outDtype (default: T)
//   matmul_tma(a: desc, b: desc, c: desc, M: i32, N: i32, K: i32)
//       the same product, every matrix passed as a TMA descriptor (a
//       `!tir.tensordesc` kernel argument; Arg::TensorMap with the tensor's
//       dims). Encoding one is the runner's business: trident-launch does
//       it with cuTensorMapEncodeTiled; the CPU runner passes
//       base pointer, shape and strides instead.
//                                                             m, n, k
//
// The check: max relative error = max |out - ref| / max |ref| (the error
// relative to the output's scale, which stays meaningful where a single
// reference value is near zero), against 1e-5 when everything is fp32 and
// 1e-2 when bf16 or f16 is involved. An output left NaN (never written)
// fails.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TOOLS_TESTPROBLEMS_H
#define TRIDENT_TOOLS_TESTPROBLEMS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace trident::testing {

enum class Elt { F32, F16, BF16, I32 };

uint16_t toBF16(float f);
float fromBF16(uint16_t h);
uint16_t toF16(float f);
float fromF16(uint16_t h);
/// `v` rounded to `elt` (and back to double).
double roundTo(double v, Elt elt);
size_t eltBytes(Elt elt);

/// A host tensor; values are kept as doubles (exactly the values the kernel
/// sees, after rounding to the element type) and packed into bytes for it.
struct Tensor {
  std::string name;
  Elt elt = Elt::F32;
  std::vector<double> values;
  bool output = false;

  size_t bytes() const { return values.size() * eltBytes(elt); }
  std::vector<char> pack() const;
  void unpack(const char *data);
};

/// One kernel argument: a tensor (by index), an i32, an f32, or a TMA
/// descriptor of a tensor (row-major, `dims` outermost first).
struct Arg {
  enum Kind { Pointer, I32, F32, TensorMap } kind;
  size_t tensor = 0;
  int32_t i = 0;
  float f = 0;
  std::vector<uint64_t> dims; ///< TensorMap only
};

struct Problem {
  std::vector<Tensor> tensors;
  std::vector<Arg> args;
  size_t output = 0;             ///< index of the checked output tensor
  std::vector<double> reference; ///< float64, for the output
  double tolerance = 1e-5;
  double flops = 0, bytes = 0;   ///< per launch, for timing lines
};

/// A problem's sizes; a size left 0 takes the problem's default (n = 2^20
/// for vector_add, cumsum and histogram, 512 for matmul's m, n and k, 1024
/// rows and columns, 1024 histogram bins).
struct Sizes {
  unsigned n = 0; ///< vector_add, cumsum, histogram length; matmul N
  unsigned m = 0, k = 0;
  unsigned rows = 0, cols = 0;
  std::string dtype = "f32";  ///< matmul input type: f32, bf16
  std::string outDtype;       ///< matmul output type (default: dtype)
  /// matmul: b stored transposed (element (k, n) at n * K + k), so the
  /// kernel's stride along n is K, not 1.
  bool transB = false;
};

class Random {
public:
  explicit Random(uint64_t seed) : gen(seed) {}
  /// Uniform in [lo, hi), rounded to `elt` (integers: floored).
  double next(double lo, double hi, Elt elt);
  Tensor tensor(llvm::StringRef name, size_t n, double lo, double hi,
                Elt elt = Elt::F32);

private:
  std::mt19937_64 gen;
};

/// Every problem makeProblem knows, in a fixed order.
llvm::ArrayRef<llvm::StringRef> allProblems();
/// Whether problem `kind` passes TMA descriptors (Arg::TensorMap), which
/// only GPU runners can encode.
bool takesTensorMaps(llvm::StringRef kind);
/// A launch grid "X[,Y[,Z]]" (integers from 1 to 2^31-1, the range of the
/// kernels' i32 program ids; missing ones are 1), as the runners' --grid
/// takes it.
llvm::Expected<std::array<unsigned, 3>> parseGrid(llvm::StringRef spec);

/// The most elements a test problem may have in one tensor and in all of
/// them together: the kernels take i32 sizes and index with i32 offsets.
constexpr uint64_t kMaxElements = (uint64_t(1) << 31) - 1;
/// The most multiply-adds of matmul's float64 reference (m * n * k): about
/// a minute on one core.
constexpr uint64_t kMaxReferenceMACs = uint64_t(1) << 36;

/// An error "--<option> must be between <lo> and <hi> (got <value>)" unless
/// `value` is in [lo, hi]: the runners' check of their numeric options.
llvm::Error checkOption(llvm::StringRef option, int64_t value, int64_t lo,
                        int64_t hi);

/// `sizes` with each size left 0 given problem `kind`'s default.
Sizes withDefaults(llvm::StringRef kind, Sizes sizes);
/// Checks the sizes problem `kind` uses (defaults applied) against the
/// kernels' i32 sizes and offsets (each size and each tensor at most
/// kMaxElements elements), the reference's cost and the host's memory,
/// before anything is allocated: the error names the options and their
/// valid range.
llvm::Error checkSizes(llvm::StringRef kind, const Sizes &sizes);
/// Checks a launch grid for problem `kind`: no more programs than the
/// problem has elements of work (each program must have some; with more,
/// the programs' offsets run past the problem), and, when the kernel's tile
/// extent `tile` is known (the largest dimension of its tiles; 0 if not),
/// no axis whose programs' offsets (program id x tile) leave the kernels'
/// i32 index range. Errors name --grid and the valid range.
llvm::Error checkGrid(llvm::StringRef kind, const Sizes &sizes,
                      const std::array<unsigned, 3> &grid, uint64_t tile = 0);
/// `names` as "a, b, c or d".
std::string listNames(llvm::ArrayRef<llvm::StringRef> names);
/// Problem `kind` on fresh inputs from `rng`. A runner passes the problems
/// it offers as `offered` (a subset of allProblems()); any other `kind` is
/// an error "unknown --kernel 'KIND' (expected <offered>)". Sizes left 0
/// take the problem's defaults; sizes that checkSizes refuses are an error,
/// and so is running out of memory while the problem is built.
llvm::Expected<Problem>
makeProblem(llvm::StringRef kind, const Sizes &sizes, Random &rng,
            llvm::ArrayRef<llvm::StringRef> offered = allProblems());

struct CheckResult {
  double maxAbsError = 0, maxRelError = 0;
  size_t worst = 0;     ///< index of the largest error
  double got = 0, want = 0;
  size_t unwritten = 0; ///< outputs left NaN or infinite
  bool pass = false;
};
/// Compares the problem's output tensor (already unpacked) with its
/// reference.
CheckResult check(const Problem &problem);
void printCheck(llvm::raw_ostream &os, const Problem &problem,
                const CheckResult &result);

} // namespace trident::testing

#endif
