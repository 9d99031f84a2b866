//===- TileIR.h - Tile IR dialect -------------------------------*- C++ -*-===//
//
// The `tir` dialect: types (!tir.ptr, !tir.tensordesc, !tir.blockptr), enums
// and operations.
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
/// `!tir.blockptr<T>` -> `T`; any other type is returned unchanged.
mlir::Type getBlockPtrBlockType(mlir::Type type);
/// `type` with its element type replaced by `elementType` (for tiles), or
/// `elementType` itself (for scalars).
mlir::Type getTypeLikeWithElement(mlir::Type type, mlir::Type elementType);

/// Whether `op` is a function marked with the `tir.kernel` attribute.
bool isKernel(mlir::Operation *op);

/// Whether `region` is a partition region of a tir.warp_specialize (code
/// that runs on warps of its own and sees only its block arguments).
bool isWarpPartition(mlir::Region *region);

/// Checks the axis hint `name` (tir.divisibility, tir.contiguity or
/// tir.constancy) with `value` for a value of `type`: a dense i32 array
/// with one entry per dimension (one for a scalar), each a positive power
/// of two (divisibility, contiguity) or positive (constancy).
mlir::LogicalResult
verifyAxisHint(llvm::StringRef name, mlir::Attribute value, mlir::Type type,
               llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// Implemented by a dialect whose attributes are tile encodings (layouts),
/// so that Tile IR operations keep verifying once tiles carry them: it says
/// which encoding the result of a shape-changing operation has.
class TileLayoutInterface
    : public mlir::DialectInterface::Base<TileLayoutInterface> {
public:
  explicit TileLayoutInterface(mlir::Dialect *dialect) : Base(dialect) {}
  /// Encoding of the result of reducing a tile of `operand` encoding along
  /// `axis` (the tile has rank 2 or more).
  virtual mlir::Attribute inferReduceEncoding(mlir::Attribute operand,
                                              unsigned axis) const = 0;
  /// Encoding of the result of inserting a size-1 dimension at `axis`, or
  /// null if a tile of `operand` encoding cannot be expanded directly.
  virtual mlir::Attribute inferExpandDimsEncoding(mlir::Attribute operand,
                                                  unsigned axis) const = 0;
};

/// The result encoding of reducing (`expand` false) or expanding (`expand`
/// true) a tile with encoding `operand` along `axis`: what the encoding's
/// dialect says, or `operand` itself if it says nothing (no interface).
mlir::Attribute inferShapeOpEncoding(mlir::Attribute operand, unsigned axis,
                                     bool expand);

/// Whether two tile types agree in shape and element type; their encodings
/// (layouts, chosen by later stages) may differ.
bool sameShapeAndElementType(mlir::Type a, mlir::Type b);

/// Success if `op` is nested in a function (at any depth); else an error on
/// it. Tile IR ops compute inside kernels and the functions they call: one
/// at the top of a module has no program to run in.
mlir::LogicalResult verifyInFunction(mlir::Operation *op);

/// The trait of every Tile IR op (TileIR_Op): verifyInFunction.
template <typename ConcreteType>
class InFunction : public mlir::OpTrait::TraitBase<ConcreteType, InFunction> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifyInFunction(op);
  }
};

} // namespace trident::tir

#define GET_OP_CLASSES
#include "trident/Dialect/TileIR/IR/TileIROps.h.inc"

#endif // TRIDENT_DIALECT_TILEIR_IR_TILEIR_H
