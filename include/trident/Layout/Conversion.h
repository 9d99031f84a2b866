//===- Conversion.h - Layout conversions and shared-memory access -*- C++ -*-===//
//
// What a conversion between two distributed layouts of the same tensor
// costs, and the shared-memory layout and vector width it should use.
// Distributed layouts here have input dimensions "register", "lane" and
// "warp" (others are treated like "warp"); shared layouts map "offset".
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LAYOUT_CONVERSION_H
#define TRIDENT_LAYOUT_CONVERSION_H

#include "trident/Layout/LinearLayout.h"

#include <optional>

namespace trident::layout {

/// The cheapest mechanism that implements a conversion.
enum class ConversionKind {
  NoOp,            ///< both layouts place every element identically
  RegisterPermute, ///< every thread already holds what it needs
  IntraWarp,       ///< data moves between lanes of a warp (shuffles)
  SharedMemory,    ///< data crosses warps: store to and load from shared
};
llvm::StringRef stringifyConversionKind(ConversionKind kind);

/// The cost of one warp's shared-memory accesses for all its registers.
struct SharedAccessCost {
  unsigned vecElems = 1;        ///< elements per lane per instruction
  unsigned instructions = 0;    ///< accesses per warp (register groups)
  unsigned wavefronts = 0;      ///< shared-memory wavefronts they take
  unsigned idealWavefronts = 0; ///< wavefronts without bank conflicts
  bool conflictFree() const { return wavefronts == idealWavefronts; }
};

/// Wavefronts one warp-wide shared-memory instruction takes, with 32 banks
/// of 4 bytes: laneByteAddrs[i] is the first byte lane i accesses, each
/// lane accessing bytesPerLane (1, 2, 4, 8 or 16) bytes. Lanes are served
/// in phases of 128 bytes' worth (32 lanes up to 4 bytes each, 16 lanes for
/// 8 bytes, 8 lanes for 16 bytes); a phase takes as many wavefronts as the
/// largest number of distinct 4-byte words that fall in one bank.
unsigned countWavefronts(llvm::ArrayRef<int64_t> laneByteAddrs,
                         unsigned bytesPerLane);
/// The conflict-free wavefront count for `numLanes` lanes.
unsigned idealWavefronts(unsigned numLanes, unsigned bytesPerLane);

/// The largest number of consecutive registers of `regLayout` that sit at
/// consecutive offsets of `memLayout` (offset -> tensor), capped at
/// `maxElems`: the vector width of a load or store between them.
llvm::Expected<int32_t> vectorWidth(const LinearLayout &regLayout,
                                    const LinearLayout &memLayout,
                                    int32_t maxElems = 1 << 30);

/// The cost of warp 0 storing or loading `regLayout` to or from the shared
/// layout `sharedLayout` with elements of elemBits bits (8..64). vecElems 0
/// picks the widest contiguous vector up to 16 bytes; otherwise it must be
/// contiguous. By linearity every warp has the same cost.
llvm::Expected<SharedAccessCost>
sharedAccessCost(const LinearLayout &regLayout, const LinearLayout &sharedLayout,
                 unsigned elemBits, unsigned vecElems = 0);

/// A shared layout (offset -> tensor) for converting `src` to `dst` through
/// shared memory, vectorized as widely as both allow (the longest common run
/// of register bases, up to 16 bytes) and free of bank conflicts on both
/// the store (src) and the load (dst) side: the offset bits that select the
/// bank are given the store's lanes, and the remaining bits a common
/// complement of the store's and the load's lanes, so that the lanes of one
/// phase of either side land in distinct banks.
llvm::Expected<LinearLayout> chooseSharedLayout(const LinearLayout &src,
                                                const LinearLayout &dst,
                                                unsigned elemBits);

/// For every (register, lane, warp) of `dst`, the (register, lane, warp) of
/// `src` holding the same element, preferring the same thread, then the
/// same warp. Outputs are src's input dimensions, register, lane and warp
/// first. src and dst must have the same tensor dimensions and the same
/// lane and warp counts.
llvm::Expected<LinearLayout> gatherMap(const LinearLayout &src,
                                       const LinearLayout &dst);

struct ConversionPlan {
  ConversionKind kind = ConversionKind::NoOp;
  /// gatherMap(src, dst).
  LinearLayout dstToSrc;
  /// RegisterPermute only: which source register to read depends on the
  /// lane or warp (a select instead of a fixed renaming).
  bool threadDependentRegisters = false;
  /// SharedMemory only: the chosen shared layout and the two sides' costs.
  std::optional<LinearLayout> shared;
  SharedAccessCost store, load;
};

/// Classifies the conversion of a tensor of elemBits-bit elements from
/// layout `src` to layout `dst` and, when it goes through shared memory,
/// picks the shared layout (chooseSharedLayout) and reports its costs.
llvm::Expected<ConversionPlan>
planConversion(const LinearLayout &src, const LinearLayout &dst,
               unsigned elemBits);

/// ldmatrix / stmatrix (non-transposed, 16-bit elements) move 8x8 matrices
/// whose rows are 16 contiguous bytes: lane l holds elements 2*(l%4) and
/// 2*(l%4)+1 of row l/4. Returns how many matrices (1, 2 or 4) one
/// instruction can move for `regLayout` against `sharedLayout`, or 0 if
/// the layout does not have that fragment shape.
unsigned ldmatrixTiles(const LinearLayout &regLayout,
                       const LinearLayout &sharedLayout, unsigned elemBits);

} // namespace trident::layout

#endif
