//===- FloatStorage.h - Floats LLVM lacks, moved as integers ----*- C++ -*-===//
//
// LLVM has no 8-bit floats (f8E4M3FN, f8E5M2 and the other f8 types), nor
// MLIR's f4/f6 or tf32: it can neither size nor load them. In LLVM such a
// value is its bits, an integer of the same width (as MLIR's own
// LLVMTypeConverter makes it), so that memory holding f8 elements is
// addressed, loaded and stored as i8. The CPU lowering, which emits LLVM
// memory operations next to arith operations still on f8, converts at each
// access (toStorage / fromStorage, arith.bitcast); the GPU lowering, whose
// output is LLVM and NVVM only, rewrites every such type left in its output
// at once (useIntegerStorage).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_FLOATSTORAGE_H
#define TRIDENT_LIB_CONVERSION_FLOATSTORAGE_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace trident::conversion {

/// Whether `t` is a float type that LLVM does not have.
inline bool isNonLLVMFloat(mlir::Type t) {
  auto f = mlir::dyn_cast<mlir::FloatType>(t);
  return f && !mlir::LLVM::isCompatibleFloatingPointType(f);
}

/// The type LLVM holds a value of `t` (a scalar or a vector) as: integers
/// of their width for floats LLVM lacks, `t` otherwise.
inline mlir::Type storageType(mlir::Type t) {
  mlir::Type element = mlir::getElementTypeOrSelf(t);
  if (!isNonLLVMFloat(element))
    return t;
  auto bits = mlir::IntegerType::get(t.getContext(),
                                     element.getIntOrFloatBitWidth());
  if (auto vector = mlir::dyn_cast<mlir::VectorType>(t))
    return vector.clone(bits);
  return bits;
}

/// `v` as its storageType (a bitcast where it differs).
inline mlir::Value toStorage(mlir::OpBuilder &b, mlir::Location l,
                             mlir::Value v) {
  mlir::Type type = storageType(v.getType());
  if (type == v.getType())
    return v;
  return mlir::arith::BitcastOp::create(b, l, type, v);
}

/// `v`, a value of storageType(type), as `type`.
inline mlir::Value fromStorage(mlir::OpBuilder &b, mlir::Location l,
                               mlir::Value v, mlir::Type type) {
  if (v.getType() == type)
    return v;
  return mlir::arith::BitcastOp::create(b, l, type, v);
}

/// Rewrites every float type LLVM lacks in the results, block arguments
/// and type attributes (a GEP's element type, a function's type) of the
/// operations in `root` into its storage integer. For a module already in
/// the LLVM dialect, where such values are only moved (loaded, stored,
/// selected, shuffled, bitcast), never computed on: constants keep their
/// float attribute, which LLVM IR translation writes as the integer of its
/// bits.
inline void useIntegerStorage(mlir::Operation *root) {
  mlir::AttrTypeReplacer replacer;
  replacer.addReplacement([](mlir::FloatType t) -> std::optional<mlir::Type> {
    if (!isNonLLVMFloat(t))
      return std::nullopt;
    return mlir::IntegerType::get(t.getContext(), t.getWidth());
  });
  root->walk([&](mlir::Operation *op) {
    for (mlir::OpResult result : op->getResults())
      result.setType(replacer.replace(result.getType()));
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::BlockArgument arg : block.getArguments())
          arg.setType(replacer.replace(arg.getType()));
    llvm::SmallVector<mlir::NamedAttribute> typeAttrs;
    for (mlir::NamedAttribute attr : op->getAttrs())
      if (auto type = mlir::dyn_cast<mlir::TypeAttr>(attr.getValue()))
        if (mlir::Type replaced = replacer.replace(type.getValue());
            replaced != type.getValue())
          typeAttrs.emplace_back(attr.getName(), mlir::TypeAttr::get(replaced));
    for (mlir::NamedAttribute attr : typeAttrs)
      op->setAttr(attr.getName(), attr.getValue());
  });
}

} // namespace trident::conversion

#endif // TRIDENT_LIB_CONVERSION_FLOATSTORAGE_H
