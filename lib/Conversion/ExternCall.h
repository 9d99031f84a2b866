//===- ExternCall.h - The callee of a tir.extern_elementwise ----*- C++ -*-===//
//
// The LLVM function type of one call of a tir.extern_elementwise (element
// types in, element type out), shared by the back ends that lower it; they
// differ in how elements reach the call (a GPU thread's registers, a CPU
// loop over the tile).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_EXTERNCALL_H
#define TRIDENT_LIB_CONVERSION_EXTERNCALL_H

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace trident::conversion {

/// The function type of `op`'s callee for operands and result of types
/// `argTypes` and `resultType` (tiles or vectors: their element types), as
/// `scalar` maps element types; an error at the op for an element type
/// that is not an integer or float of 8 to 64 bits.
inline mlir::FailureOr<mlir::LLVM::LLVMFunctionType>
externFunctionType(tir::ExternElementwiseOp op, mlir::TypeRange argTypes,
                   mlir::Type resultType,
                   llvm::function_ref<mlir::Type(mlir::Type)> scalar) {
  auto elementOf = [&](mlir::Type t) -> mlir::FailureOr<mlir::Type> {
    mlir::Type e = mlir::getElementTypeOrSelf(t);
    if (!e.isIntOrFloat() || e.getIntOrFloatBitWidth() < 8 ||
        e.getIntOrFloatBitWidth() > 64)
      return op.emitOpError()
             << "calls '" << op.getSymbol() << "' with " << t
             << ": external functions take and return integers or floats "
                "of 8 to 64 bits";
    return scalar(e);
  };
  llvm::SmallVector<mlir::Type> params;
  for (mlir::Type t : argTypes) {
    mlir::FailureOr<mlir::Type> e = elementOf(t);
    if (mlir::failed(e))
      return mlir::failure();
    params.push_back(*e);
  }
  mlir::FailureOr<mlir::Type> result = elementOf(resultType);
  if (mlir::failed(result))
    return mlir::failure();
  return mlir::LLVM::LLVMFunctionType::get(*result, params);
}

} // namespace trident::conversion

#endif // TRIDENT_LIB_CONVERSION_EXTERNCALL_H
