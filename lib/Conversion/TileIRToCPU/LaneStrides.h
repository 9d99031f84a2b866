//===- LaneStrides.h - Strides of tiles along their last dimension -*- C++ -*-===//
//
// Which tiles change by a compile-time constant from one element to the
// next along their last dimension. convert-tir-to-cpu vectorizes along that
// dimension; a pointer tile whose stride there is one element is read or
// written with one vector access per chunk of lanes, from the pointer of the
// chunk's first lane.
//
// The stride of a value is known for ranges (1), values uniform along the
// last dimension (splats, broadcast size-1 dimensions, scalars: 0), sums,
// differences and products by uniform constants of known strides, casts
// between integers, pointer arithmetic, and values a loop carries whose
// yielded value keeps the stride of their initial value.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_TILEIRTOCPU_LANESTRIDES_H
#define TRIDENT_LIB_CONVERSION_TILEIRTOCPU_LANESTRIDES_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace trident::cpu {

class LaneStrides {
public:
  /// The difference between consecutive elements of `v` along its last
  /// dimension (in pointee elements for pointers; 0 for scalars), if it is
  /// a compile-time constant.
  std::optional<int64_t> stride(mlir::Value v);

private:
  std::optional<int64_t> compute(mlir::Value v);
  std::optional<int64_t> loopCarried(mlir::BlockArgument arg);

  llvm::DenseMap<mlir::Value, std::optional<int64_t>> memo;
  /// Values memoized while a loop-carried value's stride is assumed; they
  /// are forgotten if the assumption fails.
  llvm::SmallVector<mlir::Value> journal;
  unsigned speculating = 0;
};

} // namespace trident::cpu

#endif
