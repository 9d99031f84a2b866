//===- LaneStrides.h - Strides of tiles along their last dimension -*- C++ -*-===//
//
// Which tiles change by a compile-time constant from one element to the
// next along their last dimension. convert-tir-to-cpu vectorizes along that
// dimension; a pointer tile whose stride there is one element is read or
// written with one vector access per chunk of lanes, from the pointer of the
// chunk's first lane.
//
// A stride is a constant, or a constant times a scalar known only at run
// time (a kernel argument such as a row stride: `offs * stride_k`), for
// which the access checks at run time whether it is 1. It is known for
// ranges (1), values uniform along the last dimension (splats, broadcast
// size-1 dimensions, scalars: 0), sums and differences of strides of the
// same scalar, products by uniform values (constants, or a scalar when the
// other side's stride is a constant), casts between integers, pointer
// arithmetic, and values a loop carries whose yielded value keeps the
// stride of their initial value.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_TILEIRTOCPU_LANESTRIDES_H
#define TRIDENT_LIB_CONVERSION_TILEIRTOCPU_LANESTRIDES_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace trident::cpu {

/// `factor`, times the scalar `scale` (of the kernel's IR) if there is one.
struct Stride {
  int64_t factor = 0;
  mlir::Value scale;
  bool operator==(const Stride &o) const {
    return factor == o.factor && scale == o.scale;
  }
  bool isZero() const { return factor == 0; }
};

class LaneStrides {
public:
  /// The difference between consecutive elements of `v` along its last
  /// dimension (in pointee elements for pointers; 0 for scalars), if it
  /// is known.
  std::optional<Stride> stride(mlir::Value v);

private:
  std::optional<Stride> compute(mlir::Value v);
  std::optional<Stride> loopCarried(mlir::BlockArgument arg);

  llvm::DenseMap<mlir::Value, std::optional<Stride>> memo;
  /// Values memoized while a loop-carried value's stride is assumed; they
  /// are forgotten if the assumption fails.
  llvm::SmallVector<mlir::Value> journal;
  unsigned speculating = 0;
};

} // namespace trident::cpu

#endif
