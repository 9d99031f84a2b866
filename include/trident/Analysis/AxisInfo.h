//===- AxisInfo.h - Contiguity, divisibility and constancy ------*- C++ -*-===//
//
// A forward data-flow analysis (MLIR's sparse framework) that tells, for every
// integer, index or pointer value (a scalar, or a tile dimension by
// dimension), what the vectorization of memory accesses needs to know:
//
//  - contiguity[d]: the tile splits along d into aligned runs of this many
//    elements (runs start at indices that are multiples of it) whose values
//    are consecutive: v, v+1, ... for integers, p, p+1 element, ... for
//    pointers;
//  - divisibility[d]: the largest power of two that divides the first value
//    of every such run (every value when contiguity[d] is 1), for every
//    position in the other dimensions; in bytes for pointers;
//  - constancy[d]: the tile splits along d into aligned runs of this many
//    equal values.
//
// Contiguity and constancy are powers of two no larger than the dimension;
// divisibility is capped at 2^30 (a zero is divisible by everything).
// Scalars have rank 0 and one entry (index 0) with contiguity and constancy
// 1. Everything unknown is 1/1/1. The axis hints of the front end
// (`tir.divisibility`, `tir.contiguity`, `tir.constancy` arrays on the op
// defining a value, or on a function argument) raise what is derived.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_ANALYSIS_AXISINFO_H
#define TRIDENT_ANALYSIS_AXISINFO_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace trident {

class AxisInfo {
public:
  using DimVector = llvm::SmallVector<int64_t, 4>;
  /// The cap of divisibility (and the divisibility of 0).
  static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

  /// The uninitialized state (nothing known yet: the optimistic bottom).
  AxisInfo() = default;
  /// `contiguity`, `divisibility` and `constancy` hold max(rank, 1)
  /// entries.
  AxisInfo(unsigned rank, DimVector contiguity, DimVector divisibility,
           DimVector constancy, std::optional<int64_t> constantValue = {},
           bool nonNegative = false);
  /// Nothing known: 1/1/1 in every dimension.
  static AxisInfo getPessimistic(unsigned rank);

  bool isInitialized() const { return initialized; }
  unsigned getRank() const { return rank; }
  int64_t getContiguity(unsigned d) const { return contiguity[d]; }
  int64_t getDivisibility(unsigned d) const { return divisibility[d]; }
  int64_t getConstancy(unsigned d) const { return constancy[d]; }
  const DimVector &getContiguity() const { return contiguity; }
  const DimVector &getDivisibility() const { return divisibility; }
  const DimVector &getConstancy() const { return constancy; }
  /// The value of every element, when the whole value is one known integer.
  std::optional<int64_t> getConstantValue() const { return constantValue; }
  /// Whether every element is known to be >= 0 (as a signed integer).
  bool isNonNegative() const { return nonNegative; }

  /// The largest power of two known to divide every element.
  int64_t getDivisibilityOfAll() const;

  /// The lattice join: what holds for both (gcd of every entry).
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);
  bool operator==(const AxisInfo &other) const;
  bool operator!=(const AxisInfo &other) const { return !(*this == other); }
  /// "contiguity = [..], divisibility = [..], constancy = [..]".
  void print(llvm::raw_ostream &os) const;

private:
  bool initialized = false;
  unsigned rank = 0;
  DimVector contiguity, divisibility, constancy;
  std::optional<int64_t> constantValue;
  bool nonNegative = false;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const AxisInfo &info) {
  info.print(os);
  return os;
}

} // namespace trident

#include "trident/Analysis/AxisInfoInterface.h.inc"

namespace trident {

/// Runs the axis-info analysis over an operation (normally a module) once
/// and keeps the result of every value; it does not depend on layouts, so
/// it serves Tile IR and GPU IR alike. Values created after the analysis
/// ran are unknown.
class AxisInfoAnalysis {
public:
  explicit AxisInfoAnalysis(mlir::Operation *root);

  /// The information of `v`, or null when unknown (not an integer, index or
  /// pointer value, dead code, or created after the analysis).
  const AxisInfo *lookup(mlir::Value v) const;

  /// How many consecutive elements along `dim` of the pointer tile `ptr` may
  /// be moved as one vector: contiguous in memory, aligned to the vector's
  /// byte size, at most 16 bytes, and with `mask` (may be null) constant over
  /// them. At least 1; a power of two.
  unsigned getVectorElems(mlir::Value ptr, mlir::Value mask,
                          unsigned dim) const;

private:
  llvm::DenseMap<mlir::Value, AxisInfo> infos;
};

/// Bytes of one element that a pointer to `pointee` steps over (i1 and
/// other sub-byte types take a byte); 0 for types that are not integers or
/// floats.
int64_t getPointeeBytes(mlir::Type pointee);

} // namespace trident

#endif // TRIDENT_ANALYSIS_AXISINFO_H
