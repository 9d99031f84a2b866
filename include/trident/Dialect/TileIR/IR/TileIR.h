//===- TileIR.h - Tile IR dialect -------------------------------*- C++ -*-===//
//
// The `tir` dialect: types (!tir.ptr, !tir.tensordesc), enums and operations.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TILEIR_IR_TILEIR_H
#define TRIDENT_DIALECT_TILEIR_IR_TILEIR_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "trident/Dialect/TileIR/IR/TileIRDialect.h.inc"
#include "trident/Dialect/TileIR/IR/TileIREnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/TileIR/IR/TileIRTypes.h.inc"

namespace trident::tir {

/// The memory reached through pointers and descriptors: what loads read,
/// stores and atomics write, and what print/assert are ordered with.
struct GlobalMemory : mlir::SideEffects::Resource::Base<GlobalMemory> {
  llvm::StringRef getName() final { return "<GlobalMemory>"; }
};

/// `!tir.ptr<T>` -> `T`; `tensor<Sx!tir.ptr<T>>` -> `tensor<SxT>`. Any other
/// type is returned unchanged (so that verification, not parsing, reports
/// a non-pointer operand).
mlir::Type getPointeeTypeLike(mlir::Type type);
/// A scalar -> `i1`; a tile -> an `i1` tile of the same shape.
mlir::Type getI1TypeLike(mlir::Type type);
/// `!tir.tensordesc<T>` -> `T`; any other type is returned unchanged.
mlir::Type getDescBlockType(mlir::Type type);
/// `type` with its element type replaced by `elementType` (for tiles), or
/// `elementType` itself (for scalars).
mlir::Type getTypeLikeWithElement(mlir::Type type, mlir::Type elementType);

/// Whether `op` is a function marked with the `tir.kernel` attribute.
bool isKernel(mlir::Operation *op);

} // namespace trident::tir

#define GET_OP_CLASSES
#include "trident/Dialect/TileIR/IR/TileIROps.h.inc"

#endif // TRIDENT_DIALECT_TILEIR_IR_TILEIR_H
