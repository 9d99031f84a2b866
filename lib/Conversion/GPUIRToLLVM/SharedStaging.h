//===- SharedStaging.h - A tile's place in a scratch buffer -----*- C++ -*-===//
//
// A layout conversion moves a tile through shared memory: every thread
// writes the elements the source layout gives it and reads back those the
// destination layout gives it. How the tile sits in the buffer decides what
// those accesses cost: a thread whose registers hold v consecutive elements
// along the buffer's fastest dimension writes or reads them as one vector
// (up to 16 bytes), and the banks the 32 lanes of a warp touch decide how
// many wavefronts each access takes. A StagingPlan is that placement:
// linear over the dimensions in an `order` (slowest to fastest), with
// `pad` elements inserted after every `segment` elements. planStaging picks
// the order, segment and pad that minimize the modeled cost of the writes
// plus the reads: the wavefronts the banks serve plus the instructions a
// warp issues (each a register's worth of address and data; vectors need
// fewer), then the buffer's size, all at compile time, which it can since
// every layout is linear in the bits of (register, lane, warp).
//
// A 16-bit source in the register fragment of mma and wgmma accumulators
// (lane l holding elements 2(l%4), 2(l%4)+1 of row l/4 of 8x8 blocks) can
// write with stmatrix: one instruction stores four 8x8 blocks, each lane
// giving the address of one 16-byte row of a block, which must then be
// contiguous in the buffer: a row of the block along the buffer's fastest
// dimension, or (stmatrix .trans) a column of it.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_SHAREDSTAGING_H
#define TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_SHAREDSTAGING_H

#include "Patterns.h"

namespace trident::gir_to_llvm {

struct StagingPlan {
  /// Dimensions from slowest to fastest, and each one's stride in the
  /// unpadded buffer.
  llvm::SmallVector<unsigned> order;
  llvm::SmallVector<int64_t> strides;
  /// Every `segment` elements (a power of two) come `pad` unused ones;
  /// pad 0: none.
  int64_t segment = 1, pad = 0;
  /// Elements per access of the writing (source) and reading (destination)
  /// side.
  int64_t srcVector = 1, dstVector = 1;
  /// 8x8 blocks per stmatrix when the source writes with stmatrix (1, 2 or
  /// 4; 0: it writes vectors of srcVector), and whether transposed (the
  /// blocks' columns along the fastest dimension).
  int64_t matrices = 0;
  bool transposed = false;
  /// Elements the buffer holds, padding included.
  int64_t elements = 0;
  /// The modeled cost of one warp's writes plus reads: wavefronts, and
  /// those plus the instructions issued.
  int64_t wavefronts = 0, cost = 0;

  /// Element offset of the element at `coords` (compile time).
  int64_t offsetOf(llvm::ArrayRef<int64_t> coords) const;
  /// The same at run time (i32 coordinates).
  mlir::Value offsetOf(mlir::OpBuilder &b, mlir::Location loc,
                       llvm::ArrayRef<mlir::Value> coords) const;
};

/// The placement for moving a tile of `elemBytes`-byte elements from layout
/// `src` to layout `dst` (both of the same shape); with `stmatrix` (sm_90
/// and later), the source may write with stmatrix.
StagingPlan planStaging(const LayoutMap &src, const LayoutMap &dst,
                        int64_t elemBytes, bool stmatrix);
/// Whether the module of `op` targets a GPU with stmatrix (compute
/// capability 9.0 or later; 9.0 when the module does not say).
bool hasStMatrix(mlir::Operation *op);

/// How a 16-bit source layout feeds stmatrix: the dimension along which
/// a block's row runs (`cols`) and the one its rows follow (`rows`), or
/// nullopt when `map` does not hold the fragment (register 1, lanes 1 and
/// 2 step along `cols` by 1, 2, 4; lanes 4, 8, 16 along `rows` by 1, 2, 4;
/// every other register and warp bit moves both by multiples of 8).
struct MatrixFragment {
  unsigned rows = 0, cols = 0;
};
std::optional<MatrixFragment> matrixFragment(const LayoutMap &map,
                                             int64_t elemBytes);
/// The coordinates of the row (`transposed`: column) of a block whose
/// address lane `lane` gives stmatrix, in warp 0, for the instruction that
/// writes registers 0 to 2 * matrices - 1 (the one for registers from r on
/// adds registerCoords(r)): row lane % 8 of block lane / 8, whose origin
/// is where register 2 * (lane / 8) sits.
llvm::SmallVector<int64_t> matrixLaneCoords(const LayoutMap &map,
                                            const MatrixFragment &frag,
                                            bool transposed, int64_t lane);

/// Stores/loads `values` (all of one integer/float type) as one vector of
/// consecutive elements starting at element `index` of a shared buffer,
/// aligned to the vector's size.
void storeSharedVector(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value base, mlir::Value index,
                       llvm::ArrayRef<mlir::Value> values);
llvm::SmallVector<mlir::Value> loadSharedVector(mlir::OpBuilder &b,
                                                mlir::Location loc,
                                                mlir::Value base,
                                                mlir::Value index,
                                                mlir::Type type, int64_t n);

} // namespace trident::gir_to_llvm

#endif
