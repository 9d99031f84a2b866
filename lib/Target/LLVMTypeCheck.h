//===- LLVMTypeCheck.h - What an LLVM-dialect module needs to translate ---===//
//
// MLIR's translation to LLVM IR assumes every type it meets has an LLVM IR
// form; one that has none (an `index` element type of llvm.getelementptr,
// say, which the LLVM dialect's verifier accepts) makes it crash. It also
// translates an op at the top of the module with a builder that has no
// block, which crashes for any op that emits an instruction (an
// nvvm.barrier0 there, say). Both targets' translation steps check first
// and name the op instead.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_TARGET_LLVMTYPECHECK_H
#define TRIDENT_LIB_TARGET_LLVMTYPECHECK_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace trident {

/// Whether `op` may stand at the top of a module to translate: a symbol
/// (function, global, alias, comdat) or one of the LLVM dialect's
/// module-level ops, none of which emits an instruction.
inline bool isModuleLevelOp(mlir::Operation *op) {
  return llvm::isa<mlir::SymbolOpInterface, mlir::LLVM::GlobalCtorsOp,
                   mlir::LLVM::GlobalDtorsOp, mlir::LLVM::ModuleFlagsOp,
                   mlir::LLVM::LinkerOptionsOp>(op);
}

/// An error naming the first op (with its location) that stands at the top
/// of the module without being a module-level op, or whose results,
/// operands or type attributes have no LLVM IR form; success if there is
/// none.
inline llvm::Error checkLLVMTranslatable(mlir::ModuleOp module) {
  for (mlir::Operation &op : *module.getBody())
    if (!isModuleLevelOp(&op)) {
      std::string message;
      llvm::raw_string_ostream os(message);
      os << op.getLoc() << ": '" << op.getName()
         << "' is at the top of the module, outside any function; only "
            "functions, globals and module-level LLVM ops may be there: the "
            "module cannot be translated";
      return llvm::createStringError(message);
    }
  std::string message;
  auto check = [&](mlir::Operation *op, mlir::Type type) {
    if (mlir::LLVM::isCompatibleType(type))
      return true;
    llvm::raw_string_ostream os(message);
    os << op->getLoc() << ": '" << op->getName() << "' uses type '" << type
       << "', which has no form in LLVM IR: the module cannot be translated";
    return false;
  };
  module.walk([&](mlir::Operation *op) {
    if (op == module.getOperation())
      return mlir::WalkResult::advance();
    for (mlir::Type t : op->getResultTypes())
      if (!check(op, t))
        return mlir::WalkResult::interrupt();
    for (mlir::Type t : op->getOperandTypes())
      if (!check(op, t))
        return mlir::WalkResult::interrupt();
    for (mlir::NamedAttribute a : op->getAttrs())
      if (auto t = llvm::dyn_cast<mlir::TypeAttr>(a.getValue()))
        if (!check(op, t.getValue()))
          return mlir::WalkResult::interrupt();
    return mlir::WalkResult::advance();
  });
  if (message.empty())
    return llvm::Error::success();
  return llvm::createStringError(message);
}

} // namespace trident

#endif
