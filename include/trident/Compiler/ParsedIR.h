//===- ParsedIR.h - Verifying IR fresh from the parser ----------*- C++ -*-===//
//
// MLIR's parser stores an op's inherent attributes in its properties through
// a dyn_cast: an attribute given a value of the wrong kind (`addr_space =
// "x"` where an i32 is expected) becomes null, silently, and a default-valued
// attribute's getter then dereferences that null (llvm.mlir.addressof's
// symbol verifier does, for llvm.mlir.global's addr_space). The tools
// therefore parse without verifying and call verifyParsedIR, which refuses
// such ops, naming the attribute, before MLIR's verifier runs.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_COMPILER_PARSEDIR_H
#define TRIDENT_COMPILER_PARSEDIR_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace trident {

/// Verifies `root`, fresh from the parser: first that no op under it lost a
/// default-valued inherent attribute to a value of the wrong kind (an error
/// at the op naming the attribute and the kind its default has), then with
/// mlir::verify. Diagnostics go to the context's handlers.
mlir::LogicalResult verifyParsedIR(mlir::Operation *root);

} // namespace trident

#endif // TRIDENT_COMPILER_PARSEDIR_H
