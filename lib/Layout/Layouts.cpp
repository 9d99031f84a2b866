//===- Layouts.cpp - Distributed NVIDIA layouts as linear layouts ---------===//
#include "trident/Layout/Layouts.h"

#include "llvm/ADT/STLExtras.h"

using namespace trident::layout;
using llvm::ArrayRef;
using llvm::Expected;

namespace {

llvm::Error err(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

bool isPow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }
unsigned lg(int64_t v) { return __builtin_ctzll(uint64_t(v)); }

/// Checks that every entry of `values` (named `what`) is a power of two in
/// [1, 2^30] and that there are `rank` of them.
llvm::Error checkPow2(ArrayRef<int32_t> values, unsigned rank,
                      llvm::StringRef what) {
  if (values.size() != rank)
    return err(what + " has " + llvm::Twine(values.size()) +
               " entries, expected " + llvm::Twine(rank));
  for (int32_t v : values)
    if (!isPow2(v) || v > (1 << kMaxDimLog2))
      return err(what + " entry " + llvm::Twine(v) + " is not a power of two");
  return llvm::Error::success();
}

llvm::Error checkOrder(ArrayRef<unsigned> order, unsigned rank) {
  if (order.size() != rank)
    return err("order has " + llvm::Twine(order.size()) + " entries, expected " +
               llvm::Twine(rank));
  for (unsigned d = 0; d < rank; ++d)
    if (!llvm::is_contained(order, d))
      return err("order is not a permutation of 0.." + llvm::Twine(rank - 1));
  return llvm::Error::success();
}

/// Builds a distributed layout basis by basis. Tracks, per tensor
/// dimension, how much of it the pattern covers so far (its tile size).
class Builder {
public:
  explicit Builder(unsigned rank) : rank(rank), tileLog2(rank, 0) {
    for (llvm::StringRef d : {kRegister, kLane, kWarp})
      ins.push_back({d.str(), {}});
  }
  /// Appends an explicit basis to `inDim` (coordinates in dim order).
  void add(llvm::StringRef inDim, LinearLayout::Basis b) {
    find(inDim).push_back(std::move(b));
  }
  /// Appends log2(count) bases to `inDim` that continue dimension `d`.
  void identity(llvm::StringRef inDim, unsigned d, int32_t count) {
    for (unsigned i = 0; i < lg(count); ++i) {
      LinearLayout::Basis b(rank, 0);
      b[d] = int32_t(1) << tileLog2[d]++;
      add(inDim, b);
    }
  }
  /// Appends log2(count) zero bases (copies) to `inDim`.
  void zeros(llvm::StringRef inDim, int32_t count) {
    for (unsigned i = 0; i < lg(count); ++i)
      add(inDim, LinearLayout::Basis(rank, 0));
  }
  void setTile(unsigned d, int32_t size) { tileLog2[d] = lg(size); }

  /// Repeats the pattern over `shape` with extra registers (in `order`),
  /// then wraps what is larger than `shape`: coordinates are taken modulo
  /// the shape, registers that fall outside are dropped.
  Expected<LinearLayout> finish(ArrayRef<int32_t> shape,
                                ArrayRef<unsigned> order) {
    for (unsigned d : order)
      if (tileLog2[d] < lg(shape[d]))
        identity(kRegister, d, int32_t(1) << (lg(shape[d]) - tileLog2[d]));
    for (auto &[name, bases] : ins) {
      std::vector<LinearLayout::Basis> kept;
      for (LinearLayout::Basis &b : bases) {
        bool wasZero = llvm::all_of(b, [](int32_t c) { return c == 0; });
        for (unsigned d = 0; d < rank; ++d)
          b[d] &= shape[d] - 1;
        bool isZero = llvm::all_of(b, [](int32_t c) { return c == 0; });
        if (name == kRegister && isZero && !wasZero)
          continue;
        kept.push_back(b);
      }
      bases = std::move(kept);
    }
    std::vector<LinearLayout::NamedSize> outs;
    for (unsigned d = 0; d < rank; ++d)
      outs.push_back({dimName(d), shape[d]});
    return LinearLayout::fromBases(ins, outs);
  }

private:
  std::vector<LinearLayout::Basis> &find(llvm::StringRef inDim) {
    for (auto &[name, bases] : ins)
      if (name == inDim)
        return bases;
    llvm_unreachable("unknown input dimension");
  }

  unsigned rank;
  std::vector<unsigned> tileLog2;
  std::vector<LinearLayout::DimBases> ins;
};

/// The lane part of an mma.sync fragment: lanes l%4 step `quadStep` along
/// dimension `quadDim`, lanes l/4 step 1 along `groupDim`.
void mmaLanes(Builder &b, unsigned quadDim, int32_t quadStep,
              unsigned groupDim) {
  for (int32_t s : {quadStep, 2 * quadStep}) {
    LinearLayout::Basis v(2, 0);
    v[quadDim] = s;
    b.add(kLane, v);
  }
  for (int32_t s : {1, 2, 4}) {
    LinearLayout::Basis v(2, 0);
    v[groupDim] = s;
    b.add(kLane, v);
  }
}

/// The registers and lanes of one m16n8 accumulator tile.
void mmaAccumulatorTile(Builder &b) {
  b.add(kRegister, {0, 1});
  b.add(kRegister, {8, 0});
  mmaLanes(b, /*quadDim=*/1, /*quadStep=*/2, /*groupDim=*/0);
  b.setTile(0, 16);
  b.setTile(1, 8);
}

} // namespace

std::string trident::layout::dimName(unsigned d) {
  return "dim" + std::to_string(d);
}

Expected<LinearLayout> trident::layout::blocked(ArrayRef<int32_t> shape,
                                                ArrayRef<int32_t> sizePerThread,
                                                ArrayRef<int32_t> threadsPerWarp,
                                                ArrayRef<int32_t> warpsPerCTA,
                                                ArrayRef<unsigned> order) {
  unsigned rank = shape.size();
  if (llvm::Error e = checkPow2(shape, rank, "blocked: shape"))
    return std::move(e);
  if (llvm::Error e = checkPow2(sizePerThread, rank, "blocked: sizePerThread"))
    return std::move(e);
  if (llvm::Error e = checkPow2(threadsPerWarp, rank, "blocked: threadsPerWarp"))
    return std::move(e);
  if (llvm::Error e = checkPow2(warpsPerCTA, rank, "blocked: warpsPerCTA"))
    return std::move(e);
  if (llvm::Error e = checkOrder(order, rank))
    return std::move(e);
  Builder b(rank);
  for (unsigned d : order)
    b.identity(kRegister, d, sizePerThread[d]);
  for (unsigned d : order)
    b.identity(kLane, d, threadsPerWarp[d]);
  for (unsigned d : order)
    b.identity(kWarp, d, warpsPerCTA[d]);
  return b.finish(shape, order);
}

Expected<LinearLayout>
trident::layout::mmaV2Accumulator(ArrayRef<int32_t> shape,
                                  ArrayRef<int32_t> warpsPerCTA) {
  if (llvm::Error e = checkPow2(shape, 2, "mmaV2Accumulator: shape"))
    return std::move(e);
  if (llvm::Error e = checkPow2(warpsPerCTA, 2, "mmaV2Accumulator: warpsPerCTA"))
    return std::move(e);
  Builder b(2);
  mmaAccumulatorTile(b);
  b.identity(kWarp, 1, warpsPerCTA[1]);
  b.identity(kWarp, 0, warpsPerCTA[0]);
  return b.finish(shape, {1, 0});
}

Expected<LinearLayout>
trident::layout::mmaV2Operand(MmaOperand operand, ArrayRef<int32_t> shape,
                              ArrayRef<int32_t> warpsPerCTA,
                              unsigned elemBitwidth) {
  if (llvm::Error e = checkPow2(shape, 2, "mmaV2Operand: shape"))
    return std::move(e);
  if (llvm::Error e = checkPow2(warpsPerCTA, 2, "mmaV2Operand: warpsPerCTA"))
    return std::move(e);
  if (elemBitwidth != 8 && elemBitwidth != 16 && elemBitwidth != 32)
    return err("mmaV2Operand: element bitwidth " + llvm::Twine(elemBitwidth) +
               " is not 8, 16 or 32");
  int32_t perReg = 32 / elemBitwidth; // elements packed in one 32-bit register
  Builder b(2);
  if (operand == MmaOperand::A) {
    // A is M x K: dim0 = M, dim1 = K.
    b.identity(kRegister, 1, perReg);
    b.add(kRegister, {8, 0});
    b.add(kRegister, {0, 4 * perReg});
    mmaLanes(b, /*quadDim=*/1, /*quadStep=*/perReg, /*groupDim=*/0);
    b.setTile(0, 16);
    b.setTile(1, 8 * perReg);
    b.zeros(kWarp, warpsPerCTA[1]);
    b.identity(kWarp, 0, warpsPerCTA[0]);
    return b.finish(shape, {1, 0});
  }
  // B is K x N: dim0 = K, dim1 = N.
  b.identity(kRegister, 0, perReg);
  b.add(kRegister, {4 * perReg, 0});
  mmaLanes(b, /*quadDim=*/0, /*quadStep=*/perReg, /*groupDim=*/1);
  b.setTile(0, 8 * perReg);
  b.setTile(1, 8);
  b.identity(kWarp, 1, warpsPerCTA[1]);
  b.zeros(kWarp, warpsPerCTA[0]);
  return b.finish(shape, {0, 1});
}

Expected<LinearLayout>
trident::layout::wgmmaAccumulator(ArrayRef<int32_t> shape, int32_t instrN,
                                  ArrayRef<int32_t> warpsPerCTA) {
  if (llvm::Error e = checkPow2(shape, 2, "wgmmaAccumulator: shape"))
    return std::move(e);
  if (llvm::Error e = checkPow2(warpsPerCTA, 2, "wgmmaAccumulator: warpsPerCTA"))
    return std::move(e);
  if (!isPow2(instrN) || instrN < 8 || instrN > 256)
    return err("wgmmaAccumulator: instrN " + llvm::Twine(instrN) +
               " is not a power of two in [8, 256]");
  if (warpsPerCTA[0] < 4)
    return err("wgmmaAccumulator: warpsPerCTA[0] must be a multiple of 4 "
               "(a warpgroup spans 64 rows)");
  Builder b(2);
  mmaAccumulatorTile(b);
  b.identity(kRegister, 1, instrN / 8); // the m16n8 tile repeats along N
  b.identity(kWarp, 0, warpsPerCTA[0]);
  b.identity(kWarp, 1, warpsPerCTA[1]);
  return b.finish(shape, {1, 0});
}

Expected<LinearLayout> trident::layout::sliceLayout(const LinearLayout &parent,
                                                    unsigned dim) {
  unsigned rank = parent.getNumOutDims();
  if (dim >= rank)
    return err("sliceLayout: dimension " + llvm::Twine(dim) +
               " out of range for rank " + llvm::Twine(rank));
  Expected<LinearLayout> r = parent.removeOutDim(dimName(dim));
  for (unsigned d = dim + 1; r && d < rank; ++d)
    r = r->renameOutDim(dimName(d), dimName(d - 1));
  if (!r)
    return r.takeError();
  return r->removeZeroBases(kRegister);
}
